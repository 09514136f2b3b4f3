import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { isJsonObject } from '@toolbridge/rjson';
import {
  createDispatchingDecoder,
  createPrefixDispatchingDecoder,
} from '../decoders/dispatching-decoder';
import { createNamedJsonCallDecoder } from '../decoders/named-json-call-decoder';
import { createPythonTagDecoder } from '../decoders/python-tag-decoder';
import { createRawCodeCallDecoder } from '../decoders/raw-code-call-decoder';
import { readingFirst } from '../decoders/reading-first';
import type { CallDecoder, CallSink, ToolsByName } from '../engine/call-grammar';
import { jinjaString } from '../prompt/jinja-string';
import type { TemplatePrompt } from '../prompt/template-prompt';
import { describeTool, leanSchema } from '../protocols/describe-tool';
import {
  type TypeScriptNamespaceOptions,
  typeScriptNamespace,
} from '../protocols/typescript-namespace';
import { stringifyFramedJson } from '../safe-json';
import { textOrJson } from '../text-or-json';
import { defineTextProtocol } from '../text-protocol';
import type { ToolCallForModel, ToolCallProtocol } from '../tool-call-protocol';
import { toolResultValue } from '../tool-result-value';
import { defineFormat } from './define-format';

/** Options of {@link functionaryProtocol}. */
export interface FunctionaryProtocolOptions {
  /**
   * The model's version, which decides how tools and past calls are written for it: `v3.2`
   * (default) lists the tools as a TypeScript namespace and writes calls as `>>>NAME\n{…}`;
   * `v3.1` (Llama 3.1 based, and Llama 3.1's own "user-defined" tool prompt) lists them as JSON
   * and writes `<function=NAME>{…}</function>`. Both forms are read in either case.
   */
  version?: 'v3.2' | 'v3.1';
}

/** The recipient of Functionary's text channel: `>>>all` is followed by text for the user. */
const TEXT_CHANNEL = 'all';
/** The tool Functionary sends raw code to; its input is `{"code": …}`. */
const PYTHON = 'python';
/** A character of a recipient name. */
const NAME_CHAR = /[\w.:-]/;
/** Tokens that end a Llama 3.1 turn, closing raw code written after `<|python_tag|>`. */
const END_OF_TURN = ['<|eom_id|>', '<|eot_id|>'];

/**
 * The calls of one recipient: `get_weather\n{…}` after `>>>` (or at the start of the reply, where
 * the generation prompt wrote the `>>>`), raw code after `python\n` when a tool named `python`
 * exists. Only known tools are calls: `>>>` also quotes text and opens Python prompts.
 */
function recipientDecoder(tools: ToolsByName, sink: CallSink): CallDecoder {
  const routes: Array<readonly [string, () => CallDecoder]> = tools.has(PYTHON)
    ? [[`${PYTHON}\n`, () => pythonCode(tools, sink)]]
    : [];
  return createPrefixDispatchingDecoder(routes, () => jsonRecipient(tools, sink));
}

function jsonRecipient(tools: ToolsByName, sink: CallSink): CallDecoder {
  return createNamedJsonCallDecoder({
    nameEnd: '\n',
    closer: undefined,
    tools,
    sink,
    knownToolsOnly: true,
    nameChars: NAME_CHAR,
    confirmWithArguments: true,
    trailingSpace: true,
  });
}

/** Raw code for `python`, up to the next `>>>` that opens a recipient, or the end of the turn. */
function pythonCode(tools: ToolsByName, sink: CallSink): CallDecoder {
  return createRawCodeCallDecoder({
    toolName: PYTHON,
    key: 'code',
    sink,
    closers: END_OF_TURN,
    separator: {
      marker: '>>>',
      next(header) {
        if (header === TEXT_CHANNEL) return 'end';
        if (header === PYTHON && tools.has(PYTHON)) return pythonCode(tools, sink);
        if (!tools.has(header)) return undefined;
        return readingFirst(jsonRecipient(tools, sink), `${header}\n`);
      },
    },
  });
}

/** `<function=NAME>{…}</function>` and its `<function name="NAME">` spelling (Functionary v3.1, Llama 3.1). */
function functionTag(nameEnd: string, tools: ToolsByName, sink: CallSink): CallDecoder {
  return createNamedJsonCallDecoder({
    nameEnd,
    closer: '</function>',
    tools,
    sink,
    nameChars: NAME_CHAR,
    confirmWithArguments: true,
  });
}

