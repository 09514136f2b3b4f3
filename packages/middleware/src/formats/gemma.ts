import { jsonMixProtocol } from '../protocols/json-mix-protocol';
import type { ToolCallProtocol } from '../tool-call-protocol';
import { defineFormat } from './define-format';

/** The system prompt of `gemmaToolMiddleware`: calls in `tool_call` markdown fences. */
export function gemmaSystemPromptTemplate(tools: string): string {
  return `You have access to the tools below. Each line is one tool: its name, what it does, and a JSON schema of its parameters.

${tools}

To call a tool, write a markdown code block labelled tool_call that holds one JSON object with the tool's name and arguments:
\`\`\`tool_call
{"name": "tool_name", "arguments": {"parameter": "value"}}
\`\`\`
Write one block per call. Use only the tools above, with arguments that match their schema. Each result comes back in a code block labelled tool_response. When no tool is needed, or once you have the results, answer the user in plain text.`;
}

/** The fence labels models write for a call: a space after the backticks, upper case. */
const CALL_FENCES = [
  '```tool_call',
  '``` tool_call',
  '```TOOL_CALL',
  '``` TOOL_CALL',
  '```Tool_call',
];

/** jsonMix in markdown fences: ```` ```tool_call ```` for calls, ```` ```tool_response ```` for results. */
export function gemmaProtocol(): ToolCallProtocol {
  const protocol = jsonMixProtocol({
    toolCallStart: CALL_FENCES,
    toolCallEnd: '```',
    toolResponseStart: '```tool_response',
    toolResponseEnd: '```',
  });
  return { ...protocol, format: 'gemma' };
}

/** Hermes JSON calls in `tool_call` markdown fences. */
export const gemmaFormat = /* @__PURE__ */ defineFormat({
  name: 'gemma',
  protocol: gemmaProtocol,
  systemPrompt: gemmaSystemPromptTemplate,
  controlTokens: ['<end_of_turn>'],
});
