import type { CallDecoder, CallSink, CallStatus } from '../engine/call-grammar';
import { createJsonInputWriter } from '../engine/json-input-writer';

/** A sink that announces nothing, and remembers whether a call was announced and whether one failed. */
function silentSink(): CallSink & { readonly started: boolean; readonly failed: boolean } {
  let started = false;
  let failed = false;
  return {
    start() {
      started = true;
    },
    input: createJsonInputWriter(() => {}),
    endCall() {},
    fail() {
      failed = true;
    },
    repair() {},
    get started() {
      return started;
    },
    get failed() {
      return failed;
    },
  };
}

/**
 * Markup that is a call only when it is the whole reply: a marker-less bare call such as
 * `get_weather(city="Lyon")`, which prose also opens with. `read` first reads it with a sink that
 * announces nothing; what follows its end must be whitespace up to the end of the output, or up to
 * one of `replyEnds` (an end-of-turn token a server kept), which is read as part of the markup.
 * Then it is read again, into `sink`, so the call is announced when the reply ends. Anything else
 * after it, or a call that failed, makes it prose (`not-a-call`), read again as text. A call cut
 * off by the end of the output is read into `sink` too, where it fails and never runs.
 */
export function createWholeReplyDecoder(
  read: (sink: CallSink) => CallDecoder,
  sink: CallSink,
  replyEnds: readonly string[] = [],
): CallDecoder {
  const probeSink = silentSink();
  const probe = read(probeSink);
  /** The markup read so far, for the second reading. */
  const held: string[] = [];
  let status: CallStatus = 'open';
  /** The call ended: only whitespace may follow, or a token that ends the reply. */
  let trailing = false;
  /** What followed the call's whitespace, while it may still be a token that ends the reply. */
  let tail = '';
  let closer: string | undefined;

  function readIntoSink(): void {
    const decoder = read(sink);
    decoder.write(held.join(''));
    decoder.end();
    status = decoder.status;
    closer = decoder.closer;
  }

  return {
    write(text) {
      if (status !== 'open') return 0;
      held.push(text);
      let from = 0;
      if (!trailing) {
        from = probe.write(text);
        if (probe.status === 'open') return text.length;
        if (probe.status !== 'done' || probeSink.failed) {
          status = 'not-a-call';
          return text.length;
        }
        trailing = true;
      }
      for (let index = from; index < text.length; index++) {
        const char = text.charAt(index);
        if (tail === '' && char.trim() === '') continue;
        tail += char;
        if (replyEnds.includes(tail)) {
          readIntoSink();
          return index + 1;
        }
        if (!replyEnds.some((end) => end.startsWith(tail))) {
          status = 'not-a-call';
          return text.length;
        }
      }
      return text.length;
    },
    end() {
      if (status !== 'open') return;
      if (tail !== '') {
        // Only the start of a token that ends the reply: text.
        status = 'not-a-call';
        return;
      }
      if (!trailing) {
        probe.end();
        if (!probeSink.started) {
          status = 'not-a-call';
          return;
        }
      }
      readIntoSink();
    },
    get status() {
      return status;
    },
    get closer() {
      return closer;
    },
  };
}
