import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';

export const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 20, text: 20, reasoning: undefined },
};

/** Splits text into pieces of a few characters, as a model streams tokens. */
export function tokenize(text: string, size = 3): string[] {
  const pieces: string[] = [];
  for (let i = 0; i < text.length; i += size) pieces.push(text.slice(i, i + size));
  return pieces;
}

/** The stream a model without tool support sends for a reply, in `chunks` (a few characters each by default). */
export function textStream(
  reply: string,
  extra: LanguageModelV4StreamPart[] = [],
  chunks: readonly string[] = tokenize(reply),
): ReadableStream<LanguageModelV4StreamPart> {
  return convertArrayToReadableStream<LanguageModelV4StreamPart>([
    { type: 'stream-start', warnings: [] },
    { type: 'text-start', id: 'txt-0' },
    ...chunks.map((delta) => ({ type: 'text-delta' as const, id: 'txt-0', delta })),
    { type: 'text-end', id: 'txt-0' },
    ...extra,
    { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
  ]);
}

/** A mock model that answers each call with the next scripted reply, in generate and in stream. */
export function scriptedModel(replies: readonly string[]) {
  let generateCall = 0;
  let streamCall = 0;
  return new MockLanguageModelV4({
    doGenerate: async () => ({
      content: [{ type: 'text', text: replies[generateCall++] ?? '' }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage,
      warnings: [],
    }),
    doStream: async () => ({ stream: textStream(replies[streamCall++] ?? '') }),
  });
}

/** A model without tool support that writes `reply`, whole in generate and in `chunks` when streamed. */
export function modelWriting(reply: string, chunks: readonly string[] = tokenize(reply)) {
  return new MockLanguageModelV4({
    doGenerate: async () => ({
      content: [{ type: 'text', text: reply }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage,
      warnings: [],
    }),
    doStream: async () => ({ stream: textStream(reply, [], chunks) }),
  });
}
