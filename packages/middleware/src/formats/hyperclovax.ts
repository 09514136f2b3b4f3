import type { LanguageModelV4CallOptions } from '@ai-sdk/provider';
import { isJsonObject } from '@toolbridge/rjson';
import { createBareJsonCallDecoder } from '../decoders/bare-json-call-decoder';
import { createJsonCallDecoder, JSON_CALL_KEYS } from '../decoders/json-call-decoder';
import { createNamedJsonCallDecoder } from '../decoders/named-json-call-decoder';
import type { CallDecoder, CallSink, ToolsByName } from '../engine/call-grammar';
import { describeTool } from '../protocols/describe-tool';
import { defineJsonTextProtocol } from '../protocols/json-text-protocol';
import { stringifySpacedJson } from '../safe-json';
import { textOrJson } from '../text-or-json';
import type { ToolCallProtocol } from '../tool-call-protocol';
import { toolResultValue } from '../tool-result-value';
import { defineFormat } from './define-format';

/** The function-call role, as the model continues the `<|im_start|>assistant` header with it. */
const CALL_ROLE = ' -> tool/function_call\n';
/** The end of the turn so far and a new assistant turn addressed to the function-call role: calls after text. */
const CALL_TURN = '<|im_end|>\n<|im_start|>assistant -> tool/function_call\n';
/** The short role the model sometimes writes instead, naming the tool: `-> tool/get_weather\n{…}`. */
const SHORT_ROLE = ' -> tool/';
/** The short role in a new turn after text. */
const SHORT_TURN = '<|im_end|>\n<|im_start|>assistant -> tool/';
/** Reasoning the model opens itself, right after the generation prompt's `<|im_start|>assistant`. */
const THINK_OPEN = '/think\n';
/** The reasoning message ends and the answer's opens. */
const THINK_CLOSE = '<|im_end|>\n<|im_start|>assistant\n';

/** A character of a tool name in the short role. */
const NAME_CHAR = /[\w.:-]/;

/**
 * HyperCLOVA X SEED Think 14B's reasoning: `/think\n` (written by the model after
 * `<|im_start|>assistant`, or by the prompt under `force_reasoning`) up to the answer's own turn.
 */
export const hyperclovaxReasoningTags: ReadonlyArray<readonly [open: string, close: string]> = [
  [THINK_OPEN, THINK_CLOSE],
];

/** Wraps `sink` so that each call it announces lists `message` among its repairs. */
function repairedSink(sink: CallSink, message: string): CallSink {
  return {
    start(toolName, id) {
      sink.start(toolName, id);
      sink.repair(message);
    },
    get input() {
      return sink.input;
    },
    endCall: () => sink.endCall(),
    fail: (cause, error) => sink.fail(cause, error),
    repair: (text) => sink.repair(text),
  };
}

/**
 * The short role, `-> tool/get_weather\n{"city": "Seoul"}`: the name where `function_call` belongs
 * and the arguments alone. Read for a known tool whose arguments follow, and said in its repairs.
 */
function shortRoleCall(tools: ToolsByName, sink: CallSink): CallDecoder {
  return createNamedJsonCallDecoder({
    nameEnd: '\n',
    closer: undefined,
    tools,
    sink: repairedSink(sink, 'Read the short role -> tool/NAME as a call of NAME'),
    knownToolsOnly: true,
    nameChars: NAME_CHAR,
    confirmWithArguments: true,
  });
}

/**
 * HyperCLOVA X SEED Think 14B (NAVER): a reply addressed to the function-call role holds the
 * calls as one JSON list, up to the message's `<|im_end|>`:
 *
 * ```text
 *  -> tool/function_call
 * [{"name": "get_weather", "arguments": {"city": "Seoul"}}]<|im_end|><|stop|>
 * ```
 *
 * The role continues the generation prompt's `<|im_start|>assistant` header, so it opens the
 * reply, follows reasoning, or follows text in a new turn (`…<|im_end|>\n<|im_start|>assistant
 * -> tool/function_call\n`). `parameters` and `input` are read for `arguments`, and one call
 * object for the list. A reply that opens with a bare list of known tools is read too: what a
 * server's reasoning parser leaves once it stripped the role. The short role the model
 * sometimes writes, `-> tool/get_weather\n{…}`, is read for a known tool and listed in the call's
 * repairs. Results go back as their raw value.
 */
