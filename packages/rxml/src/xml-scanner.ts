import { setOwnProperty } from '@toolbridge/rjson';
import type { DeclaredNames } from './json-schema';
import { RXMLParseError } from './rxml-errors';

/**
 * What an {@link XmlScanner} reports. Text arrives decoded (entities resolved, CDATA
 * unwrapped), in pieces that depend on chunking; `verbatim` marks text from a CDATA
 * section, whose whitespace is part of the value.
 */
export interface XmlScanHandler {
  /**
   * An element opened. Return `true` to read its content as raw text: everything up to the
   * closing tag that ends it, `<` and code included, is reported through `text`. `tagOffset`
   * is where the opening tag starts in the input.
   */
  elementStart?(
    name: string,
    attributes: Readonly<Record<string, string>>,
    tagOffset: number,
  ): boolean | undefined;
  text?(text: string, verbatim: boolean): void;
  elementEnd?(name: string): void;
  /**
   * Asked when the closing tag of a raw element is read: the names of the elements that may
   * follow it as its siblings, or undefined when any element may. Default: any.
   */
  siblingNames?(): DeclaredNames | undefined;
  /** A mistake in the markup was read past: a misspelt closing tag, or one that closed elements left open. */
  repair?(message: string): void;
}

/** Options of {@link createXmlScanner}. */
export interface XmlScannerOptions {
  /** When set, the closing tag `</rootTag>` ends the scan (a call's own closer), closing what is open. */
  rootTag?: string;
  /** Deepest nesting of elements accepted. Default: 1000. */
  maxDepth?: number;
}

/**
 * How the input ended. `open-element`: inside an element; `partial-element`: inside the
 * opening tag of one; `partial-markup`: inside other markup (a `<`, a closing tag, a comment,
 * CDATA, a declaration); `complete`: none of these.
 */
export type XmlScanEnd = 'complete' | 'partial-markup' | 'partial-element' | 'open-element';

/** An incremental reader of XML element content; see {@link createXmlScanner}. */
export interface XmlScanner {
  /** Reads the next chunk; returns how many of its characters were read (fewer once `rootTag` closed). */
  write(chunk: string): number;
  /**
   * Declares the input finished and says how it ended, leaving open elements open: held text
   * is flushed, and a raw element whose closing tag waited for what follows it is closed.
   */
  settle(): XmlScanEnd;
  /**
   * Declares the input finished: settles it, then closes the open elements. Returns whether
   * the input was complete (nothing was open).
   */
  end(): boolean;
  /** True once `rootTag` closed or the input was declared finished. */
  readonly done: boolean;
  /** Names of the open elements, outermost first. */
  readonly openElements: readonly string[];
  /** How many characters were read; after a handler threw, how far reading got. */
  readonly offset: number;
}

const DEFAULT_MAX_DEPTH = 1000;
const CDATA_OPEN = '<![CDATA[';
const COMMENT_OPEN = '<!--';
const MAX_ENTITY_LENGTH = 12;
/** Longest run of spaces accepted inside a closing tag (`</a   >`); keeps raw scanning linear. */
const MAX_CLOSING_TAG_SPACE = 64;
/** Longest run of whitespace and comments read past a closing tag to see what follows it. */
const MAX_FOLLOWER_GAP = 256;
/** Longest element name read ahead when any element may follow. */
const MAX_FOLLOWER_NAME = 128;

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
  /** A `<` in raw content: perhaps its closing tag, or CDATA. */
  RawMarkup,
  /** The closing tag of a raw element was read: what follows decides whether it ends it. */
  RawFollower,
  Done,
}

/** Whether a UTF-16 code unit can start an XML name (any non-ASCII one can). */
export function isXmlNameStart(code: number): boolean {
  return (
    (code >= 0x61 && code <= 0x7a) ||
    (code >= 0x41 && code <= 0x5a) ||
    code === 0x5f ||
    code === 0x3a ||
    code > 0x7f
  );
}

