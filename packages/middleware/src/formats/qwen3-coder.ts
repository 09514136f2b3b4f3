import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { isJsonObject } from '@toolbridge/rjson';
import {
  createDispatchingDecoder,
  createPrefixDispatchingDecoder,
} from '../decoders/dispatching-decoder';
import { createJsonCallDecoder, JSON_CALL_KEYS } from '../decoders/json-call-decoder';
import { readingFirst } from '../decoders/reading-first';
import {
  createXmlParameterCallDecoder,
  type XmlParameterSyntax,
} from '../decoders/xml-parameter-call-decoder';
import { jinjaString } from '../prompt/jinja-string';
import { escapeCloser, type TemplatePrompt, toolJsonLines } from '../prompt/template-prompt';
import { functionToolLines } from '../protocols/describe-tool';
import { templateJson } from '../safe-json';
import { textOrJson } from '../text-or-json';
import { defineTextProtocol } from '../text-protocol';
import type { ToolCallForModel, ToolCallProtocol } from '../tool-call-protocol';
import { toolResultValue } from '../tool-result-value';
import { defineFormat } from './define-format';

/**
 * `<function=NAME>` `<parameter=KEY>` VALUE `</parameter>` `</function>`; a `{…}` body in place of
 * the parameters is the arguments as JSON (Llama 3.1's `<function=NAME>{…}</function>`), never
 * text to drop.
 */
export const QWEN3_CODER_SYNTAX: XmlParameterSyntax = {
  nameOpen: '<function=',
  nameClose: ['>'],
  callClose: '</function>',
  keyOpen: '<parameter=',
  keyClose: '>',
  valueOpen: '',
  valueClose: '</parameter>',
  jsonArguments: { open: '{' },
};

/**
 * The same calls with names in attributes, as models also write them:
 * `<function name="NAME">` `<parameter name="KEY">` (or `<param name="KEY">`) VALUE
 * `</parameter>` (`</param>`) `</function>`. Values are trimmed as Qwen3-Coder's are; this is
 * MiniCPM's XML, whose servers read a value in `<![CDATA[…]]>` as its content.
 */
const QWEN3_CODER_ATTRIBUTE_SYNTAX: XmlParameterSyntax = {
  ...QWEN3_CODER_SYNTAX,
  nameOpen: '<function name="',
  nameClose: ['">'],
  keyOpen: '<parameter name="',
  keyClose: '"',
  valueOpen: '>',
  keySpellings: [['<param name="', '</param>']],
  cdata: true,
};

/**
 * Qwen3-Coder (and Qwen3.5, Nemotron 3 Nano): each call in `<tool_call>` tags, its arguments as
 * raw text per parameter, typed by the tool's schema:
 * `<tool_call>\n<function=get_weather>\n<parameter=city>\nLyon\n</parameter>\n</function>\n</tool_call>`.
 * The `<tool_call>` opener is often left out (its closer is then markup, never text); a
 * Hermes-style JSON body is read too. Names in attributes (`<function name="get_weather">` with
 * `<parameter name="city">` or `<param name="city">`) read as the same call; like a bare
 * `<function=`, such markup without `<tool_call>` counts only for a known tool.
 */