/** The tools as Functionary v3.2's template lists them: one TypeScript type per function. */
function typeScriptFunctions(tools: readonly LanguageModelV4FunctionTool[]): string {
  const lean = tools.map((tool) => ({ ...tool, inputSchema: leanSchema(tool.inputSchema) }));
  return `// Supported function definitions that should be called when necessary.\n${typeScriptNamespace(lean, FUNCTIONARY_TYPES)}`;
}

/** Functionary's template folds a description and its default into one comment line, and reads no `nullable`. */
const FUNCTIONARY_TYPES: TypeScriptNamespaceOptions = {
  comments: 'one-line',
  nullable: false,
  objectWithoutProperties: 'any',
};

type Schema = Record<string, unknown>;

/** A parameter's type as the template writes it: `type` (a list joined), integers as `number`; nothing without one. */
function paramType(param: Schema): string {
  const raw = param['type'] ?? oneOfTypes(param['oneOf']);
  const type = Array.isArray(raw) ? raw.join(' | ') : String(raw ?? '');
  return type === 'integer' || type === 'float' ? 'number' : type;
}

/** The distinct types of `oneOf` variants, for a parameter without `type` of its own. */
function oneOfTypes(variants: unknown): unknown[] | undefined {
  if (!Array.isArray(variants)) return undefined;
  return [...new Set(variants.filter(isJsonObject).flatMap((variant) => variant['type'] ?? []))];
}

const enumUnion = (values: unknown[]) =>
  values
    .map((value) => (typeof value === 'string' ? `"${value}"` : jinjaString(value)))
    .join(' | ');

/** A parameter's format, or its variants' (`date or date-time`; empty when none has one). */
function formatOf(param: Schema): string | undefined {
  if ('format' in param) return jinjaString(param['format']);
  const variants = param['oneOf'];
  if (!Array.isArray(variants)) return undefined;
  const last: unknown = isJsonObject(variants.at(-1)) ? variants.at(-1)['format'] : undefined;
  return variants
    .flatMap((variant) => (isJsonObject(variant) && 'format' in variant ? [variant['format']] : []))
    .map((format) => (format === last ? jinjaString(format) : `${jinjaString(format)} or `))
    .join('');
}

const LIMITS = [
  ['maximum', 'Maximum'],
  ['minimum', 'Minimum'],
  ['maxLength', 'Maximum length'],
  ['minLength', 'Minimum length'],
] as const;

/** The `//` line above a parameter: its description (ending in a period), default, format and limits. */
function paramComment(param: Schema): string | undefined {
  const parts: string[] = [];
  const description = param['description'];
  if (typeof description === 'string')
    parts.push(description.endsWith('.') ? description : `${description}.`);
  if ('default' in param) {
    const value = jinjaString(param['default']);
    parts.push(`Default=${param['type'] === 'string' ? `"${value}"` : value}.`);
  }
  const format = formatOf(param);
  if (format !== undefined) parts.push(`Format=${format}`);
  for (const [key, label] of LIMITS)
    if (key in param) parts.push(`${label}=${jinjaString(param[key])}`);
  return parts.length > 0 ? `// ${parts.join(' ')}` : undefined;
}

/** An array's item type, for arrays inside arrays: `string[]`, `("a" | "b")[]`. */
function itemsType(items: unknown): string {
  if (!isJsonObject(items) || Object.keys(items).length === 0) return '[]';
  if (Array.isArray(items['enum'])) return `(${enumUnion(items['enum'])})[]`;
  const type = paramType(items);
  return type === 'array' ? `${itemsType(items['items'])}[]` : `${type}[]`;
}

/** The parameters as the template declares them, one per line, nested objects indented by four spaces per level. */
function declarations(properties: unknown, required: unknown, depth: number): string {
  if (!isJsonObject(properties)) return '';
  const offset = '    '.repeat(depth);
  return Object.entries(properties)
    .map(([name, param]) => {
      if (!isJsonObject(param)) return '';
      const key = Array.isArray(required) && !required.includes(name) ? `${name}?` : name;
      const comment = paramComment(param);
      const examples = Array.isArray(param['examples'])
        ? [`Example ${name}:`, ...param['examples']].map(
            (example) => `// ${jinjaString(example).replaceAll("'", '"')}`,
          )
        : [];
      const type = paramType(param);
      const items = isJsonObject(param['items']) ? param['items'] : {};
      // Objects and typed arrays list their examples even without a comment; other parameters only after one.
      const nested = type === 'object' || (type === 'array' && 'type' in items);
      const above = [
        ...(comment === undefined ? [] : [comment]),
        ...(comment !== undefined || nested ? examples : []),
      ];
      return [...above, declaration(key, param, type, items, depth)]
        .map((line) => `\n${offset}${line}`)
        .join('');
    })
    .join('');
}

