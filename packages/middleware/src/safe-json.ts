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

/**
 * JSON with Python's `json.dumps` spacing (`", "` and `": "`), as the chat templates of many
 * families render past calls (Jinja's `tojson`), and `<`, `>`, `&`, backticks escaped as in
 * {@link stringifyFramedJson}, so that no closing tag or fence appears inside.
 */
export function stringifySpacedJson(value: unknown): string {
  return spaced(stringifyFramedJson(value));
}

/**
 * JSON exactly as a chat template's `tojson` writes it (Python's `json.dumps` with
 * `ensure_ascii=False`): `", "` and `": "` between items, or `indent` spaces per level. Nothing
 * is escaped beyond JSON, so a template's own rendering and this one are the same text.
 */
export function templateJson(value: unknown, indent?: number): string {
  if (indent !== undefined) return JSON.stringify(value, null, indent) ?? 'null';
  return spaced(JSON.stringify(value) ?? 'null');
}

/** Compact JSON with a space after every `,` and `:` outside strings. */
function spaced(compact: string): string {
  const pieces: string[] = [];
  let from = 0;
  let inString = false;
  for (let i = 0; i < compact.length; i++) {
    const char = compact[i];
    if (inString) {
      if (char === '\\') i++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === ',' || char === ':') {
      pieces.push(compact.slice(from, i + 1), ' ');
      from = i + 1;
    }
  }
  pieces.push(compact.slice(from));
  return pieces.join('');
}
