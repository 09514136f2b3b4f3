import type { CallDecoder, CallSink, CallStatus } from '../engine/call-grammar';
import { MarkerSeeker } from '../engine/marker-seeker';

/** The tokens that end a Harmony message. */
const MESSAGE_ENDS = ['<|end|>', '<|call|>', '<|return|>'];

/**
 * Reads a Harmony message that is not for the caller: a tool's result gpt-oss wrote itself after
 * its call (when the server did not stop at `<|call|>`), or a call of a built-in tool
 * (`to=python`, `to=browser.search`) the caller did not give. It is no call: the markup ends as
 * malformed at the message's end token (or at the end of the output), with `why`, so that it is
 * reported through `onError`.
 */
export function createForeignMessageDecoder(sink: CallSink, why: string): CallDecoder {
  const end = new MarkerSeeker(MESSAGE_ENDS);
  let status: CallStatus = 'open';

  function malformed(): void {
    sink.fail(why);
    status = 'malformed';
  }

  return {
    write(text) {
      const hit = end.seek(text);
      if (hit === undefined) return text.length;
      malformed();
      return hit.end;
    },
    end() {
      if (status === 'open') malformed();
    },
    get status() {
      return status;
    },
    closer: undefined,
  };
}
