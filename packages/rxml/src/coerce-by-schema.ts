import { isJsonObject, scanJson as parseJson, setOwnProperty } from '@toolbridge/rjson';
import {
  itemSchema,
  type JsonSchema,
  type JsonSchemaObject,
  jsonTypeOf,
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
/** How deep {@link fitsWithin} looks into a value; deeper values count as not (known to be) fitting. */
const MAX_FIT_DEPTH = 32;
/**
 * The work (values checked against schema nodes, values coerced) that choosing a union branch
 * may take, its nested unions included; past it, the union is read as before (all branches
 * flattened). Each union that is not itself inside a trial gets its own budget, so what a
 * value becomes never depends on its siblings, and the total work stays linear.
 */
const CHOICE_BUDGET = 10_000;
/** Unions are tried branch by branch only for values of at most this many nodes. */
const MAX_TRIAL_NODES = 200;
/** The keywords that constrain a value; a union's parent with none of them adds nothing to a branch. */
const CONSTRAINTS = [
  'type',
  'properties',
  'additionalProperties',
  'items',
  'prefixItems',
  'allOf',
  'anyOf',
  'oneOf',
  'enum',
  'const',
  'required',
];

const TYPE_PREFERENCE = ['null', 'boolean', 'integer', 'number', 'object', 'array', 'string'];
const INTEGER = /^[+-]?\d+(?:\.0*)?$/;
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

interface Budget {
  left: number;
}

interface Context {
  readonly strict: boolean;
  /** The budget of the union branch being tried, if any. */
  readonly choice: Budget | undefined;
}

/**
 * Gives a value read from model text the types its JSON Schema asks for: `"42"` → 42 for an
 * integer, `"true"` → true, `""`/`"null"` → null (`""` also for a number, integer or boolean
 * field that does not allow null), a lone value → a one-element array,
 * `{item: [...]}` → the list, JSON text → the object or array it spells, `enum`/`const`
 * members matched by their text; objects and arrays recursively. A value that already fits
 * is kept, keys the schema does not declare are kept, and what fits no type is kept as it
 * is (so schema validation can report it) unless `strict` is set. Never mutates its input.
 *
 * With `anyOf`/`oneOf`, a value that fits a branch (by type, `const`, `enum`, `required`,
 * `properties`, `additionalProperties` and `items`, recursively) is kept as it is; otherwise
 * the first branch whose coercion makes it fit is used; otherwise all branches together,
 * as for a single schema. A string never becomes a number it cannot be (`"1e999"` stays).
 */
export function coerceBySchema(
  value: unknown,
  schema: JsonSchema | undefined,
  options: CoerceOptions = {},
): unknown {
  return coerce(value, schema, [], { strict: options.strict ?? false, choice: undefined });
}

function coerce(
  value: unknown,
  schema: JsonSchema | undefined,
  path: Array<string | number>,
  context: Context,
): unknown {
  if (typeof schema !== 'object' || schema === null) return value;
  if (context.choice !== undefined) context.choice.left--;
  if (schema.anyOf !== undefined || schema.oneOf !== undefined || schema.allOf !== undefined) {
    // Branches flattened together could coerce a value that fits one of them to fit none.
    const budget = context.choice ?? { left: CHOICE_BUDGET };
    if (fitsWithin(value, schema, 0, budget)) return value;
    const chosen = coerceByBranch(value, schema, path, budget);
    if (chosen !== NOT_CONVERTED) return chosen;
  }
  const { strict } = context;
  const literal = matchLiteral(value, schema);
  if (literal !== NOT_CONVERTED) return literal;
  const types = schemaTypes(schema);
  if (types.size === 0) return value;
  const actual = jsonTypeOf(value);
  if (types.has(actual) || (actual === 'integer' && types.has('number'))) {
    return descend(value, schema, path, context);
  }
  for (const type of TYPE_PREFERENCE) {
    if (!types.has(type)) continue;
    const converted = convert(value, type, schema);
    if (converted !== NOT_CONVERTED) return descend(converted, schema, path, context);
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
      return text !== undefined && INTEGER.test(text) ? finiteNumber(text) : NOT_CONVERTED;
    case 'number':
      return text !== undefined && NUMBER.test(text) ? finiteNumber(text) : NOT_CONVERTED;
    case 'object':
      if (text === '') return {};
      return text?.startsWith('{') ? parsedAs(text, isJsonObject) : NOT_CONVERTED;
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

/** The number a numeric text spells, unless it is beyond the range of a number (`1e999`). */
function finiteNumber(text: string): unknown {
  const number = Number(text);
  return Number.isFinite(number) ? number : NOT_CONVERTED;
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
  if (isJsonObject(value)) {
    const keys = Object.keys(value);
    const onlyKey = keys.length === 1 ? keys[0] : undefined;
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
  context: Context,
): unknown {
  if (Array.isArray(value)) {
    return value.map((item, index) =>
      coerce(item, itemSchema(schema, index), [...path, index], context),
    );
  }
  if (!isJsonObject(value)) return value;
  const result: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    setOwnProperty(
      result,
      key,
      coerce(value[key], propertySchema(schema, key), [...path, key], context),
    );
  }
  return result;
}

/**
 * A value that fits no branch of an `anyOf`/`oneOf` as it is: coerced by each branch in
 * turn (with what the parent schema adds), the first result that fits that branch.
 */
function coerceByBranch(
  value: unknown,
  schema: JsonSchemaObject,
  path: Array<string | number>,
  budget: Budget,
): unknown {
  const key = schema.anyOf !== undefined ? 'anyOf' : 'oneOf';
  const branches = schema[key];
  if (branches === undefined || !hasAtMostNodes(value, MAX_TRIAL_NODES, budget)) {
    return NOT_CONVERTED;
  }
  const { [key]: _branches, ...parent } = schema;
  const parentAdds = CONSTRAINTS.some((keyword) => keyword in parent);
  // A trial must not throw for a branch that does not fit: strictness applies to the result.
  const trial: Context = { strict: false, choice: budget };
  for (const branch of branches) {
    if (budget.left <= 0) return NOT_CONVERTED;
    const variant: JsonSchema = parentAdds
      ? { ...parent, allOf: [...(parent.allOf ?? []), branch] }
      : branch;
    const candidate = coerce(value, variant, path, trial);
    if (fitsWithin(candidate, variant, 0, budget)) return candidate;
  }
  return NOT_CONVERTED;
}

/** Whether a value has at most `limit` nodes (objects, arrays and the values in them). */
function hasAtMostNodes(value: unknown, limit: number, budget: Budget): boolean {
  const pending: unknown[] = [value];
  let count = 0;
  while (pending.length > 0) {
    if (++count > limit || --budget.left < 0) return false;
    const current = pending.pop();
    const children = Array.isArray(current)
      ? current
      : isJsonObject(current)
        ? Object.values(current)
        : [];
    if (count + pending.length + children.length > limit) return false;
    for (const child of children) pending.push(child);
  }
  return true;
}

/**
 * Whether a value is valid against a schema, as far as the keywords that give it a shape go:
 * `type` (else the type that `properties` or `items` imply), `const`, `enum`, `required`,
 * `properties`, `additionalProperties`, `items`, `prefixItems`, `allOf`, `anyOf`, `oneOf` (any
 * branch). Bounded: once it would look deeper than {@link MAX_FIT_DEPTH} (which also spends
 * the budget), or once the budget is spent, the answer is false (not known to fit).
 */
function fitsWithin(
  value: unknown,
  schema: JsonSchema | undefined,
  depth: number,
  budget: Budget,
): boolean {
  if (schema === undefined || schema === true) return true;
  if (typeof schema !== 'object' || schema === null) return false;
  if (depth > MAX_FIT_DEPTH) {
    // Too deep to know: the whole check (and the choice it serves) gives up at once.
    budget.left = 0;
    return false;
  }
  if (--budget.left < 0) return false;
  if (!fitsType(value, schema)) return false;
  if ('const' in schema && !sameJson(value, schema.const, 0)) return false;
  if (schema.enum !== undefined && !schema.enum.some((member) => sameJson(value, member, 0))) {
    return false;
  }
  const next = depth + 1;
  if (isJsonObject(value)) {
    const required = (schema as { required?: unknown }).required;
    if (Array.isArray(required) && required.some((key) => !Object.hasOwn(value, String(key)))) {
      return false;
    }
    const { properties, additionalProperties } = schema;
    for (const key of Object.keys(value)) {
      const declared =
        properties !== undefined && Object.hasOwn(properties, key) ? properties[key] : undefined;
      const sub = declared ?? additionalProperties;
      if (sub !== undefined && !fitsWithin(value[key], sub, next, budget)) return false;
    }
  }
  if (Array.isArray(value)) {
    const tuple = schema.prefixItems ?? (Array.isArray(schema.items) ? schema.items : undefined);
    const rest = Array.isArray(schema.items) ? undefined : (schema.items as JsonSchema | undefined);
    for (let index = 0; index < value.length; index++) {
      const sub = tuple !== undefined && index < tuple.length ? tuple[index] : rest;
      if (sub !== undefined && !fitsWithin(value[index], sub, next, budget)) return false;
    }
  }
  if (schema.allOf?.some((branch) => !fitsWithin(value, branch, next, budget))) return false;
  for (const branches of [schema.anyOf, schema.oneOf]) {
    if (
      branches !== undefined &&
      !branches.some((branch) => fitsWithin(value, branch, next, budget))
    ) {
      return false;
    }
  }
  return true;
}

/** `type`, or without it the type that `properties` or `items` imply (as {@link schemaTypes} reads them). */
function fitsType(value: unknown, schema: JsonSchemaObject): boolean {
  const declared = schema.type;
  let types: readonly string[];
  if (declared !== undefined) types = typeof declared === 'string' ? [declared] : declared;
  else if (schema.properties !== undefined) types = ['object'];
  else if (schema.items !== undefined || schema.prefixItems !== undefined) types = ['array'];
  else return typeof value !== 'number' || Number.isFinite(value);
  const actual = jsonTypeOf(value);
  if (typeof value === 'number' && !Number.isFinite(value)) return false;
  return types.includes(actual) || (actual === 'integer' && types.includes('number'));
}

/** Equality of JSON values, as `const` and `enum` compare them. */
function sameJson(a: unknown, b: unknown, depth: number): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (depth > MAX_FIT_DEPTH) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, index) => sameJson(item, b[index], depth + 1));
  }
  const aKeys = Object.keys(a);
  if (aKeys.length !== Object.keys(b).length) return false;
  const bRecord = b as Record<string, unknown>;
  return aKeys.every(
    (key) =>
      Object.hasOwn(b, key) &&
      sameJson((a as Record<string, unknown>)[key], bRecord[key], depth + 1),
  );
}
