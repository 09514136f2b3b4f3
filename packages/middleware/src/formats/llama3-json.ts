import { createJsonCallDecoder } from '../decoders/json-call-decoder';
import { createBareCallDecoder } from '../decoders/python-call-decoder';
import { createPythonTagDecoder } from '../decoders/python-tag-decoder';
import { jsonCallKeysWith } from '../json-call-keys';
import { escapeCloser, serverTools, type TemplatePrompt } from '../prompt/template-prompt';
import { functionToolLines } from '../protocols/describe-tool';
import { defineJsonTextProtocol } from '../protocols/json-text-protocol';
import { templateJson } from '../safe-json';
import { textOrJson } from '../text-or-json';
import type { ToolCallProtocol } from '../tool-call-protocol';
import { toolResultValue } from '../tool-result-value';
import { defineFormat } from './define-format';
import { END_OF_TURN_TOKENS } from './end-of-turn-tokens';

/** The tokens that end a Llama 3 turn: `<|eom_id|>` after a built-in tool's call, when a result is awaited. */
const END_OF_TURN = ['<|eot_id|>', '<|eom_id|>'];

/**
 * Llama 3.1 / 3.2 / 3.3 (and Llama 4 served with its JSON template): the whole reply is the call,
 * `{"name": "get_weather", "parameters": {"city": "Lyon"}}`, sometimes after `<|python_tag|>`,
 * several calls separated by `;`. Without the tag, only a reply that opens with an object naming
 * a known tool is a call; prose and code samples stay text. After the tag, Llama 3.1's built-in
 * tools too: `brave_search.call(query="…")` calls a given tool of that name (one not given stays
 * text, reported), and raw Python goes to a given `code_interpreter` (or `python`) tool. With the
 * tag dropped by the server, a Python call of a given tool counts when it is the whole reply.
 * Results go back as the `ipython` turn's raw content.
 */
export function llama3JsonProtocol(): ToolCallProtocol {
  const keys = jsonCallKeysWith({ arguments: ['parameters'] });
  return defineJsonTextProtocol(
    {
      format: 'llama3-json',
      grammar: (tools) => ({
        openers: ['<|python_tag|>'],
        leadingCall: true,
        startCall: (opener, sink) => {
          const json = () =>
            createJsonCallDecoder({
              keys,
              closer: undefined,
              tools,
              sink,
              knownToolsOnly: opener === '',
              sequence: true,
            });
          if (opener !== '') {
            return createPythonTagDecoder({ tools, sink, json, endOfTurn: END_OF_TURN });
          }
          // Servers drop the tag: a Python call of a known tool (a built-in's `.call` among them)
          // that is the whole reply still reads.
          return createBareCallDecoder(tools, sink, END_OF_TURN_TOKENS, json);
        },
      }),
      formatTools: (tools) => functionToolLines(tools, '\n\n'),
      formatToolCall: ({ toolName, input }) =>
        JSON.stringify({ name: toolName, parameters: input }),
      formatToolResponse: ({ output }) => {
        const { value } = toolResultValue(output);
        return textOrJson(value);
      },
    },
    keys,
  );
}

/** The system prompt of `llama3JsonToolMiddleware`, in the shape Llama 3's template gives its tools. */
export function llama3JsonSystemPromptTemplate(tools: string): string {
  return `You have access to the functions below. To call one, reply with only a JSON object of the form {"name": function name, "parameters": dictionary of argument names and values}, and nothing else. Use only these functions, with values you were given, not variables.

${tools}

Function results come back to you as the next message. When no function is needed, or once you have the results, answer in plain text.`;
}

/**
 * Llama 3.1 / 3.3's chat template with native tools: the tools as `tojson(indent=4)` objects
 * ahead of the first user message, a call as the turn's whole content (its text dropped), each
 * result as an `ipython` turn of its content's `tojson`. It also writes `Environment: ipython`
 * into the system header, which no message can (docs/fidelity.md); it raises on parallel calls.
 */
const llama3Template: TemplatePrompt = {
  toolsIn: 'first-user',
  tools: (tools, text = '') =>
    `Given the following functions, please respond with a JSON for a function call with its proper arguments that best answers the given prompt.

Respond in the format {"name": function name, "parameters": dictionary of argument name and its value}.Do not use variables.

${serverTools(tools)
  .map((tool) => `${templateJson(tool, 4)}\n\n`)
  .join('')}${text.trim()}`,
  // Several calls, which the template refuses, as vLLM's llama3_json parser splits them.
  calls: (_text, calls) =>
    calls
      .map(
        ({ toolName, input }) =>
          `{"name": "${toolName}", "parameters": ${templateJson(input ?? {})}}`,
      )
      .join('; '),
  // A string is iterable to Jinja, so the template writes each content as a JSON string; one
  // holding `<|eot_id|>` could end the turn early, so toolbridge escapes it there.
  results: (results) =>
    results
      .map(
        ({ content }) =>
          `<|eot_id|><|start_header_id|>ipython<|end_header_id|>\n\n${escapeCloser(templateJson(content), '<|eot_id|>')}`,
      )
      .join(''),
  resultsIn: 'assistant',
};

/** Llama 3.1 / 3.3's bare JSON calls. */
export const llama3JsonFormat = /* @__PURE__ */ defineFormat({
  name: 'llama3-json',
  protocol: llama3JsonProtocol,
  systemPrompt: llama3JsonSystemPromptTemplate,
  template: llama3Template,
  // Written out, not spread from END_OF_TURN: a spread would keep the format in every bundle.
  controlTokens: ['<|eot_id|>', '<|eom_id|>', '<|end_of_text|>'],
  models: [{ family: 'Llama 3.1 / 3.3', match: /llama-?3/, broad: true }],
});
