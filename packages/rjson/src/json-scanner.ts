import { excerptAt, RJSONParseError } from './rjson-parse-error';

/**
 * What a {@link JsonScanner} reports while it reads. Every method is optional. String
 * content arrives decoded, in pieces: at most one `stringChunk` per string per `write`,
 * and a piece never ends inside a surrogate pair, so pieces can be escaped one by one.
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
  /** A complete number, boolean or null (Python's `True`, `False`, `None` included). */
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
  /** Characters read so far. */
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
  Bare,
  Slash,
  LineComment,
  BlockComment,
  BlockCommentStar,
  Done,
}

const OBJECT = 0;
const ARRAY = 1;

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

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/**
 * Creates an incremental scanner for one JSON value in the relaxed syntax that
 * `RJSON.parse` accepts: comments, trailing commas, unquoted keys, single-quoted strings,
 * raw control characters in strings, Python `True`/`False`/`None`. Each character is read
 * once, so the total work is linear in the input whatever the chunk sizes; nesting is
 * tracked on an explicit stack, never by recursion.
 */
export function createJsonScanner(
  handler: JsonScanHandler = {},
  options: JsonScannerOptions = {},
): JsonScanner {
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
  const stack: number[] = [];
  let state = State.Value;
  let commentReturn = State.Value;
  let base = 0;
  let chunk = '';

  let quote = 0;
  let stringIsKey = false;
  let run = '';
  let keyText = '';
  let pendingHigh = '';
  let unicodeDigits = '';

  let bare = '';
  let bareIsKey = false;
  let bareOffset = 0;

  function fail(message: string, index: number): never {
    const offset = base + index;
    throw new RJSONParseError(message, { offset, excerpt: excerptAt(chunk, index) });
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
    if (stack[stack.length - 1] !== kind) fail(`Unexpected '${chunk[index]}'`, index);
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

  function endBare(): void {
    if (bareIsKey) {
      handler.key?.(bare);
      state = State.Colon;
    } else if (LITERALS.has(bare)) {
      handler.primitive?.(LITERALS.get(bare)!);
      valueDone();
    } else if (NUMBER.test(bare)) {
      handler.primitive?.(Number(bare));
      valueDone();
    } else {
      throw new RJSONParseError('Unexpected word', {
        offset: bareOffset,
        excerpt: bare.slice(0, 40),
      });
    }
    bare = '';
  }

  function startString(code: number, isKey: boolean): void {
    quote = code;
    stringIsKey = isKey;
    state = State.String;
    if (!isKey) handler.stringStart?.();
  }

  function startBare(isKey: boolean, index: number): void {
    bareIsKey = isKey;
    bare = '';
    bareOffset = base + index;
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
          startBare(false, index);
          return index;
        } else fail(`Unexpected '${chunk[index]}'`, index);
        return index + 1;
      case State.Key:
        if (code === 0x7d /* } */) close(OBJECT, index);
        else if (code === 0x22 || code === 0x27) startString(code, true);
        else if (isBareChar(code)) {
          startBare(true, index);
          return index;
        } else fail(`Expected an object key, found '${chunk[index]}'`, index);
        return index + 1;
      case State.Colon:
        if (code !== 0x3a /* : */) fail(`Expected ':', found '${chunk[index]}'`, index);
        state = State.Value;
        return index + 1;
      default: {
        // State.AfterValue
        const top = stack[stack.length - 1];
        if (code === 0x2c /* , */) state = top === OBJECT ? State.Key : State.Value;
        else if (code === 0x7d /* } */) close(OBJECT, index);
        else if (code === 0x5d /* ] */) close(ARRAY, index);
        else
          fail(`Expected ',' or '${top === OBJECT ? '}' : ']'}', found '${chunk[index]}'`, index);
        return index + 1;
      }
    }
  }

  function write(text: string): number {
    chunk = text;
    const length = text.length;
    let i = 0;
    while (i < length) {
      switch (state) {
        case State.Done:
          base += i;
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
          i++;
          if (code === quote) endString();
          else state = State.Escape;
          break;
        }
        case State.Escape: {
          const ch = text[i++]!;
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
          const ch = text[i]!;
          if (Number.isNaN(Number.parseInt(ch, 16))) fail('Invalid \\u escape', i);
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
          if (i < length) endBare();
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
    if (state === State.String) {
      if (stringIsKey) {
        keyText += run;
        run = '';
      } else flushStringRun(false);
    }
    base += length;
    return length;
  }

  function end(): void {
    if (state === State.Bare && stack.length === 0) endBare();
    if (state !== State.Done) {
      throw new RJSONParseError('Unexpected end of input', { offset: base });
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
      return base;
    },
  };
}
