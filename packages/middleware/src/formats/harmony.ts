import { createHarmonyResultDecoder } from '../decoders/harmony-result-decoder';
import { createNamedJsonCallDecoder } from '../decoders/named-json-call-decoder';
import type { ToolsByName } from '../engine/call-grammar';
import {
  type TypeScriptNamespaceOptions,
  typeScriptNamespace,
} from '../protocols/typescript-namespace';
import { defineTextProtocol } from '../text-protocol';
import type { ToolCallProtocol } from '../tool-call-protocol';
import { toolResultValue } from '../tool-result-value';
import { defineFormat, formatPreset } from './define-format';

/**
 * gpt-oss's reasoning: the `analysis` channel, up to the end of its message. Give these to
 * `createToolMiddleware` with {@link harmonyProtocol}; {@link harmonyToolMiddleware} does.
 */
export const harmonyReasoningTags: ReadonlyArray<readonly [open: string, close: string]> = [
  ['<|channel|>analysis<|message|>', '<|end|>'],
  ['<think>', '</think>'],
];

/**
 * Headers of calls as gpt-oss writes them: the recipient after the channel (what it generates),
 * or in the role (how chat templates render past calls), on the `commentary` channel (or, a
 * deviation, `analysis`). The header goes on to `<|message|>`; the JSON arguments follow.
 */
const CALL_OPENERS = [
  '<|channel|>commentary to=functions.',
  '<|channel|>analysis to=functions.',
  '<|start|>assistant to=functions.',
];

/**
 * The same headers once a server stripped the special tokens
 * (`assistantcommentary to=functions.get_weather json{…}`), or where the model wrote the channel
 * name without its `<|channel|>` token: calls only when they name a known tool.
 */
const STRIPPED_OPENERS = /* @__PURE__ */ ['commentary', 'analysis', 'assistant'].flatMap(
  (header) => [
    `${header} to=functions.`,
    ...(header === 'assistant' ? [] : [`assistant${header} to=functions.`]),
  ],
);

/**
 * Markers that are markup but no call, so never text: the start of a message, the headers of
 * the `final` channel and of a `commentary` preamble (whose text follows), a stray `commentary`
 * header before another channel, and the ends of messages.
 */
const HEADER_MARKERS = [
  '<|start|>assistant',
  '<|channel|>final<|message|>',
  '<|channel|>commentary<|message|>',
  '<|channel|>commentary to=assistant',
  '<|channel|>commentary',
  '<|end|>',
  '<|return|>',
  '<|call|>',
];

/**
 * The start of a tool's message: a result the model wrote itself, after a call the server did
 * not stop at. Read to its `<|end|>` and kept whole as text, reported through `onError`.
 */
const RESULT_OPENER = '<|start|>functions.';

/** Characters of a tool name in a recipient (`functions.get_weather`). */
const NAME_CHAR = /[\w.:-]/u;

/**
 * Reads the header after `to=functions.`, up to `<|message|>` (or the JSON, when the tokens were
 * stripped), into the tool name: the name, then optionally `<|channel|>commentary` (the
 * recipient in the role), a space, `<|constrain|>` and the content type (`json`), and, when the
 * tokens were stripped, whatever of `<|message|>` is left. Stripped, a channel name runs into
 * the tool name (`get_weathercommentary json`); it is split off when the rest is a known tool.
 */
function parseRecipient(
  header: string,
  tools: ToolsByName,
): { name: string; id?: string } | undefined {
  let at = 0;
  while (at < header.length && NAME_CHAR.test(header[at]!)) at++;
  let name = header.slice(0, at);
  const take = (token: string): boolean => {
    if (!header.startsWith(token, at)) return false;
    at += token.length;
    return true;
  };
  const skip = (test: (char: string) => boolean): void => {
    while (at < header.length && test(header[at]!)) at++;
  };
  const channel = () => take('commentary') || take('analysis');
  const glued = tools.has(name)
    ? undefined
    : ['commentary', 'analysis'].find(
        (word) => name.endsWith(word) && tools.has(name.slice(0, -word.length)),
      );
  if (glued !== undefined) {
    name = name.slice(0, -glued.length);
    at = name.length;
  }
  if ((take('<|channel|>') || glued !== undefined) && !channel()) return undefined;
  skip((char) => char === ' ');
  take('<|constrain|>');
  skip((char) => /[\w-]/u.test(char));
  skip((char) => char === ' ');
  take('<|message|>');
  skip((char) => char.trim() === '');
  return name !== '' && at === header.length ? { name } : undefined;
}

