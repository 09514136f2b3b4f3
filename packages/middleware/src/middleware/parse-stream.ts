import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import type { TextStreamParser } from '../engine/text-stream-parser';
import { callFormat, withReplyFormats } from './reply-formats';

/**
 * Runs a model's stream through a text parser: text deltas feed the parser, text block
 * boundaries are the parser's to draw, every other part passes through in order. On an
 * upstream `error` part, an abort or a failing read, held text is flushed and open calls are
 * closed first, then the error is passed on. `finish` reports `tool-calls` when calls were
 * parsed (the raw reason is kept).
 */
export function parseStream(
  stream: ReadableStream<LanguageModelV4StreamPart>,
  createParser: (emit: (part: LanguageModelV4StreamPart) => void) => TextStreamParser,
): ReadableStream<LanguageModelV4StreamPart> {
  const reader = stream.getReader();
  const queue: LanguageModelV4StreamPart[] = [];
  const formats = new Set<string>();
  const parser = createParser((part) => {
    // Per part, without the arrays `replyFormats` makes: this runs for every delta.
    const format = callFormat(part);
    if (format !== undefined) formats.add(format);
    queue.push(part);
  });
  let failure: { error: unknown } | undefined;

  return new ReadableStream<LanguageModelV4StreamPart>({
    async pull(controller) {
      // Erroring discards queued chunks, so the parts flushed on failure are read first.
      if (failure !== undefined) {
        controller.error(failure.error);
        return;
      }
      while (queue.length === 0) {
        let next: ReadableStreamReadResult<LanguageModelV4StreamPart>;
        try {
          next = await reader.read();
        } catch (error) {
          parser.finish();
          failure = { error };
          if (queue.length === 0) controller.error(error);
          break;
        }
        if (next.done) {
          parser.finish();
          for (const part of queue) controller.enqueue(part);
          controller.close();
          return;
        }
        const part = next.value;
        switch (part.type) {
          case 'text-delta':
            parser.push(part.delta);
            break;
          case 'text-start':
          case 'text-end':
            break;
          case 'error':
            parser.finish();
            queue.push(part);
            break;
          case 'finish': {
            parser.finish();
            const providerMetadata = withReplyFormats(part.providerMetadata, [...formats]);
            queue.push({
              ...part,
              ...(providerMetadata === undefined ? {} : { providerMetadata }),
              ...(parser.callCount > 0
                ? { finishReason: { unified: 'tool-calls', raw: part.finishReason.raw } }
                : {}),
            });
            break;
          }
          default:
            queue.push(part);
        }
      }
      for (const part of queue) controller.enqueue(part);
      // Emptied in place: one array for the stream, not one per chunk.
      queue.length = 0;
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}
