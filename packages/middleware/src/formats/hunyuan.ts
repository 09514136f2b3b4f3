import { createDispatchingDecoder } from '../decoders/dispatching-decoder';
import {
  createXmlParameterCallDecoder,
  type XmlParameterSyntax,
} from '../decoders/xml-parameter-call-decoder';
import type { CallDecoder, CallGrammar, CallSink, ToolsByName } from '../engine/call-grammar';
import { functionToolLines } from '../protocols/describe-tool';
import { textOrJson } from '../text-or-json';
import { defineTextProtocol } from '../text-protocol';
import type { ToolCallProtocol } from '../tool-call-protocol';
import { toolResultValue } from '../tool-result-value';
import { defineFormat } from './define-format';
import { jsonArrayProtocol } from './xlam';

/**
 * The suffix the released checkpoints (tencent/Hy3, Hy4-preview) give every structural token,
 * `<tool_calls:opensource>`: what toolbridge writes. Any suffix is read.
 */
const SUFFIX = ':opensource';

/** Opens the calls with the tokens of a checkpoint without a suffix (Hy3-preview), and Hunyuan-A13B's JSON list. */
const OPEN = '<tool_calls>';
/** Opens the calls with suffixed tokens: the suffix, up to `>`, is read by the decoder. */
const SUFFIXED_OPEN = '<tool_calls:';
/** Longest suffix read; longer text after `<tool_calls:` is prose. */
const MAX_SUFFIX = 64;

/** A structural token with `suffix`: `tag('tool_call', ':opensource')` is `<tool_call:opensource>`. */
const tag = (name: string, suffix = SUFFIX) => `<${name}${suffix}>`;
/** The closing token of {@link tag}. */
const close = (name: string, suffix = SUFFIX) => `</${name}${suffix}>`;

/**
 * `<tool_call>NAME<tool_sep>` (HY v3) or `<tool_call>NAME` (HY v4), then
 * `<arg_key>KEY</arg_key>` `<arg_value>VALUE</arg_value>` pairs, `</tool_call>`; every token with
 * the checkpoint's suffix. The name ends at `<tool_sep>`, the first key or the call's close.
 */
function hunyuanSyntax(suffix: string): XmlParameterSyntax {
  return {
    nameOpen: tag('tool_call', suffix),
    nameClose: [tag('tool_sep', suffix), tag('arg_key', suffix), close('tool_call', suffix)],
    callClose: close('tool_call', suffix),
    keyOpen: tag('arg_key', suffix),
    keyClose: close('arg_key', suffix),
    valueOpen: tag('arg_value', suffix),
    valueClose: close('arg_value', suffix),
    inlineValues: true,
  };
}

/**
 * The calls after `<tool_calls SUFFIX>`: key/value calls, or, where `jsonList` is given (after the
 * unsuffixed token), Hunyuan-A13B's JSON list, read by that `json-array-tool-calls` grammar;
 * anything else is prose.
 */
function callsDecoder(
  suffix: string,
  tools: ToolsByName,
  sink: CallSink,
  jsonList: CallGrammar | undefined,
): CallDecoder {
  return createDispatchingDecoder((first) => {
    if (first === '<') {
      const syntax = hunyuanSyntax(suffix);
      return createXmlParameterCallDecoder({
        syntax,
        closer: close('tool_calls', suffix),
        tools,
        sink,
      });
    }
    return first === '[' || first === '{' ? jsonList?.startCall(OPEN, sink) : undefined;
  });
}

/**
 * Reads the rest of a suffixed opener, `SUFFIX>` after `<tool_calls:`, then hands what follows to
 * the calls' decoder for that suffix: one vocabulary gives all its tokens the same suffix.
 */
function suffixedCallsDecoder(start: (suffix: string) => CallDecoder): CallDecoder {
  let suffix = ':';
  let calls: CallDecoder | undefined;
  let prose = false;
  return {
    write(text) {
      if (calls !== undefined) return calls.write(text);
      for (let i = 0; i < text.length; i++) {
        const char = text.charAt(i);
        if (char === '>' && suffix.length > 1) {
          calls = start(suffix);
          const rest = text.slice(i + 1);
          return i + 1 + (rest.length > 0 ? calls.write(rest) : 0);
        }
        // A suffix is one run of visible characters up to `>` (as servers match it).
        if (char === '>' || char === '<' || char.trim() === '' || suffix.length > MAX_SUFFIX) {
          prose = true;
          return i;
        }
        suffix += char;
      }
      return text.length;
    },
    end() {
      if (calls === undefined) prose = true;
      else calls.end();
    },
    get status() {
      return prose ? 'not-a-call' : (calls?.status ?? 'open');
    },
    get closer() {
      return calls?.closer;
    },
  };
}