export function hyperclovaxProtocol(): ToolCallProtocol {
  return defineJsonTextProtocol(
    {
      format: 'hyperclovax',
      grammar: (tools) => {
        // The role without its space, where a server or the model left it out.
        const roles = [CALL_TURN, CALL_ROLE, CALL_ROLE.slice(1)];
        return {
          openers: [...roles, SHORT_TURN, SHORT_ROLE, SHORT_ROLE.slice(1)],
          explicitOpeners: roles,
          leadingCall: true,
          // A call after reasoning the model opened: the reasoning ends where the call's turn opens.
          reasoningBreaks: [CALL_TURN],
          startCall: (opener, sink) => {
            if (opener === '')
              return createBareJsonCallDecoder({ keys: JSON_CALL_KEYS, tools, sink });
            if (roles.includes(opener))
              return createJsonCallDecoder({
                keys: JSON_CALL_KEYS,
                closer: undefined,
                tools,
                sink,
              });
            return shortRoleCall(tools, sink);
          },
        };
      },
      formatTools: (tools) => stringifySpacedJson(tools.map(describeTool)),
      formatToolCall: ({ toolName, input }) =>
        `${CALL_ROLE}${stringifySpacedJson([{ name: toolName, arguments: input ?? {} }])}`,
      formatToolResponse: ({ output }) => textOrJson(toolResultValue(output).value),
    },
    JSON_CALL_KEYS,
  );
}

/** The system prompt of `hyperclovaxToolMiddleware`: the tool list, and the function-call role with its JSON list. */
export function hyperclovaxSystemPromptTemplate(tools: string): string {
  return `- You can use the tools in this JSON list:
${tools}
- When a tool is needed, do not answer directly: address the reply to the function-call role, then write every call in one JSON list:
${CALL_ROLE}[{"name": "tool_name", "arguments": {"parameter": "value"}}, {"name": "another_tool", "arguments": {}}]
- Use only these tools, with arguments that fit their parameters; do not guess values you were not given.
- Results come back in the next message; once you have what you need, answer the user.`;
}

/**
 * The 14B template's own switch, in any provider's `chat_template_kwargs`: `force_reasoning`
 * ends the prompt inside `/think`, `skip_reasoning` keeps the reply out of it. The template reads
 * no other (`enable_thinking`, the AI SDK's `reasoning`): without these the model decides.
 */
function reasoningForcedOrSkipped(params: LanguageModelV4CallOptions): boolean | undefined {
  for (const options of Object.values(params.providerOptions ?? {})) {
    const kwargs = options.chat_template_kwargs;
    if (!isJsonObject(kwargs)) continue;
    if (kwargs.force_reasoning === true) return true;
    if (kwargs.skip_reasoning === true || kwargs.force_reasoning === false) return false;
  }
  return undefined;
}

/** HyperCLOVA X SEED Think 14B's function-call role and JSON list, with its `/think` reasoning. */
export const hyperclovaxFormat = /* @__PURE__ */ defineFormat({
  name: 'hyperclovax',
  protocol: hyperclovaxProtocol,
  systemPrompt: hyperclovaxSystemPromptTemplate,
  reasoningTags: hyperclovaxReasoningTags,
  // The model opens `/think` itself, unless the request forces it into the prompt.
  opensReasoning: 'on-request',
  thinkingSwitch: reasoningForcedOrSkipped,
  // `/think` in prose (Qwen3's switch) must not open reasoning in every other model's reply.
  reasoningTagsInAuto: false,
  controlTokens: ['<|im_end|>', '<|stop|>', '<|endofturn|>'],
  models: [
    // The 32B writes GLM's tags: the GLM format's row serves it.
    { family: 'HyperCLOVA X SEED Think 14B', match: /hyperclovax-seed-think-14b/ },
  ],
});
