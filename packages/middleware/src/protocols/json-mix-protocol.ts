import { createAttributedJsonCallDecoder } from '../decoders/attributed-json-call-decoder';
import { createJsonCallDecoder, type JsonCallDecoderOptions } from '../decoders/json-call-decoder';
import { withLooseJsonCalls, withTrailingCloser } from '../decoders/loose-json-grammar';
import type { CallGrammar, ToolsByName } from '../engine/call-grammar';
import { type JSON_CALL_KEYS, jsonCallKeysWith } from '../json-call-keys';
import { stringifyFramedJson } from '../safe-json';
import { defineTextProtocol } from '../text-protocol';
import type { ToolCallProtocol } from '../tool-call-protocol';
import { toolResultValue } from '../tool-result-value';
import { describeTool } from './describe-tool';

/** How the JSON after an opener is read: its closer, and the slips read there. */
type Delimited = Pick<
  JsonCallDecoderOptions,
  'closer' | 'knownToolsOnly' | 'sequence' | 'innerTags'
>;

/**
 * How the default delimiters are read: `<tool_call>`, inside which a model may also write Qwen's
 * `<tools>`, or `<tool_call>` once more; and the tags models trained on it write instead. Qwen's
 * `<tools>` (the tag its template lists the tools in), alone, as JSON lines or around
 * `<tool_call>`, counts only for a declared tool: a model may also show its tool list in it.
 * Glaive's `<functioncall>` is a call as `<tool_call>` is.
 */
const HERMES_DELIMITERS: ReadonlyArray<readonly [opener: string, read: Delimited]> = [
  [
    '<tool_call>',
    {
      closer: '</tool_call>',
      innerTags: [
        ['<tools>', '</tools>'],
        ['<tool_call>', '</tool_call>'],
      ],
    },
  ],
  [
    '<tools>',
    {
      closer: '</tools>',
      knownToolsOnly: true,
      sequence: true,
      innerTags: [['<tool_call>', '</tool_call>']],
    },
  ],
  ['<functioncall>', { closer: '</functioncall>' }],
];

/** The closers Qwen models swap between `<tool_call>` and `<tools>`: `<tool_call>{…}</tools>`. */
const HERMES_CLOSER_SLIPS = { '</tool_call>': ['</tools>'], '</tools>': ['</tool_call>'] };

/**
 * Hermes' tag with the call's name (and id) as attributes and the arguments as its body, as models
 * also write it: `<tool_call id="call_1" name="get_weather">{"city": "Tokyo"}</tool_call>`. Not
 * the `<tool_call>` token, so it counts only for a declared tool, as prose may show it too.
 */
const ATTRIBUTED_TOOL_CALL = '<tool_call ';

/** Options of {@link jsonMixProtocol}. */
export interface JsonMixProtocolOptions {
  /**
   * Opens a call; a list gives spellings models also write, the first is the one written.
   * Default: `<tool_call>`, and the tags models trained on it write instead: Qwen's `<tools>` (for
   * a declared tool), Glaive's `<functioncall>`.
   */
  toolCallStart?: string | readonly string[];
  /** Closes a call; may be missing at the end of the output. Default: `</tool_call>`. */
  toolCallEnd?: string;
  /** Opens a tool result. Default: `<tool_response>`. */
  toolResponseStart?: string;
  /** Closes a tool result. Default: `</tool_response>`. */
  toolResponseEnd?: string;
  /** Key of the tool name. The keys of {@link JSON_CALL_KEYS} (`name`, `tool`…) are read too. Default: `name`. */
  nameKey?: string;
  /** Key of the arguments. The keys of {@link JSON_CALL_KEYS} (`arguments`, `parameters`, `args`…) are read too. Default: `arguments`. */
  argumentsKey?: string;
  /** After this many calls in one reply, call markup is text. Default: unlimited. */
  maxCallsPerReply?: number;
}

