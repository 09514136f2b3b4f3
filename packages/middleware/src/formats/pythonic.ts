import { createPythonCallDecoder, formatPythonCall } from '../decoders/python-call-decoder';
import { describeTool } from '../protocols/describe-tool';
import { stringifyFramedJson } from '../safe-json';
import { textOrJson } from '../text-or-json';
import { defineTextProtocol } from '../text-protocol';
import type { ToolCallProtocol } from '../tool-call-protocol';
import { toolResultValue } from '../tool-result-value';
import { defineFormat, formatPreset } from './define-format';

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
          replyEnds: [...LLAMA_TURN_ENDS, LFM2_TURN_END],
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

/** The system prompt of {@link pythonicToolMiddleware}, in the shape of Llama 3.2's pythonic prompt. */
export function pythonicSystemPromptTemplate(tools: string): string {
  return `You can call the functions below, each described as JSON: its name, what it does, and a JSON schema of its parameters.

${tools}

To call functions, reply with only a Python list of calls and nothing else: [function_name(parameter=value, other=value), other_function(parameter=value)]. Pass every argument by name, with literal values: strings in quotes, numbers, True, False, None, lists and dicts. Never use variables or expressions, and do not guess values you were not given.

The results come back to you in the next message. When no function is needed, or once you have the results, answer in plain text.`;
}

/** LFM2: pythonic calls, written between `<|tool_call_start|>` and `<|tool_call_end|>` in the history. */
export const lfm2Format = /* @__PURE__ */ defineFormat({
  name: 'lfm2',
  protocol: () => pythonicProtocol({ callTokens: ['<|tool_call_start|>', '<|tool_call_end|>'] }),
  systemPrompt: pythonicSystemPromptTemplate,
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

/**
 * Tool calling in the pythonic format of Llama 3.2 and Llama 4, ToolACE and LFM2:
 * `[get_weather(city="Lyon")]`, also read inside `<|python_start|>` and `<|tool_call_start|>`.
 */
export const pythonicToolMiddleware = /* @__PURE__ */ formatPreset(pythonicFormat);
