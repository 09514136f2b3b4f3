import { createJsonScanner, DEFAULT_MAX_DEPTH } from './json-scanner';
import { JsonValueBuilder } from './json-value-builder';
import type { RJSONParseOptions } from './parse';
import { RJSONParseError } from './rjson-parse-error';
import { stripCodeFence } from './strip-code-fence';

/**
 * Where JSON.parse may read a number as ±Infinity: an exponent of three or more digits, or
 * a run of 300 or more digits. Linear: a run of digits is tried only from its first digit.
 */
const MAY_OVERFLOW = /\d[eE][+-]?\d{3}|(?:^|\D)\d{300}/;

/**
 * {@link parse} without its last resort: strict JSON by `JSON.parse`, else the relaxed syntax
 * of RJSON's own scanner. For code that must stay small in a bundle: `relaxed-json` is not
 * imported through it.
 *
 * @throws {RJSONParseError} when the scanner cannot read the text, or nesting exceeds `maxDepth`.
 */
export function scanJson(text: string, options: RJSONParseOptions = {}): unknown {
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
  if (!mayExceedDepth(text, maxDepth)) {
    try {
      const value: unknown = JSON.parse(text);
      // JSON.parse reads 1e999 as Infinity; the scanner keeps such a number as its text.
      if (!MAY_OVERFLOW.test(text) || !hasNonFiniteNumber(value)) return value;
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
  return scanValue(stripCodeFence(text), maxDepth);
}

function scanValue(text: string, maxDepth: number): unknown {
  const builder = new JsonValueBuilder();
  const scanner = createJsonScanner(builder, { maxDepth });
  scanner.write(text);
  if (!scanner.done) scanner.end();
  return builder.value;
}

/** Whether a parsed value holds Infinity or -Infinity anywhere; iterative, for deep values. */
export function hasNonFiniteNumber(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current === 'number') {
      if (!Number.isFinite(current)) return true;
    } else if (Array.isArray(current)) {
      for (const item of current) pending.push(item);
    } else if (typeof current === 'object' && current !== null) {
      for (const item of Object.values(current)) pending.push(item);
    }
  }
  return false;
}

/** Cheap guard for the fast path: nesting deeper than `maxDepth` needs that many openers. */
export function mayExceedDepth(text: string, maxDepth: number): boolean {
  return countUpTo(text, '{', maxDepth + 1) + countUpTo(text, '[', maxDepth + 1) > maxDepth;
}

function countUpTo(text: string, char: string, limit: number): number {
  let count = 0;
  for (let at = text.indexOf(char); at !== -1 && count < limit; at = text.indexOf(char, at + 1)) {
    count++;
  }
  return count;
}