function declaration(key: string, param: Schema, type: string, items: Schema, depth: number) {
  const offset = '    '.repeat(depth);
  if (type === 'object')
    return `${key}: {${declarations(param['properties'] ?? {}, param['required'] ?? [], depth + 1)}\n${offset}},`;
  if (type === 'array') {
    if (!('type' in items)) return `${key}: [],`;
    if (Array.isArray(items['enum'])) return `${key}: (${enumUnion(items['enum'])})[],`;
    const itemType = paramType(items);
    if (itemType === 'object')
      return `${key}: {${declarations(items['properties'] ?? {}, items['required'] ?? [], depth + 1)}\n${offset}}[],`;
    return `${key}: ${itemType === 'array' ? itemsType(items['items']) : itemType}[],`;
  }
  const values = param['enum'];
  const written = Array.isArray(values) ? enumUnion(values) : type;
  return `${key}: ${written}${param['nullable'] === true ? ' | null' : ''},`;
}

/** The template's own system text, ahead of its function list (`${…}` is literal text there). */
const FUNCTIONARY_SYSTEM =
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the template writes these placeholders as they are.
  'You are capable of executing available function(s) if required.\nOnly execute function(s) when absolutely necessary.\nAsk for the required input to:recipient==all\nUse JSON for function arguments.\nRespond in this format:\n>>>${recipient}\n${content}\nAvailable functions:\n';

/** Functionary v3.2's template's `namespace functions`, as `generate_schema_from_functions` writes it. */
function templateFunctions(tools: readonly LanguageModelV4FunctionTool[]): string {
  const types = tools.map(({ name, description, inputSchema }) => {
    const schema: Schema = isJsonObject(inputSchema) ? inputSchema : {};
    const hasProperties =
      isJsonObject(schema['properties']) && Object.keys(schema['properties']).length > 0;
    const type = hasProperties
      ? `(_: {${declarations(schema['properties'], schema['required'] ?? [], 0)}\n})`
      : '()';
    return `// ${description ?? ''}\ntype ${name} = ${type} => any;\n\n`;
  });
  return `// Supported function definitions that should be called when necessary.\nnamespace functions {\n\n${types.join('')}} // namespace functions`;
}

const SYSTEM_TURN = '<|eot_id|><|start_header_id|>system<|end_header_id|>\n\n';

/**
 * Functionary v3.2's chat template: the tools in its own first system turn, which it writes even
 * without tools (with an empty namespace) and no message can change; that turn is written again
 * with the tools as a system turn of its own, so what follows is the native prompt. A call is
 * `>>>NAME\n` and the arguments as sent, right after the turn's text; each result is a `tool` turn.
 * A turn with calls and no text cannot be exact: the template opens any text with `>>>all\n`.
 */
const functionaryTemplate: TemplatePrompt = {
  toolsIn: 'system',
  tools: (tools, system) =>
    FUNCTIONARY_SYSTEM +
    templateFunctions(tools) +
    (system === undefined ? '' : SYSTEM_TURN + system),
  calls: (text, calls) =>
    text +
    calls.map(({ toolName, input }) => `>>>${toolName}\n${JSON.stringify(input ?? {})}`).join(''),
  // The `tool` turns follow the calling turn, whose end of turn the template writes after them.
  results: (results) =>
    results
      .map(({ content }) => `<|eot_id|><|start_header_id|>tool<|end_header_id|>\n\n${content}`)
      .join(''),
  resultsIn: 'assistant',
};

/** Code sent to `python`, when a past call carries it as `{"code": "…"}`. */
function codeOf(call: ToolCallForModel): string | undefined {
  const input = call.input as { code?: unknown } | null;
  return call.toolName === PYTHON && typeof input?.code === 'string' ? input.code : undefined;
}

