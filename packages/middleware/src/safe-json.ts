const UNSAFE = /[<>&`\u2028\u2029]/g;

/**
 * `JSON.stringify` with `<`, `>`, `&`, backticks and line separators written as `\u` escapes:
 * the same value, but no closing tag or fence can appear in the text, so JSON placed
 * between a protocol's delimiters cannot break out of them.
 */
export function stringifyFramedJson(value: unknown): string {
  return (JSON.stringify(value) ?? 'null').replace(
    UNSAFE,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
