import { parse as parseJson, setOwnProperty } from '@toolbridge/rjson';
import {
  itemSchema,
  type JsonSchema,
  propertySchema,
  schemaBranches,
  schemaTypes,
} from './json-schema';
import { RXMLCoercionError } from './rxml-errors';

/** Options of {@link coerceBySchema}. */
export interface CoerceOptions {
  /** Throw {@link RXMLCoercionError} for a value no allowed type fits; otherwise keep it as it is. Default: false. */
  strict?: boolean;
}

const NOT_CONVERTED = Symbol('not converted');
const TYPE_PREFERENCE = ['null', 'boolean', 'integer', 'number', 'object', 'array', 'string'];
const INTEGER = /^[+-]?\d+(?:\.0*)?$/;
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Gives a value read from model text the types its JSON Schema asks for: `"42"` → 42 for an
 * integer, `"true"` → true, `""`/`"null"` → null (`""` also for a number, integer or boolean
 * field that does not allow null), a lone value → a one-element array,
 * `{item: [...]}` → the list, JSON text → the object or array it spells, `enum`/`const`
 * members matched by their text; objects and arrays recursively. A value that already fits
 * is kept, keys the schema does not declare are kept, and what fits no type is kept as it
 * is (so schema validation can report it) unless `strict` is set. Never mutates its input.
 */
export function coerceBySchema(
  value: unknown,
  schema: JsonSchema | undefined,
  options: CoerceOptions = {},
): unknown {
  return coerce(value, schema, [], options.strict ?? false);
}

function coerce(
  value: unknown,
  schema: JsonSchema | undefined,
  path: Array<string | number>,
  strict: boolean,
): unknown {
  if (typeof schema !== 'object' || schema === null) return value;
  const literal = matchLiteral(value, schema);
  if (literal !== NOT_CONVERTED) return literal;
  const types = schemaTypes(schema);
  if (types.size === 0) return value;
  const actual = jsonTypeOf(value);
  if (types.has(actual) || (actual === 'integer' && types.has('number'))) {
    return descend(value, schema, path, strict);
  }
  for (const type of TYPE_PREFERENCE) {
    if (!types.has(type)) continue;
    const converted = convert(value, type, schema);
    if (converted !== NOT_CONVERTED) return descend(converted, schema, path, strict);
  }
  // An empty value (an empty XML element) where no string is allowed means no value.
  if (
    typeof value === 'string' &&
    value.trim() === '' &&
    ['integer', 'number', 'boolean'].some((type) => types.has(type))
  ) {
    return null;
  }
  if (strict) throw new RXMLCoercionError(path, value, [...types].join(' or '));
  return value;
}

/** A string that spells an `enum` or `const` member of another type becomes that member. */
function matchLiteral(value: unknown, schema: JsonSchema): unknown {
  if (typeof value !== 'string') return NOT_CONVERTED;
  const text = value.trim();
  for (const branch of schemaBranches(schema)) {
    const members = [...(branch.enum ?? []), ...('const' in branch ? [branch.const] : [])];
    if (members.includes(value)) return value;
    const match = members.find(
      (member) =>
        typeof member !== 'string' && typeof member !== 'object' && String(member) === text,
    );
    if (match !== undefined) return match;
  }
  return NOT_CONVERTED;
}

function convert(value: unknown, type: string, schema: JsonSchema): unknown {
  const text = typeof value === 'string' ? value.trim() : undefined;
  switch (type) {
    case 'null':
      return text === '' || text === 'null' || text === 'None' ? null : NOT_CONVERTED;
    case 'boolean': {
      const lower = text?.toLowerCase();
      return lower === 'true' ? true : lower === 'false' ? false : NOT_CONVERTED;
    }
    case 'integer':
      return text !== undefined && INTEGER.test(text) ? Number(text) : NOT_CONVERTED;
    case 'number':
      return text !== undefined && NUMBER.test(text) ? Number(text) : NOT_CONVERTED;
    case 'object':
      if (text === '') return {};
      return text?.startsWith('{') ? parsedAs(text, isPlainObject) : NOT_CONVERTED;
    case 'array':
      return toArray(value, text, schema);
    case 'string':
      return typeof value === 'number' || typeof value === 'boolean'
        ? String(value)
        : NOT_CONVERTED;
    default:
      return NOT_CONVERTED;
  }
}

function parsedAs(text: string, fits: (value: unknown) => boolean): unknown {
  try {
    const parsed = parseJson(text);
    return fits(parsed) ? parsed : NOT_CONVERTED;
  } catch {
    return NOT_CONVERTED;
  }
}

/** `{item: [...]}` (an XML list), JSON array text, or a lone value, as an array. */
function toArray(value: unknown, text: string | undefined, schema: JsonSchema): unknown {
  if (text === '') return [];
  if (text?.startsWith('[')) {
    const parsed = parsedAs(text, Array.isArray);
    if (parsed !== NOT_CONVERTED) return parsed;
  }
  if (isPlainObject(value)) {
    const keys = Object.keys(value);
    const onlyKey = keys.length === 1 ? keys[0]! : undefined;
    const itemDeclares =
      onlyKey !== undefined && propertySchema(itemSchema(schema), onlyKey) !== undefined;
    if (onlyKey !== undefined && (onlyKey === 'item' || !itemDeclares)) {
      const items = value[onlyKey];
      return Array.isArray(items) ? items : [items];
    }
  }
  return [value];
}

function descend(
  value: unknown,
  schema: JsonSchema,
  path: Array<string | number>,
  strict: boolean,
): unknown {
  if (Array.isArray(value)) {
    return value.map((item, index) =>
      coerce(item, itemSchema(schema, index), [...path, index], strict),
    );
  }
  if (!isPlainObject(value)) return value;
  const result: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    setOwnProperty(
      result,
      key,
      coerce(value[key], propertySchema(schema, key), [...path, key], strict),
    );
  }
  return result;
}
