import type { CallDecoder, CallSink } from '../engine/call-grammar';
import { watchedSink } from './watched-sink';

/** Makes a candidate decoder for the markup, writing to `sink`. */
export type DecoderFactory = (sink: CallSink) => CallDecoder;

/**
 * A decoder for an opener that several formats share (`<tool_call>` before Hermes JSON,
 * Qwen3-Coder XML or GLM's name): each candidate reads the markup in turn, from its start,
 * until one does not say `not-a-call`. Candidates decide that early (from the first characters
 * or the name) and before they announce anything, so what is kept for the next one is short.
 */
export function createFirstOfDecoder(
  candidates: readonly DecoderFactory[],
  sink: CallSink,
): CallDecoder {
  const [first, ...later] = candidates;
  if (first === undefined) throw new Error('createFirstOfDecoder: no candidate decoder was given');
  let announced = false;
  const watched = watchedSink(sink, () => {
    announced = true;
  });
  let current = first(watched);
  /** Everything the markup was given, while a later candidate may still need to read it. */
  let seen: string[] | undefined = later.length > 0 ? [] : undefined;
  /** The first closer a candidate that found no call expected: where markup none reads ends. */
  let proseCloser: string | undefined;

  /** The next candidate, once the current one found no call. */
  function next(candidate: DecoderFactory): CallDecoder {
    proseCloser ??= current.closer;
    return candidate(watched);
  }

  function write(text: string): number {
    seen?.push(text);
    let consumed = current.write(text);
    while (current.status === 'not-a-call' && seen !== undefined) {
      const candidate = later.shift();
      if (candidate === undefined) break;
      current = next(candidate);
      const all = seen.join('');
      // Of what the next candidate reads, only the part in `text` is still the engine's to give.
      consumed = Math.max(0, current.write(all) - (all.length - text.length));
    }
    if (announced || current.status !== 'open' || later.length === 0) seen = undefined;
    return consumed;
  }

  return {
    write,
    end() {
      current.end();
      while (current.status === 'not-a-call' && seen !== undefined) {
        const candidate = later.shift();
        if (candidate === undefined) break;
        current = next(candidate);
        current.write(seen.join(''));
        if (current.status === 'open') current.end();
      }
    },
    get status() {
      return current.status;
    },
    get closer() {
      return current.status === 'not-a-call' ? (current.closer ?? proseCloser) : current.closer;
    },
    get format() {
      return current.format;
    },
  };
}
