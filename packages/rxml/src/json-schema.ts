/**
 * The part of JSON Schema (draft 7 and later) that guides reading tool arguments. Declared
 * structurally so that schemas from any source (the AI SDK, zod, hand-written) fit.
 */
export type JsonSchema = boolean | JsonSchemaObject;

export interface JsonSchemaObject {
  type?: string | readonly string[];
  properties?: Readonly<Record<string, JsonSchema>>;
  additionalProperties?: JsonSchema;
  items?: JsonSchema | readonly JsonSchema[];
  prefixItems?: readonly JsonSchema[];
  anyOf?: readonly JsonSchema[];
  oneOf?: readonly JsonSchema[];
  allOf?: readonly JsonSchema[];
  enum?: readonly unknown[];
  const?: unknown;
}

const MAX_BRANCH_DEPTH = 32;

/** The schema itself and every `anyOf`/`oneOf`/`allOf` branch below it, flattened. */
export function schemaBranches(schema: JsonSchema | undefined): JsonSchemaObject[] {
  const branches: JsonSchemaObject[] = [];
  const visit = (current: JsonSchema | undefined, depth: number) => {
    if (typeof current !== 'object' || current === null || depth > MAX_BRANCH_DEPTH) return;
    branches.push(current);
    for (const list of [current.anyOf, current.oneOf, current.allOf]) {
      for (const branch of list ?? []) visit(branch, depth + 1);
    }
  };
  visit(schema, 0);
  return branches;
}

/** The JSON type of a value, `integer` for a whole number. */
export function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** The JSON types a schema allows, from `type` of all its branches (else `enum`, `const`, `properties`, `items`); empty if unconstrained. */
export function schemaTypes(schema: JsonSchema | undefined): Set<string> {
  const types = new Set<string>();
  for (const branch of schemaBranches(schema)) {
    const declared = branch.type;
    if (typeof declared === 'string') types.add(declared);
    else if (Array.isArray(declared)) for (const type of declared) types.add(type);
    // A declared type restricts the branch; otherwise its other keywords imply one.
    if (declared !== undefined) continue;
    if ('const' in branch) types.add(jsonTypeOf(branch.const));
    for (const member of branch.enum ?? []) types.add(jsonTypeOf(member));
    if (branch.properties !== undefined) types.add('object');
    if (branch.items !== undefined || branch.prefixItems !== undefined) types.add('array');
  }
  return types;
}

/** True when a value of this schema can only be a string (or null): its XML content is raw text. */
export function isStringSchema(schema: JsonSchema | undefined): boolean {
  const types = schemaTypes(schema);
  return types.has('string') && [...types].every((type) => type === 'string' || type === 'null');
}

/** The schema of property `key`, from `properties` of any branch, else `additionalProperties`. */
export function propertySchema(
  schema: JsonSchema | undefined,
  key: string,
): JsonSchema | undefined {
  const branches = schemaBranches(schema);
  for (const branch of branches) {
    if (branch.properties !== undefined && Object.hasOwn(branch.properties, key)) {
      return branch.properties[key];
    }
  }
  for (const branch of branches) {
    if (typeof branch.additionalProperties === 'object') return branch.additionalProperties;
  }
  return undefined;
}

/** The schema of array item `index`. */
export function itemSchema(schema: JsonSchema | undefined, index = 0): JsonSchema | undefined {
  for (const branch of schemaBranches(schema)) {
    const tuple = branch.prefixItems ?? (Array.isArray(branch.items) ? branch.items : undefined);
    if (tuple !== undefined && index < tuple.length) return tuple[index];
    if (branch.items !== undefined && !Array.isArray(branch.items))
      return branch.items as JsonSchema;
  }
  return undefined;
}

/** The property names a schema declares, and the length of the longest. */
export interface DeclaredNames {
  readonly names: ReadonlySet<string>;
  readonly longest: number;
}

const declaredNamesCache = new WeakMap<object, DeclaredNames | null>();

/**
 * The property names an object schema declares in `properties` (of any branch), or undefined
 * when it declares none or also allows others (`additionalProperties` given as `true` or as a
 * schema). Cached per schema object, so asking once per element stays cheap.
 */
export function declaredPropertyNames(schema: JsonSchema | undefined): DeclaredNames | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined;
  const cached = declaredNamesCache.get(schema);
  if (cached !== undefined) return cached ?? undefined;
  const names = new Set<string>();
  let open = false;
  for (const branch of schemaBranches(schema)) {
    for (const key of Object.keys(branch.properties ?? {})) names.add(key);
    const extra = branch.additionalProperties;
    if (extra === true || (typeof extra === 'object' && extra !== null)) open = true;
  }
  let longest = 0;
  for (const name of names) longest = Math.max(longest, name.length);
  const declared = open || names.size === 0 ? null : { names, longest };
  declaredNamesCache.set(schema, declared);
  return declared ?? undefined;
}
