import {
  createDispatchingDecoder,
  createPrefixDispatchingDecoder,
} from '../decoders/dispatching-decoder';
import {
  createXmlParameterCallDecoder,
  type XmlParameterSyntax,
} from '../decoders/xml-parameter-call-decoder';
import type { CallDecoder, CallSink, ToolsByName } from '../engine/call-grammar';
import { functionToolLines } from '../protocols/describe-tool';
import { textOrJson } from '../text-or-json';
import { defineTextProtocol } from '../text-protocol';
import type { ToolCallProtocol } from '../tool-call-protocol';
import { toolResultValue } from '../tool-result-value';
import { defineFormat } from './define-format';

// Step-3's special tokens: FULLWIDTH VERTICAL LINE (U+FF5C) on both sides and words joined by `_`,
// where DeepSeek's are joined by `▁` (U+2581).
const CALLS_BEGIN = '<｜tool_calls_begin｜>';
const CALLS_END = '<｜tool_calls_end｜>';
const CALL_BEGIN = '<｜tool_call_begin｜>';
const CALL_END = '<｜tool_call_end｜>';
/** Each call's type and the separator after it, before its invoke. */
const TYPE_WORD = 'function<｜tool_sep｜>';

/** `<steptml:invoke name="NAME">`, then `<steptml:parameter name="KEY">`VALUE`</steptml:parameter>` per argument. */
const STEPTML_SYNTAX: XmlParameterSyntax = {
  nameOpen: '<steptml:invoke name="',
  nameClose: ['">'],
  callClose: '</steptml:invoke>',
  keyOpen: '<steptml:parameter name="',
  keyClose: '"',
  valueOpen: '>',
  valueClose: '</steptml:parameter>',
  inlineValues: true,
};

/**
 * The tokens that open a call, which only ever do: the call's own, after the newline the model
 * writes between calls, and with the section's token before it (so that reasoning the template
 * opened ends at the section, not inside it).
 */
const CALL_OPENERS = [
  CALL_BEGIN,
  `\n${CALL_BEGIN}`,
  `${CALLS_BEGIN}${CALL_BEGIN}`,
  `${CALLS_BEGIN}\n${CALL_BEGIN}`,
];

/**
 * The body of one call, after `<｜tool_call_begin｜>`: whitespace, the type word and separator
 * (`function<｜tool_sep｜>`, which hand-written examples leave out), then one invoke, up to
 * `<｜tool_call_end｜>`.
 */
function step3CallDecoder(tools: ToolsByName, sink: CallSink): CallDecoder {
  const invoke = () =>
    createXmlParameterCallDecoder({
      syntax: STEPTML_SYNTAX,
      closer: CALL_END,
      tools,
      sink,
      single: true,
    });
  return createDispatchingDecoder((first) =>
    first === TYPE_WORD.charAt(0)
      ? createPrefixDispatchingDecoder([[TYPE_WORD, invoke]], invoke)
      : invoke(),
  );
}

/**
 * StepFun Step-3: a section of calls, one `<｜tool_call_begin｜>` … `<｜tool_call_end｜>` per call,
 * each an XML invoke whose values are raw text typed by the tool's schema:
 *
 * ```text
 * <｜tool_calls_begin｜>
 * <｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="get_weather"><steptml:parameter name="city">Lyon</steptml:parameter></steptml:invoke><｜tool_call_end｜>
 * <｜tool_calls_end｜>
 * ```
 *
 * The section tokens are markup, never text; either may be missing, and so may the type word.
 * The newlines between the tokens are the section's. An unknown tool inside the tokens is still a
 * call, so the AI SDK can tell the model. Results go back as `<tool_response>` blocks.
 */
export function step3Protocol(): ToolCallProtocol {
  return defineTextProtocol({
    format: 'step3',
    grammar: (tools) => ({
      openers: CALL_OPENERS,
      explicitOpeners: CALL_OPENERS,
      wrappers: [CALLS_BEGIN, CALLS_END, `\n${CALLS_END}`],
      startCall: (_opener, sink) => step3CallDecoder(tools, sink),
    }),
    formatTools: (tools) => functionToolLines(tools),
    formatToolCall: ({ toolName, input }) => {
      const parameters = Object.entries((input ?? {}) as Record<string, unknown>).map(
        ([key, value]) =>
          `<steptml:parameter name="${key}">${textOrJson(value)}</steptml:parameter>`,
      );
      return `${CALLS_BEGIN}\n${CALL_BEGIN}\n${TYPE_WORD}<steptml:invoke name="${toolName}">${parameters.join('')}</steptml:invoke>${CALL_END}\n${CALLS_END}`;
    },
    formatToolResponse: ({ output }) =>
      `<tool_response>${textOrJson(toolResultValue(output).value)}</tool_response>`,
  });
}

/** The system prompt of `step3ToolMiddleware`: the tools as JSON lines, and Step-3's call section. */
export function step3SystemPromptTemplate(tools: string): string {
  return `# Tools

You may call one or more of these functions (one JSON description per line):
<tools>
${tools}
</tools>

To call functions, write one section with a call per function:
${CALLS_BEGIN}
${CALL_BEGIN}
${TYPE_WORD}<steptml:invoke name="function_name"><steptml:parameter name="parameter_name">value</steptml:parameter></steptml:invoke>${CALL_END}
${CALLS_END}

Write text values as they are and other values as JSON; give every required parameter. Results come back in <tool_response> blocks. When you have what you need, answer in plain text.`;
}

/** Step-3's `<｜tool_calls_begin｜>` calls with `<steptml:invoke>` bodies, and `<think>` reasoning. */
export const step3Format = /* @__PURE__ */ defineFormat({
  name: 'step3',
  protocol: step3Protocol,
  systemPrompt: step3SystemPromptTemplate,
  reasoningTags: [['<think>', '</think>']],
  controlTokens: ['<|EOT|>'],
  models: [
    // The generation prompt ends with `<|BOT|>assistant\n<think>\n`. Step 3.5 and 3.7 write
    // Qwen3-Coder XML, Step3-VL-10B JSON: neither is this row's.
    { family: 'Step 3', match: /\bstep-?3(?![\w.]|-vl)/, opensReasoning: 'always' },
  ],
});
