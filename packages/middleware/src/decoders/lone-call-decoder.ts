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

/** What a marker-less call must fill alone: the rest of the reply, or the rest of its line. */
export type CallScope = 'reply' | 'line';

/**
 * Markup that is a call only when it is the whole reply, or the whole line: a marker-less bare
 * call such as `get_weather(city="Lyon")`, which prose also opens with. `read` first reads it
 * with a sink that announces nothing; what follows its end must be whitespace up to the end of
 * the output (`reply`) or of its line (`line`), or up to one of `replyEnds` (an end-of-turn
 * token a server kept), which is read as part of the markup. Then it is read again, into `sink`,
 * so the call is announced when its reply or line ends. Anything else after it, or a call that
 * failed, makes it prose (`not-a-call`), read again as text. Calls that `read` ends at a closer
 * (a code fence's) are announced there, the closer left to the engine. A line's call must end on its line:
 * so each character is read at most twice, once as a would-be call and once as text. A call cut
 * off by the end of the output is read into `sink` too, where it fails and never runs.
 */
export function createLoneCallDecoder(
  read: (sink: CallSink) => CallDecoder,
  sink: CallSink,
  replyEnds: readonly string[] = [],
  scope: CallScope = 'reply',
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

  /** The markup ended at `end` of `text`: it is read again, into `sink`. */
  function readIntoSink(text: string, end: number): number {
    held.push(text.slice(0, end));
    const decoder = read(sink);
    decoder.write(held.join(''));
    decoder.end();
    status = decoder.status;
    closer = decoder.closer;
    return end;
  }

  return {
    write(text) {
      if (status !== 'open') return 0;
      let from = 0;
      if (!trailing) {
        const lineEnd = scope === 'line' ? text.indexOf('\n') : -1;
        from = probe.write(lineEnd === -1 ? text : text.slice(0, lineEnd));
        if (probe.status === 'open' && lineEnd === -1) {
          held.push(text);
          return text.length;
        }
        if (probe.status !== 'done' || probeSink.failed) {
          status = 'not-a-call';
          return from;
        }
        trailing = true;
        // Calls between delimiters (a code fence) fill them when the closer comes next: the engine takes it.
        if (probe.closer !== undefined) return readIntoSink(text, from);
      }
      for (let index = from; index < text.length; index++) {
        const char = text.charAt(index);
        if (tail === '' && char === '\n' && scope === 'line') return readIntoSink(text, index);
        if (tail === '' && char.trim() === '') continue;
        tail += char;
        if (replyEnds.includes(tail)) return readIntoSink(text, index + 1);
        if (!replyEnds.some((end) => end.startsWith(tail))) {
          status = 'not-a-call';
          return index;
        }
      }
      held.push(text);
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
      readIntoSink('', 0);
    },
    get status() {
      return status;
    },
    get closer() {
      return closer;
    },
  };
}
