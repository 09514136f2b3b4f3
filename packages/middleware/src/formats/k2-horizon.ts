import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { isJsonObject } from '@toolbridge/rjson';
import {
  createDispatchingDecoder,
  createPrefixDispatchingDecoder,
} from '../decoders/dispatching-decoder';
import { createJsonCallDecoder, JSON_CALL_KEYS } from '../decoders/json-call-decoder';
import {
  createXmlParameterCallDecoder,
  type XmlParameterSyntax,
} from '../decoders/xml-parameter-call-decoder';
import type { CallDecoder, CallSink, ToolsByName } from '../engine/call-grammar';
import { jinjaString } from '../prompt/jinja-string';
import { escapeCloser, serverTools, type TemplatePrompt } from '../prompt/template-prompt';
import { functionToolLines } from '../protocols/describe-tool';
import { templateJson } from '../safe-json';
import { textOrJson } from '../text-or-json';
import { defineTextProtocol } from '../text-protocol';
import type { ToolCallForModel, ToolCallProtocol } from '../tool-call-protocol';
import { toolResultValue } from '../tool-result-value';
import { defineFormat, type ReasoningTags } from './define-format';

const CALLS_OPEN = '<ifm|tool_calls>';
const CALLS_CLOSE = '</ifm|tool_calls>';
const CALL_OPEN = '<ifm|tool_call>';
const CALL_CLOSE = '</ifm|tool_call>';
const KEY_OPEN = '<ifm|arg_key>';
const KEY_CLOSE = '</ifm|arg_key>';
const VALUE_OPEN = '<ifm|arg_value>';
const VALUE_CLOSE = '</ifm|arg_value>';
const TURN_START = '<|ifm|im_start|>';
const TURN_END = '<|ifm|im_end|>';

/** The JSON types whose values the typed layout writes as JSON text; `string` is raw text. */
const JSON_TYPES = new Set(['integer', 'number', 'boolean', 'null', 'object', 'array']);

/**
 * What the typed layout's `<ifm|arg_type>TYPE</ifm|arg_type>` (between an argument's key and its
 * value) says of the value: raw text for `string`, JSON text for another JSON type (`array[string]`
 * is an array); for a union (`integer|null`), a `$ref`'s name or `any`, or without the tag, the
 * schema decides.
 */
function declaredType(between: string): boolean | undefined {
  const type = /<ifm\|arg_type>([^<]*)<\/ifm\|arg_type>/u.exec(between)?.[1];
  if (type === undefined) return undefined;
  const base = (type.split('[', 1)[0] ?? '').trim().toLowerCase();
  if (base === 'string') return true;
  return JSON_TYPES.has(base) ? false : undefined;
}

/**
 * A call's body: `NAME`, ended by a newline or its first `<ifm|arg_key>`, then per argument
 * `<ifm|arg_key>KEY</ifm|arg_key>` (`<ifm|arg_type>TYPE</ifm|arg_type>`, in the typed layout)
 * `<ifm|arg_value>VALUE</ifm|arg_value>`, values right between their tags; `</ifm|tool_call>`.
 */
const K2_HORIZON_SYNTAX: XmlParameterSyntax = {
  nameOpen: '',
  nameClose: ['\n', KEY_OPEN, CALL_CLOSE],
  callClose: CALL_CLOSE,
  keyOpen: KEY_OPEN,
  keyClose: KEY_CLOSE,
  valueOpen: VALUE_OPEN,
  valueClose: VALUE_CLOSE,
  valueIsString: declaredType,
  inlineValues: true,
};

/** One call after `<ifm|tool_call>`: the `json` layout's object (or list), or a name and tags. */
function callDecoder(tools: ToolsByName, sink: CallSink): CallDecoder {
  return createDispatchingDecoder((first) =>
    first === '{' || first === '['
      ? createJsonCallDecoder({ keys: JSON_CALL_KEYS, closer: CALL_CLOSE, tools, sink })
      : /[A-Za-z_]/u.test(first)
        ? // One call; the whitespace after it, and the group's close if it follows, are its markup.
          createXmlParameterCallDecoder({
            syntax: K2_HORIZON_SYNTAX,
            closer: CALLS_CLOSE,
            tools,
            sink,
            single: true,
          })
        : undefined,
  );
}

