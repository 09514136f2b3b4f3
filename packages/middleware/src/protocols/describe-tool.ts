import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { isJsonObject, setOwnProperty } from '@toolbridge/rjson';
import { stringifyFramedJson } from '../safe-json';

/** One tool as the prompt lists it: name, description, lean JSON schema of the arguments, examples. */
export function describeTool(tool: LanguageModelV4FunctionTool): Record<string, unknown> {
  return {
    name: tool.name,
    ...(tool.description === undefined ? {} : { description: tool.description }),
    parameters: leanSchema(tool.inputSchema),
    ...(tool.inputExamples?.length
      ? { examples: tool.inputExamples.map((example) => example.input) }
      : {}),
  };
}

/** One tool in the `{"type": "function", "function": …}` envelope (OpenAI's) that most chat templates list tools in. */
export function describeFunctionTool(tool: LanguageModelV4FunctionTool): {
  type: 'function';
  function: Record<string, unknown>;
} {
  return { type: 'function', function: describeTool(tool) };
}

/**
 * The tools as one JSON object per line, each in its function envelope, as the chat templates of
 * Qwen, GLM, Granite and many others list them (Llama 3's leave a blank line between: `separator`).
 */
export function functionToolLines(
  tools: readonly LanguageModelV4FunctionTool[],
  separator = '\n',
): string {
  return tools.map((tool) => stringifyFramedJson(describeFunctionTool(tool))).join(separator);
}

/** Keywords whose value is one schema. */
const SCHEMA_KEYWORDS = new Set([
  'additionalItems',
  'additionalProperties',
  'contains',
  'contentSchema',
  'else',
  'if',
  'items',
  'not',
  'propertyNames',
  'then',
  'unevaluatedItems',
  'unevaluatedProperties',
]);
/** Keywords whose value is a list of schemas (`items` too, in its tuple form). */
const SCHEMA_LIST_KEYWORDS = new Set(['allOf', 'anyOf', 'items', 'oneOf', 'prefixItems']);
/** Keywords whose value maps names to schemas (`dependencies` maps some names to lists of keys). */
const SCHEMA_MAP_KEYWORDS = new Set([
  '$defs',
  'definitions',
  'dependencies',
  'dependentSchemas',
  'patternProperties',
  'properties',
]);

/** The bounds zod writes on every integer: the safe-integer range, which says nothing to a model. */
const MIN_SAFE = Number.MIN_SAFE_INTEGER;
const MAX_SAFE = Number.MAX_SAFE_INTEGER;

type Json = Record<string, unknown>;

/** `dueDate`, `due_date`, `Due Date` and `due-date` say the same. */
function sameWords(a: string, b: string): boolean {
  const words = (text: string) => text.replace(/[\s_-]/g, '').toLowerCase();
  return words(a) === words(b);
}

function isIntegerSchema(schema: Json): boolean {
  const type = schema['type'];
  return type === 'integer' || (Array.isArray(type) && type.includes('integer'));
}

/** Whether a schema keyword is one that tells the model nothing, given the property the schema describes. */
function isNoise(schema: Json, key: string, propertyName: string | undefined): boolean {
  const value = schema[key];
  switch (key) {
    case '$schema':
      return true;
    case 'title':
      return (
        propertyName !== undefined && typeof value === 'string' && sameWords(value, propertyName)
      );
    case 'minimum':
      return value === MIN_SAFE && isIntegerSchema(schema);
    case 'maximum':
      return value === MAX_SAFE && isIntegerSchema(schema);
    default:
      return false;
  }
}

/**
 * A copy of a JSON schema without what tells a model nothing: `$schema`, the safe-integer
 * bounds zod puts on integers (`minimum: -(2^53 - 1)`, `maximum: 2^53 - 1`), and a `title`
 * that only restates its property's name. Every other keyword is kept, values untouched:
 * types, enums, `required`, descriptions, defaults, `additionalProperties`, formats, real
 * bounds. Keywords are recognised only where a schema stands, never inside `properties`
 * names, `default`, `enum`, `const` or `examples`. Iterative, so depth costs no stack.
 */
export function leanSchema<T>(schema: T): T {
  const result: { value: unknown } = { value: schema };
  // Each task copies one schema into `holder[slot]`; `propertyName` names the property it describes.
  const tasks: Array<{ source: Json; holder: Json; slot: string; propertyName?: string }> = [];
  // A schema object met again (shared or cyclic) under the same name maps to the same copy.
  const copies = new Map<Json, Map<string | undefined, Json>>();

  const copyInto = (source: unknown, holder: Json, slot: string, propertyName?: string) => {
    if (!isJsonObject(source)) return setOwnProperty(holder, slot, source);
    const known = copies.get(source)?.get(propertyName);
    if (known !== undefined) return setOwnProperty(holder, slot, known);
    // Holds the key's place, so the copy keeps the source's key order.
    setOwnProperty(holder, slot, source);
    tasks.push({ source, holder, slot, ...(propertyName === undefined ? {} : { propertyName }) });
  };

  copyInto(schema, result, 'value');
  for (let task = tasks.pop(); task !== undefined; task = tasks.pop()) {
    const { source, holder, slot, propertyName } = task;
    const copy: Json = {};
    setOwnProperty(holder, slot, copy);
    const byName = copies.get(source) ?? new Map<string | undefined, Json>();
    copies.set(source, byName);
    byName.set(propertyName, copy);
    for (const [key, value] of Object.entries(source)) {
      if (isNoise(source, key, propertyName)) continue;
      if (SCHEMA_LIST_KEYWORDS.has(key) && Array.isArray(value)) {
        const list: unknown[] = [];
        setOwnProperty(copy, key, list);
        value.forEach((item, index) => {
          copyInto(item, list as unknown as Json, String(index));
        });
      } else if (SCHEMA_KEYWORDS.has(key)) {
        copyInto(value, copy, key);
      } else if (SCHEMA_MAP_KEYWORDS.has(key) && isJsonObject(value)) {
        const map: Json = {};
        setOwnProperty(copy, key, map);
        for (const [name, sub] of Object.entries(value)) {
          // `dependencies` may map a name to the list of keys it requires: data, kept as is.
          copyInto(sub, map, name, key === 'properties' ? name : undefined);
        }
      } else {
        setOwnProperty(copy, key, value);
      }
    }
  }
  return result.value as T;
}
