import { createNamedJsonCallDecoder } from '../decoders/named-json-call-decoder';
import type { ToolsByName } from '../engine/call-grammar';
import { escapeCloser, serverTools, type TemplatePrompt } from '../prompt/template-prompt';
import { describeFunctionTool } from '../protocols/describe-tool';
import { stringifyFramedJson, templateJson } from '../safe-json';
import { textOrJson } from '../text-or-json';
import { defineTextProtocol } from '../text-protocol';
import type { ToolCallProtocol } from '../tool-call-protocol';
import { toolResultValue } from '../tool-result-value';
import { defineFormat } from './define-format';

const SECTION_BEGIN = '<|tool_calls_section_begin|>';
const SECTION_END = '<|tool_calls_section_end|>';
const CALL_BEGIN = '<|tool_call_begin|>';
const ARGUMENT_BEGIN = '<|tool_call_argument_begin|>';
const CALL_END = '<|tool_call_end|>';
/** The call id is `functions.NAME:IDX`, IDX a running count of the conversation's calls. */
const ID_PREFIX = 'functions.';
const INDEX = /^\d{1,9}$/;
/** What a call id written into the history may hold after its `:`. */
const NOT_ID_CHAR = /[^\w-]/g;

/**
 * The id of a past call as Kimi K2 writes it, `functions.NAME:IDX`, for the call and its result
 * alike: an id in that form is kept, any other becomes the part after the colon
 * (`functions.get_weather:call_1`), so that the name it carries stays readable and the result
 * still points at its call.
 */
export function kimiK2CallId(toolName: string, toolCallId: string): string {
  const prefix = `${ID_PREFIX}${toolName}:`;
  if (toolCallId.startsWith(prefix) && toolCallId.length > prefix.length) return toolCallId;
  return prefix + (toolCallId.replace(NOT_ID_CHAR, '_') || '0');
}

/**
 * Reads a call id, `functions.NAME:IDX` (whitespace around it, a missing `functions.` or `:IDX`
 * accepted), into the tool name and the id. A dotted name that is no tool but whose last part
 * is, is that tool.
 */
function readCallId(text: string, tools: ToolsByName): { name: string; id?: string } {
  const id = text.trim();
  const path = id.startsWith(ID_PREFIX) ? id.slice(ID_PREFIX.length) : id;
  const colon = path.lastIndexOf(':');
  let name = colon === -1 ? path : path.slice(0, colon);
  const dot = name.lastIndexOf('.');
  if (!tools.has(name) && dot !== -1 && tools.has(name.slice(dot + 1))) name = name.slice(dot + 1);
  return colon === -1 ? { name } : { name, id };
}

/**
 * Kimi K2 (0711, 0905) and K2-Thinking (formats.md §3.9): calls in a section,
 *
 * ```text
 * <|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city": "Lyon"}<|tool_call_end|><|tool_calls_section_end|>
 * ```
 *
 * one `<|tool_call_begin|>` … `<|tool_call_end|>` per call. `functions.get_weather:0` is both the
 * tool's name and the call's id, kept as the call's id (a fresh one when the reply used it
 * already). The section tokens are markup, never text; either may be missing. With the special
 * tokens stripped by the server, the call reads `functions.get_weather:0{"city": "Lyon"}`: that
 * remnant is a call only for a known tool and an index, so prose stays text. An unknown tool
 * inside the tokens is still a call, so the AI SDK can tell the model. Results go back headed
 * `## Return of` and the call id, as K2's `tool` turn reads them.
 */
