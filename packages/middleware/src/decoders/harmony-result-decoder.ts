import type { CallDecoder, CallSink, CallStatus } from '../engine/call-grammar';
import { MarkerSeeker } from '../engine/marker-seeker';

/**
 * Reads a tool's result message that gpt-oss wrote itself after its call
 * (`<|start|>functions.get_weather to=assistant<|channel|>commentary<|message|>{…}<|end|>`),
 * which happens when the server does not stop at `<|call|>`. The result is invented, so the
 * message is no call: it ends as malformed markup at its `<|end|>` (or at the end of the
 * output), so that it is kept whole as text (by default) and reported through `onError`.
 */
export function createHarmonyResultDecoder(sink: CallSink): CallDecoder {
  const end = new MarkerSeeker(['<|end|>']);
  let status: CallStatus = 'open';

  function malformed(): void {
    sink.fail('The model wrote a tool result itself; it was kept as text');
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
