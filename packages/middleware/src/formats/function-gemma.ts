import { createGemmaCallDecoder } from '../decoders/gemma-call-decoder';
import { defineTextProtocol } from '../text-protocol';
import type { ToolCallProtocol } from '../tool-call-protocol';
import { defineFormat } from './define-format';
import { gemmaCall, gemmaDeclaration, gemmaResponse } from './gemma4';

const CALL = '<start_function_call>';
const CALL_END = '<end_function_call>';
const RESPONSE = '<start_function_response>';
const RESPONSE_END = '<end_function_response>';
const STRING = '<escape>';
/** What is left of a call when the server drops the special tokens: `call:get_weather{city:Lyon}`. */
const REMNANT = 'call:';

/**
 * FunctionGemma (Gemma 3 270M tuned for function calling):
 * `<start_function_call>call:get_weather{city:<escape>Lyon<escape>,days:2}<end_function_call>`,
 * calls concatenated, strings between `<escape>` tokens. After its calls the model writes
 * `<start_function_response>` and stops; results go back as
 * `<start_function_response>response:get_weather{…}<end_function_response>`. When the server
 * drops the special tokens, `call:get_weather{city:Lyon}` is read for known tools.
 */
export function functionGemmaProtocol(): ToolCallProtocol {
  return defineTextProtocol({
    format: 'function-gemma',
    grammar: (tools) => ({
      openers: [CALL, REMNANT],
      explicitOpeners: [CALL],
      // The stop token the model writes after its calls, and a repeated end token: never text.
      wrappers: [RESPONSE, CALL_END],
      startCall: (opener, sink) =>
        createGemmaCallDecoder({
          tools,
          sink,
          closer: opener === CALL ? CALL_END : undefined,
          stringDelimiter: STRING,
          knownToolsOnly: opener === REMNANT,
        }),
    }),
    formatTools: (tools) =>
      tools
        .map(
          (tool) =>
            `<start_function_declaration>${gemmaDeclaration(tool, STRING)}<end_function_declaration>`,
        )
        .join(''),
    formatToolCall: (call) => `${CALL}${gemmaCall(call, STRING)}${CALL_END}`,
    formatToolResponse: (result) => `${RESPONSE}${gemmaResponse(result, STRING)}${RESPONSE_END}`,
  });
}

/**
 * The system prompt of `functionGemmaToolMiddleware`: the one sentence FunctionGemma was
 * tuned with before its declarations (a 270M model follows the wording it was trained on), then
 * the declarations.
 */
export function functionGemmaSystemPromptTemplate(tools: string): string {
  return `You are a model that can do function calling with the following functions${tools}`;
}

/** FunctionGemma's `<start_function_call>call:NAME{…}` calls. */
export const functionGemmaFormat = /* @__PURE__ */ defineFormat({
  name: 'function-gemma',
  protocol: functionGemmaProtocol,
  systemPrompt: functionGemmaSystemPromptTemplate,
  controlTokens: ['<end_of_turn>'],
  models: [{ family: 'FunctionGemma', match: /function-?gemma/ }],
});