/**
 * Tools as gpt-oss's developer message declares them: multi-line descriptions kept line by line,
 * defaults after their property, `nullable` read.
 */
const GPT_OSS_TYPES: TypeScriptNamespaceOptions = {
  comments: 'lines',
  nullable: true,
  objectWithoutProperties: 'object',
};

/**
 * gpt-oss-20b / 120b in OpenAI's Harmony format. A reply is a sequence of messages on channels:
 *
 * ```text
 * <|channel|>analysis<|message|>Need the weather.<|end|><|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"city":"Lyon"}<|call|>
 * ```
 *
 * `analysis` is reasoning (read with {@link harmonyReasoningTags}), a `commentary` message
 * addressed `to=functions.NAME` is a call whose JSON arguments stream as they arrive, and the
 * `final` channel (and a `commentary` preamble) is text; headers and end tokens are markup.
 * The recipient may stand in the role (`<|start|>assistant to=functions.NAME<|channel|>commentary json<|message|>`);
 * `<|call|>` is often cut off as a stop token. Several call messages in one reply are read in
 * turn. With the special tokens stripped by the server, a call still reads when it names a known
 * tool. Results go back as the message of the tool, `<|start|>functions.NAME to=assistant<|channel|>commentary<|message|>…<|end|>`.
 */
export function harmonyProtocol(): ToolCallProtocol {
  return defineTextProtocol({
    format: 'harmony',
    grammar: (tools) => ({
      openers: [...CALL_OPENERS, ...STRIPPED_OPENERS, RESULT_OPENER],
      wrappers: HEADER_MARKERS,
      startCall: (opener, sink) => {
        if (opener === RESULT_OPENER) return createHarmonyResultDecoder(sink);
        const stripped = !opener.startsWith('<|');
        return createNamedJsonCallDecoder({
          // With its tokens, the header ends at <|message|>; stripped, at the JSON's `{`.
          nameEnd: stripped ? '{' : '<|message|>',
          nameEndOpensValue: stripped,
          parseName: (header) => parseRecipient(header, tools),
          // Stripped of its tokens, nothing marks the end of a call: a failed one skips nothing.
          closer: stripped ? undefined : '<|call|>',
          knownToolsOnly: stripped,
          tools,
          sink,
        });
      },
    }),
    formatTools: (tools) => typeScriptNamespace(tools, GPT_OSS_TYPES),
    formatToolCall: ({ toolName, input }) =>
      `<|start|>assistant to=functions.${toolName}<|channel|>commentary json<|message|>${stringifyHarmonyJson(input ?? {})}<|call|>`,
    formatToolResponse: ({ toolName, output }) => {
      const { value, isError } = toolResultValue(output);
      const result = isError
        ? stringifyHarmonyJson({ error: value })
        : typeof value === 'string'
          ? value
          : stringifyHarmonyJson(value);
      return `<|start|>functions.${toolName} to=assistant<|channel|>commentary<|message|>${result}<|end|>`;
    },
  });
}

/**
 * JSON as gpt-oss writes it (compact), with `<|` inside strings written `<\u007c`: the same
 * value, but no special token (`<|call|>`, `<|end|>`) can appear in the history's text.
 */
function stringifyHarmonyJson(value: unknown): string {
  return (JSON.stringify(value) ?? 'null').replaceAll('<|', '<\\u007c');
}

/** The system prompt of {@link harmonyToolMiddleware}: the tools as gpt-oss's developer message declares them. */
export function harmonySystemPromptTemplate(tools: string): string {
  return `# Tools

## functions

${tools}

To use a function, send a message on the commentary channel addressed to=functions.NAME, with the arguments as a JSON object. Its result comes back as a message from functions.NAME. When no function is needed, or once you have the results, answer on the final channel.`;
}

/** gpt-oss's Harmony channels. */
export const harmonyFormat = /* @__PURE__ */ defineFormat({
  name: 'harmony',
  protocol: harmonyProtocol,
  systemPrompt: harmonySystemPromptTemplate,
  reasoningTags: harmonyReasoningTags,
  models: [{ family: 'gpt-oss', match: /gpt-oss/ }],
});

/** Tool calling for gpt-oss (20b, 120b) in its own Harmony format, with its `analysis` channel as reasoning. */
export const harmonyToolMiddleware = /* @__PURE__ */ formatPreset(harmonyFormat);
