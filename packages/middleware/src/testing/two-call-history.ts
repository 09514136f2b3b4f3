import type { LanguageModelV4FunctionTool, LanguageModelV4Prompt } from '@ai-sdk/provider';

/** The tool the template-prompt tests list: `get_time(zone)`. */
export function getTimeTool(description?: string): LanguageModelV4FunctionTool[] {
  return [
    {
      type: 'function',
      name: 'get_time',
      ...(description === undefined ? {} : { description }),
      inputSchema: { type: 'object', properties: { zone: { type: 'string' } } },
    },
  ];
}

/** What a test varies in {@link twoCallHistory}. */
export interface TwoCallHistory {
  /** The turn's text before its calls. Default: `Checking.` */
  text?: string;
  /** The second call's input. Default: `{ zone: 'PET' }`. */
  secondInput?: Record<string, unknown>;
  /** The two calls' ids. Default: `c1`, `c2`. */
  ids?: readonly [string, string];
  /** The second result, as text: where a test puts its wrapper's closer. Default: `19:00`. */
  lastResult?: string;
}

/**
 * The conversation the template-prompt tests rewrite: the system messages given, a question, a
 * turn that says it checks and calls `get_time` twice, and both results (a JSON one, a text one).
 */
export function twoCallHistory(
  system: LanguageModelV4Prompt,
  {
    text = 'Checking.',
    secondInput = { zone: 'PET' },
    ids = ['c1', 'c2'],
    lastResult = '19:00',
  }: TwoCallHistory = {},
): LanguageModelV4Prompt {
  const [first, second] = ids;
  return [
    ...system,
    { role: 'user', content: [{ type: 'text', text: 'Time in Tokyo and Lima?' }] },
    {
      role: 'assistant',
      content: [
        { type: 'text', text },
        { type: 'tool-call', toolCallId: first, toolName: 'get_time', input: { zone: 'JST' } },
        { type: 'tool-call', toolCallId: second, toolName: 'get_time', input: secondInput },
      ],
    },
    {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: first,
          toolName: 'get_time',
          output: { type: 'json', value: { time: '09:00' } },
        },
        {
          type: 'tool-result',
          toolCallId: second,
          toolName: 'get_time',
          output: { type: 'text', value: lastResult },
        },
      ],
    },
  ];
}
