import {
  functionGemmaProtocol,
  functionGemmaSystemPromptTemplate,
} from '@toolbridge/middleware/formats';
import type { ConformanceFormat } from '../formats.ts';
import type { Call } from '../render-reply.ts';

const protocol = functionGemmaProtocol();

/** FunctionGemma: the calls one after another, each in its tokens, then the `<start_function_response>` stop token. */
export const functionGemmaReplies: ConformanceFormat = {
  name: 'function-gemma',
  protocol,
  prompt: functionGemmaSystemPromptTemplate,
  writeReplies: (calls: readonly Call[]): string[] => [
    `${calls.map((call) => protocol.formatToolCall({ toolCallId: '', ...call })).join('')}<start_function_response>`,
  ],
};