/** After `<ifm|tool_calls>`: whitespace, then the group's first call; anything else is no call. */
function groupDecoder(tools: ToolsByName, sink: CallSink): CallDecoder {
  return createDispatchingDecoder((first) =>
    first === '<'
      ? createPrefixDispatchingDecoder([[CALL_OPEN, () => callDecoder(tools, sink)]], () =>
          createDispatchingDecoder(() => undefined),
        )
      : undefined,
  );
}

/** A call's key/value tags, values as the template writes them: text as it is, others by `json`. */
function callBlock(
  { toolName, input }: ToolCallForModel,
  json: (value: unknown) => string,
): string {
  const pairs = Object.entries((input ?? {}) as Record<string, unknown>).map(
    ([key, value]) =>
      `${KEY_OPEN}${key}${KEY_CLOSE}\n${VALUE_OPEN}${typeof value === 'string' ? value : json(value)}${VALUE_CLOSE}\n`,
  );
  return `${CALL_OPEN}${toolName}\n${pairs.join('')}${CALL_CLOSE}`;
}

/**
 * K2 Horizon (IFM): a reply's calls in one `<ifm|tool_calls>` group, each call in
 * `<ifm|tool_call>` tags: the tool's name, then its arguments as key/value tags, values raw and
 * typed by the tool's schema (GLM's layout in `ifm|` tokens):
 * `<ifm|tool_calls>\n<ifm|tool_call>get_weather\n<ifm|arg_key>city</ifm|arg_key>\n<ifm|arg_value>Lyon</ifm|arg_value>\n</ifm|tool_call>\n</ifm|tool_calls>`.
 * Also read: the template's other two layouts, `xml_typed` (an `<ifm|arg_type>` between key and
 * value, which says whether the value is text or JSON) and `json` (`{"name", "arguments"}` inside
 * `<ifm|tool_call>`), and a call without its group. Results go back as the raw content of the
 * `tool` turn.
 */
export function k2HorizonProtocol(): ToolCallProtocol {
  return defineTextProtocol({
    format: 'k2-horizon',
    grammar: (tools) => ({
      // The group's opener is one too: it ends reasoning the template opened, as a call does.
      openers: [CALLS_OPEN, CALL_OPEN],
      explicitOpeners: [CALLS_OPEN, CALL_OPEN],
      // The group's close, wherever a call did not take it (a JSON-layout call takes only its own).
      wrappers: [CALLS_CLOSE],
      startCall: (opener, sink) =>
        opener === CALLS_OPEN ? groupDecoder(tools, sink) : callDecoder(tools, sink),
    }),
    formatTools: (tools) => functionToolLines(tools),
    formatToolCall: (call) =>
      `${CALLS_OPEN}\n${callBlock(call, (value) => JSON.stringify(value))}\n${CALLS_CLOSE}`,
    formatToolResponse: ({ output }) => textOrJson(toolResultValue(output).value),
  });
}

/**
 * The system prompt of `k2HorizonToolMiddleware` under `prompt: 'compact'`: the tools as JSON
 * lines, and the template's default call layout.
 */
export function k2HorizonSystemPromptTemplate(tools: string): string {
  return `# Tools

You may call one or more of these functions (one JSON description per line):
<ifm|tools>
${tools}
</ifm|tools>

To call functions, write one <ifm|tool_calls> block with one <ifm|tool_call> per call: the function's name first, then each argument as a key and a value:
<ifm|tool_calls>
<ifm|tool_call>function_name
<ifm|arg_key>argument_name</ifm|arg_key>
<ifm|arg_value>value</ifm|arg_value>
</ifm|tool_call>
</ifm|tool_calls>

Write text values as they are and other values as JSON; give every required argument. Results come back in the next turn. When you have what you need, answer in plain text.`;
}

/**
 * K2 Horizon's reasoning tags, one per reasoning effort: `<ifm|think>` (high, the default; the
 * pair `startWithReasoning` opens), `<ifm|think_fast>` (medium), `<ifm|think_faster>` (low).
 */
export const k2HorizonReasoningTags: ReasoningTags = [
  ['<ifm|think>', '</ifm|think>'],
  ['<ifm|think_fast>', '</ifm|think_fast>'],
  ['<ifm|think_faster>', '</ifm|think_faster>'],
];

