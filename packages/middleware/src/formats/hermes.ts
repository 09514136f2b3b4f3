import {
  escapeCloser,
  serverTools,
  type TemplatePrompt,
  type TemplateToolResult,
  toolJsonLines,
} from '../prompt/template-prompt';
import { jsonMixProtocol } from '../protocols/json-mix-protocol';
import { templateJson } from '../safe-json';
import { defineFormat } from './define-format';

/** The system prompt of `hermesToolMiddleware`: Hermes/Qwen-style `<tool_call>` JSON. */
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

/**
 * Qwen 2.5 / 3's chat template with native tools: a `# Tools` section after the system text (or
 * the template's default one), the tools as `tojson` lines in `<tools>`, each call as
 * `<tool_call>` JSON after the turn's text, a run of results as one user turn of
 * `<tool_response>` blocks.
 */
const qwenTemplate = (defaultSystem?: string): TemplatePrompt => ({
  toolsIn: 'system',
  tools: (tools, system = defaultSystem) =>
    `${system === undefined ? '' : `${system}\n\n`}# Tools

You may call one or more functions to assist with the user query.

You are provided with function signatures within <tools></tools> XML tags:
<tools>
${toolJsonLines(tools)}
</tools>

For each function call, return a json object with function name and arguments within <tool_call></tool_call> XML tags:
<tool_call>
{"name": <function-name>, "arguments": <args-json-object>}
</tool_call>`,
  calls: hermesCalls,
  results: (results) => results.map(toolResponse).join('\n'),
});

/** Each call as `<tool_call>` JSON on its own lines after the turn's text, as Qwen's and Granite 4's templates write them. */
const hermesCalls: TemplatePrompt['calls'] = (text, calls) =>
  text +
  calls
    .map(
      ({ toolName, input }, index) =>
        `${index > 0 || text !== '' ? '\n' : ''}<tool_call>\n{"name": "${toolName}", "arguments": ${templateJson(input ?? {})}}\n</tool_call>`,
    )
    .join('');

const toolResponse = ({ content }: TemplateToolResult) =>
  `<tool_response>\n${escapeCloser(content, '</tool_response>')}\n</tool_response>`;

/**
 * Granite 4's chat template: its tool instructions (after the system text and a blank line, or
 * alone), calls as Qwen's, and each result of a run on a new line of one user turn.
 */
const granite4Template: TemplatePrompt = {
  toolsIn: 'system',
  tools: (tools, system) =>
    `${system === undefined ? '' : `${system}\n\n`}You are a helpful assistant with access to the following tools. You may call one or more tools to assist with the user query.

You are provided with function signatures within <tools></tools> XML tags:
<tools>
${toolJsonLines(tools)}
</tools>

For each tool call, return a json object with function name and arguments within <tool_call></tool_call> XML tags:
<tool_call>
{"name": <function-name>, "arguments": <args-json-object>}
</tool_call>. If a tool does not exist in the provided list of tools, notify the user that you do not have the ability to fulfill the request.`,
  calls: hermesCalls,
  results: (results) => results.map((result) => `\n${toolResponse(result)}`).join(''),
};

/**
 * EXAONE 4's chat template: its `# Available Tools` section (after the system text and a blank
 * line, or alone), each tool as `tojson` in `<tool>`, calls as `<tool_call>` JSON lines after the
 * text, results as `tojson` strings in `<tool_result>` in a `[|tool|]` turn, which only its
 * markup, written at the end of the calling turn, can open.
 */
const exaone4Template: TemplatePrompt = {
  toolsIn: 'system',
  tools: (tools, system) =>
    `${system === undefined ? '' : `${system}\n\n`}# Available Tools
You can use none, one, or multiple of the following tools by calling them as functions to help with the user’s query.
Here are the tools available to you in JSON format within <tool> and </tool> tags:
${serverTools(tools)
  .map((tool) => `<tool>${templateJson(tool)}</tool>\n`)
  .join('')}
For each function call you want to make, return a JSON object with function name and arguments within <tool_call> and </tool_call> tags, like:
<tool_call>{"name": function_1_name, "arguments": {argument_1_name: argument_1_value, argument_2_name: argument_2_value}}</tool_call>
<tool_call>{"name": function_2_name, "arguments": {...}}</tool_call>
...
Note that if no argument name is specified for a tool, you can just print the argument value directly, without the argument name or JSON formatting.`,
  calls: (text, calls) =>
    `${text}${text === '' ? '' : '\n'}${calls
      .map(
        ({ toolName, input }) =>
          `<tool_call>{"name": "${toolName}", "arguments": ${templateJson(input ?? {})}}</tool_call>`,
      )
      .join('\n')}`,
  // `\/` in a JSON string is `/`: the escaped closer keeps the result's value.
  results: (results) =>
    `[|endofturn|]\n[|tool|]\n${results
      .map(
        ({ content }) =>
          `<tool_result>{"result": ${escapeCloser(templateJson(content), '</tool_result>')}}</tool_result>`,
      )
      .join('\n')}`,
  resultsIn: 'assistant',
};

/** Hermes / Qwen `<tool_call>` JSON: what `auto` prompts in, and ids no row of the model table matches. */
export const hermesFormat = /* @__PURE__ */ defineFormat({
  name: 'hermes',
  protocol: () => jsonMixProtocol(),
  systemPrompt: hermesSystemPromptTemplate,
  template: /* @__PURE__ */ qwenTemplate(),
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
    // Its template writes the tools after an empty system text when there is none.
    {
      family: 'QwQ',
      match: /qwq/,
      opensReasoning: 'always',
      template: /* @__PURE__ */ qwenTemplate(''),
    },
    // Cogito v1 and v2 on Llama and Qwen (before the Qwen rows, which their ids also match); the
    // 671B models on DeepSeek are a row of `deepseek`.
    { family: 'Deep Cogito', match: /cogito/, broad: true },
    {
      family: 'Qwen 2.5',
      match: /qwen2\.5/,
      broad: true,
      template: /* @__PURE__ */ qwenTemplate(
        'You are Qwen, created by Alibaba Cloud. You are a helpful assistant.',
      ),
    },
    { family: 'Qwen 2 / 3', match: /qwen/, broad: true },
    { family: 'Hermes 2 Pro / 3 / 4', match: /hermes/ },
    { family: 'Granite 4', match: /granite-?4/, template: granite4Template },
    // Their templates write calls as Hermes' <tool_call> JSON (vLLM reads them with hermes).
    { family: 'SmolLM3', match: /smollm-?3/ },
    { family: 'EXAONE 4, K-EXAONE', match: /exaone-?4|k-exaone/, template: exaone4Template },
    { family: 'ERNIE 4.5', match: /ernie-?4\.5/ },
    // Trinity Large Thinking writes Qwen3-Coder's XML (its row is there); the others, Hermes JSON.
    { family: 'Arcee Trinity', match: /trinity-(?:mini|nano|large-preview)/ },
    // No format of its own: G1 learned Hermes, Glaive and xLAM calls. The servers' forks read a
    // Hermes call in a json fence, or an <invoke> in <tool_call>; the safety net reads both.
    { family: 'RWKV-7 G1', match: /rwkv/ },
  ],
});