/**
 * Functionary (MeetKai), v3.2 and v3.1. v3.2 writes every part of a reply after `>>>` and a
 * recipient line: `>>>all` then text for the user, `>>>get_weather` then the arguments as JSON,
 * `>>>python` then raw code; the generation prompt already ends with `>>>`, so the reply opens
 * with a bare `all\n` or `get_weather\n`. v3.1 (and Llama 3.1's user-defined tool prompt) writes
 * `<function=get_weather>{…}</function>`, and raw code after `<|python_tag|>`. Raw code becomes
 * `{"code": …}` for a tool named `python`; without one it stays text. Only known tools count
 * after `>>>`, which also quotes text and opens Python prompts. Results go back as the `tool`
 * (v3.2) or `ipython` (v3.1) turn's raw content.
 */
export function functionaryProtocol(options: FunctionaryProtocolOptions = {}): ToolCallProtocol {
  const version = options.version ?? 'v3.2';
  return defineTextProtocol({
    format: 'functionary',
    grammar: (tools) => ({
      openers: [
        '>>>',
        '<function=',
        '<function name="',
        ...(tools.has(PYTHON) ? ['<|python_tag|>'] : []),
      ],
      wrappers: [`>>>${TEXT_CHANNEL}\n`],
      // v3.2's generation prompt ends with `>>>`: a reply may open with the rest of the text channel's header.
      leadingMarkup: [`${TEXT_CHANNEL}\n`],
      leadingCall: true,
      startCall: (opener, sink) => {
        switch (opener) {
          case '<function=':
            return functionTag('>', tools, sink);
          case '<function name="':
            return functionTag('">', tools, sink);
          case '<|python_tag|>':
            // Raw code (or a built-in's `.call(…)`) up to the end of the turn, as Llama 3.1 writes
            // it; a JSON call after the tag is Llama 3's, not this.
            return createPythonTagDecoder({
              tools,
              sink,
              json: () => createDispatchingDecoder(() => undefined),
              endOfTurn: END_OF_TURN,
            });
          default:
            return recipientDecoder(tools, sink);
        }
      },
    }),
    formatTools: (tools) =>
      version === 'v3.2'
        ? typeScriptFunctions(tools)
        : tools
            .map(
              (tool) =>
                `Use the function '${tool.name}' to '${tool.description ?? ''}'\n${stringifyFramedJson(describeTool(tool))}`,
            )
            .join('\n\n'),
    formatToolCall: (call) => {
      const code = codeOf(call);
      if (version === 'v3.2') {
        return `>>>${call.toolName}\n${code ?? JSON.stringify(call.input ?? {})}`;
      }
      return code === undefined
        ? `<function=${call.toolName}>${JSON.stringify(call.input ?? {})}</function>`
        : `<|python_tag|>${code}`;
    },
    formatToolResponse: ({ output }) => {
      const { value } = toolResultValue(output);
      return textOrJson(value);
    },
  });
}

/** The system prompt of `functionaryToolMiddleware`, for Functionary v3.2, in the shape its template gives its functions. */
export function functionarySystemPromptTemplate(tools: string): string {
  return `You can call the functions below when they help. Call one only when it is needed, and ask the user for required values you do not have.
Every part of your reply starts with >>> and a recipient on its own line: >>>all before text for the user, >>>FUNCTION_NAME before that function's arguments as one JSON object. Several calls may follow each other; their results come back in the next message.

${tools}`;
}

/** The system prompt for Functionary v3.1 and Llama 3.1 (`functionaryProtocol({ version: 'v3.1' })`), in the shape their template gives functions. */
export function functionaryV31SystemPromptTemplate(tools: string): string {
  return `You have access to the following functions:

${tools}

To call a function, reply with <function=FUNCTION_NAME>{"argument": "value"}</function>: the name in the tag, the arguments as one JSON object, the whole call on one line. Use only these functions and give every required argument. Results come back in the next message; when no function is needed, or once you have the results, answer in plain text.`;
}

/** Functionary v3.2's `>>>` recipients. */
export const functionaryFormat = /* @__PURE__ */ defineFormat({
  name: 'functionary',
  protocol: () => functionaryProtocol(),
  systemPrompt: functionarySystemPromptTemplate,
  template: functionaryTemplate,
  controlTokens: ['<|eot_id|>', '<|eom_id|>'],
  models: [{ family: 'Functionary', match: /functionary/ }],
});