export function qwen3CoderProtocol(): ToolCallProtocol {
  return defineTextProtocol({
    format: 'qwen3-coder',
    grammar: (tools) => ({
      openers: ['<tool_call>', QWEN3_CODER_SYNTAX.nameOpen, QWEN3_CODER_ATTRIBUTE_SYNTAX.nameOpen],
      explicitOpeners: ['<tool_call>'],
      startCall: (opener, sink) => {
        // Without its <tool_call> wrapper, a call counts only for a known tool.
        const xml = (syntax: XmlParameterSyntax, single: boolean) =>
          createXmlParameterCallDecoder({
            syntax,
            closer: '</tool_call>',
            tools,
            sink,
            single,
            knownToolsOnly: single,
          });
        // The opener, or the prefix it was chosen by, is the start of the call's own markup.
        const afterNameOpen = (syntax: XmlParameterSyntax, single: boolean) =>
          readingFirst(xml(syntax, single), syntax.nameOpen);
        if (opener === '<tool_call>') {
          return createDispatchingDecoder((first) =>
            first === '{'
              ? createJsonCallDecoder({ keys: JSON_CALL_KEYS, closer: '</tool_call>', tools, sink })
              : first === '<'
                ? createPrefixDispatchingDecoder(
                    [
                      [
                        QWEN3_CODER_ATTRIBUTE_SYNTAX.nameOpen,
                        () => afterNameOpen(QWEN3_CODER_ATTRIBUTE_SYNTAX, false),
                      ],
                    ],
                    () => xml(QWEN3_CODER_SYNTAX, false),
                  )
                : undefined,
          );
        }
        return afterNameOpen(
          opener === QWEN3_CODER_SYNTAX.nameOpen
            ? QWEN3_CODER_SYNTAX
            : QWEN3_CODER_ATTRIBUTE_SYNTAX,
          true,
        );
      },
    }),
    formatTools: (tools) => functionToolLines(tools),
    formatToolCall: (call) => coderCall(call, textOrJson),
    formatToolResponse: ({ output }) => {
      const { value } = toolResultValue(output);
      return `<tool_response>\n${textOrJson(value)}\n</tool_response>`;
    },
  });
}

/** A call in `<tool_call>` tags, each parameter's value written by `valueText`. */
function coderCall(
  { toolName, input }: ToolCallForModel,
  valueText: (value: unknown) => string,
): string {
  const parameters = Object.entries((input ?? {}) as Record<string, unknown>).map(
    ([key, value]) => `<parameter=${key}>\n${valueText(value)}\n</parameter>\n`,
  );
  return `<tool_call>\n<function=${toolName}>\n${parameters.join('')}</function>\n</tool_call>`;
}

/** The system prompt of `qwen3CoderToolMiddleware`: the tools, and calls with raw parameter values. */
export function qwen3CoderSystemPromptTemplate(tools: string): string {
  return `# Tools

You may call one or more of these functions (one JSON description per line):
<tools>
${tools}
</tools>

To call a function, write:
<tool_call>
<function=function_name>
<parameter=parameter_name>
value
</parameter>
</function>
</tool_call>

Write each parameter value as plain text on its own lines, code and quotes as they are; give every required parameter; one <tool_call> block per call, several allowed. Results come back in <tool_response> blocks. When you have what you need, answer in plain text.`;
}

/** What the Qwen3-Coder and Qwen3.5 templates write before their tool lists. */
const TOOLS_HEADING = '# Tools\n\nYou have access to the following functions:\n\n<tools>';

const QWEN3_CODER_DEFAULT_SYSTEM =
  'You are Qwen, a helpful AI assistant that can interact with a computer to solve tasks.';

/** The keys of `fields` a Qwen3-Coder template writes as tags of their own, in order. */
const extraKeys = (fields: unknown, handled: readonly string[]): string =>
  isJsonObject(fields)
    ? Object.entries(fields)
        .filter(([key]) => !handled.includes(key))
        .map(([key, value]) => `\n<${key}>${parameterText(value)}</${key}>`)
        .join('')
    : '';

/** A value as the template writes it in a tag: objects and lists as JSON, the rest as text. */
const parameterText = (value: unknown): string =>
  typeof value === 'object' && value !== null ? templateJson(value) : jinjaString(value);

/** One tool as Qwen3-Coder's template lists it: `<function>` with its parameters as tags. */
function coderTool(tool: LanguageModelV4FunctionTool): string {
  const schema = tool.inputSchema as { properties?: Record<string, Record<string, unknown>> };
  const parameters = Object.entries(schema.properties ?? {}).map(
    ([name, fields]) =>
      `\n<parameter>\n<name>${name}</name>${
        fields.type === undefined ? '' : `\n<type>${jinjaString(fields.type)}</type>`
      }${
        fields.description === undefined
          ? ''
          : `\n<description>${String(fields.description).trim()}</description>`
      }${extraKeys(fields, ['name', 'type', 'description'])}\n</parameter>`,
  );
  return `\n<function>\n<name>${tool.name}</name>${
    tool.description === undefined ? '' : `\n<description>${tool.description.trim()}</description>`
  }\n<parameters>${parameters.join('')}${extraKeys(schema, ['type', 'properties'])}\n</parameters>\n</function>`;
}

