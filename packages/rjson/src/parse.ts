import relaxedJson from 'relaxed-json';
import { createJsonScanner, DEFAULT_MAX_DEPTH } from './json-scanner';
import { JsonValueBuilder } from './json-value-builder';
import { RJSONParseError } from './rjson-parse-error';
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
 * markdown fence, stray text or an extra brace after the value), then, as a last resort,
 * by `relaxed-json` (which also reads bare words as strings).
 *
 * @throws {RJSONParseError} when nothing sensible can be read, or nesting exceeds `maxDepth`.
 */
export function parse(text: string, options: RJSONParseOptions = {}): unknown {
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
  if (!mayExceedDepth(text, maxDepth)) {
    try {
      return JSON.parse(text);
    } catch (error) {
      if (options.relaxed === false) {
        throw new RJSONParseError('Invalid JSON', {
          offset: 0,
          excerpt: text.slice(0, 40),
          cause: error,
        });
      }
    }
  }
  const body = stripCodeFence(text);
  try {
    return scanValue(body, maxDepth);
  } catch (scanError) {
    if (options.relaxed === false || isDepthError(scanError)) throw scanError;
    return parseWithRelaxedJson(body, maxDepth, scanError as RJSONParseError);
  }
}

function scanValue(text: string, maxDepth: number): unknown {
  const builder = new JsonValueBuilder();
  const scanner = createJsonScanner(builder, { maxDepth });
  scanner.write(text);
  if (!scanner.done) scanner.end();
  return builder.value;
}

function parseWithRelaxedJson(text: string, maxDepth: number, scanError: RJSONParseError): unknown {
  let value: unknown;
  try {
    value = relaxedJson.parse(text);
  } catch {
    throw scanError;
  }
  // relaxed-json's output went through JSON.parse; bound its depth the same way.
  if (mayExceedDepth(JSON.stringify(value) ?? '', maxDepth)) throw scanError;
  return value;
}

function isDepthError(error: unknown): boolean {
  return error instanceof RJSONParseError && error.message.startsWith('Nesting deeper');
}

/** Cheap guard for the fast path: nesting deeper than `maxDepth` needs that many openers. */
function mayExceedDepth(text: string, maxDepth: number): boolean {
  return countUpTo(text, '{', maxDepth + 1) + countUpTo(text, '[', maxDepth + 1) > maxDepth;
}

function countUpTo(text: string, char: string, limit: number): number {
  let count = 0;
  for (let at = text.indexOf(char); at !== -1 && count < limit; at = text.indexOf(char, at + 1)) {
    count++;
  }
  return count;
}
