import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { isJsonObject } from '@toolbridge/rjson';

/** How {@link typeScriptNamespace} writes a schema's descriptions and defaults, to mirror the template it stands for. */
export interface TypeScriptNamespaceOptions {
  /**
   * `lines` (gpt-oss): each line of a description is its own `//` line above what it describes,
   * a default goes after its property (`// default: 2`). `one-line` (Functionary v3.2): a
   * description's whitespace is folded into one `//` line, a default joins it (`Default: 2.`).
   */
  comments: 'lines' | 'one-line';
  /** Whether `nullable: true` (OpenAPI's spelling) adds `| null` to a type. */
  nullable: boolean;
  /** The type of an `object` schema whose `properties` is no object. */
  objectWithoutProperties: 'object' | 'any';
}

type Schema = Record<string, unknown>;

/** Deeper than this, a schema is written `any`: a bound on what a schema can make the prompt cost. */
const MAX_DEPTH = 16;

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/u;

/**
 * The tools as a TypeScript `namespace functions`, the way gpt-oss's and Functionary's chat
 * templates declare them: one `type NAME = (_: {…}) => any;` per tool, its description as a
 * comment above, each argument a property on its own line (optional ones marked `?`), enums as
 * literal unions, arrays as `T[]`.
 */
export function typeScriptNamespace(
  tools: readonly LanguageModelV4FunctionTool[],
  options: TypeScriptNamespaceOptions,
): string {
  const declarations = tools.map((tool) => `${typeDeclaration(tool, options)}\n\n`).join('');
  return `namespace functions {\n\n${declarations}} // namespace functions`;
}

/** One tool: `// description` and `type NAME = (_: {…}) => any;`. */
function typeDeclaration(tool: LanguageModelV4FunctionTool, options: TypeScriptNamespaceOptions) {
  const schema = tool.inputSchema as unknown;
  const hasProperties =
    isJsonObject(schema) &&
    isJsonObject(schema['properties']) &&
    Object.keys(schema['properties']).length > 0;
  const parameters = hasProperties ? `_: ${objectType(schema, '', '', 0, options)}` : '';
  const description = tool.description
    ? commentAbove(tool.description, undefined, '', options)
    : '';
  return `${description}type ${tool.name} = (${parameters}) => any;`;
}

/** `// text` lines above a declaration at `indent`, each ending in a newline; `''` for none. */
function commentAbove(
  description: string | undefined,
  property: Schema | undefined,
  indent: string,
  options: TypeScriptNamespaceOptions,
): string {
  if (options.comments === 'lines') {
    if (description === undefined) return '';
    return description
      .split('\n')
      .map((line) => `${`${indent}// ${line}`.trimEnd()}\n`)
      .join('');
  }
  const parts: string[] = [];
  const folded = description?.replace(/\s+/g, ' ').trim();
  if (folded) parts.push(folded);
  if (property !== undefined && 'default' in property) {
    parts.push(`Default: ${JSON.stringify(property['default'])}.`);
  }
  return parts.length > 0 ? `${indent}// ${parts.join(' ')}\n` : '';
}

/** A JSON schema as a TypeScript type, nested objects indented from `indent`. */
function typeOf(
  schema: unknown,
  indent: string,
  depth: number,
  options: TypeScriptNamespaceOptions,
): string {
  if (!isJsonObject(schema) || depth > MAX_DEPTH) return 'any';
  const nullable = options.nullable && schema['nullable'] === true ? ' | null' : '';
  const values = schema['enum'];
  if (Array.isArray(values) && values.length > 0) {
    return values.map((value) => JSON.stringify(value) ?? 'null').join(' | ') + nullable;
  }
  if ('const' in schema) return JSON.stringify(schema['const']) ?? 'any';
  const variants = Array.isArray(schema['anyOf']) ? schema['anyOf'] : schema['oneOf'];
  if (Array.isArray(variants) && variants.length > 0) {
    return (
      variants.map((variant) => typeOf(variant, indent, depth + 1, options)).join(' | ') + nullable
    );
  }
  const type = schema['type'];
  if (Array.isArray(type)) {
    return type
      .map((one) => typeOf({ ...schema, type: one }, indent, depth + 1, options))
      .join(' | ');
  }
  const inner = `${indent}    `;
  switch (type) {
    case 'string':
    case 'boolean':
      return `${type}${nullable}`;
    case 'number':
    case 'integer':
      return `number${nullable}`;
    case 'null':
      return 'null';
    case 'array': {
      const item = typeOf(schema['items'], indent, depth + 1, options);
      return `${item.includes(' | ') ? `(${item})` : item}[]${nullable}`;
    }
    case 'object':
      if (!isJsonObject(schema['properties']) && options.objectWithoutProperties === 'any') {
        return 'any';
      }
      return objectType(schema, inner, indent, depth, options) + nullable;
    default:
      return isJsonObject(schema['properties'])
        ? objectType(schema, inner, indent, depth, options)
        : 'any';
  }
}

/** An object type: each property on its own line at `inner`, the closing brace at `outer`. */
function objectType(
  schema: Schema,
  inner: string,
  outer: string,
  depth: number,
  options: TypeScriptNamespaceOptions,
): string {
  const properties = isJsonObject(schema['properties']) ? Object.entries(schema['properties']) : [];
  if (properties.length === 0) return 'object';
  const required = new Set(Array.isArray(schema['required']) ? schema['required'] : []);
  const lines = properties.map(([key, property]) => {
    const described = isJsonObject(property) ? property : undefined;
    const description =
      typeof described?.['description'] === 'string' ? described['description'] : undefined;
    const name = IDENTIFIER.test(key) ? key : JSON.stringify(key);
    const optional = required.has(key) ? '' : '?';
    const fallback =
      options.comments === 'lines' && described !== undefined && 'default' in described
        ? ` // default: ${JSON.stringify(described['default'])}`
        : '';
    const type = typeOf(property, inner, depth + 1, options);
    return `${commentAbove(description, described, inner, options)}${inner}${name}${optional}: ${type},${fallback}\n`;
  });
  return `{\n${lines.join('')}${outer}}`;
}
