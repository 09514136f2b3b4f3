import {
  createXmlScanner,
  declaredPropertyNames,
  isXmlNameChar,
  isXmlNameStart,
  type JsonSchema,
  XmlFollowerReader,
  type XmlScanner,
} from '@toolbridge/rxml';
import type { CallDecoder, CallSink, CallStatus } from '../engine/call-grammar';
import { XmlArgumentsStreamer } from './xml-arguments-streamer';

/** Longest opening tag of a call (attributes included) read before it counts as prose. */
const MAX_TAG_LENGTH = 256;

/** Options of {@link createXmlCallDecoder}. */
export interface XmlCallDecoderOptions {
  /**
   * The tool tag is also a reasoning tag (`<think>` with a tool named think): only an argument
   * element after it makes a call, so that an empty reasoning block is no call. Default: false.
   */
  argumentRequired?: boolean;
}

/** Before the call is confirmed: in its opening tag, then in what follows it. */
type Phase = 'tag' | 'confirm';

/** A confirmed call's arguments: the scanner reads them into the streamer. */
interface Body {
  streamer: XmlArgumentsStreamer;
  scanner: XmlScanner;
}

/** Where the opening tag is: after the name, between attributes, in one, or at `/` of `/>`. */
type TagState = 'name-end' | 'space' | 'name' | 'after-name' | 'value-start' | 'value' | 'slash';

/**
 * Decodes the body of a morph-XML call after its opener `<toolName`. The opening tag may
 * carry attributes (ignored). The call is confirmed only when what follows it (after
 * whitespace and comments) is one of the tool's arguments (any element when its schema
 * declares none) or its closing tag, or when the tag is `<tool/>`; so a tool tag in prose
 * (`attw --format <format> <file-name>`) stays text. Arguments are read by an XML scanner and
 * streamed by {@link XmlArgumentsStreamer}; see `createXmlScanner` for how a string
 * argument ends. A call whose every argument closed runs without its closing tag; one cut
 * off inside an argument, or whose arguments cannot be read (a string field given twice,
 * nesting too deep), fails, and the engine skips to its closing tag.
 */
export function createXmlCallDecoder(
  toolName: string,
  schema: JsonSchema | undefined,
  sink: CallSink,
  options: XmlCallDecoderOptions = {},
): CallDecoder {
  const closingTag = `</${toolName}>`;
  // Made when the tag has closed: most tool tags in prose never get that far.
  let follower: XmlFollowerReader | undefined;
  let phase: Phase = 'tag';
  let tagState: TagState = 'name-end';
  let tagLength = 0;
  let quote = '';
  let status: CallStatus = 'open';
  let failed = false;
  /** Set once the call is confirmed: the rest of the markup is its body. */
  let body: Body | undefined;

  function confirm(): Body {
    sink.start(toolName);
    const streamer = new XmlArgumentsStreamer(sink.input, schema, (message) =>
      sink.repair(message),
    );
    body = { streamer, scanner: createXmlScanner(streamer, { rootTag: toolName }) };
    return body;
  }

  function finishCall(confirmed: Body): void {
    confirmed.streamer.finish();
    status = 'done';
  }

  /** Reads the rest of the opening tag; returns how many characters it took. */
  function readTag(text: string): number {
    for (let i = 0; i < text.length; i++) {
      const char = text.charAt(i);
      const code = text.charCodeAt(i);
      const space = char.trim() === '';
      if (++tagLength > MAX_TAG_LENGTH || code === 0x3c /* < */) {
        status = 'not-a-call';
        return i;
      }
      switch (tagState) {
        case 'value':
          if (quote !== ' ') {
            if (char === quote) tagState = 'space';
            continue;
          }
          // An unquoted value ends at a space, `>` or `/`.
          if (!space && char !== '>' && char !== '/') continue;
          break;
        case 'slash':
          if (char !== '>') {
            status = 'not-a-call';
            return i;
          }
          // `<tool/>`: a call without arguments.
          finishCall(confirm());
          return i + 1;
        case 'value-start':
          if (char === '"' || char === "'") {
            quote = char;
            tagState = 'value';
            continue;
          }
          if (space) continue;
          if (char !== '>' && char !== '/') {
            quote = ' ';
            tagState = 'value';
            continue;
          }
          break;
        case 'name':
          if (isXmlNameChar(code)) continue;
          if (char === '=') {
            tagState = 'value-start';
            continue;
          }
          if (space) {
            tagState = 'after-name';
            continue;
          }
          break;
        case 'after-name':
          if (char === '=') {
            tagState = 'value-start';
            continue;
          }
          break;
        case 'name-end':
          if (!space && char !== '>' && char !== '/') {
            status = 'not-a-call';
            return i;
          }
          break;
        case 'space':
          break;
      }
      if (char === '>') {
        phase = 'confirm';
        return i + 1;
      }
      if (char === '/') tagState = 'slash';
      else if (space)
        tagState = tagState === 'name' || tagState === 'after-name' ? 'after-name' : 'space';
      else if (isXmlNameStart(code) && tagState !== 'name-end') tagState = 'name';
      else {
        status = 'not-a-call';
        return i;
      }
    }
    return text.length;
  }

  /** Decides from what follows the opening tag whether this is a call; returns the characters it read. */
  function readConfirm(text: string): number {
    for (let i = 0; i < text.length; i++) {
      follower ??= new XmlFollowerReader(declaredPropertyNames(schema), toolName.length);
      const read = follower.read(text.charAt(i));
      if (read === 'more') continue;
      if (read === 'open') {
        const confirmed = confirm();
        // What was read ahead is the start of the arguments.
        confirmed.scanner.write(follower.text);
        return i + bodyWrite(confirmed, text.slice(i));
      }
      if (read === 'close' && follower.name === toolName && !options.argumentRequired) {
        finishCall(confirm());
        return i + 1;
      }
      status = 'not-a-call';
      return i;
    }
    return text.length;
  }

  function bodyWrite(confirmed: Body, text: string): number {
    const reader = confirmed.scanner;
    const before = reader.offset;
    try {
      reader.write(text);
    } catch (error) {
      // The arguments cannot be read: the call fails, and the engine skips to its closing tag.
      sink.fail(error instanceof Error ? error.message : String(error), error);
      failed = true;
      status = 'done';
      return reader.offset - before;
    }
    if (reader.done) finishCall(confirmed);
    return reader.offset - before;
  }

  function write(text: string): number {
    if (status !== 'open' || text.length === 0) return 0;
    if (body !== undefined) return bodyWrite(body, text);
    switch (phase) {
      case 'tag': {
        // The tag ends at its `>` (then what follows confirms the call), or the decoder ends.
        const consumed = readTag(text);
        return consumed + (status === 'open' ? write(text.slice(consumed)) : 0);
      }
      case 'confirm':
        return readConfirm(text);
    }
  }

  function end(): void {
    if (status !== 'open') return;
    if (body === undefined) {
      status = 'not-a-call';
      return;
    }
    const ended = body.scanner.settle();
    if (ended === 'open-element' || ended === 'partial-element') {
      sink.fail('The call was cut off inside an argument');
      status = 'done';
      return;
    }
    // Every argument element closed: the call runs without its closing tag.
    sink.repair('The call was not closed');
    finishCall(body);
  }

  return {
    write,
    end,
    get status() {
      return status;
    },
    get closer() {
      return failed ? closingTag : undefined;
    },
  };
}
