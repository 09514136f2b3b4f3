import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { isJsonObject } from '@toolbridge/rjson';
import { createJsonCallDecoder, JSON_CALL_KEYS } from '../decoders/json-call-decoder';
import {
  createXmlParameterCallDecoder,
  type XmlParameterSyntax,
} from '../decoders/xml-parameter-call-decoder';
import { jinjaString } from '../prompt/jinja-string';
import { escapeCloser, type TemplatePrompt } from '../prompt/template-prompt';
import { leanSchema } from '../protocols/describe-tool';
import {
  type TypeScriptNamespaceOptions,
  typeScriptNamespace,
} from '../protocols/typescript-namespace';
import { stringifySpacedJson, templateJson } from '../safe-json';
import { textOrJson } from '../text-or-json';
import { defineTextProtocol } from '../text-protocol';
import type { ToolCallProtocol } from '../tool-call-protocol';
import { toolResultValue } from '../tool-result-value';
import { defineFormat } from './define-format';

/** Ends a turn of GigaChat's template; the next turn's role follows after a blank line. */
const MESSAGE_SEP = '<|message_sep|>';
/** Ends a turn's role name. */
const ROLE_SEP = '<|role_sep|>';
/** GigaChat 3: the call is a turn of its own, `function call`, after the assistant's. */
const CALL_TURN = `function call${ROLE_SEP}`;
/** The same call turn right after the end of the assistant's (possibly empty) text. */
const CALL_TURN_AFTER_TEXT = `${MESSAGE_SEP}\n\n${CALL_TURN}`;
/** A spelling of the call turn vLLM's gigachat3 parser also reads. */
const FUNCTION_CALL_TOKEN = '<|function_call|>';

/** GigaChat 3.5's markup marker, with FULLWIDTH VERTICAL LINE (U+FF5C) on both sides. */
const GCML = '｜GCML｜';
const GCML_OPEN = `<${GCML}tool_calls>`;
const GCML_CLOSE = `</${GCML}tool_calls>`;

/** Whether a parameter's `string="true|false"` attribute makes its value text or JSON. */
function stringAttribute(attributes: string): boolean | undefined {
  const match = /\bstring="(true|false)"/u.exec(attributes);
  return match === null ? undefined : match[1] === 'true';
}

/** GigaChat 3.5: `<｜GCML｜invoke name="NAME">` `<｜GCML｜parameter name="KEY" string="true|false">`VALUE`</｜GCML｜parameter>` `</｜GCML｜invoke>`. */
const GCML_SYNTAX: XmlParameterSyntax = {
  nameOpen: `<${GCML}invoke name="`,
  nameClose: ['">'],
  callClose: `</${GCML}invoke>`,
  keyOpen: `<${GCML}parameter name="`,
  keyClose: '"',
  valueOpen: '>',
  valueClose: `</${GCML}parameter>`,
  valueIsString: stringAttribute,
  inlineValues: true,
};

/** GigaChat's templates write each line of a description as its own comment, defaults after the property. */
const GIGACHAT_TYPES: TypeScriptNamespaceOptions = {
  comments: 'lines',
  nullable: false,
  objectWithoutProperties: 'any',
};

type Schema = Record<string, unknown>;

/** Opens a turn inside another turn's content: ends it, then `ROLE<|role_sep|>\n`, as the templates write turns. */
const nextTurn = (role: string) => `${MESSAGE_SEP}\n\n${role}${ROLE_SEP}\n`;

/** Each non-blank line of a description as a `//` comment at `indent`. */
const commentLines = (text: string, indent: string) =>
  text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => `${indent}// ${line}\n`)
    .join('');

const nonEmpty = (value: unknown): value is unknown[] => Array.isArray(value) && value.length > 0;

/**
 * A property of an object type as both templates write it: its description, the schema keywords
 * the template notes (`// minimum: 1`), then `key?: type,` and its default.
 */
