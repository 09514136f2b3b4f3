import { jsonMixProtocol } from '../protocols/json-mix-protocol';
import { defineFormat, formatPreset } from './define-format';

/** The system prompt of {@link hermesToolMiddleware}: Hermes/Qwen-style `<tool_call>` JSON. */
export function hermesSystemPromptTemplate(tools: string): string {
  return `You can use tools. Each line below describes one tool as JSON: its name, what it does, and a JSON schema of its parameters.
<tools>
${tools}
</tools>

To call a tool, write a JSON object with its name and arguments between <tool_call> and </tool_call> tags:
<tool_call>
{"name": "tool_name", "arguments": {"parameter": "value"}}
</tool_call>
Use only these tools, with arguments that match their schema; do not guess values you were not given. You may make several calls in one reply, each in its own tags. Results come back in <tool_response> tags. When you have what you need, answer in plain text.`;
}

/** Hermes / Qwen `<tool_call>` JSON: what `auto` prompts in, and ids no row of the model table matches. */
export const hermesFormat = /* @__PURE__ */ defineFormat({
  name: 'hermes',
  protocol: () => jsonMixProtocol(),
  systemPrompt: hermesSystemPromptTemplate,
  controlTokens: ['<|im_end|>', '<|endoftext|>'],
  models: [
    {
      family: 'Qwen3 thinking (2507)',
      match: /qwen3-[\w.-]{0,40}thinking/,
      opensReasoning: 'always',
    },
    {
      family: 'DeepSeek-R1 distills',
      // Ollama's deepseek-r1 tags are the distills, but for 671b, the full model.
      match: /deepseek-r1(?:-distill|:(?!671b))/,
      opensReasoning: 'always',
    },
    { family: 'QwQ', match: /qwq/, opensReasoning: 'always' },
    { family: 'Qwen 2 / 2.5 / 3', match: /qwen/, broad: true },
    { family: 'Hermes 2 Pro / 3 / 4', match: /hermes/ },
    { family: 'Granite 4', match: /granite-?4/ },
    // Their templates write calls as Hermes' <tool_call> JSON (vLLM reads them with hermes).
    { family: 'SmolLM3', match: /smollm-?3/ },
    { family: 'EXAONE 4, K-EXAONE', match: /exaone-?4|k-exaone/ },
    { family: 'ERNIE 4.5', match: /ernie-?4\.5/ },
  ],
});

/**
 * Tool calling for Hermes, Qwen 2.5/3, QwQ and models fine-tuned on their format:
 * `<tool_call>{"name": …, "arguments": {…}}</tool_call>`, results in `<tool_response>`. Also
 * reads the slips of those models (see `jsonMixProtocol`): other keys for the name and the
 * arguments, a call of a declared tool without its tags or in a `json` fence, Qwen's `<tools>`,
 * Glaive's `<functioncall>`.
 */
export const hermesToolMiddleware = /* @__PURE__ */ formatPreset(hermesFormat);
