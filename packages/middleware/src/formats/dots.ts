import { createDispatchingDecoder } from '../decoders/dispatching-decoder';
import { createJsonCallDecoder, JSON_CALL_KEYS } from '../decoders/json-call-decoder';
import { createXmlParameterCallDecoder } from '../decoders/xml-parameter-call-decoder';
import { functionToolLines } from '../protocols/describe-tool';
import { templateJson } from '../safe-json';
import { textOrJson } from '../text-or-json';
import { defineTextProtocol } from '../text-protocol';
import type { ToolCallProtocol } from '../tool-call-protocol';
import { toolResultValue } from '../tool-result-value';
import { defineFormat } from './define-format';
import { M2_SYNTAX } from './minimax';

const OPEN = '<dots_function_call>';
const CLOSE = '</dots_function_call>';

/**
 * rednote's dots (dots3-note): each call in `<dots_function_call>` tags, MiniMax-M2's invoke
 * layout inside, each argument raw text typed by the tool's schema:
 * `<dots_function_call>\n<invoke name="get_weather">\n<parameter name="city">\nLyon\n</parameter>\n</invoke>\n</dots_function_call>`.
 * Several invokes may share one wrapper; a `{"name", "arguments"}` JSON object in the wrapper (an
 * earlier dots layout, which servers still read) is a call too. Results go back in
 * `<dots_function_response>` blocks.
 */
export function dotsProtocol(): ToolCallProtocol {
  return defineTextProtocol({
    format: 'dots',
    grammar: (tools) => ({
      openers: [OPEN],
      explicitOpeners: [OPEN],
      startCall: (_opener, sink) =>
        createDispatchingDecoder((first) =>
          first === '{'
            ? createJsonCallDecoder({ keys: JSON_CALL_KEYS, closer: CLOSE, tools, sink })
            : first === '<'
              ? createXmlParameterCallDecoder({
                  // MiniMax-M2's invoke, but dots' template puts each value on lines of its
                  // own: one newline is trimmed at each end, a value written inline read exactly.
                  syntax: { ...M2_SYNTAX, inlineValues: false },
                  closer: CLOSE,
                  tools,
                  sink,
                })
              : undefined,
        ),
    }),
    formatTools: (tools) => functionToolLines(tools),
    formatToolCall: ({ toolName, input }) => {
      // The template's layout: each value between newlines, non-strings as `tojson` writes them.
      const parameters = Object.entries((input ?? {}) as Record<string, unknown>).map(
        ([key, value]) =>
          `\n<parameter name="${key}">\n${typeof value === 'string' ? value : templateJson(value)}\n</parameter>`,
      );
      return `${OPEN}\n<invoke name="${toolName}">${parameters.join('')}\n</invoke>\n${CLOSE}`;
    },
    formatToolResponse: ({ output }) => {
      const { value } = toolResultValue(output);
      return `<dots_function_response>\n${textOrJson(value)}\n</dots_function_response>`;
    },
  });
}

/** The system prompt of `dotsToolMiddleware`: the tools as JSON lines in `<tools>`, and dots' call layout. */
export function dotsSystemPromptTemplate(tools: string): string {
  return `# Tools

You may call one or more of these functions (one JSON description per line):
<tools>
${tools}
</tools>

To call a function, write one block per call:
<dots_function_call>
<invoke name="function_name">
<parameter name="parameter_name">
value
</parameter>
</invoke>
</dots_function_call>

Write text values as they are and other values as JSON; give every required parameter. Results come back in <dots_function_response> blocks. When you have what you need, answer in plain text.`;
}

/** dots' `<dots_function_call>` calls, with `<think>` reasoning the model opens itself. */
export const dotsFormat = /* @__PURE__ */ defineFormat({
  name: 'dots',
  protocol: dotsProtocol,
  systemPrompt: dotsSystemPromptTemplate,
  controlTokens: ['<|endofassistant|>'],
  models: [{ family: 'dots3-note', match: /dots-?3[-.]note/ }],
});
