import { createBareJsonCallDecoder } from '../decoders/bare-json-call-decoder';
import { createDispatchingDecoder } from '../decoders/dispatching-decoder';
import { createJsonCallDecoder, JSON_CALL_KEYS } from '../decoders/json-call-decoder';
import { functionToolLines } from '../protocols/describe-tool';
import { stringifySpacedJson } from '../safe-json';
import { defineTextProtocol } from '../text-protocol';
import type { ToolCallProtocol } from '../tool-call-protocol';
import { toolResultText } from '../tool-result-value';
import { defineFormat, formatPreset } from './define-format';

const TOOL_CALL_TOKEN = '<|tool_call|>';
const TOOL_CALL_TAG = '<tool_call>';

/**
 * IBM Granite 3.x: a JSON list of calls after `<|tool_call|>` (3.0, and what the 3.1–3.3 chat
 * templates ask for) or after the plain-text `<tool_call>` (3.1–3.3), with no closing marker:
 * `<|tool_call|>[{"name": "get_weather", "arguments": {"city": "Lyon"}}]`. Arguments given as a
 * JSON-encoded string are read. A Hermes-style `<tool_call>{…}</tool_call>` object (Granite 4)
 * is read too. When a server strips the `<|tool_call|>` token, the reply opens with the bare
 * list: that is read when it names a known tool. Results go back as the content of Granite's
 * `tool` turn.
 */
export function graniteProtocol(): ToolCallProtocol {
  const keys = JSON_CALL_KEYS;
  return defineTextProtocol({
    format: 'granite',
    grammar: (tools) => ({
      openers: [TOOL_CALL_TOKEN, TOOL_CALL_TAG],
      explicitOpeners: [TOOL_CALL_TOKEN, TOOL_CALL_TAG],
      leadingCall: true,
      startCall: (opener, sink) => {
        if (opener === '') return createBareJsonCallDecoder({ keys, tools, sink });
        return createDispatchingDecoder((first) => {
          if (first !== '[' && first !== '{') return undefined;
          // Only a Hermes-style object in <tool_call> tags expects its closing tag.
          const closer = first === '{' && opener === TOOL_CALL_TAG ? '</tool_call>' : undefined;
          return createJsonCallDecoder({ keys, closer, tools, sink });
        });
      },
    }),
    formatTools: (tools) => functionToolLines(tools),
    formatToolCall: ({ toolName, input }) =>
      `${TOOL_CALL_TOKEN}[${stringifySpacedJson({ name: toolName, arguments: input ?? {} })}]`,
    formatToolResponse: ({ output }) => toolResultText(output),
  });
}

/** The system prompt of {@link graniteToolMiddleware}: the tools, and calls as `<|tool_call|>` and a JSON list. */
export function graniteSystemPromptTemplate(tools: string): string {
  return `You are a helpful assistant with access to the tools below, one JSON description per line:
${tools}

When a tool is needed to answer, reply with only <|tool_call|> followed by a JSON list of the calls:
<|tool_call|>[{"name": "tool_name", "arguments": {"parameter": "value"}}]
Use only these tools, with arguments that fit their parameters; do not guess values you were not given. If no tool can do what is asked, say that you cannot. Results come back in the next message. When no tool is needed, or once you have the results, answer in plain text.`;
}

/** Granite 3's `<|tool_call|>` JSON list. */
export const graniteFormat = /* @__PURE__ */ defineFormat({
  name: 'granite',
  protocol: graniteProtocol,
  systemPrompt: graniteSystemPromptTemplate,
  controlTokens: ['<|end_of_text|>', '<response>', '</response>'],
  // Broad: Granite 4 (Hermes calls) is a row of its own.
  models: [{ family: 'Granite 3', match: /granite/, broad: true }],
});

/**
 * Tool calling for IBM Granite 3.x models in their own format: `<|tool_call|>` and a JSON list
 * of calls. (Granite 4 writes Hermes-style calls: use `hermesToolMiddleware` for it.)
 */
export const graniteToolMiddleware = /* @__PURE__ */ formatPreset(graniteFormat);