function propertyLines(
  key: string,
  property: Schema,
  type: string,
  indent: string,
  options: { required: readonly unknown[]; noted: readonly string[]; skipNull: boolean },
): string {
  const description =
    typeof property['description'] === 'string'
      ? commentLines(property['description'], indent)
      : '';
  const notes = Object.entries(property)
    .filter(
      ([name, value]) => options.noted.includes(name) && !(options.skipNull && value === null),
    )
    .map(([name, value]) =>
      typeof value === 'string'
        ? `${indent}// ${name}: "${value}"\n`
        : `${indent}// ${name}: ${jinjaString(value)}\n`,
    )
    .join('');
  const fallback = property['default'];
  const defaultNote = !('default' in property)
    ? ''
    : typeof fallback === 'string'
      ? ` // default: "${fallback}"`
      : ` // default: ${jinjaString(fallback)}`;
  const optional = options.required.includes(key) ? '' : '?';
  return `${description}${notes}${indent}${key}${optional}: ${type},${defaultNote}\n`;
}

const requiredOf = (schema: Schema) =>
  Array.isArray(schema['required']) ? (schema['required'] as unknown[]) : [];

/** GigaChat 3's `json_schema_to_typescript`: objects, strings, numbers, booleans and arrays; anything else `any`. */
function gigachat3Type(schema: unknown, indent: string): string {
  if (!isJsonObject(schema)) return 'any';
  const values = schema['enum'];
  switch (schema['type']) {
    case 'object': {
      const required = requiredOf(schema);
      const properties = isJsonObject(schema['properties']) ? schema['properties'] : {};
      const lines = Object.entries(properties).map(([key, value]) => {
        const property = isJsonObject(value) ? value : {};
        const type = gigachat3Type(property, `${indent}  `);
        const noted = ['format', 'maxItems', 'maximum', 'minItems', 'minimum', 'pattern'];
        return propertyLines(key, property, type, indent, { required, noted, skipNull: false });
      });
      const extra = schema['additionalProperties'];
      const index =
        extra === true || isJsonObject(extra)
          ? `${indent}[key: string]: ${gigachat3Type(extra === true ? {} : extra, `${indent}  `)}\n`
          : '';
      return `{\n${lines.join('')}${index}${indent.slice(0, -2)}}`;
    }
    case 'string':
      if (nonEmpty(values)) return values.map((value) => `"${jinjaString(value)}"`).join(' | ');
      return schema['format'] === 'date-time' || schema['format'] === 'date' ? 'Date' : 'string';
    case 'number':
    case 'integer':
      return nonEmpty(values) ? values.map(jinjaString).join(' | ') : 'number';
    case 'boolean':
      return 'boolean';
    case 'array':
      return 'items' in schema ? `${gigachat3Type(schema['items'], indent)}[]` : 'Array<any>';
    default:
      return 'any';
  }
}

/** A `const` as GigaChat 3.5's template writes it. */
function literal(value: unknown): string {
  if (typeof value === 'string') return `"${value}"`;
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'number') return jinjaString(value);
  return value === null ? 'null' : 'any';
}

const TYPE_NAMES = [
  'null',
  'string',
  'number',
  'integer',
  'int',
  'float',
  'boolean',
  'object',
  'dict',
  'array',
];
const NOTED_35 = [
  ...['format', 'maxItems', 'maximum', 'minItems', 'minimum', 'pattern', 'minLength', 'maxLength'],
  ...[
    'exclusiveMinimum',
    'exclusiveMaximum',
    'multipleOf',
    'uniqueItems',
    'minProperties',
    'maxProperties',
  ],
];

/**
 * GigaChat 3.5's `json_schema_to_typescript`: also in-document `$ref`s, `anyOf` / `oneOf` /
 * `allOf`, type lists, `const`, tuples and `integer`, each union member in parentheses.
 */
