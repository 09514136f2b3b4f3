import { setOwnProperty } from '@toolbridge/rjson';
import { RXMLParseError } from './rxml-errors';

/**
 * What an {@link XmlScanner} reports. Text arrives decoded (entities resolved, CDATA
 * unwrapped), in pieces that depend on chunking; `verbatim` marks text from a CDATA
 * section, whose whitespace is part of the value.
 */
export interface XmlScanHandler {
  /**
   * An element opened. Return `true` to read its content as raw text: everything up to the
   * matching closing tag, `<` and code included, is reported through `text`. `tagOffset` is
   * where the opening tag starts in the input.
   */
  elementStart?(
    name: string,
    attributes: Readonly<Record<string, string>>,
    tagOffset: number,
  ): boolean | undefined;
  text?(text: string, verbatim: boolean): void;
  elementEnd?(name: string): void;
}

/** Options of {@link createXmlScanner}. */
export interface XmlScannerOptions {
  /** When set, the closing tag `</rootTag>` ends the scan (a call's own closer), closing what is open. */
  rootTag?: string;
  /** Deepest nesting of elements accepted. Default: 1000. */
  maxDepth?: number;
}

/** An incremental reader of XML element content; see {@link createXmlScanner}. */
export interface XmlScanner {
  /** Reads the next chunk; returns how many of its characters were read (fewer once `rootTag` closed). */
  write(chunk: string): number;
  /**
   * Declares the input finished: held text is flushed and open elements are closed. Returns
   * whether the input was complete (nothing was open).
   */
  end(): boolean;
  /** True once `rootTag` closed or `end` was called. */
  readonly done: boolean;
  /** Names of the open elements, outermost first. */
  readonly openElements: readonly string[];
}

const DEFAULT_MAX_DEPTH = 1000;
const CDATA_OPEN = '<![CDATA[';
const COMMENT_OPEN = '<!--';
const MAX_ENTITY_LENGTH = 12;
/** Longest run of spaces accepted inside a closing tag (`</a   >`); keeps raw scanning linear. */
const MAX_CLOSING_TAG_SPACE = 64;

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  lt: '<',
  gt: '>',
  amp: '&',
  quot: '"',
  apos: "'",
};

enum State {
  Text,
  Entity,
  Markup,
  OpenTag,
  Attributes,
  AttributeValue,
  SelfClose,
  CloseTag,
  Comment,
  Cdata,
  Declaration,
  RawMarkup,
  Done,
}

function isNameStart(code: number): boolean {
  return (
    (code >= 0x61 && code <= 0x7a) ||
    (code >= 0x41 && code <= 0x5a) ||
    code === 0x5f ||
    code === 0x3a ||
    code > 0x7f
  );
}

function isNameChar(code: number): boolean {
  return isNameStart(code) || (code >= 0x30 && code <= 0x39) || code === 0x2d || code === 0x2e;
}

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

function isBlank(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (!isSpace(text.charCodeAt(i))) return false;
  return true;
}

/** Resolves the body of `&…;` (a predefined entity or a character reference), or undefined. */
function decodeEntity(body: string): string | undefined {
  if (Object.hasOwn(NAMED_ENTITIES, body)) return NAMED_ENTITIES[body];
  const hex = body.startsWith('#x') || body.startsWith('#X');
  const digits = body.slice(hex ? 2 : 1);
  if (!body.startsWith('#') || digits.length === 0 || !/^[\da-fA-F]+$/.test(digits))
    return undefined;
  if (!hex && !/^\d+$/.test(digits)) return undefined;
  const code = Number.parseInt(digits, hex ? 16 : 10);
  return code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
}

/**
 * Creates an incremental scanner for the content of an XML element, as models write tool
 * arguments: elements, attributes, text, the five predefined entities and character
 * references, CDATA, comments. Declarations (`<!DOCTYPE …>`, `<?…?>`) are skipped, so no
 * entity is ever defined or expanded. A `<` or `&` that does not start markup is text, so
 * prose and code survive. Each character is read once, in a bounded number of steps:
 * linear time under any chunking, and no recursion.
 */
