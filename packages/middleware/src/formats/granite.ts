import { createBareJsonCallDecoder } from '../decoders/bare-json-call-decoder';
import { createDispatchingDecoder } from '../decoders/dispatching-decoder';
import { createJsonCallDecoder, JSON_CALL_KEYS } from '../decoders/json-call-decoder';
import {
  createBareCallDecoder,
  createPythonCallDecoder,
  createPythonCallLineDecoder,
  pythonCallLineOpeners,
} from '../decoders/python-call-decoder';
import { serverTools, type TemplatePrompt } from '../prompt/template-prompt';
import { functionToolLines } from '../protocols/describe-tool';
import { defineJsonTextProtocol } from '../protocols/json-text-protocol';
import { stringifySpacedJson, templateJson } from '../safe-json';
import type { ToolCallProtocol } from '../tool-call-protocol';
import { toolResultText } from '../tool-result-value';
import { defineFormat } from './define-format';
import { END_OF_TURN_TOKENS } from './end-of-turn-tokens';

const TOOL_CALL_TOKEN = '<|tool_call|>';
const TOOL_CALL_TAG = '<tool_call>';
/** Code fences around bare Python calls, and their closer. */
const CODE_FENCES = ['```python\n', '```py\n', '```\n'];
const FENCE = '```';
/** Granite's end of turn, which a server may leave after the reply. */
const END_OF_TEXT = '<|end_of_text|>';

/**
 * IBM Granite 3.x: a JSON list of calls after `<|tool_call|>` (3.0, and what the 3.1–3.3 chat
 * templates ask for) or after the plain-text `<tool_call>` (3.1–3.3), with no closing marker:
 * `<|tool_call|>[{"name": "get_weather", "arguments": {"city": "Lyon"}}]`. Arguments given as a
 * JSON-encoded string are read. A Hermes-style `<tool_call>{…}</tool_call>` object (Granite 4)
 * is read too. When a server strips the `<|tool_call|>` token, the reply opens with the bare
 * list: that is read when it names a known tool. So are bare Python calls of known tools, each
 * the whole of its line, among prose or not (`get_weather(city="Lyon")`: what Granite 3.3 and
 * 4.0 H-Small often write, and vLLM's `granite_pythonic` reads); each is announced when its line
 * ends. Results go back as the content of Granite's `tool` turn.
 */
export function graniteProtocol(): ToolCallProtocol {
  const keys = JSON_CALL_KEYS;
  return defineJsonTextProtocol(
    {
      format: 'granite',
      grammar: (tools) => ({
        // Granite 3.3 and 4.0 H-Small also write bare Python calls, each on a line of its own,
        // sometimes in a code fence.
        openers: [TOOL_CALL_TOKEN, TOOL_CALL_TAG, ...CODE_FENCES, ...pythonCallLineOpeners(tools)],
        explicitOpeners: [TOOL_CALL_TOKEN, TOOL_CALL_TAG],
        leadingCall: true,
        startCall: (opener, sink) => {
          if (opener === '') {
            return createBareCallDecoder(
              tools,
              sink,
              END_OF_TURN_TOKENS,
              () => createBareJsonCallDecoder({ keys, tools, sink }),
              'line',
            );
          }
          if (CODE_FENCES.includes(opener)) {
            // Read only when the calls fill the fence, which is then their markup.
            return createPythonCallDecoder({
              tools,
              sink,
              closer: FENCE,
              knownToolsOnly: true,
              replyEnds: [],
            });
          }
          if (opener.startsWith('\n')) {
            return createPythonCallLineDecoder(opener, tools, sink, END_OF_TURN_TOKENS);
          }
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
    },
    keys,
  );
}

/** The system prompt of `graniteToolMiddleware`: the tools, and calls as `<|tool_call|>` and a JSON list. */
export function graniteSystemPromptTemplate(tools: string): string {
  return `You are a helpful assistant with access to the tools below, one JSON description per line:
${tools}

When a tool is needed to answer, reply with only <|tool_call|> followed by a JSON list of the calls:
<|tool_call|>[{"name": "tool_name", "arguments": {"parameter": "value"}}]
Use only these tools, with arguments that fit their parameters; do not guess values you were not given. If no tool can do what is asked, say that you cannot. Results come back in the next message. When no tool is needed, or once you have the results, answer in plain text.`;
}

const TURN_END = `${END_OF_TEXT}\n`;

/** What the template writes as the system message when the conversation has none, with tools. */
function defaultSystemMessage(): string {
  // The template's `strftime_now('%B %d, %Y')`: the server's day, taken here as the client's.
  const today = new Date().toLocaleDateString('en-US', {
    month: 'long',
    day: '2-digit',
    year: 'numeric',
  });
  return `Knowledge Cutoff Date: April 2024. Today's Date: ${today}. You are Granite, developed by IBM. You are a helpful assistant with access to the following tools. When a tool is required to answer the user's query, respond only with <|tool_call|> followed by a JSON list of tools used. If a tool does not exist in the provided list of tools, notify the user that you do not have the ability to fulfill the request.`;
}

/**
 * The Granite 3.3 chat template: the tools as indented JSON in an `available_tools` turn after
 * the system turn, each result in a `tool` turn of its own. It writes no past calls: an
 * assistant turn that called tools shows only its text.
 */
const graniteTemplate: TemplatePrompt = {
  toolsIn: 'system',
  tools: (tools, system) =>
    `${system ?? defaultSystemMessage()}${TURN_END}<|start_of_role|>available_tools<|end_of_role|>${templateJson(serverTools(tools), 4)}`,
  calls: (text) => text,
  // A `tool` turn only its markup can open, so the results close the calling turn and follow it.
  results: (results) =>
    results
      .map(({ content }) => `${TURN_END}<|start_of_role|>tool<|end_of_role|>${content}`)
      .join(''),
  resultsIn: 'assistant',
};

/** Granite 3's `<|tool_call|>` JSON list. */
export const graniteFormat = /* @__PURE__ */ defineFormat({
  name: 'granite',
  protocol: graniteProtocol,
  systemPrompt: graniteSystemPromptTemplate,
  template: graniteTemplate,
  controlTokens: ['<|end_of_text|>', '<response>', '</response>'],
  // Broad: Granite 4 (Hermes calls) is a row of its own.
  models: [{ family: 'Granite 3', match: /granite/, broad: true }],
});