function gigachat35Type(
  schema: unknown,
  indent: string,
  root: unknown,
  refs: readonly string[] = [],
): string {
  if (!isJsonObject(schema)) return 'any';
  const typeOf = (inner: unknown, at = indent) => gigachat35Type(inner, at, root, refs);
  const union = (members: unknown[], join: string) =>
    members.map((member) => `(${typeOf(member)})`).join(join);
  const ref = schema['$ref'];
  if (typeof ref === 'string') {
    if (refs.includes(ref) || !ref.startsWith('#/')) return 'any';
    const target = ref
      .slice(2)
      .split('/')
      .reduce<unknown>((node, segment) => {
        const key = segment.replaceAll('~1', '/').replaceAll('~0', '~');
        if (isJsonObject(node)) return node[key];
        return Array.isArray(node) && /^\d+$/.test(key) ? node[Number(key)] : undefined;
      }, root);
    return isJsonObject(target) ? gigachat35Type(target, indent, root, [...refs, ref]) : 'any';
  }
  if (Array.isArray(schema['anyOf'])) return union(schema['anyOf'], ' | ');
  if (Array.isArray(schema['oneOf'])) return union(schema['oneOf'], ' | ');
  if (Array.isArray(schema['allOf'])) return union(schema['allOf'], ' & ');
  const type = schema['type'] === 'dict' ? 'object' : schema['type'];
  if (Array.isArray(type))
    return type
      .map(
        (name) =>
          `(${TYPE_NAMES.includes(name as string) ? typeOf({ ...schema, type: name }) : 'any'})`,
      )
      .join(' | ');
  const values = schema['enum'];
  const hasProperties = isJsonObject(schema['properties']);
  if (type === undefined && !hasProperties) {
    if ('const' in schema) return literal(schema['const']);
    if (nonEmpty(values))
      return values
        .map((value) => (typeof value === 'string' ? `"${value}"` : jinjaString(value)))
        .join(' | ');
  }
  if (type === 'object' || (type === undefined && hasProperties)) {
    const properties: Array<[string, unknown]> = Object.entries(
      isJsonObject(schema['properties']) ? schema['properties'] : {},
    );
    const extra = schema['additionalProperties'];
    if (extra === true) properties.push(['[key: string]', { type: 'any' }]);
    else if (isJsonObject(extra)) properties.push(['[key: string]', extra]);
    const required = [...requiredOf(schema), '[key: string]'];
    const lines = properties.map(([key, value]) => {
      const property = isJsonObject(value) ? value : {};
      const type = typeOf(property, `${indent}  `);
      return propertyLines(key, property, type, indent, {
        required,
        noted: NOTED_35,
        skipNull: true,
      });
    });
    return `{\n${lines.join('')}${indent.slice(0, -2)}}`;
  }
  switch (type) {
    case 'string':
      if ('const' in schema) return literal(schema['const']);
      if (nonEmpty(values))
        return values
          .flatMap((value) => (typeof value === 'string' ? [`"${value}"`] : []))
          .join(' | ');
      return schema['format'] === 'date-time' || schema['format'] === 'date' ? 'Date' : 'string';
    case 'number':
    case 'integer':
    case 'int':
    case 'float':
      if ('const' in schema) return literal(schema['const']);
      if (nonEmpty(values)) return values.map(jinjaString).join(' | ');
      return type === 'integer' || type === 'int' ? 'integer' : 'number';
    case 'boolean':
      return typeof schema['const'] === 'boolean' ? String(schema['const']) : 'boolean';
    case 'null':
      return 'null';
    case 'array': {
      const items = schema['items'];
      const tuple = Array.isArray(schema['prefixItems']) ? schema['prefixItems'] : items;
      if (Array.isArray(tuple)) return `[${tuple.map((item) => typeOf(item)).join(', ')}]`;
      return isJsonObject(items) ? `(${typeOf(items)})[]` : 'Array<any>';
    }
    default:
      return isJsonObject(schema['not']) ? 'unknown' : 'any';
  }
}

/** Both templates' `namespace functions`: each tool's description lines, then `type NAME = (_: {…}) => any;`. */
function toolNamespace(
  tools: readonly LanguageModelV4FunctionTool[],
  parameters: (schema: Schema) => string,
): string {
  const declarations = tools.map(({ name, description, inputSchema }) => {
    const schema = inputSchema as Schema;
    const properties = schema['properties'];
    const hasProperties = isJsonObject(properties) && Object.keys(properties).length > 0;
    const comments = description ? commentLines(description, '') : '';
    return `${comments}type ${name} = (${hasProperties ? `_: ${parameters(schema)}` : ''}) => any;\n`;
  });
  return ['namespace functions {', ...declarations, '} // namespace functions'].join('\n');
}

/**
 * The `function descriptions` turn both templates write after the system turn, ended inside the
 * system message's content. With no system message, the system message made for it is empty:
 * GigaChat 3.5's template writes that empty system turn too; GigaChat 3's does not.
 */
const descriptionsAfterSystem = (namespace: string, system = '') =>
  `${system}${nextTurn('function descriptions')}${namespace}\n\n`;

