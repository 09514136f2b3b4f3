import { isJsonObject } from '@toolbridge/rjson';
import { keyOf, scalar } from '../decoders/yaml-reader';

/**
 * A JSON value as block YAML, the way a model is shown it writes tool arguments: `key: value`
 * lines, nested mappings and `- ` items indented by two, text over several lines as a `|` block,
 * and any text a plain scalar would misread (a number, `true`, `a: b`) double-quoted, as JSON
 * quotes it (a JSON string is a YAML one). Text holding `</` is quoted with `<\/`, so that no
 * closing tag shows in the YAML.
 */
export function writeYaml(value: unknown): string {
  return lines(value, '').join('\n');
}

/** The lines of `value` as a block node indented by `indent`. */
function lines(value: unknown, indent: string): string[] {
  if (Array.isArray(value) && value.length > 0) {
    return value.flatMap((item) => {
      const [first = '', ...rest] = lines(item, `${indent}  `);
      return [`${indent}- ${first.slice(indent.length + 2)}`, ...rest];
    });
  }
  if (isJsonObject(value) && Object.keys(value).length > 0) {
    return Object.entries(value).flatMap(([key, item]) => {
      const head = `${indent}${plainSafe(key) ? key : quoted(key)}:`;
      if ((Array.isArray(item) || isJsonObject(item)) && Object.keys(item).length > 0)
        return [head, ...lines(item, `${indent}  `)];
      const [first = '', ...rest] = lines(item, `${indent}  `);
      return [`${head} ${first.trimStart()}`, ...rest];
    });
  }
  if (typeof value === 'string') {
    if (blockSafe(value)) {
      const chomp = value.endsWith('\n') ? '' : '-';
      const body = (chomp === '' ? value.slice(0, -1) : value).split('\n');
      return [`${indent}|${chomp}`, ...body.map((line) => (line === '' ? '' : indent + line))];
    }
    return [indent + (plainSafe(value) ? value : quoted(value))];
  }
  return [indent + (JSON.stringify(value) ?? 'null')];
}

/** Text double-quoted: JSON's escapes, and `</` as `<\/`. */
function quoted(text: string): string {
  return JSON.stringify(text).replaceAll('</', '<\\/');
}

/** Text that reads back as itself when written plain: no number, keyword, indicator or comment. */
function plainSafe(text: string): boolean {
  return (
    /^[^\s\-?:,[\]{}#&*!|>'"%@`][^\n]*$/.test(text) &&
    !/\s$|:\s|\s#|:$|<\//.test(text) &&
    scalar(text) === text &&
    keyOf(text) === undefined
  );
}

/** Text over several lines that a `|` block holds as it is: its indentation is its first line's. */
function blockSafe(text: string): boolean {
  const first = text.split('\n').find((line) => line !== '');
  return (
    text.includes('\n') &&
    !text.includes('</') &&
    // Trailing empty lines would need `|+`, whose last break the end of the text can swallow.
    !text.endsWith('\n\n') &&
    first !== undefined &&
    !/^\s/.test(first) &&
    !/[\r\u0085\u2028\u2029\ufeff]/.test(text)
  );
}
