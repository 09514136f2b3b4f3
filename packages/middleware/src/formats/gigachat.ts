import { createJsonCallDecoder, JSON_CALL_KEYS } from '../decoders/json-call-decoder';
import {
  createXmlParameterCallDecoder,
  type XmlParameterSyntax,
} from '../decoders/xml-parameter-call-decoder';
import { leanSchema } from '../protocols/describe-tool';
import {
  type TypeScriptNamespaceOptions,
  typeScriptNamespace,
} from '../protocols/typescript-namespace';
import { stringifySpacedJson } from '../safe-json';
import { textOrJson } from '../text-or-json';
import { defineTextProtocol } from '../text-protocol';
import type { ToolCallProtocol } from '../tool-call-protocol';
import { toolResultValue } from '../tool-result-value';
import { defineFormat, formatPreset } from './define-format';

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

/** The system prompt of {@link gigachatToolMiddleware}: the tools as GigaChat's template declares them, and GigaChat 3.5's call block. */
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
  controlTokens,
  models: [{ family: 'GigaChat 3', match: /gigachat-?3/ }],
});

/** GigaChat 3.5's `<｜GCML｜tool_calls>` block, and GigaChat 3's `function call` turn. */
export const gigachatFormat = /* @__PURE__ */ defineFormat({
  name: 'gigachat',
  protocol: () => gigachatProtocol(),
  systemPrompt: gigachatSystemPromptTemplate,
  controlTokens,
  // The 3.5 template opens <think> in the generation prompt when its `reasoning` switch is on.
  opensReasoning: 'on-request',
  models: [{ family: 'GigaChat 3.5', match: /gigachat-?3\.5/ }],
  variants: [gigachat3Format],
});

/**
 * Tool calling for GigaChat 3.5 in its GCML block, also reading GigaChat 3's `function call`
 * turn. For GigaChat 3 and 3.1, `formatToolMiddleware('gigachat3')` prompts and writes the
 * history in their own layout.
 */
export const gigachatToolMiddleware = /* @__PURE__ */ formatPreset(gigachatFormat);
