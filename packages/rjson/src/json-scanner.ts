import { excerptAt, RJSONParseError } from './rjson-parse-error';

/**
 * What a {@link JsonScanner} reports while it reads. Every method is optional. String
 * content arrives decoded, in pieces: at most one `stringChunk` per string per `write`,
 * and a piece never ends inside a surrogate pair, so pieces can be escaped one by one.
 * All the content read by the end of a `write` is passed on by then, except a possible
 * closing quote and the characters after it that decide whether it closes (see
 * {@link createJsonScanner}), an incomplete escape, and a lone high surrogate.
 *
 * A method may throw to reject what it is told: the error propagates out of `write` or
 * `end`, and {@link JsonScanner.offset} then says where in the input it happened.
 */
export interface JsonScanHandler {
  objectStart?(): void;
  objectEnd?(): void;
  arrayStart?(): void;
  arrayEnd?(): void;
  /** An object key, complete and decoded. */
  key?(key: string): void;
  stringStart?(): void;
  stringChunk?(text: string): void;
  stringEnd?(): void;
  /**
   * A complete number, boolean or null (Python's `True`, `False`, `None` included). A number
   * too large for a JSON number (`1e999`, 400 digits) is reported as a string instead, exactly
   * as written (`stringStart`, `stringChunk`, `stringEnd`), never as `Infinity`.
   */
  primitive?(value: number | boolean | null): void;
}

/** Options of {@link createJsonScanner}. */
export interface JsonScannerOptions {
  /** Deepest nesting of objects and arrays accepted. Default: 1000. */
  maxDepth?: number;
}

/** An incremental reader of one relaxed JSON value; see {@link createJsonScanner}. */
export interface JsonScanner {
  /**
   * Reads the next chunk. Returns how many of its characters belong to the value: the whole
   * chunk until the value is complete, then the length up to its end (the rest is not read).
   * Throws {@link RJSONParseError} on text that is not relaxed JSON.
   */
  write(chunk: string): number;
  /** Declares the input finished: completes a trailing number or literal, or throws if the value is incomplete. */
  end(): void;
  /** True once a complete value has been read. */
  readonly done: boolean;
  /** How many objects and arrays are open. */
  readonly depth: number;
  /**
   * Characters read so far (UTF-16 code units from the start of the input). After `write` or
   * `end` threw, whether the text could not be read or a handler method threw, it is the
   * index of the character being read at that moment, whatever the chunking: the character
   * that cannot be read, the delimiter that completed a number, literal or unquoted key, a
   * string's closing quote for `stringEnd` and for the `key` of a quoted key. (Only a throwing
   * `stringChunk`, whose pieces depend on the chunking, gets the end of the current chunk.)
   * For errors the scanner raises, {@link RJSONParseError.offset} is the same index.
   */
  readonly offset: number;
}

export const DEFAULT_MAX_DEPTH = 1000;

enum State {
  Value,
  Key,
  Colon,
  AfterValue,
  String,
  Escape,
  Unicode,
  /** After a quote that may close the current string: deciding by what follows. */
  QuoteEnd,
  Bare,
  Slash,
  LineComment,
  BlockComment,
  BlockCommentStar,
  Done,
}

const OBJECT = 0;
const ARRAY = 1;

/** What has been seen after a quote that may close a string (see {@link createJsonScanner}). */
enum Look {
  /** Only whitespace. */
  Quote,
  /** `,` (in a container) and whitespace. */
  Comma,
  /** A `/` that starts a comment if `/` or `*` follows. */
  Slash,
  /** `,` then the start of an unquoted key. */
  Word,
  /** `,` then an unquoted key and whitespace. */
  WordSpace,
  /** `,` then the start of a literal (`true`, `None`, ...) in an array. */
  Literal,
}

const HOLD = 0;
const CLOSES = 1;
const LITERAL = 2;

