import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { isJsonObject } from '@toolbridge/rjson';
import { createJsonCallDecoder, JSON_CALL_KEYS } from '../decoders/json-call-decoder';
import { readingFirst } from '../decoders/reading-first';
import type { CallDecoder, CallGrammar, CallSink, ToolsByName } from '../engine/call-grammar';
import { escapeCloser, toolMessageContent } from '../prompt/template-prompt';
import { defineTextProtocol } from '../text-protocol';
import type { ToolCallProtocol } from '../tool-call-protocol';
import { defineFormat, type ReasoningTags } from './define-format';

const MESSAGE_MODEL = '<|message_model|>';
const MESSAGE_TOOL = '<|message_tool|>';
const CONTENT_TEXT = '<|content_text|>';
const CONTENT_THINKING = '<|content_thinking|>';
const INVOKE_TOOL_JSON = '<|content_invoke_tool_json|>';
const END_MESSAGE = '<|end_message|>';
/** Inkling's end of turn (its EOS token): the model is done sampling. */
const END_SAMPLING = '<|content_model_end_sampling|>';

/** A tool name that can head a message. */
const NAME = /^[\w.:-]+$/u;
/** Characters of the tool name in a message's header. */
const NAME_CHAR = /[\w.:-]/u;
/** Longest tool name read before giving up: names are identifiers, not prose. */
const MAX_NAME_LENGTH = 256;

/**
 * Inkling's reasoning: a thinking message, up to its `<|end_message|>`. The generation prompt ends
 * with `<|message_model|>`, so the reply's first message begins at its content token.
 */
export const inklingReasoningTags: ReasoningTags = [
  [CONTENT_THINKING, END_MESSAGE],
  [`${MESSAGE_MODEL}${CONTENT_THINKING}`, END_MESSAGE],
];

/**
 * Reads a model message's header when it heads a call: the tool's name, then
 * `<|content_invoke_tool_json|>` and the call's JSON, read by `invoke`. With the special tokens
 * stripped by the server, the name runs into the JSON (`get_weather{"name":…}`), read by
 * `stripped`. Any other header is no call, and nothing was announced.
 */
function createHeaderDecoder(invoke: () => CallDecoder, stripped: () => CallDecoder): CallDecoder {
  let nameLength = 0;
  /** What was read of `<|content_invoke_tool_json|>`. */
  let token = '';
  let prose = false;
  let body: CallDecoder | undefined;
  return {
    write(text) {
      if (body !== undefined) return body.write(text);
      for (let at = 0; at < text.length; at++) {
        const char = text.charAt(at);
        if (token !== '' || char === '<') {
          token += char;
          if (token === INVOKE_TOOL_JSON) {
            body = invoke();
            return at + 1 + body.write(text.slice(at + 1));
          }
          if (!INVOKE_TOOL_JSON.startsWith(token)) {
            prose = true;
            return at;
          }
        } else if (char === '{' && nameLength > 0) {
          body = stripped();
          return at + body.write(text.slice(at));
        } else if (!NAME_CHAR.test(char) || ++nameLength > MAX_NAME_LENGTH) {
          prose = true;
          return at;
        }
      }
      return text.length;
    },
    end() {
      if (body === undefined) prose = true;
      else body.end();
    },
    get status() {
      return body?.status ?? (prose ? 'not-a-call' : 'open');
    },
    get closer() {
      return body?.closer;
    },
  };
}

/** The call grammar: headers and message ends as markup, a call message's JSON as its call. */
function inklingGrammar(tools: ToolsByName): CallGrammar {
  // The JSON names the tool again; its `name` is the call's, as vLLM reads it.
  const invoke = (sink: CallSink) =>
    createJsonCallDecoder({ keys: JSON_CALL_KEYS, closer: END_MESSAGE, tools, sink });
  // Without its tokens, `NAME{…}` is a call only when its JSON names a known tool first.
  const stripped = (sink: CallSink) =>
    createJsonCallDecoder({
      keys: JSON_CALL_KEYS,
      closer: undefined,
      tools,
      sink,
      knownToolsOnly: true,
    });
  const strippedOpeners = [...tools.keys()].filter((name) => NAME.test(name)).map((n) => `${n}{`);
  return {
    openers: [MESSAGE_MODEL, INVOKE_TOOL_JSON, ...strippedOpeners],
    explicitOpeners: [INVOKE_TOOL_JSON],
    // A text message's header is longer than `<|message_model|>` alone, so it wins where both match.
    wrappers: [CONTENT_TEXT, `${MESSAGE_MODEL}${CONTENT_TEXT}`, END_MESSAGE, END_SAMPLING],
    // The generation prompt ends with `<|message_model|>`: the reply may open with a call's header.
    leadingCall: true,
    // A thinking message whose `<|end_message|>` is missing ends where the next message starts.
    reasoningBreaks: [MESSAGE_MODEL, CONTENT_TEXT, INVOKE_TOOL_JSON, END_SAMPLING],
    startCall: (opener, sink) => {
      if (opener === INVOKE_TOOL_JSON) return invoke(sink);
      if (opener === MESSAGE_MODEL || opener === '') {
        return createHeaderDecoder(
          () => invoke(sink),
          () => stripped(sink),
        );
      }
      return readingFirst(stripped(sink), '{');
    },
  };
}

