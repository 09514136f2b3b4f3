/**
 * What a chat template's `| string` writes for a JSON value: Python's `str`, so `True`,
 * `False`, `None`, and lists and objects as Python writes them (`['a', 1]`, `{'k': None}`).
 */
export function jinjaString(value: unknown): string {
  return typeof value === 'string' ? value : pythonRepr(value);
}

function pythonRepr(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return stringRepr(value);
  if (Array.isArray(value)) return `[${value.map(pythonRepr).join(', ')}]`;
  return `{${Object.entries(value as Record<string, unknown>)
    .map(([key, item]) => `${stringRepr(key)}: ${pythonRepr(item)}`)
    .join(', ')}}`;
}

/** Python's `repr` of a string: single quotes, unless only double quotes avoid escaping one. */
function stringRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  const escaped = text.replace(/[\\\n\r\t]/g, (char) =>
    char === '\\' ? '\\\\' : char === '\n' ? '\\n' : char === '\r' ? '\\r' : '\\t',
  );
  return `${quote}${quote === "'" ? escaped.replaceAll("'", "\\'") : escaped}${quote}`;
}