/**
 * Tencent Hunyuan HY v3 and v4 (Hy3, Hy4): one `<tool_calls>` block, a `<tool_call>` per call, the
 * tool name, then the arguments as key/value tags, values raw and typed by the tool's schema:
 * `<tool_calls>\n<tool_call>get_weather<tool_sep>\n<arg_key>city</arg_key>\n<arg_value>Lyon</arg_value>\n</tool_call>\n</tool_calls>`.
 * HY v4 writes no `<tool_sep>` and no newlines in a call. The released tokenizers give every token
 * a suffix (`<tool_calls:opensource>`): a call is read with any suffix, or none (Hy3-preview). A
 * JSON list after `<tool_calls>` is Hunyuan-A13B's and is read too. Past calls and results are
 * written with the `:opensource` tokens, results as a `<tool_responses>` block.
 */
export function hunyuanProtocol(): ToolCallProtocol {
  const a13b = jsonArrayProtocol({ wrapper: 'tool_calls' });
  return defineTextProtocol({
    format: 'hunyuan',
    grammar: (tools) => {
      const jsonList = a13b.grammar?.(tools);
      return {
        openers: [OPEN, SUFFIXED_OPEN],
        explicitOpeners: [OPEN, SUFFIXED_OPEN],
        startCall: (opener, sink) =>
          opener === OPEN
            ? callsDecoder('', tools, sink, jsonList)
            : suffixedCallsDecoder((suffix) => callsDecoder(suffix, tools, sink, undefined)),
      };
    },
    formatTools: (tools) => functionToolLines(tools),
    formatToolCall: ({ toolName, input }) => {
      const pairs = Object.entries((input ?? {}) as Record<string, unknown>).map(
        ([key, value]) =>
          `${tag('arg_key')}${key}${close('arg_key')}\n${tag('arg_value')}${textOrJson(value)}${close('arg_value')}\n`,
      );
      return `${tag('tool_calls')}\n${tag('tool_call')}${toolName}${tag('tool_sep')}\n${pairs.join('')}${close('tool_call')}\n${close('tool_calls')}`;
    },
    formatToolResponse: ({ output }) => {
      const { value } = toolResultValue(output);
      return `${tag('tool_responses')}\n${tag('tool_response')}\n${textOrJson(value)}\n${close('tool_response')}\n${close('tool_responses')}`;
    },
  });
}

/** The system prompt of `hunyuanToolMiddleware`: the tools as JSON lines, and Hy3's call layout with its tokens. */
export function hunyuanSystemPromptTemplate(tools: string): string {
  return `# Tools

You may call one or more of these functions (one JSON description per line):
<tools>
${tools}
</tools>

To call functions, write one ${tag('tool_calls')} block with a ${tag('tool_call')} per call: the function's name, ${tag('tool_sep')}, then each argument as a key and a value:
${tag('tool_calls')}
${tag('tool_call')}function_name${tag('tool_sep')}
${tag('arg_key')}argument_name${close('arg_key')}
${tag('arg_value')}value${close('arg_value')}
${close('tool_call')}
${close('tool_calls')}

Write text values as they are and other values as JSON; give every required argument. Results come back in ${tag('tool_response')} blocks. When you have what you need, answer in plain text.`;
}

/** Hunyuan's reasoning tags: the released checkpoints' suffixed `<think:opensource>` first, then Hy3-preview's `<think>`. */
export const hunyuanReasoningTags: ReadonlyArray<readonly [string, string]> = [
  // Literal: a module-level call would keep Hunyuan in every bundle.
  ['<think:opensource>', '</think:opensource>'],
  ['<think>', '</think>'],
];

/** Hunyuan HY v3 / v4's `<tool_calls>` key/value calls. */
export const hunyuanFormat = /* @__PURE__ */ defineFormat({
  name: 'hunyuan',
  protocol: hunyuanProtocol,
  systemPrompt: hunyuanSystemPromptTemplate,
  reasoningTags: hunyuanReasoningTags,
  // Hy3's template thinks only when `reasoning_effort` asks for it (default `no_think`).
  opensReasoning: 'on-request',
  // Hy3's end of turn, with and without the suffix.
  controlTokens: ['<｜hy_eos:opensource｜>', '<｜hy_eos｜>'],
  models: [
    { family: 'Hunyuan Hy3', match: /(?:^|[/_])hy-?3(?![\d.])/ },
    // Hy4's template defaults to `reasoning_effort: high` and opens <think> in the prompt.
    { family: 'Hunyuan Hy4', match: /(?:^|[/_])hy-?4(?![\d.])/, opensReasoning: 'by-default' },
  ],
});