/**
 * JSON calls between delimiters, the format of Hermes, Qwen and many fine-tunes:
 * `<tool_call>{"name": "get_weather", "arguments": {"city": "Oslo"}}</tool_call>`.
 * Reads relaxed JSON, the other keys models write for the name and the arguments (`tool`,
 * `args`…), arguments as a JSON-encoded string, a fence inside the delimiters, a missing closer
 * at the end, several calls in one reply. An unknown tool name is still a call, so the AI SDK
 * can tell the model it erred. With the default delimiters, the name (and id) may also be
 * attributes of the tag, `<tool_call name="get_weather">{"city": "Oslo"}</tool_call>`, for a
 * declared tool. A call of a known tool written without the delimiters is read as
 * `auto` reads it: a JSON object (or list of calls) at the start of the reply or of a line, or
 * a ```` ```json ```` fence holding it; JSON elsewhere in prose stays text. The protocol's
 * `grammar`, which `auto` combines, leaves those out: `auto` reads them for every format at once.
 */
export function jsonMixProtocol(options: JsonMixProtocolOptions = {}): ToolCallProtocol {
  const starts = [options.toolCallStart ?? '<tool_call>'].flat();
  const [start] = starts;
  if (start === undefined) throw new TypeError('jsonMixProtocol: toolCallStart lists no opener.');
  const end = options.toolCallEnd ?? '</tool_call>';
  const responseStart = options.toolResponseStart ?? '<tool_response>';
  const responseEnd = options.toolResponseEnd ?? '</tool_response>';
  const nameKey = options.nameKey ?? 'name';
  const argumentsKey = options.argumentsKey ?? 'arguments';
  const keys = jsonCallKeysWith({ name: [nameKey], arguments: [argumentsKey] });

  // Only the default delimiters and keys read as `hermes` does; the result tags are prompt only.
  const hermes = [
    options.toolCallStart,
    options.toolCallEnd,
    options.nameKey,
    options.argumentsKey,
    options.maxCallsPerReply,
  ].every((option) => option === undefined);
  const hermesDelimiters = options.toolCallStart === undefined && options.toolCallEnd === undefined;
  const delimiters = new Map<string, Delimited>(
    hermesDelimiters ? HERMES_DELIMITERS : starts.map((opener) => [opener, { closer: end }]),
  );
  const delimitedCalls = (tools: ToolsByName): CallGrammar => ({
    openers: [...delimiters.keys(), ...(hermesDelimiters ? [ATTRIBUTED_TOOL_CALL] : [])],
    // `<tools>` may be prose, showing the tool list: it is a call only for a declared tool.
    explicitOpeners: [...delimiters].flatMap(([opener, read]) =>
      read.knownToolsOnly ? [] : [opener],
    ),
    maxCallsPerReply: options.maxCallsPerReply,
    ...(hermesDelimiters ? { closerSlips: HERMES_CLOSER_SLIPS } : {}),
    startCall: (opener, sink) => {
      if (opener === ATTRIBUTED_TOOL_CALL) {
        return createAttributedJsonCallDecoder({ closer: end, tools, sink });
      }
      const read = delimiters.get(opener);
      if (read === undefined) throw new Error(`jsonMixProtocol: ${opener} opens no call`);
      return createJsonCallDecoder({ keys, tools, sink, ...read });
    },
  });
  const protocol = defineTextProtocol({
    ...(hermes ? { format: 'hermes' } : {}),
    grammar: (tools) =>
      withTrailingCloser(withLooseJsonCalls(delimitedCalls(tools), tools, keys), end),
    formatTools: (tools) => tools.map((tool) => stringifyFramedJson(describeTool(tool))).join('\n'),
    formatToolCall: ({ toolName, input }) =>
      `${start}\n${stringifyFramedJson({ [nameKey]: toolName, [argumentsKey]: input })}\n${end}`,
    formatToolResponse: ({ toolName, output }) => {
      const { value, isError } = toolResultValue(output);
      return `${responseStart}\n${stringifyFramedJson({ name: toolName, [isError ? 'error' : 'result']: value })}\n${responseEnd}`;
    },
  });
  // `auto` reads calls without their markers itself, once for every format it combines.
  return { ...protocol, grammar: delimitedCalls };
}