/** The most characters of an unquoted key (and the whitespace after it) read to decide a quote. */
const MAX_KEY_LOOKAHEAD = 64;

const LITERALS: ReadonlyMap<string, boolean | null> = new Map([
  ['true', true],
  ['false', false],
  ['null', null],
  ['True', true],
  ['False', false],
  ['None', null],
]);

const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

function isWhitespace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09 || code === 0xfeff;
}

/** Letters, digits and `_ $ + - .`: what numbers, literals and unquoted keys are made of. */
function isBareChar(code: number): boolean {
  return (
    (code >= 0x61 && code <= 0x7a) ||
    (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x30 && code <= 0x39) ||
    code === 0x5f ||
    code === 0x24 ||
    code === 0x2b ||
    code === 0x2d ||
    code === 0x2e ||
    code > 0x7f
  );
}

/** What can start a value in an array after a `,`, besides a literal word: quotes, `{ [ ]`, digits, `- + .`. */
function isValueStart(code: number): boolean {
  return (
    code === 0x22 ||
    code === 0x27 ||
    code === 0x7b ||
    code === 0x5b ||
    code === 0x5d ||
    (code >= 0x30 && code <= 0x39) ||
    code === 0x2d ||
    code === 0x2b ||
    code === 0x2e
  );
}

