import type { JsonScanHandler } from '@toolbridge/rjson';
import { endsWithHighSurrogate } from './high-surrogate';

/**
 * The literal syntaxes of model-native calls: Python's (`'text'`, `"""text"""`, `1_000`, `True`,
 * `None`, `[…]`, `(…)`, `{'k': v}`), and Gemma's object syntax (`{key:<|"|>text<|"|>,n:1}`:
 * bare keys, strings between a delimiter token, bare numbers and booleans).
 */
export type LiteralDialect = 'python' | 'gemma';

/** Options of {@link LiteralReader}. */
export interface LiteralReaderOptions {
  dialect: LiteralDialect;
  /** Receives the value as scanner events, as if it had been JSON. */
  target: JsonScanHandler;
  /** Gemma: the token around strings (`<|"|>`, `<escape>`). */
  stringDelimiter?: string;
  /** Told each mistake of the model that was read past. */
  onRepair?: (message: string) => void;
  /**
   * Python arguments: the key of the positional argument at `index`, or undefined when it cannot
   * be told (the reader then fails: it never guesses which parameter a value is for).
   */
  positionalKey?: (index: number) => string | undefined;
}

/** Text that is not a literal of the dialect: a name, an expression, a nested call, broken syntax. */
export class LiteralSyntaxError extends Error {}

type ContainerKind = 'arguments' | 'list' | 'tuple' | 'dict' | 'dict-or-set' | 'set' | 'object';

interface Container {
  kind: ContainerKind;
  close: string;
  count: number;
}

/** A key read whole before it is known to be one: the first element of `{` may open a set. */
type KeyCandidate =
  | { type: 'string'; text: string }
  | { type: 'primitive'; value: number | boolean | null | string; text: string }
  | { type: 'name'; text: string };

type Mode =
  | 'value'
  | 'after'
  | 'argument'
  | 'argument-name'
  | 'argument-equals'
  | 'object-key'
  | 'object-key-bare'
  | 'key-end'
  | 'bare'
  | 'quote-1'
  | 'quote-2'
  | 'string'
  | 'escape'
  | 'quote-candidate'
  | 'triple-end'
  | 'delimiter-open'
  | 'delimited';

/** Longest bare key of a Gemma object before it is no key. */
const MAX_BARE_KEY_LENGTH = 256;
/** Longest `\N{…}` escape read. */
const MAX_NAMED_ESCAPE = 100;

const SIMPLE_ESCAPES: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  b: '\b',
  f: '\f',
  v: '\v',
  a: '\x07',
  '\\': '\\',
  "'": "'",
  '"': '"',
};

const HEX_ESCAPE_LENGTH: Record<string, number> = { x: 2, u: 4, U: 8 };

function isSpace(char: string): boolean {
  return char === ' ' || char === '\n' || char === '\t' || char === '\r' || char.trim() === '';
}

function isDigit(char: string): boolean {
  return char >= '0' && char <= '9';
}

function isLetter(char: string): boolean {
  return (char >= 'a' && char <= 'z') || (char >= 'A' && char <= 'Z') || char.charCodeAt(0) > 127;
}

/** A character that may start a Python name (a keyword argument, `True`, a string prefix). */
export function isNameStart(char: string): boolean {
  return isLetter(char) || char === '_' || char === '$';
}

/** A character of a keyword-argument name (dashes too: models write `max-results=5` for such a key). */
function isNameChar(char: string): boolean {
  return isNameStart(char) || isDigit(char) || char === '-';
}

/** A character of a Python bare token: a name, a number (`-1.5e+3`, `0x1F`, `1_000`), a dotted name. */
function isBareChar(char: string): boolean {
  return isNameStart(char) || isDigit(char) || char === '.' || char === '+' || char === '-';
}

function isHex(char: string): boolean {
  return isDigit(char) || (char >= 'a' && char <= 'f') || (char >= 'A' && char <= 'F');
}

