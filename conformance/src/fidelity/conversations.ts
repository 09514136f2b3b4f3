import type {
  LanguageModelV4FunctionTool,
  LanguageModelV4Message,
  LanguageModelV4Prompt,
  LanguageModelV4ToolResultPart,
} from '@ai-sdk/provider';
import type { FidelityFamily } from './families.ts';

/** The tools every conversation offers. */
export const FIDELITY_TOOLS: LanguageModelV4FunctionTool[] = [
  {
    type: 'function',
    name: 'get_weather',
    description: 'Get the current weather in a city.',
    inputSchema: {
      type: 'object',
      properties: {
        city: { type: 'string', description: 'The city, e.g. Paris' },
        unit: { type: 'string', enum: ['celsius', 'fahrenheit'], description: 'Temperature unit' },
      },
      required: ['city'],
    },
  },
  {
    type: 'function',
    name: 'search_docs',
    description: 'Search the product documentation.',
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', description: 'What to look for' },
        limit: { type: 'integer', description: 'How many results to return' },
      },
      required: ['query'],
    },
  },
];

/** The id of the `index`-th call of a conversation, as the family's template wants it. */
export type CallId = (toolName: string, index: number) => string;

export function callIdsFor(style: FidelityFamily['callIds']): CallId {
  if (style === 'kimi') return (toolName, index) => `functions.${toolName}:${index}`;
  if (style === 'mistral') return (_toolName, index) => `call${index}abcd`.slice(0, 9);
  return (_toolName, index) => `call_${index}`;
}

export interface FidelityConversation {
  name: string;
  prompt: (id: CallId) => LanguageModelV4Prompt;
}

const SYSTEM: LanguageModelV4Message = { role: 'system', content: 'You are a helpful assistant.' };
const ASK: LanguageModelV4Message = {
  role: 'user',
  content: [{ type: 'text', text: 'What is the weather in Paris?' }],
};
const call = (id: CallId, index: number, toolName: string, input: Record<string, unknown>) =>
  ({ type: 'tool-call', toolCallId: id(toolName, index), toolName, input }) as const;
const result = (
  id: CallId,
  index: number,
  toolName: string,
  value: Record<string, number | string>,
): LanguageModelV4ToolResultPart => ({
  type: 'tool-result',
  toolCallId: id(toolName, index),
  toolName,
  output: { type: 'json', value },
});
const PARIS = { temperature: 18, condition: 'sunny' };

/** The conversations of issue 23, each ending where the model writes next. */
export const FIDELITY_CONVERSATIONS: readonly FidelityConversation[] = [
  { name: 'tools and a question', prompt: () => [SYSTEM, ASK] },
  {
    name: 'one call and its result',
    prompt: (id) => [
      SYSTEM,
      ASK,
      { role: 'assistant', content: [call(id, 0, 'get_weather', { city: 'Paris' })] },
      { role: 'tool', content: [result(id, 0, 'get_weather', PARIS)] },
    ],
  },
  {
    name: 'parallel calls and results',
    prompt: (id) => [
      SYSTEM,
      { role: 'user', content: [{ type: 'text', text: 'Weather in Paris and in Tokyo?' }] },
      {
        role: 'assistant',
        content: [
          call(id, 0, 'get_weather', { city: 'Paris' }),
          call(id, 1, 'get_weather', { city: 'Tokyo', unit: 'celsius' }),
        ],
      },
      {
        role: 'tool',
        content: [
          result(id, 0, 'get_weather', PARIS),
          result(id, 1, 'get_weather', { temperature: 24, condition: 'rain' }),
        ],
      },
    ],
  },
  {
    name: 'a final answer and a second question',
    prompt: (id) => [
      SYSTEM,
      ASK,
      { role: 'assistant', content: [call(id, 0, 'get_weather', { city: 'Paris' })] },
      { role: 'tool', content: [result(id, 0, 'get_weather', PARIS)] },
      { role: 'assistant', content: [{ type: 'text', text: 'It is 18 °C and sunny in Paris.' }] },
      {
        role: 'user',
        content: [{ type: 'text', text: 'Find the docs about caching, three results.' }],
      },
    ],
  },
  {
    name: 'reasoning before a call',
    prompt: (id) => [
      SYSTEM,
      ASK,
      {
        role: 'assistant',
        content: [
          {
            type: 'reasoning',
            text: 'The user wants the weather in Paris, so I call get_weather.',
          },
          call(id, 0, 'get_weather', { city: 'Paris' }),
        ],
      },
      { role: 'tool', content: [result(id, 0, 'get_weather', PARIS)] },
    ],
  },
  {
    name: 'no system message, text before a call, an error',
    prompt: (id) => [
      ASK,
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Let me look that up.' },
          call(id, 0, 'get_weather', { city: 'Paris', unit: 'celsius' }),
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: id('get_weather', 0),
            toolName: 'get_weather',
            output: { type: 'error-text', value: 'Weather service unavailable' },
          },
        ],
      },
    ],
  },
];
