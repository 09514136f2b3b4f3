import { isJsonObject } from './is-json-object';

/** Options of {@link stringify}. */
export interface RJSONStringifyOptions {
  /** Indentation: a number of spaces or a string, as for `JSON.stringify`. Default: none. */
  indent?: number | string;
  /** Write object keys in sorted order, for stable output. Default: false. */
  sortKeys?: boolean;
}

/**
 * Writes a value as strict JSON. `undefined`, functions and symbols are left out as
 * `JSON.stringify` does; `bigint` is written as a number.
 */
export function stringify(value: unknown, options: RJSONStringifyOptions = {}): string {
  const text = JSON.stringify(
    value,
    (_key, current: unknown) => {
      if (typeof current === 'bigint') return Number(current);
      if (options.sortKeys && isJsonObject(current)) return sortedCopy(current);
      return current;
    },
    options.indent,
  );
  return text ?? 'null';
}

function sortedCopy(object: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(object).sort()) {
    Object.defineProperty(copy, key, {
      value: object[key],
      writable: true,
      enumerable: true,
      configurable: true,
    });
  }
  return copy;
}
