import { createJsonCallDecoder, JSON_CALL_KEYS } from '../decoders/json-call-decoder';
import { describeFunctionTool } from '../protocols/describe-tool';
import { stringifyFramedJson } from '../safe-json';
import { textOrJson } from '../text-or-json';
import { defineTextProtocol } from '../text-protocol';
import type { ToolCallProtocol } from '../tool-call-protocol';
import { toolResultValue } from '../tool-result-value';
import { defineFormat } from './define-format';

/**
 * LM Studio's default tool format, the one its server prompts models for when their chat
 * template has no tool support of its own: one block per call,
 * `[TOOL_REQUEST]{"name": "get_weather", "arguments": {…}}[END_TOOL_REQUEST]`. The markers are
 * plain text, never stripped. Results go back in the user turn as
 * `[TOOL_RESULT]…[END_TOOL_RESULT]`.
 */
export function lmStudioProtocol(): ToolCallProtocol {
  return defineTextProtocol({
    format: 'lm-studio',
    grammar: (tools) => ({
      openers: ['[TOOL_REQUEST]'],
      explicitOpeners: ['[TOOL_REQUEST]'],
      startCall: (_opener, sink) =>
        createJsonCallDecoder({ keys: JSON_CALL_KEYS, closer: '[END_TOOL_REQUEST]', tools, sink }),
    }),
    formatTools: (tools) =>
      stringifyFramedJson({
        type: 'toolArray',
        tools: tools.map(describeFunctionTool),
      }),
    formatToolCall: ({ toolName, input }) =>
      `[TOOL_REQUEST]${JSON.stringify({ name: toolName, arguments: input ?? {} })}[END_TOOL_REQUEST]`,
    formatToolResponse: ({ output }) => {
      const { value } = toolResultValue(output);
      return `[TOOL_RESULT]${textOrJson(value)}[END_TOOL_RESULT]`;
    },
  });
}

/** The system prompt of `lmStudioToolMiddleware`, in the shape of LM Studio's default tool prompt. */
export function lmStudioSystemPromptTemplate(tools: string): string {
  return `You can call tools. To call one, write exactly:
[TOOL_REQUEST]{"name": "tool_name", "arguments": {"argument": "value"}}[END_TOOL_REQUEST]

Available tools:
${tools}

Rules:
- Call only the tools listed, and give every required argument.
- Write one [TOOL_REQUEST] block per call; several blocks may follow each other.
- Never write [TOOL_RESULT] yourself: results come back in the next message.
- When no tool fits, or once you have the results, answer in plain text.`;
}

/** LM Studio's default `[TOOL_REQUEST]` format. */
export const lmStudioFormat = /* @__PURE__ */ defineFormat({
  name: 'lm-studio',
  protocol: lmStudioProtocol,
  systemPrompt: lmStudioSystemPromptTemplate,
});
