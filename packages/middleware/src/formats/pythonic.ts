import { createPythonCallDecoder, formatPythonCall } from '../decoders/python-call-decoder';
import { jinjaString } from '../prompt/jinja-string';
import { serverTools, type TemplatePrompt } from '../prompt/template-prompt';
import { describeTool } from '../protocols/describe-tool';
import { stringifyFramedJson, templateJson } from '../safe-json';
import { textOrJson } from '../text-or-json';
import { defineTextProtocol } from '../text-protocol';
import type { ToolCallForModel, ToolCallProtocol } from '../tool-call-protocol';
import { toolResultValue } from '../tool-result-value';
import { defineFormat } from './define-format';
import { END_OF_TURN_TOKENS } from './end-of-turn-tokens';

/** The tokens around a pythonic list, by opener: Llama 4's and LFM2's. */
const LIST_TOKENS: Readonly<Record<string, string>> = {
  '<|python_start|>': '<|python_end|>',
  '<|tool_call_start|>': '<|tool_call_end|>',
};

/** The tokens that end a Llama 3 and a Llama 4 turn. */
const LLAMA_TURN_ENDS = ['<|eot_id|>', '<|eom_id|>', '<|eot|>', '<|eom|>'];
/** LFM2's end of turn. */
const LFM2_TURN_END = '<|im_end|>';

/** Options of {@link pythonicProtocol}. */
export interface PythonicProtocolOptions {
  /**
   * Tokens to write past calls between in the history: none by default (Llama 3.2, Llama 4,
   * ToolACE), `['<|tool_call_start|>', '<|tool_call_end|>']` for LFM2. Every form is read
   * whatever this says.
   */
  callTokens?: readonly [open: string, close: string];
}

/**
 * The pythonic call list: `[get_weather(city="Lyon"), get_time()]`, Python calls with keyword
 * arguments and literal values (Llama 3.2 1B/3B, Llama 4, ToolACE, Gemma 3 prompted, LFM2).
 * Without a marker, only a reply that opens with `[`, a known tool and `(` followed by a keyword
 * argument or `)` is a call, so prose, links and citations stay text; a bare call of a known tool,
 * `get_weather(city="Lyon")`, counts only as the whole reply. After `<|python_start|>`
 * (Llama 4) or `<|tool_call_start|>` (LFM2) any call counts, and calls may also follow one per
 * line. Results go back as the tool turn's raw content.
 */
export function pythonicProtocol(options: PythonicProtocolOptions = {}): ToolCallProtocol {
  const [open, close] = options.callTokens ?? ['', ''];
  return defineTextProtocol({
    format: 'pythonic',
    grammar: (tools) => ({
      openers: Object.keys(LIST_TOKENS),
      leadingCall: true,
      // A stray end token (LFM2 repeats it) is markup, never text.
      wrappers: Object.values(LIST_TOKENS),
      startCall: (opener, sink) =>
        createPythonCallDecoder({
          tools,
          sink,
          closer: LIST_TOKENS[opener],
          knownToolsOnly: opener === '',
          sequence: opener !== '',
          // Any model's end of turn a server kept may follow a bare call.
          replyEnds: END_OF_TURN_TOKENS,
        }),
    }),
    formatTools: (tools) => tools.map((tool) => stringifyFramedJson(describeTool(tool))).join('\n'),
    formatToolCall: ({ toolName, input }) =>
      `${open}[${formatPythonCall(toolName, input)}]${close}`,
    formatToolResponse: ({ output }) => {
      const { value } = toolResultValue(output);
      return textOrJson(value);
    },
  });
}

/** The system prompt of `pythonicToolMiddleware`, in the shape of Llama 3.2's pythonic prompt. */
export function pythonicSystemPromptTemplate(tools: string): string {
  return `You can call the functions below, each described as JSON: its name, what it does, and a JSON schema of its parameters.

${tools}

To call functions, reply with only a Python list of calls and nothing else: [function_name(parameter=value, other=value), other_function(parameter=value)]. Pass every argument by name, with literal values: strings in quotes, numbers, True, False, None, lists and dicts. Never use variables or expressions, and do not guess values you were not given.

The results come back to you in the next message. When no function is needed, or once you have the results, answer in plain text.`;
}

/** An argument as LFM2.5's template writes it: a string in single quotes as it is, an object as `tojson`, else Python's `str`. */
function lfmArgument(value: unknown): string {
  if (typeof value === 'string') return `'${value}'`;
  return isMapping(value) ? templateJson(value) : jinjaString(value);
}

const isMapping = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A call as LFM2.5's template writes it: `get_weather(city='Lyon', days=2)`. */
function lfmCall({ toolName, input }: ToolCallForModel): string {
  const args = Object.entries(isMapping(input) ? input : {})
    // Gone from the arguments the server receives, as JSON.
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${name}=${lfmArgument(value)}`);
  return `${toolName}(${args.join(', ')})`;
}

/** The template's `strftime_now("%Y-%m-%d")`: the server's day, taken here as the client's. */
function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * LFM2.5's chat template: the date and the tools as one `tojson` list after the system text, the
 * calls as a pythonic list in `<|tool_call_start|>` after the turn's text, each result in a
 * `tool` turn of its own.
 */
const lfm2Template: TemplatePrompt = {
  toolsIn: 'system',
  tools: (tools, system) =>
    `${system ? `${system}\n\n` : ''}Today's date: ${today()}\n\nList of tools: ${templateJson(serverTools(tools))}`,
  calls: (text, calls) =>
    `${text}<|tool_call_start|>[${calls.map(lfmCall).join(', ')}]<|tool_call_end|>`,
  // A `tool` turn only its markup can open, so the results close the calling turn and follow it.
  results: (results) =>
    results.map(({ content }) => `${LFM2_TURN_END}\n<|im_start|>tool\n${content}`).join(''),
  resultsIn: 'assistant',
};

/** LFM2: pythonic calls, written between `<|tool_call_start|>` and `<|tool_call_end|>` in the history. */
export const lfm2Format = /* @__PURE__ */ defineFormat({
  name: 'lfm2',
  protocol: () => pythonicProtocol({ callTokens: ['<|tool_call_start|>', '<|tool_call_end|>'] }),
  systemPrompt: pythonicSystemPromptTemplate,
  // LFM2.5's; LFM2's own template writes the list in `<|tool_list_start|>` and no past calls.
  template: lfm2Template,
  controlTokens: [LFM2_TURN_END],
  models: [{ family: 'LFM2', match: /lfm-?2/ }],
});

/** The pythonic call list of Llama 3.2 and Llama 4. */
export const pythonicFormat = /* @__PURE__ */ defineFormat({
  name: 'pythonic',
  protocol: () => pythonicProtocol(),
  systemPrompt: pythonicSystemPromptTemplate,
  controlTokens: LLAMA_TURN_ENDS,
  reasoningTags: [['<think>', '</think>']],
  models: [
    { family: 'Llama 3.2', match: /llama-?3\.2/ },
    { family: 'Llama 4', match: /llama-?4/ },
  ],
  variants: [lfm2Format],
});
