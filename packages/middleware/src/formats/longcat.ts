import { createDispatchingDecoder } from '../decoders/dispatching-decoder';
import { createJsonCallDecoder, JSON_CALL_KEYS } from '../decoders/json-call-decoder';
import {
  createXmlParameterCallDecoder,
  type XmlParameterSyntax,
} from '../decoders/xml-parameter-call-decoder';
import { functionToolLines } from '../protocols/describe-tool';
import { stringifySpacedJson } from '../safe-json';
import { textOrJson } from '../text-or-json';
import { defineTextProtocol } from '../text-protocol';
import type { ToolCallProtocol } from '../tool-call-protocol';
import { toolResultValue } from '../tool-result-value';
import { defineFormat } from './define-format';

const OPEN = '<longcat_tool_call>';
const CLOSE = '</longcat_tool_call>';

/**
 * The key/value layout of later LongCat releases, GLM's in LongCat's own tags: `NAME`, then
 * `<longcat_arg_key>KEY</longcat_arg_key>` `<longcat_arg_value>` VALUE `</longcat_arg_value>` pairs.
 */
const LONGCAT_ARG_SYNTAX: XmlParameterSyntax = {
  nameOpen: '',
  nameClose: ['\n', '<longcat_arg_key>'],
  keyOpen: '<longcat_arg_key>',
  keyClose: '</longcat_arg_key>',
  valueOpen: '<longcat_arg_value>',
  valueClose: '</longcat_arg_value>',
  inlineValues: true,
};

/**
 * LongCat-Flash (Meituan): each call in `<longcat_tool_call>` tags holding one JSON object,
 * `<longcat_tool_call>\n{"name": "get_weather", "arguments": {"city": "Lyon"}}\n</longcat_tool_call>`,
 * several calls back to back. The key/value layout some releases write inside the same tags
 * (`get_weather\n<longcat_arg_key>city</longcat_arg_key>\n<longcat_arg_value>Lyon</longcat_arg_value>`)
 * is read too, values raw and typed by the tool's schema. Results go back in
 * `<longcat_tool_response>` tags.
 */
export function longcatProtocol(): ToolCallProtocol {
  return defineTextProtocol({
    format: 'longcat',
    grammar: (tools) => ({
      openers: [OPEN],
      explicitOpeners: [OPEN],
      startCall: (_opener, sink) =>
        createDispatchingDecoder((first) =>
          first === '{'
            ? createJsonCallDecoder({ keys: JSON_CALL_KEYS, closer: CLOSE, tools, sink })
            : /[A-Za-z_]/u.test(first)
              ? createXmlParameterCallDecoder({
                  syntax: LONGCAT_ARG_SYNTAX,
                  closer: CLOSE,
                  tools,
                  sink,
                })
              : undefined,
        ),
    }),
    formatTools: (tools) => functionToolLines(tools),
    formatToolCall: ({ toolName, input }) =>
      `${OPEN}\n${stringifySpacedJson({ name: toolName, arguments: input ?? {} })}\n${CLOSE}`,
    formatToolResponse: ({ output }) => {
      const { value } = toolResultValue(output);
      return `<longcat_tool_response>\n${textOrJson(value)}\n</longcat_tool_response>`;
    },
  });
}

/** The system prompt of `longcatToolMiddleware`: the tools as JSON lines, and LongCat's call tags. */
export function longcatSystemPromptTemplate(tools: string): string {
  return `# Tools

You may call one or more of these functions (one JSON description per line):
<tools>
${tools}
</tools>

To call a function, write a JSON object with its name and arguments between LongCat's call tags, one block per call:
<longcat_tool_call>
{"name": "function_name", "arguments": {"parameter_name": "value"}}
</longcat_tool_call>

Give every required argument, and only values you were given. Results come back in <longcat_tool_response> tags. When you have what you need, answer in plain text.`;
}

/** LongCat-Flash's `<longcat_tool_call>` calls. */
export const longcatFormat = /* @__PURE__ */ defineFormat({
  name: 'longcat',
  protocol: longcatProtocol,
  systemPrompt: longcatSystemPromptTemplate,
  reasoningTags: [['<think>', '</think>']],
  models: [{ family: 'LongCat-Flash', match: /longcat/ }],
});