export function createXmlScanner(
  handler: XmlScanHandler = {},
  options: XmlScannerOptions = {},
): XmlScanner {
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
  const open: string[] = [];
  let state = State.Text;
  let base = 0;
  let text = '';
  /** What was read of a construct not yet recognised; text again if it turns out to be none. */
  let pending = '';
  let name = '';
  let closeNameDone = false;
  let attributes: Record<string, string> = {};
  let attributeName = '';
  let attributeQuote = '';
  let attributeValue = '';
  /** Trailing `]` (CDATA), `-` (comment) or open `[` (declaration) seen. */
  let marks = 0;
  /** The element whose content is read raw, and how many same-named elements opened inside it. */
  let rawName: string | undefined;
  let rawNesting = 0;
  let markupOffset = 0;

  function emitText(value: string, verbatim = false): void {
    if (value.length > 0) handler.text?.(value, verbatim);
  }

  /** The pending characters were no markup after all: they are text. */
  function literal(): void {
    emitText(pending);
    pending = '';
    state = State.Text;
  }

  function startElement(offset: number): void {
    if (open.length >= maxDepth) {
      throw new RXMLParseError(`Nesting deeper than ${maxDepth}`, { offset });
    }
    open.push(name);
    const raw = handler.elementStart?.(name, attributes, markupOffset) === true;
    attributes = {};
    pending = '';
    state = State.Text;
    if (raw) {
      rawName = name;
      rawNesting = 0;
    }
  }

  function closeTop(): void {
    const closed = open.pop()!;
    handler.elementEnd?.(closed);
  }

  /** Handles `</closing>`; false when it closes nothing, so it is text. */
  function endElement(closing: string): boolean {
    const at = open.lastIndexOf(closing);
    if (at === -1 && closing !== options.rootTag) return false;
    // A closing tag of an outer element also closes the ones a model forgot to close.
    while (open.length > Math.max(at, 0)) closeTop();
    pending = '';
    state = at === -1 ? State.Done : State.Text;
    return true;
  }

  function setAttribute(key: string, value: string): void {
    setOwnProperty(attributes, key, value);
  }

  /** In raw content only `</name>`, a nested `<name>` and CDATA are markup. */
  function readRawMarkup(char: string): boolean {
    const candidate = pending + char;
    const closeTag = `</${rawName}`;
    if (candidate === CDATA_OPEN) {
      pending = '';
      marks = 0;
      state = State.Cdata;
      return true;
    }
    if (
      closeTag.startsWith(candidate) ||
      `<${rawName}`.startsWith(candidate) ||
      CDATA_OPEN.startsWith(candidate)
    ) {
      pending = candidate;
      return true;
    }
    const inClosingTag =
      candidate.startsWith(closeTag) &&
      candidate.length <= closeTag.length + MAX_CLOSING_TAG_SPACE &&
      isBlank(candidate.slice(closeTag.length, -1));
    if (inClosingTag && isSpace(char.charCodeAt(0))) {
      pending = candidate;
      return true;
    }
    if (inClosingTag && char === '>') {
      if (rawNesting === 0) {
        pending = '';
        rawName = undefined;
        state = State.Text;
        closeTop();
        return true;
      }
      rawNesting--;
    } else if (
      candidate === `<${rawName}${char}` &&
      (char === '>' || isSpace(char.charCodeAt(0)))
    ) {
      rawNesting++;
    } else {
      literal();
      return false;
    }
    pending = candidate;
    literal();
    return true;
  }

  function write(chunk: string): number {
    const length = chunk.length;
    let i = 0;
    while (i < length && state !== State.Done) {
      const code = chunk.charCodeAt(i);
      switch (state) {
        case State.Text: {
          let end = i;
          let c = code;
          while (c !== 0x3c /* < */ && c !== 0x26 /* & */) {
            if (++end === length) break;
            c = chunk.charCodeAt(end);
          }
          text += chunk.slice(i, end);
          i = end;
          if (i === length) break;
          emitText(text);
          text = '';
          markupOffset = base + i;
          pending = chunk[i++]!;
          if (c === 0x26) state = State.Entity;
          else state = rawName === undefined ? State.Markup : State.RawMarkup;
          break;
        }
        case State.Entity:
          if (code === 0x3b /* ; */) {
            const decoded = decodeEntity(pending.slice(1));
            i++;
            if (decoded === undefined) {
              pending += ';';
              literal();
            } else {
              pending = '';
              state = State.Text;
              emitText(decoded);
            }
          } else if (code === 0x3c || code === 0x26 || pending.length >= MAX_ENTITY_LENGTH) {
            literal();
          } else pending += chunk[i++];
          break;
        case State.RawMarkup:
          if (readRawMarkup(chunk[i]!)) i++;
          break;
        case State.Markup:
          if (pending === '<') {
            if (code === 0x2f /* / */) {
              pending += chunk[i++];
              name = '';
              closeNameDone = false;
              state = State.CloseTag;
            } else if (code === 0x21 /* ! */ || code === 0x3f /* ? */) {
              pending += chunk[i++];
            } else if (isNameStart(code)) {
              name = '';
              state = State.OpenTag;
            } else literal();
            break;
          }
          pending += chunk[i++];
          marks = 0;
          if (pending === COMMENT_OPEN) state = State.Comment;
          else if (pending === CDATA_OPEN) state = State.Cdata;
          else if (!COMMENT_OPEN.startsWith(pending) && !CDATA_OPEN.startsWith(pending)) {
            state = State.Declaration;
            marks = pending.endsWith('[') ? 1 : 0;
          } else break;
          pending = '';
          break;
        case State.OpenTag:
          if (isNameChar(code)) {
            name += chunk[i];
            pending += chunk[i++];
          } else if (code === 0x3e /* > */) {
            i++;
            startElement(base + i);
          } else if (code === 0x2f || isSpace(code)) {
            pending += chunk[i++];
            attributeName = '';
            state = code === 0x2f ? State.SelfClose : State.Attributes;
          } else literal();
          break;
        case State.Attributes:
          if (isNameChar(code)) {
            attributeName += chunk[i];
            pending += chunk[i++];
            break;
          }
          if (attributeName !== '' && code !== 0x3d /* = */) {
            setAttribute(attributeName, '');
            attributeName = '';
          }
          if (code === 0x3e) {
            i++;
            startElement(base + i);
          } else if (code === 0x2f || isSpace(code)) {
            pending += chunk[i++];
            if (code === 0x2f) state = State.SelfClose;
          } else if (code === 0x3d && attributeName !== '') {
            pending += chunk[i++];
            attributeQuote = '';
            attributeValue = '';
            state = State.AttributeValue;
          } else literal();
          break;
        case State.AttributeValue:
          if (attributeQuote === '') {
            if (code === 0x22 || code === 0x27) attributeQuote = chunk[i]!;
            else if (!isSpace(code)) {
              literal();
              break;
            }
          } else if (chunk[i] === attributeQuote) {
            setAttribute(attributeName, attributeValue);
            attributeName = '';
            state = State.Attributes;
          } else attributeValue += chunk[i];
          pending += chunk[i++];
          break;
        case State.SelfClose:
          if (code !== 0x3e) {
            literal();
            break;
          }
          i++;
          startElement(base + i);
          rawName = undefined;
          closeTop();
          break;
        case State.CloseTag: {
          const char = chunk[i]!;
          if (!closeNameDone && (name === '' ? isNameStart(code) : isNameChar(code))) name += char;
          else if (code === 0x3e && name !== '') {
            i++;
            if (!endElement(name)) {
              pending += char;
              literal();
            }
            break;
          } else if (
            isSpace(code) &&
            name !== '' &&
            pending.length - name.length < MAX_CLOSING_TAG_SPACE
          ) {
            closeNameDone = true;
          } else {
            literal();
            break;
          }
          pending += char;
          i++;
          break;
        }
        case State.Comment:
          i++;
          if (code === 0x3e && marks >= 2) state = State.Text;
          else marks = code === 0x2d /* - */ ? marks + 1 : 0;
          break;
        case State.Declaration:
          // Skipped whole, internal subset included: entities declared here are never used.
          i++;
          if (code === 0x5b /* [ */) marks++;
          else if (code === 0x5d /* ] */) marks = Math.max(0, marks - 1);
          else if (code === 0x3e && marks === 0) state = State.Text;
          break;
        case State.Cdata: {
          const start = i;
          let closed = false;
          while (i < length) {
            const c = chunk.charCodeAt(i++);
            if (c === 0x3e && marks >= 2) {
              closed = true;
              break;
            }
            marks = c === 0x5d /* ] */ ? marks + 1 : 0;
          }
          // The `]]` of the closer may have begun in an earlier chunk: `pending` held them back.
          const content = pending + chunk.slice(start, closed ? i - 1 : i);
          const held = closed ? 2 : Math.min(marks, 2);
          emitText(content.slice(0, content.length - held), true);
          pending = closed ? '' : content.slice(content.length - held);
          if (closed) {
            marks = 0;
            state = State.Text;
          }
          break;
        }
      }
    }
    if (state === State.Text) {
      emitText(text);
      text = '';
    }
    base += i;
    return i;
  }

  function end(): boolean {
    if (state === State.Done) return true;
    const complete = open.length === 0 && (state === State.Text || state === State.Entity);
    if (state === State.Cdata) emitText(pending, true);
    else if (state !== State.Comment && state !== State.Declaration) emitText(pending);
    pending = '';
    emitText(text);
    text = '';
    rawName = undefined;
    while (open.length > 0) closeTop();
    state = State.Done;
    return complete;
  }

  return {
    write,
    end,
    get done() {
      return state === State.Done;
    },
    get openElements() {
      return open;
    },
  };
}