/**
 * GigaChat 3's chat template with native tools: a `function descriptions` turn after the system
 * turn, the turn's first call (the template drops the others) as a `function call` turn of JSON
 * after the assistant's, each result as a `function result` turn.
 */
const gigachat3Template: TemplatePrompt = {
  toolsIn: 'system',
  tools: (tools, system) =>
    descriptionsAfterSystem(
      toolNamespace(tools, (schema) => gigachat3Type(schema, '  ')),
      system,
    ),
  calls: (text, [call]) =>
    call === undefined
      ? text
      : `${text}${nextTurn('function call')}{"name": "${call.toolName}", "arguments": ${templateJson(call.input ?? {})}}`,
  // A user turn can only be left empty before them: its role is written by the template. The
  // results cannot end the calling assistant turn instead: the template then writes no
  // generation prompt, the conversation ending with an assistant turn.
  results: (results) =>
    results
      .map(({ content }) => `${nextTurn('function result')}${escapeCloser(content, MESSAGE_SEP)}`)
      .join(''),
};

/**
 * GigaChat 3.5's chat template with native tools: a `function descriptions` turn after the
 * system turn (an empty one when there is none), the turn's calls as a `<｜GCML｜tool_calls>`
 * block a blank line after its text, a run of results as one `function result` turn of
 * `<function_response>` tags.
 */
const gigachat35Template: TemplatePrompt = {
  toolsIn: 'system',
  tools: (tools, system) =>
    descriptionsAfterSystem(
      toolNamespace(tools, (schema) => gigachat35Type(schema, '  ', schema)),
      system,
    ),
  calls: (text, calls) => {
    const invokes = calls.map(({ toolName, input }) => {
      const parameters = Object.entries((input ?? {}) as Record<string, unknown>).map(
        ([key, value]) =>
          typeof value === 'string'
            ? `<${GCML}parameter name="${key}" string="true">${value}</${GCML}parameter>\n`
            : `<${GCML}parameter name="${key}" string="false">${templateJson(value)}</${GCML}parameter>\n`,
      );
      return `<${GCML}invoke name="${toolName}">\n${parameters.join('')}</${GCML}invoke>`;
    });
    const block = `${GCML_OPEN}\n${invokes.join('\n')}\n${GCML_CLOSE}`;
    return text === '' ? block : `${text}\n\n${block}`;
  },
  // After an empty user turn, as GigaChat 3's; the template pairs results with the calls by position.
  results: (results) =>
    nextTurn('function result') +
    results
      .map(
        ({ toolName, content }) =>
          `<function_response name="${toolName}">${escapeCloser(escapeCloser(content, '</function_response>'), MESSAGE_SEP)}</function_response>`,
      )
      .join('\n'),
};

/** Options of {@link gigachatProtocol}. */
export interface GigachatProtocolOptions {
  /**
   * How past calls and results are written back: GigaChat 3.5's `<｜GCML｜tool_calls>` block and
   * `<function_response>` tags (`'3.5'`, the default), or GigaChat 3's `function call` turn of
   * JSON and raw results (`'3'`). Both are read either way.
   */
  version?: '3' | '3.5';
}

/**
 * GigaChat (Sber). GigaChat 3 (and 3.1) ends its message and writes the call as a turn of its
 * own: `<|message_sep|>\n\nfunction call<|role_sep|>\n{"name": "get_weather", "arguments": {…}}`,
 * one call per turn. GigaChat 3.5 writes a block of calls, each argument raw text or JSON as its
 * `string` attribute says:
 * `<｜GCML｜tool_calls>\n<｜GCML｜invoke name="get_weather">\n<｜GCML｜parameter name="city" string="true">Lyon</｜GCML｜parameter>\n</｜GCML｜invoke>\n</｜GCML｜tool_calls>`.
 * Results go back as the `function result` turn's content.
 */
