import { type LiteralStyle, writeLiteral } from '../decoders/literal-reader';
import { createPythonCallDecoder } from '../decoders/python-call-decoder';
import { describeFunctionTool } from '../protocols/describe-tool';
import { stringifySpacedJson } from '../safe-json';
import { textOrJson } from '../text-or-json';
import { defineTextProtocol } from '../text-protocol';
import type { ToolCallProtocol } from '../tool-call-protocol';
import { toolResultValue } from '../tool-result-value';
import { defineFormat } from './define-format';

const OPEN = '<function_calls>';
const CLOSE = '</function_calls>';

/** Olmo 3's template writes each argument value as JSON: `city="Lyon"`, `days=2`, `exact=true`. */
const JSON_LITERAL: LiteralStyle = {
  string: (text) => JSON.stringify(text),
  key: (name) => JSON.stringify(name),
  keySeparator: ': ',
  itemSeparator: ', ',
  true: 'true',
  false: 'false',
  null: 'null',
};

/** A call as Olmo 3's template writes it: `get_weather(city="Lyon", days=2)`. */
function olmo3Call(toolName: string, input: unknown): string {
  const entries = Object.entries((input ?? {}) as Record<string, unknown>).filter(
    ([, value]) => value !== undefined,
  );
  const args = entries.map(([key, value]) => `${key}=${writeLiteral(value, JSON_LITERAL)}`);
  return `${toolName}(${args.join(', ')})`;
}

/**
 * Olmo 3 (AI2): calls in `<function_calls>` tags, one Python-style call per line with keyword
 * arguments, `<function_calls>get_weather(city="Lyon")\nget_time()</function_calls>`. Values are
 * JSON or Python literals (`true` and `True` alike). Results go back as the raw content of Olmo's
 * `environment` turn.
 */
export function olmo3Protocol(): ToolCallProtocol {
  return defineTextProtocol({
    format: 'olmo3',
    grammar: (tools) => ({
      openers: [OPEN],
      explicitOpeners: [OPEN],
      startCall: (_opener, sink) =>
        createPythonCallDecoder({ tools, sink, closer: CLOSE, sequence: true }),
    }),
    formatTools: (tools) => stringifySpacedJson(tools.map(describeFunctionTool)),
    formatToolCall: ({ toolName, input }) => `${OPEN}${olmo3Call(toolName, input)}${CLOSE}`,
    formatToolResponse: ({ output }) => {
      const { value } = toolResultValue(output);
      return textOrJson(value);
    },
  });
}

/** The system prompt of `olmo3ToolMiddleware`: the tools in `<functions>` tags, as Olmo 3's template lists them, and the call layout. */
export function olmo3SystemPromptTemplate(tools: string): string {
  return `The functions you can call are described, as a JSON list, between the <functions> and </functions> tags below. Call any of them when it helps with the request: write the calls between <function_calls> and </function_calls>, one call per line, each as function_name(parameter=value, …) with every value written as JSON. Only use the values you were given.
<functions>${tools}</functions>

The results come back in the next message. When no function is needed, or once you have the results, answer in plain text.`;
}

/** Olmo 3's `<function_calls>` lines. */
export const olmo3Format = /* @__PURE__ */ defineFormat({
  name: 'olmo3',
  protocol: olmo3Protocol,
  systemPrompt: olmo3SystemPromptTemplate,
  reasoningTags: [['<think>', '</think>']],
  controlTokens: ['<|im_end|>', '<|endoftext|>'],
  models: [
    // The Think models' template ends the generation prompt with `<think>`.
    { family: 'Olmo 3 Think', match: /olmo-?3[\w.:-]{0,20}think/, opensReasoning: 'always' },
    { family: 'Olmo 3', match: /olmo-?3/ },
  ],
});