/**
 * Qwen3-Coder's chat template with native tools: the tools as `<function>` XML after the system
 * text (its own default when there is none), each call as `<function=…>` parameters after the
 * turn's trimmed text, a run of results as one user turn of `<tool_response>` blocks.
 */
const qwen3CoderTemplate: TemplatePrompt = {
  toolsIn: 'system',
  tools: (tools, system) =>
    `${system ?? QWEN3_CODER_DEFAULT_SYSTEM}\n\n${TOOLS_HEADING}${tools
      .map(coderTool)
      .join('')}\n</tools>${QWEN3_CODER_CALL_INSTRUCTIONS}`,
  calls: (text, calls) =>
    (text.trim() === '' ? '' : `${text.trim()}\n\n`) +
    calls.map((call) => coderCall(call, parameterText)).join('\n'),
  results: (results) =>
    results
      .map(
        ({ content }) =>
          `<tool_response>\n${escapeCloser(content, '</tool_response>')}\n</tool_response>\n`,
      )
      .join(''),
};

/** The template's call instructions, after the tool list. */
const QWEN3_CODER_CALL_INSTRUCTIONS = `

If you choose to call a function ONLY reply in the following format with NO suffix:

<tool_call>
<function=example_function_name>
<parameter=example_parameter_1>
value_1
</parameter>
<parameter=example_parameter_2>
This is the value for the second parameter
that can span
multiple lines
</parameter>
</function>
</tool_call>

<IMPORTANT>
Reminder:
- Function calls MUST follow the specified format: an inner <function=...></function> block must be nested within <tool_call></tool_call> XML tags
- Required parameters MUST be specified
- You may provide optional reasoning for your function call in natural language BEFORE the function call, but NOT after
- If there is no function call available, answer the question like normal with your current knowledge and do not tell the user about function calls
</IMPORTANT>`;

/**
 * Qwen3.5's chat template: each tool as its JSON on a line in `<tools>`, the call instructions,
 * then the trimmed system text (no default); calls and results as Qwen3-Coder's.
 */
const qwen35Template: TemplatePrompt = {
  ...qwen3CoderTemplate,
  tools: (tools, system) =>
    `${TOOLS_HEADING}\n${toolJsonLines(tools)}\n</tools>${QWEN3_CODER_CALL_INSTRUCTIONS}${system?.trim() ? `\n\n${system.trim()}` : ''}`,
};

/** Qwen3-Coder's XML parameters. */
export const qwen3CoderFormat = /* @__PURE__ */ defineFormat({
  name: 'qwen3-coder',
  protocol: qwen3CoderProtocol,
  systemPrompt: qwen3CoderSystemPromptTemplate,
  template: qwen3CoderTemplate,
  controlTokens: ['<|im_end|>', '<|endoftext|>'],
  models: [
    { family: 'Qwen3-Coder', match: /qwen3[._-]?coder/ },
    {
      family: 'Qwen3.5',
      match: /qwen3\.5/,
      opensReasoning: 'by-default',
      template: qwen35Template,
    },
    {
      family: 'Nemotron 3 Nano',
      match: /nemotron-?3(?:\.5)?-nano/,
      opensReasoning: 'by-default',
    },
    // Their servers read them with the Qwen3-Coder parser (vLLM step3p5, minicpm5 for the XML).
    { family: 'Step 3.5 / 3.7', match: /step-?3\.[57]/ },
    { family: 'MiniCPM 4 / 5, MiniCPM-V', match: /minicpm-?(?:[45]|v)/ },
    // vLLM's berrylm and SGLang's berrylm parsers read Qwen3-Coder's XML; its template opens <think>.
    { family: 'BerryLM', match: /berrylm/, opensReasoning: 'by-default' },
    // Their model cards serve them with Qwen3-Coder's parser (SGLang's mimo parser reads the same XML).
    { family: 'Arcee Trinity Large Thinking', match: /trinity-large-thinking/ },
    { family: 'MiMo-V2', match: /mimo-v2/ },
    { family: 'IQuest Coder', match: /iquest-coder(?!-v[2-9])/ },
  ],
});
