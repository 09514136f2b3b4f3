import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';

/** A run that passed its deadline. */
export class RunTimeout extends Error {
  override readonly name = 'RunTimeout';
}

/** Splits text into chunks of `size` characters, as a model streams tokens. */
export function chunksOf(text: string, size: number): string[] {
  const chunks: string[] = [];
  for (let at = 0; at < text.length; at += size) chunks.push(text.slice(at, at + size));
  return chunks;
}

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};

/**
 * A model's stream of text deltas, one part per `pull`, as a real model produces them over
 * time. (A queue filled up front is drained in quadratic time by Node 20's web streams, which
 * would measure the runtime instead of the parser.) `onChunk` is told each chunk as it goes out.
 * Past `deadline` (a `performance.now()` time) the stream fails with {@link RunTimeout}: a
 * parser that emits nothing for a long time is stopped where it reads its input.
 */
export function modelStream(
  chunks: readonly string[],
  onChunk?: (chunk: string) => void,
  deadline = Number.POSITIVE_INFINITY,
): ReadableStream<LanguageModelV4StreamPart> {
  let next = -1;
  return new ReadableStream<LanguageModelV4StreamPart>({
    pull(controller) {
      if (next % 64 === 0 && performance.now() > deadline) {
        controller.error(new RunTimeout('the run passed its deadline'));
        return;
      }
      if (next === -1) {
        controller.enqueue({ type: 'text-start', id: 't' });
        next = 0;
        return;
      }
      const delta = chunks[next];
      if (delta === undefined) {
        controller.enqueue({ type: 'text-end', id: 't' });
        controller.enqueue({
          type: 'finish',
          finishReason: { unified: 'stop', raw: 'stop' },
          usage,
        });
        controller.close();
        return;
      }
      next++;
      onChunk?.(delta);
      controller.enqueue({ type: 'text-delta', id: 't', delta });
    },
  });
}
