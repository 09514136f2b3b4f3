import {
  createDispatchingDecoder,
  createPrefixDispatchingDecoder,
} from '../decoders/dispatching-decoder';
import { createNamedJsonCallDecoder } from '../decoders/named-json-call-decoder';
import type { CallDecoder, CallSink, ToolsByName } from '../engine/call-grammar';
import { escapeCloser, serverTools, type TemplatePrompt } from '../prompt/template-prompt';
import { functionToolLines } from '../protocols/describe-tool';
import { stringifyFramedJson, templateJson } from '../safe-json';
import { textOrJson } from '../text-or-json';
import { defineTextProtocol } from '../text-protocol';
import type { ToolCallProtocol } from '../tool-call-protocol';
import { toolResultValue } from '../tool-result-value';
import { defineFormat } from './define-format';

const OPENER = '<tool_call>';
const CLOSER = '</tool_call>';
/** The call's type on the line after the opener, before the name's line. */
const TYPE_LINE = 'function\n';
/** Step-Audio 2's end of turn, which also ends each turn its template writes. */
const EOT = '<|EOT|>';
/** Opens a turn: `<|BOT|>` then the role and a newline. */
const BOT = '<|BOT|>';

/** A body that is not Step-Audio 2's: another format sharing the opener may read it. */
function notACall(): CallDecoder {
  return { write: () => 0, end: () => {}, status: 'not-a-call' };
}

/**
 * One call after `<tool_call>`: `function`, the tool name on its own line, then its arguments as
 * a JSON object, up to `</tool_call>`. Any other body (Hermes JSON, Qwen3-Coder's `<function=`,
 * GLM's `NAME\n<arg_key>`) is no call of this format, decided before anything is announced: the
 * call is announced only once its arguments open, so a GLM call to a tool named `function` stays
 * GLM's.
 */
function stepAudio2CallDecoder(tools: ToolsByName, sink: CallSink): CallDecoder {
  const named = () =>
    createNamedJsonCallDecoder({
      nameEnd: '\n',
      closer: CLOSER,
      tools,
      sink,
      // Names are identifiers; `<` (GLM's `<arg_key>`) shows at once the body is not this format's.
      nameChars: /[\w.:\- \t\r]/,
      confirmWithArguments: true,
    });
  // vLLM's and SGLang's parsers strip the body first: whitespace before `function` is read past.
  return createDispatchingDecoder((first) =>
    first === TYPE_LINE.charAt(0)
      ? createPrefixDispatchingDecoder([[TYPE_LINE, named]], notACall)
      : undefined,
  );
}

/** A call as Step-Audio 2 writes it, the arguments as `json` gives them. */
function writeCall(toolName: string, input: unknown, json: (value: unknown) => string): string {
  return `${OPENER}${TYPE_LINE}${toolName}\n${json(input ?? {})}${CLOSER}`;
}

/**
 * StepFun Step-Audio 2: each call in `<tool_call>` tags, the word `function`, the tool name on a
 * line of its own, then the arguments as a JSON object; several calls back to back:
 *
 * ```text
 * <tool_call>function
 * get_weather
 * {"location": "Shanghai"}</tool_call><tool_call>function
 * get_time
 * {}</tool_call>
 * ```
 *
 * An unknown tool inside the tags is still a call, so the AI SDK can tell the model; a body that
 * is not this layout is another format's, or text. Results go back as `<tool_response>` blocks.
 */
export function stepAudio2Protocol(): ToolCallProtocol {
  return defineTextProtocol({
    format: 'step-audio2',
    grammar: (tools) => ({
      openers: [OPENER],
      explicitOpeners: [OPENER],
      startCall: (_opener, sink) => stepAudio2CallDecoder(tools, sink),
    }),
    formatTools: (tools) => functionToolLines(tools),
    formatToolCall: ({ toolName, input }) => writeCall(toolName, input, stringifyFramedJson),
    formatToolResponse: ({ output }) =>
      `<tool_response>${textOrJson(toolResultValue(output).value)}</tool_response>`,
  });
}

/** The system prompt of `stepAudio2ToolMiddleware`: the tools as JSON lines, and Step-Audio 2's call layout. */
export function stepAudio2SystemPromptTemplate(tools: string): string {
  return `# Tools

You may call one or more of these functions (one JSON description per line):
<tools>
${tools}
</tools>

To call a function, write the word function, its name on the next line, then its arguments as one JSON object, all in tool_call tags:
${OPENER}${TYPE_LINE}function_name
{"argument_name": "value"}${CLOSER}

Give every required argument; write one block per call, several allowed, back to back. Results come back in <tool_response> blocks. When you have what you need, answer in plain text.`;
}

/**
 * How StepFun's Step-Audio 2 tokenizer (`--tokenizer-mode step_audio_2` in vLLM) renders native
 * tools: after the system turn, a turn of its own whose role is `tool_json_schemas` and whose
 * content is the tools as one JSON array; each past call after the turn's text; each result in a
 * `function_output` turn naming its tool. The server wraps the system message in
 * `<|BOT|>system\n…<|EOT|>` and the assistant message in `<|BOT|>assistant\n…<|EOT|>`, so writing
 * the tools turn and the result turns inside them renders the same tokens.
 */
const stepAudio2Template: TemplatePrompt = {
  toolsIn: 'system',
  // Without a system message the tokenizer opens the system turn and leaves it empty and
  // unclosed, the tools turn right after: the made system message renders as that.
  tools: (tools, system) =>
    `${system === undefined ? '' : `${system}${EOT}`}${BOT}tool_json_schemas\n${templateJson(serverTools(tools))}`,
  // Calls follow the turn's text as it is, back to back.
  calls: (text, calls) =>
    text + calls.map(({ toolName, input }) => writeCall(toolName, input, templateJson)).join(''),
  resultsIn: 'assistant',
  // A result's `<|EOT|>` would end its turn early: escaped, the one change to what the template writes.
  results: (results) =>
    results
      .map(
        ({ toolName, content }) =>
          `${EOT}${BOT}function_output\n${toolName}\n${escapeCloser(content, EOT)}`,
      )
      .join(''),
};

/** Step-Audio 2's `<tool_call>function\nNAME\n{…}</tool_call>` calls, and `<think>` reasoning (mini Think). */
export const stepAudio2Format = /* @__PURE__ */ defineFormat({
  name: 'step-audio2',
  protocol: stepAudio2Protocol,
  systemPrompt: stepAudio2SystemPromptTemplate,
  template: stepAudio2Template,
  reasoningTags: [['<think>', '</think>']],
  // `<|EOT|>` ends every turn. A spoken reply wraps its interleaved text and `<audio_N>` tokens in
  // `<tts_start>` … `<tts_end>`, padding the text with `<tts_pad>`: special tokens, never text,
  // which servers keep when a tool parser asks for special tokens.
  controlTokens: [EOT, '<tts_start>', '<tts_end>', '<tts_pad>'],
  models: [
    // Step-Audio 2 mini, mini Base and mini Think (Hugging Face), `step-audio-2-mini` as served.
    { family: 'Step-Audio 2', match: /step-?audio-?2(?![\d.])/ },
  ],
});