// The tool list as K2 Horizon's template writes it by default (`tool_presentation_format`
// `markdown`): a `##` section per tool, a bullet per parameter. What follows mirrors its macros.

type Schema = Record<string, unknown>;

/** Jinja's truth: empty strings, lists and objects, zero, false and none are false. */
function truthy(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (isJsonObject(value)) return Object.keys(value).length > 0;
  return Boolean(value);
}

/** The keys the markdown writes itself; any other key of a schema is listed as it is. */
const RENDERED_KEYS = new Set([
  'type',
  'description',
  'enum',
  'default',
  'properties',
  'required',
  'items',
  'oneOf',
  'anyOf',
  'additionalProperties',
  'patternProperties',
  'returns',
]);

/**
 * Whether Python's `str.split()` splits at `char`: JavaScript's `\s` without U+FEFF, and
 * U+001C-U+001F and U+0085.
 */
function isPythonSpace(char: string): boolean {
  const code = char.charCodeAt(0);
  if (code === 0xfeff) return false;
  return /\s/u.test(char) || (code >= 0x1c && code <= 0x1f) || code === 0x85;
}

/** `text.split() | join(" ")`: its words, one space between them. */
function collapseSpaces(text: string): string {
  const words: string[] = [];
  let word = '';
  for (const char of text) {
    if (!isPythonSpace(char)) word += char;
    else if (word !== '') {
      words.push(word);
      word = '';
    }
  }
  if (word !== '') words.push(word);
  return words.join(' ');
}