export function kimiK2Protocol(): ToolCallProtocol {
  return defineTextProtocol({
    format: 'kimi-k2',
    grammar: (tools) => ({
      openers: [CALL_BEGIN, ...[...tools.keys()].map((name) => `${ID_PREFIX}${name}:`)],
      explicitOpeners: [CALL_BEGIN],
      wrappers: [SECTION_BEGIN, SECTION_END],
      startCall: (opener, sink) => {
        if (opener === CALL_BEGIN) {
          return createNamedJsonCallDecoder({
            nameEnd: ARGUMENT_BEGIN,
            closer: CALL_END,
            tools,
            sink,
            parseName: (text) => readCallId(text, tools),
          });
        }
        // The stripped remnant `functions.NAME:IDX{…}` (or a call whose begin token alone is
        // missing): the opener named the tool; the index follows.
        const name = opener.slice(ID_PREFIX.length, -1);
        return createNamedJsonCallDecoder({
          nameEnd: '{',
          nameEndOpensValue: true,
          closer: CALL_END,
          tools,
          sink,
          knownToolsOnly: true,
          parseName: (text) => {
            let index = text.trim();
            if (index.endsWith(ARGUMENT_BEGIN))
              index = index.slice(0, -ARGUMENT_BEGIN.length).trim();
            return INDEX.test(index) ? { name, id: `${opener}${index}` } : undefined;
          },
        });
      },
    }),
    formatTools: (tools) => JSON.stringify(tools.map(describeFunctionTool)),
    formatToolCall: ({ toolCallId, toolName, input }) =>
      `${SECTION_BEGIN}${CALL_BEGIN}${kimiK2CallId(toolName, toolCallId)}${ARGUMENT_BEGIN}${stringifyFramedJson(input ?? {})}${CALL_END}${SECTION_END}`,
    formatToolResponse: ({ toolCallId, toolName, output }) => {
      const { value } = toolResultValue(output);
      const text = textOrJson(value);
      return `## Return of ${kimiK2CallId(toolName, toolCallId)}\n${text}`;
    },
  });
}

/** The system prompt of `kimiK2ToolMiddleware`: the tools as K2's `tool_declare` turn gives them, and the call section. */
export function kimiK2SystemPromptTemplate(tools: string): string {
  return `You can call the tools declared in this JSON list:
${tools}

To call tools, write one section with one entry per call, in exactly this form: the tool's name after "functions.", the number of the call after the colon (counting calls from 0 over the whole conversation), and the arguments as a JSON object that fits the tool's parameters:
${SECTION_BEGIN}${CALL_BEGIN}functions.tool_name:0${ARGUMENT_BEGIN}{"parameter": "value"}${CALL_END}${SECTION_END}
Use only these tools, and only values you were given or found; do not guess. Each result comes back headed "## Return of" and the id of its call. When no tool is needed, or once you have the results, answer in plain text.`;
}

const TURN_END = '<|im_end|>';
const systemTurn = (role: string) => `<|im_system|>${role}<|im_middle|>`;

/**
 * K2-Thinking's chat template with native tools: the tools as `tojson` in a `tool_declare` system
 * turn ahead of all others (then the template's default system text when the conversation has
 * none), a turn's calls in one section after its text, each result a `tool` system turn headed
 * `## Return of` and the call id. Those turns' headers are special tokens written into the system
 * text and the calling turn; as a message's own header reads `system`, the tool list follows an
 * empty system turn.
 */
const kimiK2Template: TemplatePrompt = {
  toolsIn: 'system',
  tools: (tools, system = 'You are Kimi, an AI assistant created by Moonshot AI.') =>
    `${TURN_END}${systemTurn('tool_declare')}${templateJson(serverTools(tools))}${TURN_END}${systemTurn('system')}${system}`,
  // The template prints the id as it is; a foreign one gets the K2 shape the model was taught.
  calls: (text, calls) =>
    `${text}${SECTION_BEGIN}${calls
      .map(
        ({ toolCallId, toolName, input }) =>
          `${CALL_BEGIN}${kimiK2CallId(toolName, toolCallId)}${ARGUMENT_BEGIN}${templateJson(input ?? {})}${CALL_END}`,
      )
      .join('')}${SECTION_END}`,
  // Each result closes the turn before it; the calling turn's own end closes the last.
  resultsIn: 'assistant',
  results: (results) =>
    results
      .map(
        ({ toolCallId, toolName, content }) =>
          `${TURN_END}${systemTurn('tool')}## Return of ${kimiK2CallId(toolName, toolCallId)}\n${escapeCloser(content, TURN_END)}`,
      )
      .join(''),
};

/** Kimi K2's `<|tool_calls_section_begin|>` calls. */
export const kimiK2Format = /* @__PURE__ */ defineFormat({
  name: 'kimi-k2',
  protocol: kimiK2Protocol,
  systemPrompt: kimiK2SystemPromptTemplate,
  template: kimiK2Template,
  controlTokens: ['<|im_end|>'],
  reasoningTags: [['<think>', '</think>']],
  // K2-Thinking calls inside <think>, and vLLM's reasoning parser ends the reasoning there.
  callsInReasoning: true,
  models: [{ family: 'Kimi K2', match: /kimi-?k2/ }],
});
