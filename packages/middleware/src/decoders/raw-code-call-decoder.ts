import type { JSONSchema7 } from '@ai-sdk/provider';
import type { CallDecoder, CallSink, CallStatus } from '../engine/call-grammar';
import { sharedMarkerMatcher } from '../engine/marker-matcher';
import { endsWithHighSurrogate } from './high-surrogate';

/** Options of {@link createRawCodeCallDecoder}. */
export interface RawCodeCallDecoderOptions {
  /** The tool the code is sent to (`python`). */
  toolName: string;
  /** The argument that holds the code: the input is `{"<key>": "<code>"}`. */
  key: string;
  sink: CallSink;
  /** Markers that end the code and close its markup (`<|eom_id|>`); read as part of the markup. */
  closers?: readonly string[];
  /**
   * The code ends only at one of `closers` (CWM's `</tool>`): output that ends before one cut the
   * code off, and the call fails rather than run half a command. Default: false, the output's end
   * ends the code.
   */
  closerRequired?: boolean;
  /**
   * A marker that may end the code and open the next part of the reply (Functionary's `>>>`
   * before a recipient). `next` is told the text after it up to a newline (at most
   * {@link MAX_HEADER_LENGTH} characters): it returns the decoder of the call that follows (it
   * reads what comes after the newline), `'end'` when the markup ends with that newline (prose
   * follows), or undefined when the marker was part of the code.
   */
  separator?: {
    readonly marker: string;
    next(header: string): CallDecoder | 'end' | undefined;
  };
}

/** Where code sent to a tool goes in its input: the schema's one string property, or else `code`. */
export function codeArgumentKey(schema: JSONSchema7): string {
  const strings = Object.entries(schema.properties ?? {}).filter(
    ([, property]) => typeof property === 'object' && property.type === 'string',
  );
  const [only, ...others] = strings;
  return only !== undefined && others.length === 0 ? only[0] : 'code';
}

/** Longest header after a separator: a recipient name, not a line of code. */
export const MAX_HEADER_LENGTH = 64;

/**
 * Decodes a call whose body is raw code rather than JSON (Functionary's `python` recipient, code
 * after `<|python_tag|>`): the call is announced at once, and the code streams as the one string
 * argument `key` until a closer, a separator that opens the next part, or the end of the output.
 * Raw code has no structure that shows it was cut off, so code ended by the output itself runs.
 * Only a piece that could still be a marker (and a header after a separator) is held back.
 */
export function createRawCodeCallDecoder(options: RawCodeCallDecoderOptions): CallDecoder {
  const { sink, separator } = options;
  const closers = options.closers ?? [];
  const matcher = sharedMarkerMatcher([...closers, ...(separator ? [separator.marker] : [])]);
  let status: CallStatus = 'open';
  /** Text read but not yet written to the code: a possible marker, or a separator and its header. */
  let held = '';
  let next: CallDecoder | undefined;

  sink.start(options.toolName);
  sink.input.openObject();
  sink.input.key(options.key);
  sink.input.stringStart();

  function writeCode(code: string): void {
    if (code.length > 0) sink.input.stringChunk(code);
  }

  function endCode(): void {
    sink.input.stringEnd();
    sink.input.close();
    sink.endCall();
  }

  /** Where a header that starts at `from` ends (its newline): -1 while it may still come, -2 when it cannot. */
  function headerEnd(text: string, from: number): number {
    const limit = Math.min(text.length, from + MAX_HEADER_LENGTH + 1);
    for (let index = from; index < limit; index++) if (text[index] === '\n') return index;
    return limit === from + MAX_HEADER_LENGTH + 1 ? -2 : -1;
  }

  function write(text: string): number {
    if (next !== undefined) return next.write(text);
    if (status !== 'open') return 0;
    const read = held + text;
    const consumedBefore = held.length;
    held = '';
    let pos = 0;
    while (pos < read.length) {
      const scan = matcher.scan(read, pos);
      if (scan.type !== 'match') {
        let keep = scan.type === 'partial' ? scan.index : read.length;
        // Never end a piece of code between the two halves of a surrogate pair.
        if (keep === read.length && keep > pos && endsWithHighSurrogate(read)) keep--;
        writeCode(read.slice(pos, keep));
        held = read.slice(keep);
        return text.length;
      }
      writeCode(read.slice(pos, scan.index));
      const after = scan.index + scan.marker.length;
      if (separator === undefined || scan.marker !== separator.marker) {
        endCode();
        status = 'done';
        return after - consumedBefore;
      }
      const newline = headerEnd(read, after);
      // A header never holds a marker: the separator is then code, and the marker is read next.
      const window = matcher.scan(read.slice(after, after + MAX_HEADER_LENGTH + 1));
      const marked = window.type === 'match' && (newline < 0 || after + window.index < newline);
      if (newline === -1 && !marked) {
        held = read.slice(scan.index);
        return text.length;
      }
      const following =
        newline < 0 || marked ? undefined : separator.next(read.slice(after, newline));
      if (following === undefined) {
        // The separator is part of the code.
        writeCode(scan.marker);
        pos = after;
        continue;
      }
      endCode();
      if (following === 'end') {
        status = 'done';
        return newline + 1 - consumedBefore;
      }
      next = following;
      return newline + 1 - consumedBefore + following.write(read.slice(newline + 1));
    }
    return text.length;
  }

  function end(): void {
    if (next !== undefined) {
      next.end();
      return;
    }
    if (status !== 'open') return;
    status = 'done';
    if (options.closerRequired) {
      sink.fail(`The call was cut off before its ${closers.at(-1)}`);
      return;
    }
    // The output ended the code: what was held is code too.
    writeCode(held);
    held = '';
    endCode();
  }

  return {
    write,
    end,
    get status() {
      if (next === undefined) return status;
      // Calls were announced before the next part, so this markup is never prose.
      return next.status === 'open' ? 'open' : 'done';
    },
    get closer() {
      return next?.closer;
    },
  };
}
