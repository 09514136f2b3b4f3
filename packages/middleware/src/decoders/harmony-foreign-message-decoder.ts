import type { CallDecoder, CallSink, CallStatus } from '../engine/call-grammar';
import { createMarkerSeeker } from '../engine/marker-seeker';

/** The tokens that end a Harmony message. */
const MESSAGE_ENDS = ['<|end|>', '<|call|>', '<|return|>'];

/**
 * Reads a Harmony message that is not for the caller, to its end token (or the end of the
 * output), with `why` for `onError`: a tool's result gpt-oss wrote itself after its call (when the
 * server did not stop at `<|call|>`), which ends `malformed` and is kept as text; or a call of a
 * built-in tool (`to=python`, `to=browser.search`) the caller did not give, which ends `foreign`:
 * markup, never text.
 */
export function createForeignMessageDecoder(
  sink: CallSink,
  why: string,
  outcome: 'malformed' | 'foreign',
): CallDecoder {
  const end = createMarkerSeeker(MESSAGE_ENDS);
  let status: CallStatus = 'open';

  function ended(): void {
    sink.fail(why);
    status = outcome;
  }

  return {
    write(text) {
      const hit = end.seek(text);
      if (hit === undefined) return text.length;
      ended();
      return hit.end;
    },
    end() {
      if (status === 'open') ended();
    },
    get status() {
      return status;
    },
    closer: undefined,
  };
}
