import { createNamedJsonCallDecoder } from '../decoders/named-json-call-decoder';
import type { CallDecoder, CallSink, ToolsByName } from '../engine/call-grammar';
import { functionToolLines } from '../protocols/describe-tool';
import { stringifyFramedJson } from '../safe-json';
import { textOrJson } from '../text-or-json';
import { defineTextProtocol } from '../text-protocol';
import type { ToolCallProtocol } from '../tool-call-protocol';
import { toolResultValue } from '../tool-result-value';
import { defineFormat } from './define-format';

// PLaMo 3's tags: `<|plamo:begin_NAME:plamo|>` and `<|plamo:end_NAME:plamo|>`.
const REQUESTS_BEGIN = '<|plamo:begin_tool_requests:plamo|>';
const REQUESTS_END = '<|plamo:end_tool_requests:plamo|>';
const REQUEST_BEGIN = '<|plamo:begin_tool_request:plamo|>';
const REQUEST_END = '<|plamo:end_tool_request:plamo|>';
const NAME_BEGIN = '<|plamo:begin_tool_name:plamo|>';
const NAME_END = '<|plamo:end_tool_name:plamo|>';
const ARGUMENTS_BEGIN = '<|plamo:begin_tool_arguments:plamo|>';
/** The JSON constraint the model writes between the arguments' tag and the message token. */
const CONSTRAIN_JSON = '<|plamo:constrain|>json';
/** The token right before the arguments' JSON. */
const MESSAGE = '<|plamo:msg|>';
const ARGUMENTS_END = '<|plamo:end_tool_arguments:plamo|>';
/** PLaMo 3's end of turn. */
const END_OF_TURN = '<|plamo:tag|>';

/** PLaMo 3's reasoning tags. */
export const plamoReasoningTags: ReadonlyArray<readonly [string, string]> = [
  ['<|plamo:begin_think:plamo|>', '<|plamo:end_think:plamo|>'],
];

/**
 * The openers: the call's own tag, and with the section's tag before it (so that reasoning the
 * template opened ends at the section, not inside it).
 */
const CALL_OPENERS = [REQUEST_BEGIN, `${REQUESTS_BEGIN}${REQUEST_BEGIN}`];

/**
 * What comes between the call's tag and the arguments' JSON: the name in its tags, then the
 * arguments' tag and, where the server constrains the arguments, `<|plamo:constrain|>json`
 * (vLLM's parser expects it; other PLaMo output leaves it out). The message token ends it. A
 * literal rather than built from the tokens: a module-level call would keep PLaMo in every bundle.
 */
const CALL_HEAD =
  /^[ \t]*<\|plamo:begin_tool_name:plamo\|>[ \t]*([^<\s]+)[ \t]*<\|plamo:end_tool_name:plamo\|>[ \t]*<\|plamo:begin_tool_arguments:plamo\|>(?:<\|plamo:constrain\|>json)?[ \t]*$/;

/** One call after `<|plamo:begin_tool_request:plamo|>`: its head up to `<|plamo:msg|>`, then the JSON arguments. */
function plamoCallDecoder(tools: ToolsByName, sink: CallSink): CallDecoder {
  return createNamedJsonCallDecoder({
    nameEnd: MESSAGE,
    closer: ARGUMENTS_END,
    tools,
    sink,
    parseName: (head) => {
      const name = CALL_HEAD.exec(head)?.[1];
      return name === undefined ? undefined : { name };
    },
  });
}

/**
 * Preferred Networks' PLaMo 3: a section of calls, each with its name and its JSON arguments in
 * tags of their own:
 *
 * ```text
 * <|plamo:begin_tool_requests:plamo|><|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|>get_weather<|plamo:end_tool_name:plamo|><|plamo:begin_tool_arguments:plamo|><|plamo:constrain|>json<|plamo:msg|>{"city": "Lyon"}<|plamo:end_tool_arguments:plamo|><|plamo:end_tool_request:plamo|><|plamo:end_tool_requests:plamo|>
 * ```
 *
 * The section's tags and each call's closing tag are markup, never text; a call runs once its
 * arguments closed, whatever tags are missing after them. An unknown tool inside the tags is
 * still a call, so the AI SDK can tell the model. Results go back as `<tool_response>` blocks:
 * PLaMo 3's chat template for results could not be found.
 */
export function plamoProtocol(): ToolCallProtocol {
  return defineTextProtocol({
    format: 'plamo',
    grammar: (tools) => ({
      openers: CALL_OPENERS,
      explicitOpeners: CALL_OPENERS,
      wrappers: [REQUESTS_BEGIN, REQUESTS_END, REQUEST_END],
      startCall: (_opener, sink) => plamoCallDecoder(tools, sink),
    }),
    formatTools: (tools) => functionToolLines(tools),
    formatToolCall: ({ toolName, input }) =>
      `${REQUESTS_BEGIN}${REQUEST_BEGIN}${NAME_BEGIN}${toolName}${NAME_END}${ARGUMENTS_BEGIN}${CONSTRAIN_JSON}${MESSAGE}${stringifyFramedJson(input ?? {})}${ARGUMENTS_END}${REQUEST_END}${REQUESTS_END}`,
    formatToolResponse: ({ output }) =>
      `<tool_response>${textOrJson(toolResultValue(output).value)}</tool_response>`,
  });
}

/** The system prompt of `plamoToolMiddleware`: the tools as JSON lines, and PLaMo 3's call section. */
export function plamoSystemPromptTemplate(tools: string): string {
  return `# Tools

You may call one or more of these functions (one JSON description per line):
<tools>
${tools}
</tools>

To call functions, write one section with a request per call, the arguments as a JSON object:
${REQUESTS_BEGIN}${REQUEST_BEGIN}${NAME_BEGIN}function_name${NAME_END}${ARGUMENTS_BEGIN}${CONSTRAIN_JSON}${MESSAGE}{"parameter_name": "value"}${ARGUMENTS_END}${REQUEST_END}${REQUESTS_END}

Give every required parameter. Results come back in <tool_response> blocks. When you have what you need, answer in plain text.`;
}

/** PLaMo 3's `<|plamo:begin_tool_requests:plamo|>` calls, and its `<|plamo:begin_think:plamo|>` reasoning. */
export const plamoFormat = /* @__PURE__ */ defineFormat({
  name: 'plamo',
  protocol: plamoProtocol,
  systemPrompt: plamoSystemPromptTemplate,
  reasoningTags: plamoReasoningTags,
  controlTokens: [END_OF_TURN],
  models: [
    // vLLM's PLaMo 3 parsers start inside the reasoning unless `enable_thinking` is false.
    // PLaMo 2 (`plamo-2.2-prime`) is not this format.
    { family: 'PLaMo 3', match: /\bplamo-?3(?!\d)/, opensReasoning: 'by-default' },
  ],
});
