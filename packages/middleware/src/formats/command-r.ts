import { isJsonObject } from '@toolbridge/rjson';
import { createBareJsonCallDecoder } from '../decoders/bare-json-call-decoder';
import { createJsonCallDecoder } from '../decoders/json-call-decoder';
import { jsonCallKeysWith } from '../json-call-keys';
import { describeTool } from '../protocols/describe-tool';
import { defineJsonTextProtocol } from '../protocols/json-text-protocol';
import { stringifyFramedJson } from '../safe-json';
import type { ToolCallProtocol } from '../tool-call-protocol';
import { toolResultValue } from '../tool-result-value';
import { defineFormat } from './define-format';

/** The keys of one action: `{"tool_call_id": "0", "tool_name": …, "parameters": {…}}`. */
const ACTION_KEYS = /* @__PURE__ */ jsonCallKeysWith({
  name: ['tool_name'],
  arguments: ['parameters'],
  id: ['tool_call_id'],
});

/** Command R / R+ (2024) write `Action:` and a fenced JSON list; spelled with and without the label. */
const ACTION_FENCES = [
  'Action: ```json',
  'Action:\n```json',
  'Action:```json',
  'Action: ```',
  'Action:\n```',
];

/** The reasoning block of Command R7B and Command A: the "tool plan" before the action. */
export const commandRReasoningTags: ReadonlyArray<readonly [string, string]> = [
  ['<|START_THINKING|>', '<|END_THINKING|>'],
];

/**
 * Cohere Command R7B, Command A and later: after the reasoning
 * (`<|START_THINKING|>…<|END_THINKING|>`), one action block holds a JSON list of calls,
 * `<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "get_weather", "parameters": {…}}]<|END_ACTION|>`;
 * the model's `tool_call_id` becomes the call's id. Plain answers sit in
 * `<|START_RESPONSE|>…<|END_RESPONSE|>` (or `<|START_TEXT|>…<|END_TEXT|>`), markup that is never
 * text. Command R / R+ (2024) write `Action:` and a ```` ```json ```` fenced list of
 * `{"tool_name", "parameters"}` instead; that form, and a reply that is only the list (the action
 * tokens stripped by the server), count only when they call a known tool first. `Action:` without
 * the fence is prose. Results go back as `<|START_TOOL_RESULT|>[{"tool_call_id", "results",
 * "is_error"}]<|END_TOOL_RESULT|>`.
 */
export function commandRProtocol(): ToolCallProtocol {
  return defineJsonTextProtocol(
    {
      format: 'command-r',
      grammar: (tools) => ({
        openers: ['<|START_ACTION|>', ...ACTION_FENCES],
        explicitOpeners: ['<|START_ACTION|>'],
        wrappers: ['<|START_RESPONSE|>', '<|END_RESPONSE|>', '<|START_TEXT|>', '<|END_TEXT|>'],
        leadingCall: true,
        startCall: (opener, sink) =>
          opener === '<|START_ACTION|>'
            ? createJsonCallDecoder({ keys: ACTION_KEYS, closer: '<|END_ACTION|>', tools, sink })
            : opener === ''
              ? createBareJsonCallDecoder({ keys: ACTION_KEYS, tools, sink })
              : createJsonCallDecoder({
                  keys: ACTION_KEYS,
                  closer: '```',
                  tools,
                  sink,
                  knownToolsOnly: true,
                }),
      }),
      formatTools: (tools) =>
        `\`\`\`json\n[\n${tools.map((tool) => stringifyFramedJson(describeTool(tool))).join(',\n')}\n]\n\`\`\``,
      formatToolCall: ({ toolCallId, toolName, input }) =>
        `<|START_ACTION|>[\n    ${JSON.stringify({ tool_call_id: toolCallId, tool_name: toolName, parameters: input ?? {} })}\n]<|END_ACTION|>`,
      formatToolResponse: ({ toolCallId, output }) => {
        const { value, isError } = toolResultValue(output);
        const document = isJsonObject(value) ? value : { content: value };
        return `<|START_TOOL_RESULT|>[\n    ${stringifyFramedJson({ tool_call_id: toolCallId, results: { '0': document }, is_error: isError ? true : null })}\n]<|END_TOOL_RESULT|>`;
      },
    },
    ACTION_KEYS,
  );
}

/** The system prompt of `commandRToolMiddleware`, in the shape Command R7B's template gives its tools. */
export function commandRSystemPromptTemplate(tools: string): string {
  return `# Available Tools
You can call the tools below, whose parameters are given as JSON schemas:

${tools}

To call tools, first plan briefly between <|START_THINKING|> and <|END_THINKING|>, then write the calls as one JSON list between <|START_ACTION|> and <|END_ACTION|>:
<|START_ACTION|>[
    {"tool_call_id": "0", "tool_name": "TOOL_NAME", "parameters": {"argument": "value"}}
]<|END_ACTION|>
Number the calls "0", "1", … and use only the tools listed, with values you were given. Results come back in <|START_TOOL_RESULT|> blocks with the same tool_call_id. When no tool is needed, or once you have the results, answer in plain text.`;
}

/** Cohere's Command R7B / A action blocks, with their thinking section. */
export const commandRFormat = /* @__PURE__ */ defineFormat({
  name: 'command-r',
  protocol: commandRProtocol,
  systemPrompt: commandRSystemPromptTemplate,
  controlTokens: ['<|START_OF_TURN_TOKEN|>', '<|CHATBOT_TOKEN|>', '<|END_OF_TURN_TOKEN|>'],
  reasoningTags: commandRReasoningTags,
  models: [
    { family: 'Command A Reasoning', match: /command-a-reasoning/, opensReasoning: 'by-default' },
    { family: 'Command R / R7B / A', match: /command-?(?:r|a(?:[-:]|$))/ },
  ],
});
