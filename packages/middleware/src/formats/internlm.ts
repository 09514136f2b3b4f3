import { createBareJsonCallDecoder } from '../decoders/bare-json-call-decoder';
import { createJsonCallDecoder } from '../decoders/json-call-decoder';
import { jsonCallKeysWith } from '../json-call-keys';
import { describeTool } from '../protocols/describe-tool';
import { defineJsonTextProtocol } from '../protocols/json-text-protocol';
import { stringifyFramedJson } from '../safe-json';
import { textOrJson } from '../text-or-json';
import type { ToolCallProtocol } from '../tool-call-protocol';
import { toolResultValue } from '../tool-result-value';
import { defineFormat } from './define-format';

/** The two tokens that open a plugin call; servers write them with nothing, a space or a newline between. */
const OPENERS = [
  '<|action_start|><|plugin|>',
  '<|action_start|> <|plugin|>',
  '<|action_start|>\n<|plugin|>',
];

/**
 * InternLM2 / 2.5 and Intern-S1: after what it says, the model calls a plugin with
 * `<|action_start|><|plugin|>\n{"name": "get_weather", "parameters": {…}}<|action_end|>`, one call
 * per action block (several blocks are read). Without the tokens (stripped by the server), only
 * a reply that opens with such an object naming a known tool is a call. The code interpreter
 * (`<|action_start|><|interpreter|>`) is not a tool call and stays text. Results go back as the
 * `environment` turn's raw content.
 */
export function internlmProtocol(): ToolCallProtocol {
  const keys = jsonCallKeysWith({ arguments: ['parameters'] });
  return defineJsonTextProtocol(
    {
      format: 'internlm',
      grammar: (tools) => ({
        openers: OPENERS,
        explicitOpeners: OPENERS,
        leadingCall: true,
        startCall: (opener, sink) =>
          opener === ''
            ? createBareJsonCallDecoder({ keys, tools, sink })
            : createJsonCallDecoder({ keys, closer: '<|action_end|>', tools, sink }),
      }),
      formatTools: (tools) =>
        `[\n${tools.map((tool) => stringifyFramedJson(describeTool(tool))).join(',\n')}\n]`,
      formatToolCall: ({ toolName, input }) =>
        `<|action_start|><|plugin|>\n${JSON.stringify({ name: toolName, parameters: input ?? {} })}<|action_end|>`,
      formatToolResponse: ({ output }) => {
        const { value } = toolResultValue(output);
        return textOrJson(value);
      },
    },
    keys,
  );
}

/** The system prompt of `internlmToolMiddleware`, in the shape InternLM's plugin system turn gives its tools. */
export function internlmSystemPromptTemplate(tools: string): string {
  return `You can use these plugins, described as JSON:
${tools}

To call one, write <|action_start|><|plugin|> and then a JSON object {"name": plugin name, "parameters": object of argument values}, and end it with <|action_end|>. Use only these plugins, with values you were given. The result comes back in the next message; when no plugin is needed, or once you have the results, answer in plain text.`;
}

/** InternLM's `<|action_start|><|plugin|>` calls. */
export const internlmFormat = /* @__PURE__ */ defineFormat({
  name: 'internlm',
  protocol: internlmProtocol,
  systemPrompt: internlmSystemPromptTemplate,
  controlTokens: ['<|im_end|>'],
  reasoningTags: [['<think>', '</think>']],
  models: [{ family: 'InternLM, Intern-S1', match: /internlm|intern-s1/ }],
});
