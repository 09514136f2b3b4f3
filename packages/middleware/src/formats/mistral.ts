import {
  createBareJsonCallDecoder,
  createGatedDecoder,
  type GateVerdict,
} from '../decoders/bare-json-call-decoder';
import { createDispatchingDecoder } from '../decoders/dispatching-decoder';
import { createJsonCallDecoder, JSON_CALL_KEYS } from '../decoders/json-call-decoder';
import { createNamedJsonCallDecoder } from '../decoders/named-json-call-decoder';
import { readingFirst } from '../decoders/reading-first';
import { watchedSink } from '../decoders/watched-sink';
import type { CallDecoder, CallSink, ToolsByName } from '../engine/call-grammar';
import { escapeCloser, serverTools, type TemplatePrompt } from '../prompt/template-prompt';
import { describeFunctionTool } from '../protocols/describe-tool';
import { defineJsonTextProtocol } from '../protocols/json-text-protocol';
import { stringifySpacedJson, templateJson } from '../safe-json';
import type { ToolCallProtocol } from '../tool-call-protocol';
import { toolResultText, toolResultValue } from '../tool-result-value';
import { defineFormat } from './define-format';

const TOOL_CALLS = '[TOOL_CALLS]';
const ARGS = '[ARGS]';
const CALL_ID = '[CALL_ID]';
/** A character of a tool name as the named decoder accepts it. */
const NAME_CHAR = /[\w.:-]/;
const NAME = /^[\w.:-]+$/;

/**
 * How past calls and results are written back:
 * - `v11` (default): `[TOOL_CALLS]NAME[CALL_ID]ID[ARGS]{…}` and `[TOOL_RESULTS]ID[TOOL_CONTENT]RESULT[/TOOL_RESULTS]`,
 *   as Mistral's v11 tokenizer renders them (Mistral Small 3.2, Ministral 3); ids tie a result to its call.
 * - `v13`: `[TOOL_CALLS]NAME[ARGS]{…}` and `[TOOL_RESULTS]RESULT[/TOOL_RESULTS]`, without ids (Magistral, Devstral).
 * - `pre-v11`: `[TOOL_CALLS][{"name": …, "arguments": {…}, "id": ID}]` and
 *   `[TOOL_RESULTS]{"content": RESULT, "call_id": ID}[/TOOL_RESULTS]` (Mistral 7B v0.3, Mixtral 8x22B, Nemo, Small 3.1).
 */
export type MistralHistory = 'v11' | 'v13' | 'pre-v11';

/** Options of {@link mistralProtocol}. */
export interface MistralProtocolOptions {
  /** How past calls and results are written back. Every form is read whatever this says. Default: `v11`. */
  history?: MistralHistory;
}

