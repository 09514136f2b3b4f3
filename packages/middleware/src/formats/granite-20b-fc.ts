import { createJsonCallDecoder, JSON_CALL_KEYS } from '../decoders/json-call-decoder';
import type { CallDecoder, CallSink, ToolsByName } from '../engine/call-grammar';
import { createJsonInputWriter } from '../engine/json-input-writer';
import { describeTool } from '../protocols/describe-tool';
import { stringifySpacedJson } from '../safe-json';
import { defineTextProtocol } from '../text-protocol';
import type { ToolCallProtocol } from '../tool-call-protocol';
import { toolResultText } from '../tool-result-value';
import { defineFormat } from './define-format';

const FUNCTION_CALL = '<function_call>';
/** The openers: the tag, and the tag on a line of its own, whose newline is the call's (between calls, as the template writes them). */
const OPENERS = [FUNCTION_CALL, `\n${FUNCTION_CALL}`];
/** The call the model is trained to write when no function fits: an answer, not a call. */
const NO_FUNCTION = 'no_function';

/**
 * The body after `<function_call>`: one JSON call object (or, leniently, a list of them), which
 * ends the markup where it closes, as there is no closing tag. A call of `no_function`, unless a
 * tool of that name was given, is dropped: it neither runs nor shows as text. Markup that held
 * only such calls ends as markup addressed to no tool of the caller's (`foreign`), so the engine
 * leaves it out of the text and tells `onError` why.
 */
function granite20bFcCallDecoder(tools: ToolsByName, sink: CallSink): CallDecoder {
  const json = (target: CallSink) =>
    createJsonCallDecoder({ keys: JSON_CALL_KEYS, closer: undefined, tools, sink: target });
  if (tools.has(NO_FUNCTION)) return json(sink);
  /** Whether the call being read is a `no_function` one, whose events go nowhere. */
  let skipping = false;
  let declined = false;
  let forwarded = false;
  let told = false;
  let discard = createJsonInputWriter(() => {});
  const filtered: CallSink = {
    start(toolName, id) {
      skipping = toolName === NO_FUNCTION;
      if (skipping) {
        declined = true;
        discard = createJsonInputWriter(() => {});
        return;
      }
      forwarded = true;
      sink.start(toolName, id);
    },
    get input() {
      return skipping ? discard : sink.input;
    },
    endCall() {
      if (skipping) skipping = false;
      else sink.endCall();
    },
    fail(message, cause) {
      if (!skipping) sink.fail(message, cause);
    },
    repair(message) {
      if (!skipping) sink.repair(message);
    },
  };
  const decoder = json(filtered);
  const onlyDeclined = () => declined && !forwarded && decoder.status === 'done';
  /** Gives the engine the reason it reports once the markup proved to hold only `no_function`. */
  const explain = () => {
    if (told || !onlyDeclined()) return;
    told = true;
    sink.fail(`The model answered ${NO_FUNCTION}: no function fits, so nothing runs`);
  };
  return {
    write(text) {
      const read = decoder.write(text);
      explain();
      return read;
    },
    end() {
      decoder.end();
      explain();
    },
    get status() {
      return onlyDeclined() ? 'foreign' : decoder.status;
    },
    get closer() {
      return decoder.closer;
    },
  };
}

/**
 * IBM granite-20b-functioncalling: each call is `<function_call>` and one JSON object, with no
 * closing tag, several calls one after another:
 *
 * ```text
 * <function_call> {"name": "get_weather", "arguments": {"city": "Lyon"}}
 * <function_call> {"name": "get_time", "arguments": {}}
 * ```
 *
 * The object's closing brace ends the call; text before the first tag is the answer's. An
 * unknown tool after the tag is still a call, so the AI SDK can tell the model; `no_function`,
 * which the model writes when no function fits, is not: it is dropped, neither run nor shown.
 * Results go back after `<function_response>`.
 */
export function granite20bFcProtocol(): ToolCallProtocol {
  return defineTextProtocol({
    format: 'granite-20b-fc',
    grammar: (tools) => ({
      openers: OPENERS,
      explicitOpeners: OPENERS,
      startCall: (_opener, sink) => granite20bFcCallDecoder(tools, sink),
    }),
    // The function library's shape: one `{"name", "description", "parameters"}` object per line.
    formatTools: (tools) => tools.map((tool) => stringifySpacedJson(describeTool(tool))).join('\n'),
    formatToolCall: ({ toolName, input }) =>
      `${FUNCTION_CALL} ${stringifySpacedJson({ name: toolName, arguments: input ?? {} })}`,
    formatToolResponse: ({ output }) => `<function_response> ${toolResultText(output)}`,
  });
}

/** The system prompt of `granite20bFcToolMiddleware`: the tools in a `<|function_call_library|>`, and `<function_call>` calls. */
export function granite20bFcSystemPromptTemplate(tools: string): string {
  return `You are a helpful assistant who can call the functions of this library, described one per line:
<|function_call_library|>
${tools}

To call a function, write <function_call> and a JSON object with its name and arguments:
<function_call> {"name": "function_name", "arguments": {"parameter": "value"}}
For several calls, start each with its own <function_call>. Use only these functions, with arguments that fit their parameters; do not guess values you were not given. If no function fits the request, or the request lacks the values a function needs, write <function_call> {"name": "no_function", "arguments": {}}. Results come back after <function_response>. Once you have them, answer in plain text.`;
}

/** granite-20b-functioncalling's `<function_call>` JSON calls. */
export const granite20bFcFormat = /* @__PURE__ */ defineFormat({
  name: 'granite-20b-fc',
  protocol: granite20bFcProtocol,
  systemPrompt: granite20bFcSystemPromptTemplate,
  controlTokens: ['<|endoftext|>'],
  // Not Granite 3's or 4's rows: those match `granite` (broad) and `granite-?4`.
  models: [{ family: 'Granite 20B Function Calling', match: /granite-20b-functioncalling/ }],
});