/** A number as Python writes it, or `'too-large'` for one no JSON number holds. */
export function parseNumber(token: string): number | 'too-large' | undefined {
  let text = token.includes('_') ? token.replaceAll('_', '') : token;
  let sign = 1;
  if (text.startsWith('-') || text.startsWith('+')) {
    if (text.startsWith('-')) sign = -1;
    text = text.slice(1);
  }
  let value: number;
  if (/^0[xX][0-9a-fA-F]+$/.test(text)) value = Number.parseInt(text.slice(2), 16);
  else if (/^0[oO][0-7]+$/.test(text)) value = Number.parseInt(text.slice(2), 8);
  else if (/^0[bB][01]+$/.test(text)) value = Number.parseInt(text.slice(2), 2);
  else if (/^(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/.test(text)) value = Number(text);
  else return undefined;
  return Number.isFinite(value) ? sign * value : 'too-large';
}

/** `True`, `None`, `42`, JSON's `true` and `null`…; undefined for any other token. */
function literalOf(token: string): { value: number | boolean | null | string } | undefined {
  switch (token) {
    case 'True':
    case 'true':
      return { value: true };
    case 'False':
    case 'false':
      return { value: false };
    case 'None':
    case 'null':
      return { value: null };
  }
  const number = parseNumber(token);
  if (number === undefined) return undefined;
  // Too large for a JSON number: kept as written (a string), as RJSON does, never Infinity.
  return { value: number === 'too-large' ? token : number };
}

/** A Python string prefix: `r`, `u`, `b`, `f` and their combinations. */
function stringPrefix(token: string): { raw: boolean } | 'bytes' | 'f-string' | undefined {
  if (token.length === 0 || token.length > 2 || !/^[rRuUbBfF]+$/.test(token)) return undefined;
  const lower = token.toLowerCase();
  if (lower.includes('b')) return 'bytes';
  if (lower.includes('f')) return 'f-string';
  if (lower === 'ur' || lower === 'ru' || lower === 'uu' || lower === 'rr') return undefined;
  return { raw: lower.includes('r') };
}

/**
 * Reads one literal value incrementally, never evaluating anything, and reports it to a
 * {@link JsonScanHandler} as if it had been JSON: strings piece by piece as they arrive (a
 * trailing high surrogate waits for its pair), numbers, booleans and `None` once complete.
 * Containers nest on an explicit stack, so depth costs no call stack; each character is read a
 * bounded number of times. Tuples and sets become arrays, dicts objects (keys as strings).
 *
 * Read past, and reported through `onRepair`: a quote inside a one-line string that what follows
 * shows is no closing quote (`'It's'`), a line break inside a one-line string, a bare key
 * (`{city: 'Lyon'}`), and in the Gemma dialect a string in quotes instead of its delimiters, or a
 * value without them (the server dropped the tokens: `{city:Lyon}`). Names, expressions and
 * nested calls are errors.
 */
export class LiteralReader {
  private readonly dialect: LiteralDialect;
  private readonly target: JsonScanHandler;
  private readonly delimiter: string;
  private readonly onRepair: (message: string) => void;
  private readonly positionalKey: (index: number) => string | undefined;

  private readonly stack: Container[] = [];
  private mode: Mode = 'value';
  private complete = false;
  /** The value being read is a key (a dict's or a Gemma object's): collected, not streamed. */
  private expectKey = false;
  private inComment = false;
  /** The next quote opens a raw string (an `r` prefix was read). */
  private rawNext = false;

  private quote = '';
  private triple = false;
  private raw = false;
  /** The next quote continues the open string (`'a' 'b'` is one string in Python). */
  private continuing = false;
  private lineBreakSeen = false;
  /** Decoded string content not yet emitted. */
  private pending = '';
  private candidateSpace = '';
  private tripleCount = 0;
  private escape = '';
  private bare = '';
  private name = '';
  private keyCandidate: KeyCandidate | undefined;
  private delimiterMatched = 0;
  /** Open Gemma objects written with parentheses (`call:f(key: "v")`): `)` then ends bare values. */
  private parenObjects = 0;

  /** Where reading stopped in the text last written: after the value, or at the character that broke it. */
  position = 0;

  constructor(options: LiteralReaderOptions) {
    this.dialect = options.dialect;
    this.target = options.target;
    this.delimiter = options.stringDelimiter ?? '';
    this.onRepair = options.onRepair ?? (() => {});
    this.positionalKey = options.positionalKey ?? (() => undefined);
  }

  /** Whether the value is complete. */
  get done(): boolean {
    return this.complete;
  }

  /** Reads Python call arguments (`k=v, k2=v2)`, after the `(`) as the object of their keys. */
  openArguments(): void {
    this.target.objectStart?.();
    this.stack.push({ kind: 'arguments', close: ')', count: 0 });
    this.mode = 'argument';
  }

  /**
   * Gemma: reads call arguments as an object, after its opening bracket: `{` as the templates
   * write it, or `(` as models sometimes do (`call:f(key: "v")`, `key="v"` too).
   */
  openObject(close: '}' | ')'): void {
    this.target.objectStart?.();
    this.stack.push({ kind: 'object', close, count: 0 });
    if (close === ')') this.parenObjects++;
    this.mode = 'object-key';
  }

  /**
   * Reads `text` from `from`. Returns where reading stopped: the end of the text, or right after
   * the value once it is complete.
   *
   * @throws {LiteralSyntaxError} at text that is no literal; `position` is where.
   */
  write(text: string, from = 0): number {
    let i = from;
    while (i < text.length && !this.complete) {
      this.position = i;
      i = this.step(text, i);
    }
    this.position = i;
    this.flush(false);
    return i;
  }

  /**
   * The text ended: a value outside any container that only its end completes (`None`, a string
   * whose closing quote was the last character) is complete now. Anything else open stays open.
   *
   * @throws {LiteralSyntaxError} when that value is no literal.
   */
  end(): void {
    if (this.complete || this.stack.length > 0) return;
    if (this.mode === 'bare') this.finishBare('');
    else if (this.mode === 'quote-candidate') this.finishString();
    else if (this.mode === 'quote-2') {
      this.beginString(false);
      this.finishString();
    }
  }

  /** Reads at `i`; returns the index of the next character to read (`i` itself after a mode change). */
  private step(text: string, i: number): number {
    const char = text.charAt(i);
    if (this.inComment) {
      if (char === '\n') this.inComment = false;
      return i + 1;
    }
    switch (this.mode) {
      case 'value':
        return this.readValueStart(char, i);
      case 'after':
        return this.readAfterValue(char, i);
      case 'argument':
        return this.readArgument(char, i);
      case 'argument-name':
        if (isNameChar(char)) {
          this.name += char;
          return i + 1;
        }
        this.mode = 'argument-equals';
        return i;
      case 'argument-equals':
        return this.readArgumentEquals(char, i);
      case 'object-key':
        return this.readObjectKey(char, i);
      case 'object-key-bare':
        return this.readBareKey(char, i);
      case 'key-end':
        return this.readKeyEnd(char, i);
      case 'bare':
        return this.readBare(text, i);
      case 'quote-1':
        if (char === this.quote) {
          this.mode = 'quote-2';
          return i + 1;
        }
        this.beginString(false);
        return i;
      case 'quote-2':
        if (char === this.quote) {
          this.beginString(true);
          return i + 1;
        }
        this.beginString(false);
        this.finishString();
        return i;
      case 'string':
        return this.readString(text, i);
      case 'escape':
        return this.readEscape(char, i);
      case 'quote-candidate':
        return this.readQuoteCandidate(char, i);
      case 'triple-end':
        if (char === this.quote) {
          if (++this.tripleCount === 3) this.finishString();
          return i + 1;
        }
        this.pending += this.quote.repeat(this.tripleCount);
        this.mode = 'string';
        return i;
      case 'delimiter-open':
        if (char !== this.delimiter[this.delimiterMatched]) {
          throw new LiteralSyntaxError(`Expected a value, found ${JSON.stringify(char)}`);
        }
        if (++this.delimiterMatched === this.delimiter.length) {
          this.delimiterMatched = 0;
          this.beginString(false);
          this.mode = 'delimited';
        }
        return i + 1;
      case 'delimited':
        return this.readDelimited(text, i);
    }
  }

  /** Skips whitespace and, in Python, comments; true if `char` was one. */
  private skipSpace(char: string): boolean {
    if (isSpace(char)) return true;
    if (char === '#' && this.dialect === 'python') {
      this.inComment = true;
      return true;
    }
    return false;
  }

  private top(): Container | undefined {
    return this.stack[this.stack.length - 1];
  }

  /** The innermost container, in the modes that read inside one (after a value, a key). */
  private container(): Container {
    const top = this.top();
    if (top === undefined) {
      throw new Error(`LiteralReader: no container is open in mode ${this.mode}`);
    }
    return top;
  }

  private readValueStart(char: string, i: number): number {
    if (this.skipSpace(char)) return i + 1;
    const top = this.top();
    if (top !== undefined && char === top.close && this.mayCloseBeforeValue(top)) {
      this.closeContainer(top);
      return i + 1;
    }
    if (char === '"' || char === "'") {
      this.startQuote(char);
      return i + 1;
    }
    this.rawNext = false;
    if (this.dialect === 'gemma' && char === this.delimiter[0]) {
      this.delimiterMatched = 1;
      this.mode = 'delimiter-open';
      return i + 1;
    }
    if (char === '[') {
      this.openContainer('list', ']');
      return i + 1;
    }
    if (char === '{') {
      this.openContainer(this.dialect === 'python' ? 'dict-or-set' : 'object', '}');
      return i + 1;
    }
    if (char === '(' && this.dialect === 'python') {
      this.openContainer('tuple', ')');
      return i + 1;
    }
    if (
      this.dialect === 'python' ? isBareChar(char) : char !== ',' && char !== ']' && char !== '}'
    ) {
      this.bare = '';
      this.mode = 'bare';
      return i;
    }
    throw new LiteralSyntaxError(`Expected a value, found ${JSON.stringify(char)}`);
  }

  /** A closing bracket right after an opening one or a comma: an empty container or a trailing comma. */
  private mayCloseBeforeValue(top: Container): boolean {
    return this.expectKey || top.kind === 'list' || top.kind === 'tuple' || top.kind === 'set';
  }

  private readAfterValue(char: string, i: number): number {
    if (this.skipSpace(char)) return i + 1;
    const top = this.container();
    if (char === top.close) {
      this.closeContainer(top);
      return i + 1;
    }
    if (char !== ',') {
      throw new LiteralSyntaxError(`Expected "," or "${top.close}", found ${JSON.stringify(char)}`);
    }
    switch (top.kind) {
      case 'arguments':
        this.mode = 'argument';
        break;
      case 'object':
        this.mode = 'object-key';
        break;
      case 'dict':
        this.expectKey = true;
        this.mode = 'value';
        break;
      default:
        this.mode = 'value';
    }
    return i + 1;
  }

  private readArgument(char: string, i: number): number {
    if (this.skipSpace(char)) return i + 1;
    if (char === ')') {
      this.closeContainer(this.container());
      return i + 1;
    }
    if (isNameStart(char)) {
      this.name = char;
      this.mode = 'argument-name';
      return i + 1;
    }
    if (char === '*') throw new LiteralSyntaxError('Unpacked arguments (*, **) are not literals');
    if (char === ',') throw new LiteralSyntaxError('An argument is missing before ","');
    this.positional();
    this.mode = 'value';
    return i;
  }

  private readArgumentEquals(char: string, i: number): number {
    if (char === ' ' || char === '\t') return i + 1;
    if (char === '=') {
      this.target.key?.(this.name);
      this.mode = 'value';
      return i + 1;
    }
    // A name, then no `=`: a positional value that starts with a name (`True`, a string prefix…).
    this.positional();
    this.bare = this.name;
    this.mode = 'bare';
    return i;
  }

  private positional(): void {
    const key = this.positionalKey(this.container().count);
    if (key === undefined) {
      throw new LiteralSyntaxError(
        'Positional arguments are not read (which parameter they are for is a guess): write name=value',
      );
    }
    this.onRepair(`A positional argument was read as "${key}", the tool's only parameter`);
    this.target.key?.(key);
  }

  private readObjectKey(char: string, i: number): number {
    if (isSpace(char)) return i + 1;
    const top = this.container();
    if (char === top.close) {
      this.closeContainer(top);
      return i + 1;
    }
    if (char === this.delimiter[0]) {
      this.expectKey = true;
      this.delimiterMatched = 1;
      this.mode = 'delimiter-open';
      return i + 1;
    }
    if (char === '"' || char === "'") {
      this.expectKey = true;
      this.startQuote(char);
      return i + 1;
    }
    if (char === ',') throw new LiteralSyntaxError('A key is missing before ","');
    this.name = '';
    this.mode = 'object-key-bare';
    return i;
  }

  private readBareKey(char: string, i: number): number {
    if (char === ':' || (char === '=' && this.container().close === ')')) {
      const key = this.name.trim();
      if (key === '') throw new LiteralSyntaxError('A key is missing before ":"');
      this.target.key?.(key);
      this.mode = 'value';
      return i + 1;
    }
    if (
      char === ',' ||
      char === '}' ||
      char === ')' ||
      char === '{' ||
      char === '[' ||
      char === ']' ||
      char === this.delimiter[0] ||
      this.name.length > MAX_BARE_KEY_LENGTH
    ) {
      throw new LiteralSyntaxError(`Expected ":" after the key ${JSON.stringify(this.name)}`);
    }
    this.name += char;
    return i + 1;
  }

  private readKeyEnd(char: string, i: number): number {
    if (this.skipSpace(char)) return i + 1;
    const top = this.container();
    const candidate = this.keyCandidate;
    if (candidate === undefined) throw new Error('LiteralReader: a key ended without its text');
    if (char === ':') {
      if (top.kind === 'dict-or-set') {
        top.kind = 'dict';
        this.target.objectStart?.();
      }
      if (candidate.type === 'name') this.onRepair(`The key ${candidate.text} was not quoted`);
      this.target.key?.(candidate.text);
      this.keyCandidate = undefined;
      this.expectKey = false;
      this.mode = 'value';
      return i + 1;
    }
    if ((char === ',' || char === '}') && top.kind === 'dict-or-set') {
      // `{1, 2}`: a set, read as a list.
      top.kind = 'set';
      this.target.arrayStart?.();
      this.expectKey = false;
      this.keyCandidate = undefined;
      if (candidate.type === 'name') {
        throw new LiteralSyntaxError(`${candidate.text} is not a literal value`);
      }
      if (candidate.type === 'string' || typeof candidate.value === 'string') {
        this.emitString(candidate.type === 'string' ? candidate.text : String(candidate.value));
      } else this.target.primitive?.(candidate.value);
      this.valueDone();
      return i;
    }
    throw new LiteralSyntaxError(`Expected ":" after a key, found ${JSON.stringify(char)}`);
  }

  private readBare(text: string, i: number): number {
    let j = i;
    if (this.dialect === 'python') {
      while (j < text.length && isBareChar(text.charAt(j))) j++;
    } else {
      const first = this.delimiter[0];
      while (j < text.length) {
        const char = text.charAt(j);
        if (char === ',' || char === '}' || char === ']' || char === first) break;
        if (char === ')' && this.parenObjects > 0) break;
        j++;
      }
    }
    this.bare += text.slice(i, j);
    if (j < text.length) {
      // A failure is reported at the character that ended the token, however the text was chunked.
      this.position = j;
      this.finishBare(text.charAt(j));
    }
    return j;
  }

  /** A bare token ended before `terminator` (read next, in the mode this leaves). */
  private finishBare(terminator: string): void {
    const token = this.dialect === 'gemma' ? this.bare.trim() : this.bare;
    this.bare = '';
    if (this.dialect === 'python' && (terminator === '"' || terminator === "'")) {
      const prefix = stringPrefix(token);
      if (prefix === 'bytes') throw new LiteralSyntaxError('A bytes literal is not text');
      if (prefix === 'f-string') throw new LiteralSyntaxError('An f-string is not a literal');
      if (prefix !== undefined) {
        this.rawNext = prefix.raw;
        this.mode = 'value';
        return;
      }
    }
    const literal = literalOf(token);
    if (this.expectKey) {
      this.keyCandidate =
        literal === undefined
          ? { type: 'name', text: token }
          : { type: 'primitive', value: literal.value, text: keyText(literal.value) };
      if (literal === undefined && !/^[A-Za-z_$][\w$-]*$/.test(token)) {
        throw new LiteralSyntaxError(`${token} is not a key`);
      }
      this.mode = 'key-end';
      return;
    }
    if (literal !== undefined) {
      if (typeof literal.value === 'string') this.emitString(literal.value);
      else this.target.primitive?.(literal.value);
      this.valueDone();
      return;
    }
    if (this.dialect === 'gemma') {
      if (token === '') throw new LiteralSyntaxError('A value is missing');
      this.onRepair('A string value without its delimiters was read as text');
      this.emitString(token);
      this.valueDone();
      return;
    }
    if (token === '')
      throw new LiteralSyntaxError(`Expected a value, found ${JSON.stringify(terminator)}`);
    if (terminator === '(') {
      throw new LiteralSyntaxError(`The nested call ${token}(…) is not a literal value`);
    }
    throw new LiteralSyntaxError(`${token} is not a literal value`);
  }

  private emitString(text: string): void {
    this.target.stringStart?.();
    if (text.length > 0) this.target.stringChunk?.(text);
    this.target.stringEnd?.();
  }

  private startQuote(quote: string): void {
    if (this.dialect === 'gemma' && !this.continuing) {
      this.onRepair(`A string was written in ${quote} quotes instead of its delimiters`);
    }
    this.quote = quote;
    this.raw = this.rawNext;
    this.rawNext = false;
    this.mode = 'quote-1';
  }

  private beginString(triple: boolean): void {
    this.triple = triple;
    this.lineBreakSeen = false;
    this.mode = 'string';
    if (this.continuing) this.continuing = false;
    else if (!this.expectKey) this.target.stringStart?.();
  }

  private readString(text: string, i: number): number {
    let j = i;
    while (j < text.length) {
      const char = text.charAt(j);
      if (char === this.quote || char === '\\' || (char === '\n' && !this.triple)) break;
      j++;
    }
    if (j > i) this.pending += text.slice(i, j);
    if (j === text.length) return j;
    const char = text.charAt(j);
    if (char === '\\') {
      this.escape = '';
      this.mode = 'escape';
    } else if (char === '\n') {
      if (!this.lineBreakSeen) {
        this.lineBreakSeen = true;
        this.onRepair('A line break inside a quoted string was read as part of it');
      }
      this.pending += char;
    } else if (this.triple) {
      this.tripleCount = 1;
      this.mode = 'triple-end';
    } else {
      this.candidateSpace = '';
      this.mode = 'quote-candidate';
    }
    return j + 1;
  }

  private readEscape(char: string, i: number): number {
    const written = this.escape;
    if (this.raw) {
      // Raw strings keep the backslash; an escaped quote does not end them.
      this.pending += `\\${char}`;
      this.mode = 'string';
      return i + 1;
    }
    if (written === '') {
      const simple =
        SIMPLE_ESCAPES[char] ?? (char === '/' && this.dialect === 'gemma' ? '/' : undefined);
      if (simple !== undefined) {
        this.pending += simple;
        this.mode = 'string';
      } else if (char === '\n') this.mode = 'string';
      else if (
        char in HEX_ESCAPE_LENGTH ||
        char === 'N' ||
        char === '\r' ||
        (char >= '0' && char <= '7')
      ) {
        this.escape = char;
      } else {
        this.pending += `\\${char}`;
        this.mode = 'string';
      }
      return i + 1;
    }
    const kind = written.charAt(0);
    if (kind === '\r') {
      // A line continuation written with CRLF.
      this.mode = 'string';
      return char === '\n' ? i + 1 : i;
    }
    if (kind === 'N') {
      if (written === 'N' && char !== '{') {
        this.pending += '\\N';
        this.mode = 'string';
        return i;
      }
      this.escape += char;
      if (char === '}' || this.escape.length > MAX_NAMED_ESCAPE) {
        this.onRepair(`The escape \\${this.escape} was kept as written`);
        this.pending += `\\${this.escape}`;
        this.mode = 'string';
      }
      return i + 1;
    }
    const hexLength = HEX_ESCAPE_LENGTH[kind];
    if (hexLength !== undefined) {
      if (!isHex(char)) {
        this.pending += `\\${written}`;
        this.mode = 'string';
        return i;
      }
      this.escape += char;
      if (this.escape.length === hexLength + 1) {
        const code = Number.parseInt(this.escape.slice(1), 16);
        this.pending += code > 0x10ffff ? `\\${this.escape}` : String.fromCodePoint(code);
        this.mode = 'string';
      }
      return i + 1;
    }
    // Octal: up to three digits.
    if (char >= '0' && char <= '7' && written.length < 3) {
      this.escape += char;
      if (this.escape.length < 3) return i + 1;
      this.pending += String.fromCharCode(Number.parseInt(this.escape, 8));
      this.mode = 'string';
      return i + 1;
    }
    this.pending += String.fromCharCode(Number.parseInt(written, 8));
    this.mode = 'string';
    return i;
  }

  /** After the quote of a one-line string: it closes the string only if what follows can follow one. */
  private readQuoteCandidate(char: string, i: number): number {
    if (isSpace(char)) {
      this.candidateSpace += char;
      return i + 1;
    }
    const follows =
      char === ',' ||
      char === ']' ||
      char === '}' ||
      char === ':' ||
      (char === ')' && (this.dialect === 'python' || this.parenObjects > 0));
    if (follows) {
      this.finishString();
      return i;
    }
    if (this.dialect === 'python' && (char === '"' || char === "'")) {
      // `'abc' 'def'`: adjacent strings are one.
      this.continuing = true;
      this.startQuote(char);
      return i + 1;
    }
    this.onRepair('An unescaped quote inside a string was read as part of it');
    this.pending += this.quote + this.candidateSpace;
    this.mode = 'string';
    return i;
  }

  private readDelimited(text: string, i: number): number {
    const delimiter = this.delimiter;
    if (this.delimiterMatched === 0) {
      const next = text.indexOf(delimiter.charAt(0), i);
      const end = next === -1 ? text.length : next;
      if (end > i) this.pending += text.slice(i, end);
      if (next === -1) return end;
      this.delimiterMatched = 1;
      return end + 1;
    }
    const char = text.charAt(i);
    if (char === delimiter[this.delimiterMatched]) {
      if (++this.delimiterMatched === delimiter.length) {
        this.delimiterMatched = 0;
        this.finishString();
      }
      return i + 1;
    }
    // Not the delimiter after all: what matched is content (it starts with the only `<`).
    this.pending += delimiter.slice(0, this.delimiterMatched);
    this.delimiterMatched = 0;
    return i;
  }

  private finishString(): void {
    if (this.expectKey) {
      this.keyCandidate = { type: 'string', text: this.pending };
      this.pending = '';
      this.mode = 'key-end';
      return;
    }
    this.flush(true);
    this.target.stringEnd?.();
    this.valueDone();
  }

  /** Emits decoded string content; a trailing high surrogate waits for its pair unless `final`. */
  private flush(final: boolean): void {
    if (this.pending === '' || this.expectKey) return;
    let out = this.pending;
    this.pending = '';
    if (!final && endsWithHighSurrogate(out)) {
      this.pending = out.slice(-1);
      out = out.slice(0, -1);
    }
    if (out.length > 0) this.target.stringChunk?.(out);
  }

  private openContainer(kind: ContainerKind, close: string): void {
    if (this.expectKey) throw new LiteralSyntaxError('A key must be a string or a number');
    this.stack.push({ kind, close, count: 0 });
    switch (kind) {
      case 'list':
      case 'tuple':
        this.target.arrayStart?.();
        this.mode = 'value';
        break;
      case 'object':
        this.target.objectStart?.();
        this.mode = 'object-key';
        break;
      default:
        this.expectKey = true;
        this.mode = 'value';
    }
  }

  /** Closes `container`, the innermost one. */
  private closeContainer(container: Container): void {
    this.stack.pop();
    this.expectKey = false;
    if (container.kind === 'object' && container.close === ')') this.parenObjects--;
    switch (container.kind) {
      case 'dict-or-set':
        this.target.objectStart?.();
        this.target.objectEnd?.();
        break;
      case 'dict':
      case 'object':
      case 'arguments':
        this.target.objectEnd?.();
        break;
      default:
        this.target.arrayEnd?.();
    }
    this.valueDone();
  }

  private valueDone(): void {
    const top = this.top();
    if (top === undefined) {
      this.complete = true;
      return;
    }
    top.count++;
    this.mode = 'after';
  }
}

/** A non-string key as JSON writes it: `1` → "1", `True` → "true". */
function keyText(value: number | boolean | null | string): string {
  return typeof value === 'string' ? value : String(value);
}

/** How {@link writeLiteral} spells a value. */
export interface LiteralStyle {
  string(text: string): string;
  key(name: string): string;
  keySeparator: string;
  itemSeparator: string;
  true: string;
  false: string;
  null: string;
  /** Write object keys in sorted order (as Jinja's `dictsort` does). */
  sortKeys?: boolean;
  /** Rewrites a member's value before it is written. */
  member?(key: string, value: unknown): unknown;
}

/** Python literals: `{"k": [1, True, None]}` (strings as JSON writes them, which Python reads alike). */
export const PYTHON_LITERAL: LiteralStyle = {
  string: (text) => JSON.stringify(text),
  key: (name) => JSON.stringify(name),
  keySeparator: ': ',
  itemSeparator: ', ',
  true: 'True',
  false: 'False',
  null: 'None',
};

/** Gemma's object syntax with `delimiter` around strings: `{city:<|"|>Lyon<|"|>,days:2}`. */
export function gemmaLiteralStyle(delimiter: string): LiteralStyle {
  return {
    string: (text) => `${delimiter}${text}${delimiter}`,
    key: (name) =>
      /^[\p{L}_][\p{L}\p{N}_-]*$/u.test(name) ? name : `${delimiter}${name}${delimiter}`,
    keySeparator: ':',
    itemSeparator: ',',
    true: 'true',
    false: 'false',
    null: 'None',
    sortKeys: true,
  };
}

/** Writes a JSON value as a literal in `style`. Iterative, so depth costs no call stack. */
export function writeLiteral(value: unknown, style: LiteralStyle): string {
  const out: string[] = [];
  const stack: Array<{
    close: string;
    entries: Array<[string | undefined, unknown]>;
    next: number;
  }> = [];
  const write = (item: unknown) => {
    if (typeof item === 'string') out.push(style.string(item));
    else if (typeof item === 'number') out.push(Number.isFinite(item) ? String(item) : style.null);
    else if (typeof item === 'boolean') out.push(item ? style.true : style.false);
    else if (Array.isArray(item)) {
      out.push('[');
      stack.push({ close: ']', entries: item.map((entry) => [undefined, entry]), next: 0 });
    } else if (typeof item === 'object' && item !== null) {
      out.push('{');
      const entries = Object.entries(item).filter(([, member]) => member !== undefined);
      if (style.sortKeys) entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      stack.push({ close: '}', entries, next: 0 });
    } else out.push(style.null);
  };
  write(value);
  for (let frame = stack[stack.length - 1]; frame !== undefined; frame = stack[stack.length - 1]) {
    const entry = frame.entries[frame.next++];
    if (entry === undefined) {
      out.push(frame.close);
      stack.pop();
      continue;
    }
    const [key, member] = entry;
    if (frame.next > 1) out.push(style.itemSeparator);
    if (key === undefined) write(member);
    else {
      out.push(style.key(key) + style.keySeparator);
      write(style.member ? style.member(key, member) : member);
    }
  }
  return out.join('');
}