/** Whether a UTF-16 code unit can continue an XML name. */
export function isXmlNameChar(code: number): boolean {
  return isXmlNameStart(code) || (code >= 0x30 && code <= 0x39) || code === 0x2d || code === 0x2e;
}

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

/** Edits (insertion, deletion, substitution, swap of neighbours) that turn `a` into `b`. */
function editDistance(a: string, b: string): number {
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      let distance = Math.min(
        cell(previous, j) + 1,
        cell(row, j - 1) + 1,
        cell(previous, j - 1) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        distance = Math.min(distance, cell(before, j - 2) + 1);
      }
      row.push(distance);
    }
    before = previous;
    previous = row;
  }
  return cell(previous, b.length);
}

/** Column `j` of a row of {@link editDistance}'s table, which every read stays inside. */
function cell(row: readonly number[], j: number): number {
  const value = row[j];
  if (value === undefined) throw new Error(`editDistance: a row has no column ${j}`);
  return value;
}

/**
 * Whether the closing tag `</written>` is plausibly meant for `<expected>`: the same name in
 * another case, or one typo away (two for names of 8 characters or more). Names shorter than
 * 4 characters must match exactly, ignoring case.
 */
function isMisspelling(written: string, expected: string): boolean {
  const a = written.toLowerCase();
  const b = expected.toLowerCase();
  if (a === b) return true;
  const allowed = b.length < 4 ? 0 : b.length < 8 ? 1 : 2;
  return Math.abs(a.length - b.length) <= allowed && editDistance(a, b) <= allowed;
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

enum Probe {
  /** The character was read; the tag goes on. */
  More,
  /** The character (`>`, or the last of `<!--` or `<![CDATA[`) completed the tag. */
  Complete,
  /** The name of an opening tag ended before the character, which was not read. */
  NameEnd,
  /** The character cannot continue the tag; it was not read. */
  Invalid,
}

/** Reads a tag from its `<`, with bounded lookahead: `<name`, `</ name >`, and one `<!` construct. */
class TagProbe {
  text = '<';
  kind: 'tag' | 'open' | 'close' | 'bang' = 'tag';
  name = '';
  private afterName = false;
  private spaces = 0;

  constructor(
    /** Longest name of an opening tag accepted; 0 accepts none. */
    private readonly maxOpenName: number,
    private readonly maxCloseName: number,
    /** The `<!` construct accepted: `<!--` or `<![CDATA[`. */
    private readonly bang: string,
  ) {}

  step(char: string, code: number): Probe {
    switch (this.kind) {
      case 'tag':
        if (code === 0x2f /* / */) this.kind = 'close';
        else if (code === 0x21 /* ! */) this.kind = 'bang';
        else if (isXmlNameStart(code) && this.maxOpenName > 0) {
          this.kind = 'open';
          this.name = char;
        } else return Probe.Invalid;
        break;
      case 'open':
        if (!isXmlNameChar(code)) {
          return code === 0x3e || code === 0x2f || isSpace(code) ? Probe.NameEnd : Probe.Invalid;
        }
        if (this.name.length >= this.maxOpenName) return Probe.Invalid;
        this.name += char;
        break;
      case 'close':
        if (code === 0x3e /* > */ && this.name !== '') {
          this.text += char;
          return Probe.Complete;
        }
        if (isSpace(code)) {
          if (++this.spaces > MAX_CLOSING_TAG_SPACE) return Probe.Invalid;
          this.afterName = this.name !== '';
        } else if (
          !this.afterName &&
          this.name.length < this.maxCloseName &&
          (this.name === '' ? isXmlNameStart(code) : isXmlNameChar(code))
        ) {
          this.name += char;
        } else return Probe.Invalid;
        break;
      case 'bang':
        if (!this.bang.startsWith(this.text + char)) return Probe.Invalid;
        this.text += char;
        return this.text === this.bang ? Probe.Complete : Probe.More;
    }
    this.text += char;
    return Probe.More;
  }
}

/**
 * Reads what follows a tag, with bounded lookahead, to tell whether it is call-shaped:
 * whitespace and comments, then the opening tag of an element that may follow (by name) or a
 * closing tag. The scanner reads past a raw element's closing tag with it; a call decoder
 * reads past a tool's opening tag with it.
 */
export class XmlFollowerReader {
  /** The whitespace and comments read before the tag. */
  gap = '';
  /** The whitespace of the gap, comments left out. */
  space = '';
  private probe: TagProbe | undefined;
  private inComment = false;
  private dashes = 0;

  constructor(
    /** Elements that may follow; undefined when any may. */
    private readonly names: DeclaredNames | undefined,
    /** Longest name of a closing tag read. */
    private readonly maxCloseName: number,
  ) {}

  /** Everything read so far. */
  get text(): string {
    return this.gap + this.tag;
  }

  /** What was read of the tag after the gap. */
  get tag(): string {
    return this.probe?.text ?? '';
  }

  /** The tag's kind so far: `tag` after a lone `<`; undefined before its `<`. */
  get tagKind(): 'tag' | 'open' | 'close' | 'bang' | undefined {
    return this.probe?.kind;
  }

  /** The name in the tag, as far as it was read. */
  get name(): string {
    return this.probe?.name ?? '';
  }

  /**
   * Reads one character. `more`: it was read, decide later. `open`: the name of an element
   * that may follow ended before it (it was not read). `close`: it ended a closing tag.
   * `none`: it shows that nothing that may follow is here (it was not read).
   */
  read(char: string): 'more' | 'open' | 'close' | 'none' {
    const code = char.charCodeAt(0);
    if (this.probe !== undefined) {
      switch (this.probe.step(char, code)) {
        case Probe.More:
          return 'more';
        case Probe.NameEnd:
          return this.names === undefined || this.names.names.has(this.probe.name)
            ? 'open'
            : 'none';
        case Probe.Complete:
          if (this.probe.kind === 'close') return 'close';
          // A comment: part of the gap.
          this.gap += this.probe.text;
          this.probe = undefined;
          this.inComment = true;
          this.dashes = 0;
          return 'more';
        default:
          return 'none';
      }
    }
    if (this.gap.length >= MAX_FOLLOWER_GAP) return 'none';
    if (this.inComment) {
      this.gap += char;
      if (code === 0x3e && this.dashes >= 2) this.inComment = false;
      else this.dashes = code === 0x2d ? this.dashes + 1 : 0;
      return 'more';
    }
    if (isSpace(code)) {
      this.gap += char;
      this.space += char;
      return 'more';
    }
    if (code !== 0x3c /* < */) return 'none';
    this.probe = new TagProbe(
      this.names?.longest ?? MAX_FOLLOWER_NAME,
      this.maxCloseName,
      COMMENT_OPEN,
    );
    return 'more';
  }

  /** The input ended: whether an opening tag read so far may still name an element that may follow. */
  mayOpen(): boolean {
    const prefix = this.name;
    if (this.names === undefined) return true;
    for (const name of this.names.names) if (name.startsWith(prefix)) return true;
    return false;
  }
}

/**
 * Creates an incremental scanner for the content of an XML element, as models write tool
 * arguments: elements, attributes, text, the five predefined entities and character
 * references, CDATA, comments. Declarations (`<!DOCTYPE …>`, `<?…?>`) are skipped, so no
 * entity is ever defined or expanded. A `<` or `&` that does not start markup is text, so
 * prose and code survive. Closing tags may have spaces (`</ a >`); one that closes no open
 * element but is plausibly the innermost one's misspelt (`</cty>` for `<city>`) closes it.
 *
 * Raw elements (see {@link XmlScanHandler.elementStart}) end at a closing tag of their name,
 * or a misspelling of it, only when what follows it (after whitespace and comments) is an
 * element that may follow ({@link XmlScanHandler.siblingNames}), a closing tag of an
 * enclosing element or of `rootTag`, or the end of the input; otherwise the closing tag is
 * text of the value, so code that contains it survives. `</rootTag>` ends raw content too.
 *
 * Each character is read once, in a bounded number of steps, and lookahead is bounded:
 * linear time under any chunking, and no recursion.
 */
export function createXmlScanner(
  handler: XmlScanHandler = {},
  options: XmlScannerOptions = {},
): XmlScanner {
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
  const rootTag = options.rootTag;
  const open: string[] = [];
  /** The length of the longest open name at each depth, outermost first. */
  const longestOpen: number[] = [];
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
  /** The element whose content is read raw. */
  let rawName: string | undefined;
  /** A `<` in raw content, read as far as it may be a closing tag or CDATA. */
  let rawProbe: TagProbe | undefined;
  /** The closing tag that may end the raw element, its name, and what was read after it. */
  let rawCloser = '';
  let rawCloserName = '';
  let follower: XmlFollowerReader | undefined;
  let markupOffset = 0;
  let settled: XmlScanEnd | undefined;

  function emitText(value: string, verbatim = false): void {
    if (value.length > 0) handler.text?.(value, verbatim);
  }

  /** The pending characters were no markup after all: they are text. */
  function literal(): void {
    emitText(pending);
    pending = '';
    state = State.Text;
  }

  function startElement(): void {
    if (open.length >= maxDepth) {
      throw new RXMLParseError(`Nesting deeper than ${maxDepth}`, { offset: markupOffset });
    }
    open.push(name);
    longestOpen.push(Math.max(longestOpen[longestOpen.length - 1] ?? 0, name.length));
    const raw = handler.elementStart?.(name, attributes, markupOffset) === true;
    attributes = {};
    pending = '';
    state = State.Text;
    if (raw) rawName = name;
  }

  function closeTop(): void {
    const closed = open.pop();
    if (closed === undefined) throw new Error('createXmlScanner: no element is open');
    longestOpen.pop();
    handler.elementEnd?.(closed);
  }

  /** Handles `</closing>`; false when it closes nothing, so it is text. */
  function endElement(closing: string): boolean {
    let at = open.lastIndexOf(closing);
    if (at === -1 && closing !== rootTag) {
      const innermost = open[open.length - 1];
      // Only the innermost element's name (or the root's, when none is open) may be misspelt.
      const meant = innermost ?? rootTag;
      if (meant === undefined || !isMisspelling(closing, meant)) return false;
      if (innermost !== undefined) at = open.length - 1;
      misspelt(closing, meant);
    }
    // A closing tag of an outer element also closes the ones a model forgot to close.
    while (open.length > Math.max(at, 0)) {
      if (open.length - 1 !== at)
        handler.repair?.(`<${open[open.length - 1]}> was closed by </${closing}>`);
      closeTop();
    }
    pending = '';
    state = at === -1 ? State.Done : State.Text;
    return true;
  }

  function misspelt(written: string, meant: string): void {
    handler.repair?.(`The closing tag </${written}> was read as </${meant}>`);
  }

  function setAttribute(key: string, value: string): void {
    setOwnProperty(attributes, key, value);
  }

  /** The name of the element read raw, in the states that read its content. */
  function rawElement(): string {
    if (rawName === undefined) throw new Error('createXmlScanner: no element is read raw');
    return rawName;
  }

  /** The reader of what follows the raw element's closing tag, in the state that reads it. */
  function rawFollower(): XmlFollowerReader {
    if (follower === undefined) throw new Error('createXmlScanner: no closing tag is followed');
    return follower;
  }

  function newRawProbe(): TagProbe {
    return new TagProbe(0, Math.max(rawElement().length + 2, rootTag?.length ?? 0), CDATA_OPEN);
  }

  function closesRaw(closing: string): boolean {
    const raw = rawElement();
    return closing === raw || isMisspelling(closing, raw);
  }

  /** An element enclosing the raw one, or the root: its closing tag may follow the raw element's. */
  function enclosesRaw(closing: string): boolean {
    return closing === rootTag || (open.length > 1 && open.lastIndexOf(closing, -2) !== -1);
  }

  function startFollower(closer: string, closerName: string): void {
    rawCloser = closer;
    rawCloserName = closerName;
    const longest = Math.max(
      longestOpen[longestOpen.length - 1] ?? 0,
      rootTag?.length ?? 0,
      rawElement().length + 2,
    );
    follower = new XmlFollowerReader(handler.siblingNames?.(), longest);
    state = State.RawFollower;
  }

  /** The raw element's closing tag ended it; the whitespace after it is its parent's text. */
  function endRaw(space: string): void {
    const raw = rawElement();
    if (rawCloserName !== raw) misspelt(rawCloserName, raw);
    rawName = undefined;
    rawCloser = '';
    follower = undefined;
    closeTop();
    emitText(space);
    state = State.Text;
  }

  /** What followed the raw element's closing tag does not end it: all of it is its text. */
  function keepRaw(reader: XmlFollowerReader): void {
    emitText(rawCloser + reader.gap);
    rawCloser = '';
    follower = undefined;
    state = State.Text;
    const tag = reader.tag;
    if (tag === '') return;
    // The tag read after it may itself begin a closing tag or CDATA of the raw content.
    const probe = newRawProbe();
    for (let k = 1; k < tag.length; k++) {
      if (probe.step(tag.charAt(k), tag.charCodeAt(k)) !== Probe.More) {
        emitText(tag);
        return;
      }
    }
    rawProbe = probe;
    state = State.RawMarkup;
  }

  /** The input ended after a raw element's closing tag: it ends the element if what follows may. */
  function settleFollower(): void {
    const reader = rawFollower();
    const kind = reader.tagKind;
    const closing = reader.name;
    const follows =
      kind === 'open'
        ? reader.mayOpen()
        : kind !== 'close' ||
          closing === '' ||
          rootTag?.startsWith(closing) === true ||
          open.slice(0, -1).some((outer) => outer.startsWith(closing));
    if (!follows) {
      emitText(rawCloser + reader.text);
      rawCloser = '';
      follower = undefined;
      state = State.Text;
      return;
    }
    const tag = reader.tag;
    endRaw(reader.space);
    // The tag begun after it is markup after the raw element, cut off.
    pending = tag;
    if (kind === 'open') {
      name = closing;
      state = State.OpenTag;
    } else if (kind === 'close') state = State.CloseTag;
    else if (kind !== undefined) state = State.Markup;
  }

  function scan(chunk: string): number {
    const length = chunk.length;
    let i = 0;
    try {
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
            i++;
            if (c === 0x26) {
              pending = '&';
              state = State.Entity;
            } else if (rawName !== undefined) {
              rawProbe = newRawProbe();
              state = State.RawMarkup;
            } else {
              pending = '<';
              state = State.Markup;
            }
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
          case State.RawMarkup: {
            const probe = rawProbe;
            if (probe === undefined) {
              throw new Error('createXmlScanner: raw markup without its probe');
            }
            const step = probe.step(chunk.charAt(i), code);
            if (step === Probe.More) {
              i++;
              break;
            }
            rawProbe = undefined;
            state = State.Text;
            if (step !== Probe.Complete) {
              emitText(probe.text);
              break;
            }
            i++;
            if (probe.kind === 'bang') {
              marks = 0;
              pending = '';
              state = State.Cdata;
            } else if (probe.name === rawName) startFollower(probe.text, probe.name);
            else if (probe.name === rootTag) {
              rawName = undefined;
              endElement(probe.name);
            } else if (closesRaw(probe.name)) startFollower(probe.text, probe.name);
            else emitText(probe.text);
            break;
          }
          case State.RawFollower: {
            const reader = rawFollower();
            const read = reader.read(chunk.charAt(i));
            if (read === 'more') i++;
            else if (read === 'open') {
              // The next argument: its opening tag goes on from here.
              const tag = reader.tag;
              endRaw(reader.space);
              name = reader.name;
              pending = tag;
              markupOffset = base + i - tag.length;
              state = State.OpenTag;
            } else if (read === 'close') {
              i++;
              const closing = reader.name;
              if (enclosesRaw(closing)) {
                endRaw(reader.space);
                endElement(closing);
              } else if (closesRaw(closing)) {
                // Another closing tag of the raw element: the first one was text.
                emitText(rawCloser + reader.gap);
                startFollower(reader.tag, closing);
              } else {
                emitText(rawCloser + reader.text);
                rawCloser = '';
                follower = undefined;
                state = State.Text;
              }
            } else keepRaw(reader);
            break;
          }
          case State.Markup:
            if (pending === '<') {
              if (code === 0x2f /* / */) {
                pending += chunk[i++];
                name = '';
                closeNameDone = false;
                state = State.CloseTag;
              } else if (code === 0x21 /* ! */ || code === 0x3f /* ? */) {
                pending += chunk[i++];
              } else if (isXmlNameStart(code)) {
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
            if (isXmlNameChar(code)) {
              name += chunk[i];
              pending += chunk[i++];
            } else if (code === 0x3e /* > */) {
              i++;
              startElement();
            } else if (code === 0x2f || isSpace(code)) {
              pending += chunk[i++];
              attributeName = '';
              state = code === 0x2f ? State.SelfClose : State.Attributes;
            } else literal();
            break;
          case State.Attributes:
            if (isXmlNameChar(code)) {
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
              startElement();
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
              if (code === 0x22 || code === 0x27) attributeQuote = chunk.charAt(i);
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
            startElement();
            rawName = undefined;
            closeTop();
            break;
          case State.CloseTag: {
            const char = chunk.charAt(i);
            if (!closeNameDone && (name === '' ? isXmlNameStart(code) : isXmlNameChar(code))) {
              name += char;
            } else if (code === 0x3e && name !== '') {
              i++;
              if (!endElement(name)) {
                pending += char;
                literal();
              }
              break;
            } else if (isSpace(code) && pending.length - name.length - 2 < MAX_CLOSING_TAG_SPACE) {
              // Spaces before the name (`</ a>`) or after it (`</a >`).
              closeNameDone = name !== '';
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
    } finally {
      base += i;
    }
    return i;
  }

  function settle(): XmlScanEnd {
    if (settled !== undefined) return settled;
    if (state === State.RawFollower) settleFollower();
    let ended: XmlScanEnd;
    if (open.length > 0) ended = 'open-element';
    else if (
      state === State.OpenTag ||
      state === State.Attributes ||
      state === State.AttributeValue ||
      state === State.SelfClose
    ) {
      ended = 'partial-element';
    } else if (state === State.Text || state === State.Entity || state === State.Done) {
      ended = 'complete';
    } else ended = 'partial-markup';
    // Held text is text; a closing tag cut short is not (nor is a comment or a declaration).
    if (state === State.Cdata) emitText(pending, true);
    else if (
      state !== State.Comment &&
      state !== State.Declaration &&
      state !== State.CloseTag &&
      state !== State.RawMarkup
    ) {
      emitText(pending);
    }
    pending = '';
    rawProbe = undefined;
    emitText(text);
    text = '';
    state = State.Done;
    settled = ended;
    return ended;
  }

  function end(): boolean {
    const ended = settle();
    rawName = undefined;
    while (open.length > 0) closeTop();
    return ended === 'complete';
  }

  return {
    write: scan,
    settle,
    end,
    get done() {
      return state === State.Done;
    },
    get openElements() {
      return open;
    },
    get offset() {
      return base;
    },
  };
}