/** Objects with their keys sorted at every depth: `tojson(sort_keys=true)`. */
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (!isJsonObject(value)) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortedKeys(value[key])]),
  );
}

/** Compact JSON with sorted keys, as Inkling's template writes tool specs and arguments. */
const canonicalJson = (value: unknown) => JSON.stringify(sortedKeys(value)) ?? 'null';

/**
 * JSON for the history, with `<|` inside strings written `<\u007c`: the same value, but no
 * special token (`<|end_message|>`) can appear in the text and end the message early.
 */
const historyJson = (value: unknown) => canonicalJson(value).replaceAll('<|', '<\\u007c');

/** A tool as Inkling's `tool_declare` message lists it. */
function toolSpec(tool: LanguageModelV4FunctionTool) {
  return {
    description: tool.description ?? '',
    name: tool.name,
    parameters: tool.inputSchema,
    type: 'function',
  };
}

/**
 * Inkling (Thinking Machines): a reply is messages, each headed by special tokens and ended by
 * `<|end_message|>`. A thinking message is reasoning, a text message the answer, and a call
 * message names its tool in the header and holds a JSON object with the tool's `name` and `args`:
 *
 * ```text
 * <|content_thinking|>Need the weather.<|end_message|><|message_model|>get_weather<|content_invoke_tool_json|>{"name":"get_weather","args":{"city":"Lyon"}}<|end_message|><|content_model_end_sampling|>
 * ```
 *
 * The generation prompt ends with `<|message_model|>`, so the reply opens with a content token or
 * a call's tool name. Several calls are several messages; `<|content_model_end_sampling|>` ends
 * the turn. The JSON's `name` names the call; any tool named between the tokens is a call, so the
 * AI SDK can tell the model of an unknown one. With the special tokens stripped by the server, a
 * call reads `get_weather{"name":"get_weather","args":{…}}`: a call only when it names a known
 * tool. Past calls are written back as that message; results as the tool's message,
 * `<|message_tool|>NAME<|content_text|>…<|end_message|>`.
 */
export function inklingProtocol(): ToolCallProtocol {
  return defineTextProtocol({
    format: 'inkling',
    grammar: inklingGrammar,
    formatTools: (tools) => canonicalJson(tools.map(toolSpec)),
    formatToolCall: ({ toolName, input }) =>
      `${MESSAGE_MODEL}${toolName}${INVOKE_TOOL_JSON}{"name":${historyJson(toolName)},"args":${historyJson(input ?? {})}}${END_MESSAGE}`,
    formatToolResponse: ({ toolName, output }) =>
      `${MESSAGE_TOOL}${toolName}${CONTENT_TEXT}${escapeCloser(toolMessageContent(output), END_MESSAGE)}${END_MESSAGE}`,
  });
}

/** The system prompt of `inklingToolMiddleware`: the tools as Inkling's `tool_declare` message lists them, and the call message. */
export function inklingSystemPromptTemplate(tools: string): string {
  return `You can call the tools declared in this JSON list:
${tools}

To call a tool, write a message of its own: ${MESSAGE_MODEL}, the tool's name, ${INVOKE_TOOL_JSON}, a JSON object with the tool's "name" and its "args" (an object that fits the tool's parameters), then ${END_MESSAGE}:
${MESSAGE_MODEL}tool_name${INVOKE_TOOL_JSON}{"name":"tool_name","args":{"parameter":"value"}}${END_MESSAGE}
Write one such message per call. Use only these tools, with values you were given or found; do not guess. Each result comes back as a message from its tool. When no tool is needed, or once you have the results, answer in a text message.`;
}

/** Inkling's messages: thinking, text and `<|content_invoke_tool_json|>` calls. */
export const inklingFormat = /* @__PURE__ */ defineFormat({
  name: 'inkling',
  protocol: inklingProtocol,
  systemPrompt: inklingSystemPromptTemplate,
  reasoningTags: inklingReasoningTags,
  // Blocks vLLM shows as text (a tool invoked as raw text, a tool error): their tokens are markup.
  controlTokens: ['<|content_invoke_tool_text|>', '<|content_tool_error|>'],
  models: [{ family: 'Inkling', match: /inkling/ }],
});
