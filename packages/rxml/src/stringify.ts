import { setOwnProperty } from '@toolbridge/rjson';
import { XMLBuilder } from 'fast-xml-parser';

/** Options of {@link stringify}. */
export interface RXMLStringifyOptions {
  /** Indent nested elements on their own lines. Default: false. */
  format?: boolean;
  /** Write empty elements as `<tag/>`. Default: false. */
  suppressEmptyNode?: boolean;
}

const CDATA_KEY = '#cdata';
const XML_NAME = /^[A-Za-z_:\u0080-\uFFFF][\w.:\u0080-\uFFFF-]*$/;

function toNode(value: unknown): unknown {
  if (Array.isArray(value)) return value.length === 0 ? '' : { item: value.map(toNode) };
  if (typeof value === 'string') {
    // Whitespace at the ends would be trimmed when read back; CDATA keeps it.
    const padded = value.trim() !== value && !value.includes(']]>');
    return padded ? { [CDATA_KEY]: value } : value;
  }
  if (value === null || value === undefined) return '';
  if (typeof value !== 'object') return String(value);
  const node: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined) continue;
    if (!XML_NAME.test(key))
      throw new TypeError(`${JSON.stringify(key)} is not a valid XML element name`);
    setOwnProperty(node, key, toNode(item));
  }
  return node;
}

/**
 * Writes a JSON value as XML under `rootTag`, the inverse of `RXML.parse`: objects become
 * child elements, arrays `<item>` lists, text is escaped, and strings with whitespace at
 * their ends go in CDATA, so `parse(inner(stringify(tag, x)), schema)` returns `x` for every
 * value that fits `schema`.
 *
 * @throws {TypeError} for an object key that is not a valid XML element name.
 */
export function stringify(
  rootTag: string,
  value: unknown,
  options: RXMLStringifyOptions = {},
): string {
  if (!XML_NAME.test(rootTag))
    throw new TypeError(`${JSON.stringify(rootTag)} is not a valid XML element name`);
  const builder = new XMLBuilder({
    format: options.format ?? false,
    suppressEmptyNode: options.suppressEmptyNode ?? false,
    cdataPropName: CDATA_KEY,
    ignoreAttributes: true,
  });
  const root: Record<string, unknown> = {};
  setOwnProperty(root, rootTag, toNode(value));
  return builder.build(root).trimEnd();
}