export function gigachatProtocol(options: GigachatProtocolOptions = {}): ToolCallProtocol {
  const version = options.version ?? '3.5';
  return defineTextProtocol({
    format: 'gigachat',
    grammar: (tools) => ({
      openers: [CALL_TURN_AFTER_TEXT, CALL_TURN, FUNCTION_CALL_TOKEN, GCML_OPEN],
      explicitOpeners: [CALL_TURN_AFTER_TEXT, CALL_TURN, FUNCTION_CALL_TOKEN, GCML_OPEN],
      startCall: (opener, sink) =>
        opener === GCML_OPEN
          ? createXmlParameterCallDecoder({ syntax: GCML_SYNTAX, closer: GCML_CLOSE, tools, sink })
          : createJsonCallDecoder({ keys: JSON_CALL_KEYS, closer: undefined, tools, sink }),
    }),
    formatTools: (tools) =>
      typeScriptNamespace(
        tools.map((tool) => ({ ...tool, inputSchema: leanSchema(tool.inputSchema) })),
        GIGACHAT_TYPES,
      ),
    formatToolCall: ({ toolName, input }) => {
      const entries = Object.entries((input ?? {}) as Record<string, unknown>);
      if (version === '3') {
        return `${CALL_TURN_AFTER_TEXT}\n${stringifySpacedJson({ name: toolName, arguments: Object.fromEntries(entries) })}`;
      }
      const parameters = entries.map(([key, value]) =>
        typeof value === 'string'
          ? `<${GCML}parameter name="${key}" string="true">${value}</${GCML}parameter>\n`
          : `<${GCML}parameter name="${key}" string="false">${JSON.stringify(value)}</${GCML}parameter>\n`,
      );
      return `${GCML_OPEN}\n<${GCML}invoke name="${toolName}">\n${parameters.join('')}</${GCML}invoke>\n${GCML_CLOSE}`;
    },
    formatToolResponse: ({ toolName, output }) => {
      const { value } = toolResultValue(output);
      return version === '3'
        ? textOrJson(value)
        : `<function_response name="${toolName}">${textOrJson(value)}</function_response>`;
    },
  });
}

/** The tool list and the end of the prompt, the same for both versions. */
function gigachatPrompt(tools: string, howToCall: string): string {
  return `Function descriptions, in TypeScript:
${tools}

Call a function when it helps answer the request, with arguments taken from the conversation; ask for a required argument you were not given. ${howToCall}
The result comes back as the function result. When no function is needed, or once you have the results, answer in plain text.`;
}

/** The system prompt of `gigachatToolMiddleware`: the tools as GigaChat's template declares them, and GigaChat 3.5's call block. */
export function gigachatSystemPromptTemplate(tools: string): string {
  return gigachatPrompt(
    tools,
    `To call functions, write one block with an invoke per call; text values as they are with string="true", anything else as JSON with string="false":
${GCML_OPEN}
<${GCML}invoke name="function_name">
<${GCML}parameter name="parameter_name" string="true">text value</${GCML}parameter>
<${GCML}parameter name="other_parameter" string="false">42</${GCML}parameter>
</${GCML}invoke>
${GCML_CLOSE}`,
  );
}

/** The system prompt of the `gigachat3` format: GigaChat 3's `function call` turn. */
export function gigachat3SystemPromptTemplate(tools: string): string {
  return gigachatPrompt(
    tools,
    `To call a function, end your message and write a function call turn holding one JSON object:
${CALL_TURN_AFTER_TEXT}
{"name": "function_name", "arguments": {"parameter_name": "value"}}`,
  );
}

const controlTokens = [MESSAGE_SEP, ROLE_SEP];

/** GigaChat 3 and 3.1: the call as a `function call` turn of JSON; reads as `gigachat`. */
export const gigachat3Format = /* @__PURE__ */ defineFormat({
  name: 'gigachat3',
  protocol: () => gigachatProtocol({ version: '3' }),
  systemPrompt: gigachat3SystemPromptTemplate,
  template: gigachat3Template,
  controlTokens,
  models: [{ family: 'GigaChat 3', match: /gigachat-?3/ }],
});

/** GigaChat 3.5's `<｜GCML｜tool_calls>` block, and GigaChat 3's `function call` turn. */
export const gigachatFormat = /* @__PURE__ */ defineFormat({
  name: 'gigachat',
  protocol: () => gigachatProtocol(),
  systemPrompt: gigachatSystemPromptTemplate,
  template: gigachat35Template,
  controlTokens,
  // The 3.5 template opens <think> in the generation prompt when its `reasoning` switch is on.
  opensReasoning: 'on-request',
  models: [{ family: 'GigaChat 3.5', match: /gigachat-?3\.5/ }],
  variants: [gigachat3Format],
});