function isLiteralPrefix(word: string): boolean {
  for (const literal of LITERALS.keys()) if (literal.startsWith(word)) return true;
  return false;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/**
 * Creates an incremental scanner for one JSON value in the relaxed syntax that
 * `RJSON.parse` accepts: comments, trailing commas, unquoted keys, single-quoted strings,
 * raw control characters in strings, Python `True`/`False`/`None`. Each character is read
 * once (a few held ones twice), so the total work is linear in the input whatever the chunk
 * sizes; nesting is tracked on an explicit stack, never by recursion.
 *
 * Models forget to escape quotes inside strings, so a quote like the one that opened the
 * string closes it only if what follows it (after whitespace) can follow a string there:
 * after an object key, `:`; after a value in an object, `}`, or `,` followed by a quote, an
 * unquoted key and `:` (within 64 characters), or `}`; after a value in an array, `]`, or `,`
 * followed by the start of a value (a quote, `{`, `[`, `]`, a digit, `-`, `+`, `.`, or a
 * literal `true` `false` `null` `True` `False` `None`); a comment (`//`, `/*`) counts as
 * what may follow wherever whitespace may stand. Otherwise the quote is part of the string: in
 * `{"content": "He said "hi" there"}` the content is `He said "hi" there`. A string that is
 * the whole value closes at its first matching quote; at `end()` an undecided quote closes.
 * The decision depends on the characters only, never on how they were split into chunks.
 */
export function createJsonScanner(
  handler: JsonScanHandler = {},
  options: JsonScannerOptions = {},
): JsonScanner {
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
  const stack: number[] = [];
  let state = State.Value;
  let commentReturn = State.Value;
  /** Characters consumed; after a failure, where it happened. */
  let position = 0;
  /** Whether `position` already says where the current failure happened. */
  let settled = false;
  /** The text being scanned and the absolute offset of its first character. */
  let chunk = '';
  let chunkBase = 0;

  let quote = 0;
  let stringIsKey = false;
  let run = '';
  let keyText = '';
  let pendingHigh = '';
  let unicodeDigits = '';

  // A quote that may close the current string, and the characters after it, until decided.
  let held = '';
  let heldStart = 0;
  let look = Look.Quote;
  let lookLength = 0;
  let literalWord = '';

  let bare = '';
  let bareIsKey = false;

  function fail(message: string, index: number): never {
    throw new RJSONParseError(message, {
      offset: chunkBase + index,
      excerpt: excerptAt(chunk, index),
    });
  }

  /** Records where the error being thrown happened, unless a nested scan already did. */
  function settle(offset: number): void {
    if (settled) return;
    position = offset;
    settled = true;
  }

  function valueDone(): void {
    state = stack.length === 0 ? State.Done : State.AfterValue;
  }

  function open(kind: number, index: number): void {
    if (stack.length >= maxDepth) fail(`Nesting deeper than ${maxDepth}`, index);
    stack.push(kind);
    if (kind === OBJECT) {
      handler.objectStart?.();
      state = State.Key;
    } else {
      handler.arrayStart?.();
      state = State.Value;
    }
  }

  function close(kind: number, index: number): void {
    if (stack.at(-1) !== kind) fail(`Unexpected '${chunk[index]}'`, index);
    stack.pop();
    if (kind === OBJECT) handler.objectEnd?.();
    else handler.arrayEnd?.();
    valueDone();
  }

  /** Passes on decoded string text, holding back a high surrogate until its partner arrives. */
  function flushStringRun(final: boolean): void {
    let text = pendingHigh + run;
    run = '';
    pendingHigh = '';
    if (!final && text.length > 0 && isHighSurrogate(text.charCodeAt(text.length - 1))) {
      pendingHigh = text.slice(-1);
      text = text.slice(0, -1);
    }
    if (text.length > 0) handler.stringChunk?.(text);
  }

  function endString(): void {
    if (stringIsKey) {
      handler.key?.(keyText + run);
      keyText = '';
      run = '';
      state = State.Colon;
    } else {
      flushStringRun(true);
      handler.stringEnd?.();
      valueDone();
    }
  }

  /** Completes a number, literal or unquoted key; `offset` is where the character after it is. */
  function endBare(offset: number): void {
    const word = bare;
    bare = '';
    if (bareIsKey) {
      handler.key?.(word);
      state = State.Colon;
      return;
    }
    const literal = LITERALS.get(word);
    if (literal !== undefined) {
      handler.primitive?.(literal);
      valueDone();
    } else if (NUMBER.test(word)) {
      const number = Number(word);
      if (Number.isFinite(number)) handler.primitive?.(number);
      else {
        // Beyond the range of a number: keep what the model wrote rather than Infinity.
        handler.stringStart?.();
        handler.stringChunk?.(word);
        handler.stringEnd?.();
      }
      valueDone();
    } else {
      throw new RJSONParseError('Unexpected word', { offset, excerpt: word.slice(0, 40) });
    }
  }

  function startString(code: number, isKey: boolean): void {
    quote = code;
    stringIsKey = isKey;
    state = State.String;
    if (!isKey) handler.stringStart?.();
  }

  function startBare(isKey: boolean): void {
    bareIsKey = isKey;
    bare = '';
    state = State.Bare;
  }

  /** Reads structural characters; returns the index to continue at. */
  function structural(index: number): number {
    const code = chunk.charCodeAt(index);
    if (isWhitespace(code)) return index + 1;
    if (code === 0x2f /* / */) {
      commentReturn = state;
      state = State.Slash;
      return index + 1;
    }
    switch (state) {
      case State.Value:
        if (code === 0x7b /* { */) open(OBJECT, index);
        else if (code === 0x5b /* [ */) open(ARRAY, index);
        else if (code === 0x5d /* ] */) close(ARRAY, index);
        else if (code === 0x22 || code === 0x27) startString(code, false);
        else if (isBareChar(code)) {
          startBare(false);
          return index;
        } else fail(`Unexpected '${chunk[index]}'`, index);
        return index + 1;
      case State.Key:
        if (code === 0x7d /* } */) close(OBJECT, index);
        else if (code === 0x22 || code === 0x27) startString(code, true);
        else if (isBareChar(code)) {
          startBare(true);
          return index;
        } else fail(`Expected an object key, found '${chunk[index]}'`, index);
        return index + 1;
      case State.Colon:
        if (code !== 0x3a /* : */) fail(`Expected ':', found '${chunk[index]}'`, index);
        state = State.Value;
        return index + 1;
      default: {
        // State.AfterValue
        const top = stack.at(-1);
        if (code === 0x2c /* , */) state = top === OBJECT ? State.Key : State.Value;
        else if (code === 0x7d /* } */) close(OBJECT, index);
        else if (code === 0x5d /* ] */) close(ARRAY, index);
        else
          fail(`Expected ',' or '${top === OBJECT ? '}' : ']'}', found '${chunk[index]}'`, index);
        return index + 1;
      }
    }
  }

  /** Reads one more character after a quote that may close the string: HOLD, CLOSES or LITERAL. */
  function lookAhead(code: number): number {
    switch (look) {
      case Look.Quote:
      case Look.Comma:
        if (isWhitespace(code)) return HOLD;
        if (code === 0x2f /* / */) {
          look = Look.Slash;
          return HOLD;
        }
        return look === Look.Quote ? afterQuote(code) : afterComma(code);
      case Look.Slash:
        return code === 0x2f || code === 0x2a /* * */ ? CLOSES : LITERAL;
      case Look.Word:
      case Look.WordSpace:
        if (code === 0x3a /* : */) return CLOSES;
        if (++lookLength > MAX_KEY_LOOKAHEAD) return LITERAL;
        if (isWhitespace(code)) {
          look = Look.WordSpace;
          return HOLD;
        }
        if (code === 0x2f /* / */) {
          look = Look.Slash;
          return HOLD;
        }
        return look === Look.Word && isBareChar(code) ? HOLD : LITERAL;
      default: {
        // Look.Literal
        if (!isBareChar(code)) return LITERALS.has(literalWord) ? CLOSES : LITERAL;
        literalWord += String.fromCharCode(code);
        return isLiteralPrefix(literalWord) ? HOLD : LITERAL;
      }
    }
  }

  function afterQuote(code: number): number {
    if (stringIsKey) return code === 0x3a /* : */ ? CLOSES : LITERAL;
    // The closer of the container the string is in: `}` or `]`.
    const closer = stack.at(-1) === OBJECT ? 0x7d : 0x5d;
    if (code === closer) return CLOSES;
    if (code !== 0x2c /* , */) return LITERAL;
    look = Look.Comma;
    return HOLD;
  }

  function afterComma(code: number): number {
    if (stack.at(-1) === OBJECT) {
      if (code === 0x22 || code === 0x27 || code === 0x7d /* } */) return CLOSES;
      if (!isBareChar(code)) return LITERAL;
      look = Look.Word;
      lookLength = 1;
      return HOLD;
    }
    if (isValueStart(code)) return CLOSES;
    const initial = String.fromCharCode(code);
    if (!isLiteralPrefix(initial)) return LITERAL;
    look = Look.Literal;
    literalWord = initial;
    return HOLD;
  }

  /** The held quote closes the string; the characters held after it are read as structure. */
  function quoteCloses(): void {
    const rest = held.slice(1);
    const restStart = heldStart + 1;
    held = '';
    try {
      endString();
    } catch (error) {
      settle(restStart - 1);
      throw error;
    }
    if (rest.length > 0) scan(rest, restStart);
  }

  /** Reads `text`, whose first character is at `textStart` in the input; returns how much belongs to the value. */
  function scan(text: string, textStart: number): number {
    const outerChunk = chunk;
    const outerBase = chunkBase;
    chunk = text;
    chunkBase = textStart;
    const length = text.length;
    let i = 0;
    try {
      while (i < length) {
        switch (state) {
          case State.Done:
            return i;
          case State.String: {
            const start = i;
            let code = text.charCodeAt(i);
            while (code !== quote && code !== 0x5c /* \ */) {
              if (++i === length) break;
              code = text.charCodeAt(i);
            }
            run += text.slice(start, i);
            if (i === length) break;
            if (code === 0x5c) state = State.Escape;
            else if (!stringIsKey && stack.length === 0) endString();
            else {
              held = text.charAt(i);
              heldStart = textStart + i;
              look = Look.Quote;
              state = State.QuoteEnd;
            }
            i++;
            break;
          }
          case State.QuoteEnd: {
            const verdict = lookAhead(text.charCodeAt(i));
            if (verdict === HOLD) {
              held += text[i];
              i++;
            } else if (verdict === LITERAL) {
              // The quote and what followed it are content; read on from this character.
              run += held;
              held = '';
              state = State.String;
            } else quoteCloses();
            break;
          }
          case State.Escape: {
            const ch = text.charAt(i++);
            if (ch === 'u') {
              unicodeDigits = '';
              state = State.Unicode;
            } else {
              run += SIMPLE_ESCAPES[ch] ?? ch;
              state = State.String;
            }
            break;
          }
          case State.Unicode: {
            const ch = text.charAt(i);
            if (Number.isNaN(Number.parseInt(ch, 16))) {
              // The content before the escape was read: it is passed on, whatever the chunking.
              if (!stringIsKey) flushStringRun(false);
              fail('Invalid \\u escape', i);
            }
            unicodeDigits += ch;
            i++;
            if (unicodeDigits.length === 4) {
              run += String.fromCharCode(Number.parseInt(unicodeDigits, 16));
              state = State.String;
            }
            break;
          }
          case State.Bare: {
            const start = i;
            while (i < length && isBareChar(text.charCodeAt(i))) i++;
            bare += text.slice(start, i);
            if (i < length) endBare(textStart + i);
            break;
          }
          case State.Slash: {
            const ch = text[i];
            if (ch === '/') state = State.LineComment;
            else if (ch === '*') state = State.BlockComment;
            else fail("Unexpected '/'", i);
            i++;
            break;
          }
          case State.LineComment: {
            const newline = text.indexOf('\n', i);
            if (newline === -1) i = length;
            else {
              i = newline + 1;
              state = commentReturn;
            }
            break;
          }
          case State.BlockComment: {
            const star = text.indexOf('*', i);
            if (star === -1) i = length;
            else {
              i = star + 1;
              state = State.BlockCommentStar;
            }
            break;
          }
          case State.BlockCommentStar: {
            const ch = text[i++];
            if (ch === '/') state = commentReturn;
            else if (ch !== '*') state = State.BlockComment;
            break;
          }
          default:
            i = structural(i);
        }
      }
      return i;
    } catch (error) {
      settle(textStart + i);
      throw error;
    } finally {
      chunk = outerChunk;
      chunkBase = outerBase;
    }
  }

  /** Whether `text` is all content of the current string: neither its quote nor a backslash. */
  function isPlainContent(text: string): boolean {
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code === quote || code === 0x5c /* \ */) return false;
    }
    return true;
  }

  function write(text: string): number {
    settled = false;
    const start = position;
    if (state === State.String && !stringIsKey && run === '' && isPlainContent(text)) {
      // Most chunks of a long string value: passed on as they are, as the general loop
      // would, without its per-chunk bookkeeping.
      position = start + text.length;
      run = text;
      flushStringRun(false);
      return text.length;
    }
    const read = scan(text, start);
    position = start + read;
    if (
      state === State.String ||
      state === State.QuoteEnd ||
      state === State.Escape ||
      state === State.Unicode
    ) {
      if (stringIsKey) {
        keyText += run;
        run = '';
      } else flushStringRun(false);
    }
    return read;
  }

  function end(): void {
    settled = false;
    if (state === State.QuoteEnd) quoteCloses();
    if (state === State.Bare && stack.length === 0) endBare(position);
    if (state !== State.Done) {
      throw new RJSONParseError('Unexpected end of input', { offset: position });
    }
  }

  return {
    write,
    end,
    get done() {
      return state === State.Done;
    },
    get depth() {
      return stack.length;
    },
    get offset() {
      return position;
    },
  };
}