/** Mistral's reasoning tags: Magistral writes `[THINK]…[/THINK]`, its first release `<think>…</think>`. */
export const mistralReasoningTags: ReadonlyArray<readonly [string, string]> = [
  ['[THINK]', '[/THINK]'],
  ['<think>', '</think>'],
];

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 32-bit FNV-1a of a string's UTF-16 units, from a given offset basis. */
function fnv1a(text: string, basis: number): number {
  let hash = basis >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * The 9-character alphanumeric id Mistral's templates require, for an AI SDK tool call id: the
 * id itself when it already is one (an id the model wrote), otherwise one derived from it by a
 * hash, so that a call and its result get the same id.
 */
export function mistralCallId(toolCallId: string): string {
  if (/^[A-Za-z0-9]{9}$/.test(toolCallId)) return toolCallId;
  // 53 bits from two hashes: 62^9 covers them, so nine base-62 digits hold the whole value.
  let value = (fnv1a(toolCallId, 0x811c9dc5) % 2 ** 21) * 2 ** 32 + fnv1a(toolCallId, 0x050c5d1f);
  let id = '';
  for (let digit = 0; digit < 9; digit++) {
    id = ALPHANUMERIC.charAt(value % 62) + id;
    value = Math.floor(value / 62);
  }
  return id;
}

/** `NAME`, `NAME[ARGS]` or `NAME[CALL_ID]ID[ARGS]`, the text before a v11 call's `{`. */
function parseCallHead(text: string): { name: string; id?: string } {
  let head = text.trim();
  if (head.endsWith(ARGS)) head = head.slice(0, -ARGS.length).trimEnd();
  const at = head.indexOf(CALL_ID);
  if (at === -1) return { name: head };
  const id = head.slice(at + CALL_ID.length).trim();
  return { name: head.slice(0, at).trim(), ...(id === '' ? {} : { id }) };
}

/**
 * Whether a reply that opens with a name is a v11 call whose `[TOOL_CALLS]` was stripped: a
 * known tool's name followed by `{`, `[ARGS]` or `[CALL_ID]`. Decided within the longest tool
 * name and a marker.
 */
function judgeStrippedCall(tools: ToolsByName): (prefix: string) => GateVerdict {
  return (prefix) => {
    let end = 0;
    while (end < prefix.length && NAME_CHAR.test(prefix.charAt(end))) end++;
    const name = prefix.slice(0, end);
    if (end === prefix.length) {
      for (const tool of tools.keys()) if (tool.startsWith(name)) return 'undecided';
      return 'prose';
    }
    if (!tools.has(name)) return 'prose';
    const rest = prefix.slice(end);
    if (rest[0] === '{') return 'call';
    for (const marker of [ARGS, CALL_ID]) {
      if (rest.startsWith(marker)) return 'call';
      if (marker.startsWith(rest)) return 'undecided';
    }
    return 'prose';
  };
}

/** A decoder for an opener that turned out to be prose. */
const PROSE: CallDecoder = { write: () => 0, end() {}, status: 'not-a-call' };

/**
 * Mistral's `[TOOL_CALLS]` formats. v11+ tokenizers (Mistral Small 3.2, Magistral, Devstral,
 * Ministral 3): `[TOOL_CALLS]get_weather[ARGS]{"city": "Lyon"}`, one `[TOOL_CALLS]` per call,
 * sometimes `[CALL_ID]ID` before `[ARGS]`. Earlier tokenizers (Mistral 7B v0.3, Mixtral 8x22B,
 * Nemo, Small 3.1): `[TOOL_CALLS][{"name": "get_weather", "arguments": {"city": "Lyon"}}, …]`.
 * The markers are special tokens that servers strip, leaving a bare JSON list or
 * `get_weather{…}` at the start of the reply: those are read when they name a known tool (and,
 * once the reply made a call, further `get_weather{…}` calls), anything else stays text.
 */
export function mistralProtocol(options: MistralProtocolOptions = {}): ToolCallProtocol {
  const history = options.history ?? 'v11';
  const keys = JSON_CALL_KEYS;
  return defineJsonTextProtocol(
    {
      format: 'mistral',
      grammar: (tools) => {
        /** Whether the reply made a call: a stripped `NAME{…}` counts only after one. */
        let called = false;
        const nameOpeners = [...tools.keys()]
          .filter((name) => NAME.test(name))
          .flatMap((name) => [`${name}{`, `${name}${ARGS}`, `${name}${CALL_ID}`]);
        const named = (sink: CallSink, knownToolsOnly: boolean) =>
          createNamedJsonCallDecoder({
            nameEnd: '{',
            nameEndOpensValue: true,
            parseName: parseCallHead,
            closer: undefined,
            tools,
            sink,
            knownToolsOnly,
          });
        return {
          openers: [TOOL_CALLS, ...nameOpeners],
          // A name opener may be prose; [TOOL_CALLS] only ever opens calls, so a miss is reported.
          explicitOpeners: [TOOL_CALLS],
          leadingCall: true,
          startCall: (opener, target) => {
            const sink = watchedSink(target, () => {
              called = true;
            });
            if (opener === TOOL_CALLS) {
              return createDispatchingDecoder((first) =>
                first === '[' || first === '{'
                  ? createJsonCallDecoder({ keys, closer: undefined, tools, sink })
                  : named(sink, false),
              );
            }
            if (opener === '') {
              return createDispatchingDecoder((first) =>
                NAME_CHAR.test(first)
                  ? createGatedDecoder(judgeStrippedCall(tools), () => named(sink, true), true)
                  : createBareJsonCallDecoder({ keys, tools, sink }),
              );
            }
            // A known tool's name right before `{` or `[ARGS]`: a call whose marker was stripped.
            return called ? readingFirst(named(sink, true), opener) : PROSE;
          },
        };
      },
      formatTools: (tools) => stringifySpacedJson(tools.map(describeFunctionTool)),
      formatToolCall: ({ toolCallId, toolName, input }) => {
        const id = mistralCallId(toolCallId);
        const args = input ?? {};
        if (history === 'pre-v11') {
          return `${TOOL_CALLS}[${stringifySpacedJson({ name: toolName, arguments: args, id })}]`;
        }
        const callId = history === 'v11' ? `${CALL_ID}${id}` : '';
        return `${TOOL_CALLS}${toolName}${callId}${ARGS}${stringifySpacedJson(args)}`;
      },
      formatToolResponse: ({ toolCallId, output }) => {
        const id = mistralCallId(toolCallId);
        if (history === 'pre-v11') {
          const { value, isError } = toolResultValue(output);
          const content = isError ? { error: value } : value;
          return `[TOOL_RESULTS]${stringifySpacedJson({ content, call_id: id })}[/TOOL_RESULTS]`;
        }
        const prefix = history === 'v11' ? `${id}[TOOL_CONTENT]` : '';
        return `[TOOL_RESULTS]${prefix}${toolResultText(output)}[/TOOL_RESULTS]`;
      },
    },
    keys,
  );
}

const RULES =
  'Use only these functions, with arguments that fit their parameters; do not guess values you were not given. Results come back between [TOOL_RESULTS] and [/TOOL_RESULTS]. When no function is needed, or once you have the results, answer in plain text.';

/** The system prompt of `mistralToolMiddleware`: the tools in `[AVAILABLE_TOOLS]`, and v11+ calls. */
export function mistralSystemPromptTemplate(tools: string): string {
  return `[AVAILABLE_TOOLS]${tools}[/AVAILABLE_TOOLS]
You can call the functions listed above. To call one, write [TOOL_CALLS], its name, [ARGS] and its arguments as a JSON object:
[TOOL_CALLS]function_name[ARGS]{"parameter": "value"}
For several calls, write one [TOOL_CALLS] block after the other. ${RULES}`;
}

/** A system prompt for Mistral models before the v11 tokenizer: calls as one JSON list after `[TOOL_CALLS]`. */
export function mistralPreV11SystemPromptTemplate(tools: string): string {
  return `[AVAILABLE_TOOLS]${tools}[/AVAILABLE_TOOLS]
You can call the functions listed above. To call them, write [TOOL_CALLS] and a JSON list of the calls:
[TOOL_CALLS][{"name": "function_name", "arguments": {"parameter": "value"}}]
Put every call you need in the one list. ${RULES}`;
}

/** Mistral before the v11 tokenizer: calls as one JSON list after `[TOOL_CALLS]`. */
export const mistralPreV11Format = /* @__PURE__ */ defineFormat({
  name: 'mistral-pre-v11',
  protocol: () => mistralProtocol({ history: 'pre-v11' }),
  systemPrompt: mistralPreV11SystemPromptTemplate,
  controlTokens: ['</s>'],
  models: [
    {
      family: 'Mistral 7B, Mixtral, Nemo',
      match: /mixtral|mistral-nemo|mistral-7b|^mistral(?::|$)/,
    },
  ],
});

/**
 * Mistral Small 3.2's template: `[AVAILABLE_TOOLS]…[/AVAILABLE_TOOLS]` before the last user
 * turn, calls as `[TOOL_CALLS]NAME[CALL_ID]ID[ARGS]{…}`, each result as
 * `[TOOL_RESULTS]ID[TOOL_CONTENT]…[/TOOL_RESULTS]`. Not exact: the template writes `[INST]`
 * before any user text, which natively follows the tool list, and wraps the results, which
 * natively stand alone, in `[INST]…[/INST]` (docs/fidelity.md).
 */
const mistralTemplate: TemplatePrompt = {
  toolsIn: 'last-user',
  tools: (tools, text = '') =>
    `[AVAILABLE_TOOLS]${templateJson(serverTools(tools))}[/AVAILABLE_TOOLS]${text}`,
  // The template drops a calling turn's text: it writes only the calls.
  calls: (_text, calls) =>
    calls
      .map(
        ({ toolCallId, toolName, input }) =>
          `${TOOL_CALLS}${toolName}${CALL_ID}${mistralCallId(toolCallId)}${ARGS}${templateJson(input ?? {})}`,
      )
      .join(''),
  results: (results) =>
    results
      .map(
        ({ toolCallId, content }) =>
          `[TOOL_RESULTS]${mistralCallId(toolCallId)}[TOOL_CONTENT]${escapeCloser(content, '[/TOOL_RESULTS]')}[/TOOL_RESULTS]`,
      )
      .join(''),
};

/** Mistral's `[TOOL_CALLS]name[ARGS]{…}` (v11+), with Magistral's `[THINK]`. */
export const mistralFormat = /* @__PURE__ */ defineFormat({
  name: 'mistral',
  protocol: () => mistralProtocol(),
  systemPrompt: mistralSystemPromptTemplate,
  template: mistralTemplate,
  controlTokens: ['</s>'],
  reasoningTags: mistralReasoningTags,
  models: [
    {
      family: 'Mistral Small 3.2, Magistral, Devstral, Ministral',
      match: /mistral|magistral|devstral|ministral|codestral/,
      broad: true,
    },
  ],
  variants: [mistralPreV11Format],
});
