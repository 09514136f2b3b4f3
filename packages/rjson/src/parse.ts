import relaxedJson from 'relaxed-json';
import { DEFAULT_MAX_DEPTH } from './json-scanner';
import { RJSONParseError } from './rjson-parse-error';
import { hasNonFiniteNumber, mayExceedDepth, scanJson } from './scan-json';
import { stripCodeFence } from './strip-code-fence';

/** Options of {@link parse}. */
export interface RJSONParseOptions {
  /** Deepest nesting of objects and arrays accepted; deeper input throws. Default: 1000. */
  maxDepth?: number;
  /** Accept relaxed syntax; `false` accepts strict JSON only. Default: true. */
  relaxed?: boolean;
}

/**
 * Parses JSON as language models write it. Strict JSON takes the `JSON.parse` fast path.
 * Otherwise the text is read in relaxed syntax (comments, trailing commas, unquoted keys,
 * single quotes, raw newlines in strings, Python `True`/`False`/`None`, one surrounding
 * markdown fence, stray text or an extra brace after the value, unescaped quotes inside
 * strings), then, as a last resort, by `relaxed-json` (which also reads bare words as
 * strings). A number too large for a JSON number (`1e999`) is returned as the string
 * written, never as `Infinity`.
 *
 * @throws {RJSONParseError} when nothing sensible can be read, or nesting exceeds `maxDepth`.
 */
export function parse(text: string, options: RJSONParseOptions = {}): unknown {
  try {
    return scanJson(text, options);
  } catch (scanError) {
    if (options.relaxed === false || isDepthError(scanError)) throw scanError;
    const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
    return parseWithRelaxedJson(stripCodeFence(text), maxDepth, scanError as RJSONParseError);
  }
}

function parseWithRelaxedJson(text: string, maxDepth: number, scanError: RJSONParseError): unknown {
  let value: unknown;
  try {
    value = relaxedJson.parse(text);
  } catch {
    throw scanError;
  }
  // relaxed-json's output went through JSON.parse; bound its depth the same way. It reads
  // 1e999 as Infinity, and the number's text is lost by then: better no value than a wrong one.
  if (mayExceedDepth(JSON.stringify(value) ?? '', maxDepth) || hasNonFiniteNumber(value)) {
    throw scanError;
  }
  return value;
}

function isDepthError(error: unknown): boolean {
  return error instanceof RJSONParseError && error.message.startsWith('Nesting deeper');
}
