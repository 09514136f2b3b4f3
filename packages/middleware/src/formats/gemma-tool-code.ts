import { createPythonCallDecoder, formatPythonCall } from '../decoders/python-call-decoder';
import { describeTool } from '../protocols/describe-tool';
import { stringifyFramedJson } from '../safe-json';
import { textOrJson } from '../text-or-json';
import { defineTextProtocol } from '../text-protocol';
import type { ToolCallProtocol } from '../tool-call-protocol';
import { toolResultValue } from '../tool-result-value';
import { defineFormat } from './define-format';
import { END_OF_TURN_TOKENS } from './end-of-turn-tokens';

/** The fence labels models write for a call: a space after the backticks, upper case. */
const CODE_FENCES = ['```tool_code', '``` tool_code', '```TOOL_CODE', '``` TOOL_CODE'];
const FENCE = '```';
const END_OF_TURN = '<end_of_turn>';

/**
 * Gemma 2 and 3 prompted the way Google's function-calling guides do: calls as Python in a
 * ```` ```tool_code ```` fence, `get_weather(city="Lyon")` (one per line for several, a list,
 * or as statements: inside `print(…)`, as Gemini's `print(default_api.get_weather(…))`, or
 * assigned, `result = read_file(…)`), results in a ```` ```tool_output ```` fence. A fence of
 * ordinary code stays text. A reply that opens with a pythonic list of known tools,
 * `[get_weather(city="Lyon")]` (Google's other recommended prompt), is read too, and so is a bare
 * call of a known tool that is the whole reply.
 */
export function gemmaToolCodeProtocol(): ToolCallProtocol {
  return defineTextProtocol({
    format: 'gemma-tool-code',
    grammar: (tools) => ({
      openers: CODE_FENCES,
      leadingCall: true,
      startCall: (opener, sink) =>
        createPythonCallDecoder({
          tools,
          sink,
          closer: opener === '' ? undefined : FENCE,
          knownToolsOnly: opener === '',
          sequence: opener !== '',
          proseWithoutCall: true,
          replyEnds: END_OF_TURN_TOKENS,
        }),
    }),
    formatTools: (tools) => tools.map((tool) => stringifyFramedJson(describeTool(tool))).join('\n'),
    formatToolCall: ({ toolName, input }) =>
      `${FENCE}tool_code\n${formatPythonCall(toolName, input)}\n${FENCE}`,
    formatToolResponse: ({ output }) => {
      const { value } = toolResultValue(output);
      return `${FENCE}tool_output\n${textOrJson(value)}\n${FENCE}`;
    },
  });
}

/** The system prompt of `gemmaToolCodeMiddleware`: Python calls in `tool_code` fences. */
export function gemmaToolCodeSystemPromptTemplate(tools: string): string {
  return `You can call the functions below, each described as JSON: its name, what it does, and a JSON schema of its parameters.

${tools}

To call functions, write a markdown code block labelled tool_code holding Python calls, one per line, with every argument passed by name as a literal value (strings in quotes, numbers, True, False, None, lists, dicts):
\`\`\`tool_code
function_name(parameter="value", other=2)
\`\`\`
Never use variables or expressions, and do not guess values you were not given. The results come back in a code block labelled tool_output. When no function is needed, or once you have the results, answer in plain text.`;
}

/** Gemma 2 / 3's Python calls in `tool_code` fences. */
export const gemmaToolCodeFormat = /* @__PURE__ */ defineFormat({
  name: 'gemma-tool-code',
  protocol: gemmaToolCodeProtocol,
  systemPrompt: gemmaToolCodeSystemPromptTemplate,
  controlTokens: [END_OF_TURN],
  // Broad: FunctionGemma's ids (`functiongemma-270m`) match it too.
  models: [{ family: 'Gemma 2 / 3', match: /gemma-?[23]/, broad: true }],
});