/** The template's Python-style literal: strings single-quoted, their whitespace collapsed. */
function pythonLiteral(value: unknown): string {
  if (typeof value === 'string') {
    return `'${collapseSpaces(value).replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
  }
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (value === null || value === undefined) return 'None';
  if (Array.isArray(value)) return `[${value.map(pythonLiteral).join(', ')}]`;
  if (isJsonObject(value)) {
    const members = Object.entries(value).map(
      ([key, child]) => `${pythonLiteral(key)}: ${pythonLiteral(child)}`,
    );
    return `{${members.join(', ')}}`;
  }
  return String(value);
}

/** A value in a code span (an allowed value, a default). */
function literal(value: unknown): string {
  if (value === '') return '""';
  if (typeof value === 'string') return `\`${value.replaceAll('\n', '\\n')}\``;
  return `\`${pythonLiteral(value)}\``;
}

/** A value as plain markdown text. */
function plain(value: unknown): string {
  if (value === '') return '""';
  return typeof value === 'string' ? value : pythonLiteral(value);
}

const allowedValues = (values: unknown): string =>
  Array.isArray(values) ? values.map(literal).join(', ') : '';

function typeName(name: unknown, spec: Schema): string {
  if (name === 'array') return `array of ${'items' in spec ? typeOf(spec.items) : 'any'}`;
  return truthy(name) ? jinjaString(name) : 'any';
}

/** A schema's type as the list shows it: `string`, `array of integer`, `anyOf[string or null]`. */
function typeOf(spec: unknown): string {
  if (spec === true) return 'True';
  if (spec === false) return 'False';
  if (!isJsonObject(spec)) return 'any';
  const { type } = spec;
  if (Array.isArray(type)) {
    return type.length > 0 ? type.map((name) => typeName(name, spec)).join(' or ') : 'any';
  }
  if (truthy(type)) return typeName(type, spec);
  if (typeof spec.$ref === 'string') return spec.$ref.split('/').pop() ?? '';
  for (const combinator of ['oneOf', 'anyOf'] as const) {
    const variants = spec[combinator];
    if (truthy(variants) && Array.isArray(variants))
      return `${combinator}[${variants.map(typeOf).join(' or ')}]`;
  }
  if (truthy(spec.properties)) return 'object';
  return 'items' in spec ? `array of ${typeOf(spec.items)}` : 'any';
}

/** `label: value` under a schema indented by `indent`. */
const detail = (indent: string, label: string, value: unknown) =>
  `\n${indent}  - ${label}: ${plain(value)}`;

/** A parameter: name, type, whether required, description, allowed values, default, details. */
function parameter(name: string, spec: unknown, required: unknown, indent: string): string {
  const fields = isJsonObject(spec) ? spec : {};
  let text = `\n${indent}- \`${name}\` *(${typeOf(spec)}`;
  if (Array.isArray(required) && required.includes(name)) text += ', required';
  text += ')*';
  if (truthy(fields.description))
    text += ` - ${jinjaString(fields.description).replaceAll('\n', `\n${indent}  `)}`;
  if (truthy(fields.enum)) text += `\n${indent}  - Allowed values: ${allowedValues(fields.enum)}`;
  if ('default' in fields) text += `\n${indent}  - Default: ${literal(fields.default)}`;
  return text + schemaDetails(spec, indent, false);
}

/**
 * A schema's details under `indent`: its annotations (with `values`, its description, allowed
 * values and default too), its properties and structure, its other keys.
 */
function schemaDetails(spec: unknown, indent: string, values: boolean): string {
  if (typeof spec === 'boolean') return '';
  if (!isJsonObject(spec)) return `\n${indent}  - Value: ${literal(spec)}`;
  let text = '';
  if (values && 'description' in spec)
    text += detail(
      indent,
      'Description',
      jinjaString(spec.description).replaceAll('\n', `\n${indent}    `),
    );
  if (values && 'enum' in spec)
    text += `\n${indent}  - Allowed values: ${allowedValues(spec.enum)}`;
  if (values && 'default' in spec) text += `\n${indent}  - Default: ${literal(spec.default)}`;
  text += additionalProperties(spec, indent);
  if (truthy(spec.properties) && isJsonObject(spec.properties)) {
    for (const [child, childSpec] of Object.entries(spec.properties))
      text += parameter(child, childSpec, spec.required, `${indent}  `);
  }
  text += structure(spec, indent);
  for (const [key, value] of Object.entries(spec))
    if (!RENDERED_KEYS.has(key)) text += detail(indent, key, value);
  return text;
}

/** The `Additional properties` line of a schema that has the key. */
function additionalProperties(spec: Schema, indent: string): string {
  if (!('additionalProperties' in spec)) return '';
  const value = spec.additionalProperties;
  if (!isJsonObject(value)) return detail(indent, 'Additional properties', value);
  return `\n${indent}  - Additional properties *(${typeOf(value)})*${schemaDetails(value, `${indent}  `, true)}`;
}

/**
 * A schema's items, variants, pattern properties and return value under `indent`; at the top of
 * a tool's parameters `indent` is undefined, and its lines are one level up.
 */
function structure(spec: Schema, indent: string | undefined): string {
  const bullet = indent === undefined ? '\n- ' : `\n${indent}  - `;
  const nested = indent === undefined ? '' : `${indent}  `;
  const line = (label: string, value: unknown) =>
    indent === undefined ? `\n- ${label}: ${plain(value)}` : detail(indent, label, value);
  let text = '';
  if ('items' in spec) {
    text += isJsonObject(spec.items)
      ? `${bullet}Items *(${typeOf(spec.items)})*${schemaDetails(spec.items, nested, true)}`
      : line('Items', spec.items);
  }
  for (const combinator of ['oneOf', 'anyOf'] as const) {
    const variants = spec[combinator];
    if (!truthy(variants) || !Array.isArray(variants)) continue;
    text += `${bullet}${combinator}:`;
    variants.forEach((variant, index) => {
      text += `\n${nested}  - Variant ${index + 1} *(${typeOf(variant)})*${schemaDetails(variant, `${nested}  `, true)}`;
    });
  }
  const patterns = spec.patternProperties;
  if (isJsonObject(patterns)) {
    text += `${bullet}Pattern properties:`;
    for (const [pattern, patternSpec] of Object.entries(patterns)) {
      text += isJsonObject(patternSpec)
        ? `\n${nested}  - \`${pattern}\` *(${typeOf(patternSpec)})*${schemaDetails(patternSpec, `${nested}  `, true)}`
        : `\n${nested}  - \`${pattern}\`: ${plain(patternSpec)}`;
    }
  } else if ('patternProperties' in spec) text += line('Pattern properties', patterns);
  if (isJsonObject(spec.returns)) {
    text += `${bullet}Returns *(${typeOf(spec.returns)})*${schemaDetails(spec.returns, nested, true)}`;
  } else if ('returns' in spec) text += line('Returns', spec.returns);
  return text;
}

/** Parameters that are no object of properties (a list, variants): their schema, one level up. */
function parameterSchema(spec: Schema): string {
  let text = '';
  if ('description' in spec)
    text += `\n- Description: ${plain(jinjaString(spec.description).replaceAll('\n', '\n    '))}`;
  if ('enum' in spec) text += `\n- Allowed values: ${allowedValues(spec.enum)}`;
  if ('default' in spec) text += `\n- Default: ${literal(spec.default)}`;
  if ('additionalProperties' in spec) {
    const value = spec.additionalProperties;
    text += isJsonObject(value)
      ? `\n- Additional properties *(${typeOf(value)})*${schemaDetails(value, '', true)}`
      : `\n- Additional properties: ${plain(value)}`;
  }
  text += structure(spec, undefined);
  for (const [key, value] of Object.entries(spec))
    if (!RENDERED_KEYS.has(key)) text += `\n- ${key}: ${plain(value)}`;
  return text;
}

/** The tools' `##` sections. */
function markdownTools(tools: readonly LanguageModelV4FunctionTool[]): string {
  const sections = serverTools(tools).map(({ function: fn }) => {
    const parameters = fn.parameters;
    let text = `\n## ${jinjaString(fn.name)}`;
    if (truthy(fn.description)) text += `\n${jinjaString(fn.description)}`;
    text += '\n\n**Parameters**';
    if (
      isJsonObject(parameters) &&
      truthy(parameters.properties) &&
      isJsonObject(parameters.properties)
    ) {
      for (const [name, spec] of Object.entries(parameters.properties))
        text += parameter(name, spec, parameters.required, '');
    } else if (
      isJsonObject(parameters) &&
      (truthy(parameters.oneOf) || truthy(parameters.anyOf) || 'items' in parameters)
    ) {
      text += parameterSchema(parameters);
    } else text += '\n- None';
    return text;
  });
  return `<ifm|tools>${sections.join('\n')}\n</ifm|tools>`;
}

/** Keys a schema may hold anywhere without its tool falling back to JSON. */
const PLAIN_KEYS = new Set([
  'description',
  'default',
  'title',
  'examples',
  'properties',
  'patternProperties',
  'additionalProperties',
  'returns',
]);

/** Keys of a tool's parameters schema the markdown may skip. */
const ROOT_KEYS = new Set([
  'type',
  'description',
  'enum',
  'default',
  'properties',
  'required',
  'optional',
  'title',
  'items',
  'oneOf',
  'anyOf',
  'additionalProperties',
  'patternProperties',
  'returns',
  'examples',
  '$defs',
  'definitions',
  '$ref',
]);

const isContainer = (value: unknown) => isJsonObject(value) || Array.isArray(value);

/** Whether a value is an object, or a list that holds one at any depth. */
function holdsObject(value: unknown): boolean {
  if (isJsonObject(value)) return true;
  return Array.isArray(value) && value.some(holdsObject);
}

/** Whether the markdown can show `spec` and what it nests (a `$ref`, say, it cannot). */
function markdownShows(spec: unknown): boolean {
  if (!isJsonObject(spec)) return true;
  for (const [key, value] of Object.entries(spec)) {
    if (key === '$ref') return false;
    if (key === '$defs' || key === 'definitions') {
      if (!isJsonObject(value) || !Object.values(value).every(markdownShows)) return false;
    } else if (key === 'type') {
      if (isJsonObject(value)) return false;
    } else if (key === 'enum') {
      if (!Array.isArray(value)) return false;
    } else if (key === 'oneOf' || key === 'anyOf') {
      if (!Array.isArray(value)) return false;
    } else if (key === 'required') {
      if (truthy(value) && !truthy(spec.properties)) return false;
    } else if (key === 'items' || PLAIN_KEYS.has(key)) {
      // Shown, or checked below.
    } else if (isJsonObject(value)) {
      if (Object.values(value).some(holdsObject)) return false;
    } else if (holdsObject(value)) return false;
  }
  const nested = [
    ...(truthy(spec.properties) && isJsonObject(spec.properties)
      ? Object.values(spec.properties)
      : []),
    ...('items' in spec ? [spec.items] : []),
    ...(['oneOf', 'anyOf'] as const).flatMap((key) =>
      truthy(spec[key]) && Array.isArray(spec[key]) ? (spec[key] as unknown[]) : [],
    ),
    ...(isJsonObject(spec.additionalProperties) ? [spec.additionalProperties] : []),
    ...(isJsonObject(spec.patternProperties) ? Object.values(spec.patternProperties) : []),
    ...(isJsonObject(spec.returns) ? [spec.returns] : []),
  ];
  return nested.every(markdownShows);
}

/** Whether the markdown can show a tool's parameters; else the template lists all tools as JSON. */
function markdownShowsTool(tool: LanguageModelV4FunctionTool): boolean {
  const parameters: unknown = tool.inputSchema;
  if (!isJsonObject(parameters) || !markdownShows(parameters)) return false;
  return Object.entries(parameters).every(
    ([key, value]) => ROOT_KEYS.has(key) || !isContainer(value),
  );
}

/** The tool list: markdown, or `tojson` lines when some tool's schema is beyond the markdown. */
function toolList(tools: readonly LanguageModelV4FunctionTool[]): string {
  if (tools.every(markdownShowsTool)) return markdownTools(tools);
  return `<ifm|tools>${serverTools(tools)
    .map((tool) => `\n${templateJson(tool)}`)
    .join('')}\n</ifm|tools>`;
}

/** The template's instructions for its default call layout (`tool_call_format` `xml`). */
const CALL_INSTRUCTIONS = `Wrap all tool calls in a single <ifm|tool_calls></ifm|tool_calls> block. For each call, write the function name at the start of <ifm|tool_call>, followed by paired <ifm|arg_key> and <ifm|arg_value> tags for each argument:

<ifm|tool_calls>
<ifm|tool_call>$FUNCTION_NAME
<ifm|arg_key>$PARAMETER_NAME</ifm|arg_key>
<ifm|arg_value>$PARAMETER_VALUE</ifm|arg_value>
...
</ifm|tool_call>
</ifm|tool_calls>

String and scalar parameters should be written as plain text. Array and object parameters should be written as JSON literals.`;

/** What would end a `tool` turn early, or make the template split an assistant turn at reasoning. */
const RESULT_BREAKERS = [TURN_END, '</ifm|think>', '</ifm|think_fast>', '</ifm|think_faster>'];

/**
 * K2 Horizon's chat template with native tools (its GGUF release, IFM's llama.cpp-compatible
 * version): a `# Tools` system turn that lists the tools in markdown (as JSON when a schema is
 * beyond it) and shows the default call layout, the conversation's system text after it; a turn's
 * calls in one group after its text; each result a `tool` turn of its own.
 */
const k2HorizonTemplate: TemplatePrompt = {
  toolsIn: 'system',
  tools: (tools, system) => `# Tools
You may call one or more tools to assist with the user query.

Available tools are:

${toolList(tools)}

When calling tools, you MUST follow the tool-call format below:

${CALL_INSTRUCTIONS}${system ? `\n\n${system}` : ''}`,
  calls: (text, calls) =>
    `${text === '' ? '' : `${text}\n`}${CALLS_OPEN}${calls
      .map((call) => `\n${callBlock(call, (value) => templateJson(value))}`)
      .join('')}\n${CALLS_CLOSE}`,
  // Each result is a `tool` turn, which only the turn tokens written here open: the calling turn's
  // text closes itself and opens the first, and the template closes the last.
  resultsIn: 'assistant',
  results: (results) =>
    results
      .map(
        ({ content }) =>
          `${TURN_END}${TURN_START}tool\n${RESULT_BREAKERS.reduce(escapeCloser, content)}`,
      )
      .join(''),
};

/** K2 Horizon's `<ifm|tool_calls>` calls, with its `<ifm|think>` reasoning. */
export const k2HorizonFormat = /* @__PURE__ */ defineFormat({
  name: 'k2-horizon',
  protocol: k2HorizonProtocol,
  systemPrompt: k2HorizonSystemPromptTemplate,
  template: k2HorizonTemplate,
  reasoningTags: k2HorizonReasoningTags,
  // The template opens the reasoning block in the generation prompt unless thinking is turned off.
  opensReasoning: 'by-default',
  controlTokens: [TURN_END, '<|ifm|endoftext|>'],
  models: [{ family: 'K2 Horizon', match: /k2[-_ ]?horizon/ }],
});
