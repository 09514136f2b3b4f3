import {
  createXmlParameterCallDecoder,
  type XmlParameterSyntax,
} from '../decoders/xml-parameter-call-decoder';
import { functionToolLines } from '../protocols/describe-tool';
import { textOrJson } from '../text-or-json';
import { defineTextProtocol } from '../text-protocol';
import type { ToolCallProtocol } from '../tool-call-protocol';
import { toolResultValue } from '../tool-result-value';
import { defineFormat } from './define-format';

const CALLS_OPEN = '<atem:function_calls>';
const CALLS_CLOSE = '</atem:function_calls>';

/** `<atem:invoke name="NAME">`, then `<atem:parameter name="KEY">`VALUE`</atem:parameter>` per argument. */
const ATEM_SYNTAX: XmlParameterSyntax = {
  nameOpen: '<atem:invoke name="',
  nameClose: ['">'],
  callClose: '</atem:invoke>',
  keyOpen: '<atem:parameter name="',
  keyClose: '"',
  valueOpen: '>',
  valueClose: '</atem:parameter>',
  inlineValues: true,
};

/**
 * The header of a message to `recipient`, up to its `<|message|>`: after `<|start|>assistant`,
 * which the generation prompt writes for the reply's first message, so that it may begin at ` to=`.
 */
const header = (recipient: string) => [` to=${recipient}<|message|>`, `to=${recipient}<|message|>`];

/** Muse Glimmer's reasoning: its messages to `self`, each up to its `<|eom|>`. */
export const museReasoningTags: ReadonlyArray<readonly [open: string, close: string]> =
  /* @__PURE__ */ header('self').map((open) => [open, '<|eom|>'] as const);

/**
 * Muse Glimmer: a reply is messages, each a header naming its recipient: `to=self` is reasoning,
 * `to=user` the answer, and a message to a tool holds its calls in `<atem:function_calls>`:
 * ` to=self<|message|>Let me check.<|eom|><|start|>assistant to=get_weather<|message|><atem:function_calls>\n<atem:invoke name="get_weather">\n<atem:parameter name="city">Paris</atem:parameter>\n</atem:invoke>\n</atem:function_calls>`.
 * Argument values are raw text typed by the tool's schema. Headers and the message ends
 * (`<|eom|>`, `<|eot|>`) are markup, never text; a reasoning message whose `<|eom|>` is missing
 * ends where the next message starts. Results go back as the raw content of the tool's message.
 */
export function museProtocol(): ToolCallProtocol {
  return defineTextProtocol({
    format: 'muse',
    grammar: (tools) => ({
      openers: [CALLS_OPEN],
      explicitOpeners: [CALLS_OPEN],
      wrappers: ['<|start|>assistant', ...header('user'), ...[...tools.keys()].flatMap(header)],
      reasoningBreaks: ['<|start|>'],
      startCall: (_opener, sink) =>
        createXmlParameterCallDecoder({ syntax: ATEM_SYNTAX, closer: CALLS_CLOSE, tools, sink }),
    }),
    formatTools: (tools) => functionToolLines(tools),
    formatToolCall: ({ toolName, input }) => {
      const parameters = Object.entries((input ?? {}) as Record<string, unknown>).map(
        ([key, value]) => `<atem:parameter name="${key}">${textOrJson(value)}</atem:parameter>\n`,
      );
      return `${CALLS_OPEN}\n<atem:invoke name="${toolName}">\n${parameters.join('')}</atem:invoke>\n${CALLS_CLOSE}`;
    },
    formatToolResponse: ({ output }) => textOrJson(toolResultValue(output).value),
  });
}

/** The system prompt of `museToolMiddleware`: the tools, and the `<atem:function_calls>` layout. */
export function museSystemPromptTemplate(tools: string): string {
  return `You can use the tools below, one JSON description per line:
${tools}

To call tools, write an ${CALLS_OPEN} block with one invoke per call:
${CALLS_OPEN}
<atem:invoke name="TOOL_NAME">
<atem:parameter name="PARAMETER_NAME">value</atem:parameter>
</atem:invoke>
${CALLS_CLOSE}
Write strings and numbers as they are, lists and objects as JSON. Use only these tools, with values you were given. Results come back in the next message; when you have what you need, answer the user.`;
}

/** Muse Glimmer's channel messages and `<atem:function_calls>`. */
export const museFormat = /* @__PURE__ */ defineFormat({
  name: 'muse',
  protocol: museProtocol,
  systemPrompt: museSystemPromptTemplate,
  reasoningTags: museReasoningTags,
  controlTokens: ['<|eom|>', '<|eot|>', '<|end_of_text|>'],
  models: [{ family: 'Muse Glimmer', match: /muse[-_]?glimmer|glimmer/ }],
});
