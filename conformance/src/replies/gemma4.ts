import { gemma4Protocol, gemma4SystemPromptTemplate } from '@toolbridge/middleware/formats';
import type { ConformanceFormat } from '../formats.ts';
import type { Call } from '../render-reply.ts';

const protocol = gemma4Protocol();

/** Gemma 4: the calls one after another, each in its tokens, then the `<|tool_response>` stop token. */
export const gemma4Replies: ConformanceFormat = {
  name: 'gemma4',
  protocol,
  prompt: gemma4SystemPromptTemplate,
  writeReplies: (calls: readonly Call[]): string[] => [
    `${calls.map((call) => protocol.formatToolCall({ toolCallId: '', ...call })).join('')}<|tool_response>`,
  ],
};
