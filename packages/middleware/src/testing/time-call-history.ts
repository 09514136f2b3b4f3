import type { LanguageModelV4Prompt } from '@ai-sdk/provider';

/** A question, one `get_time` call (id `c1`, no arguments) and its text result `12:00`. */
export const timeCallHistory: LanguageModelV4Prompt = [
  { role: 'user', content: [{ type: 'text', text: 'Time?' }] },
  {
    role: 'assistant',
    content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'get_time', input: {} }],
  },
  {
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'c1',
        toolName: 'get_time',
        output: { type: 'text', value: '12:00' },
      },
    ],
  },
];
