import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { isJsonObject } from '@toolbridge/rjson';
import { createGemmaCallDecoder, formatGemmaCall } from '../decoders/gemma-call-decoder';
import { gemmaLiteralStyle, writeLiteral } from '../decoders/literal-reader';
import { leanSchema } from '../protocols/describe-tool';
import { defineTextProtocol } from '../text-protocol';
import type { ToolCallForModel, ToolCallProtocol, ToolResultForModel } from '../tool-call-protocol';
import { toolResultValue } from '../tool-result-value';
import { defineFormat } from './define-format';

const TOOL_CALL = '<|tool_call>';
const TOOL_CALL_END = '<tool_call|>';
const TOOL_RESPONSE = '<|tool_response>';
const TOOL_RESPONSE_END = '<tool_response|>';
const STRING = '<|"|>';
/** What is left of a call when the server drops the special tokens: `call:get_weather{city:Lyon}`. */
const REMNANT = 'call:';

/** Gemma 4's reasoning: `<|channel>thought` and a line break, the thoughts, `<channel|>`. */
export const gemma4ReasoningTags: ReadonlyArray<readonly [string, string]> = [
  ['<|channel>thought\n', '<channel|>'],
  ['<|channel>thought', '<channel|>'],
  ['<|channel>', '<channel|>'],
];

/** JSON schema types as Gemma's declarations spell them: `STRING`, `OBJECT`. */
function upperCaseType(key: string, value: unknown): unknown {
  if (key !== 'type') return value;
  if (typeof value === 'string') return value.toUpperCase();
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) {
    return value.map((item: string) => item.toUpperCase());
  }
  return value;
}

/**
 * A tool declaration in Gemma's object syntax, as the Gemma 4 and FunctionGemma chat templates
 * write it: `declaration:get_weather{description:<|"|>…<|"|>,parameters:{properties:{…},
 * required:[…],type:<|"|>OBJECT<|"|>}}` (keys sorted, types in upper case).
 */
export function gemmaDeclaration(
  tool: LanguageModelV4FunctionTool,
  stringDelimiter: string,
): string {
  const declaration = {
    description: tool.description ?? '',
    parameters: leanSchema(tool.inputSchema),
  };
  const style = { ...gemmaLiteralStyle(stringDelimiter), member: upperCaseType };
  return `declaration:${tool.name}${writeLiteral(declaration, style)}`;
}

/**
 * A tool result as Gemma's templates write it: `response:NAME{key:value,…}` for an object,
 * `response:NAME{value:…}` for anything else, `response:NAME{error:…}` for a failure.
 */
export function gemmaResponse(
  { toolName, output }: ToolResultForModel,
  stringDelimiter: string,
): string {
  const { value, isError } = toolResultValue(output);
  const body = isError ? { error: value } : isJsonObject(value) ? value : { value };
  return formatGemmaCall('response', toolName, body, stringDelimiter);
}

/** A past call in Gemma's object syntax: `call:get_weather{city:<|"|>Lyon<|"|>}`. */
export function gemmaCall({ toolName, input }: ToolCallForModel, stringDelimiter: string): string {
  return formatGemmaCall('call', toolName, isJsonObject(input) ? input : {}, stringDelimiter);
}

/**
 * Gemma 4: `<|tool_call>call:get_weather{city:<|"|>Lyon<|"|>,days:2}<tool_call|>`, one call per
 * token pair, strings between `<|"|>` tokens, bare keys, numbers and booleans. Reasoning comes
 * in `<|channel>thought…<channel|>`. After its calls the model writes `<|tool_response>` and
 * stops; results go back as `<|tool_response>response:get_weather{…}<tool_response|>`. When the
 * server drops the special tokens, `call:get_weather{city:Lyon}` is read for known tools.
 */
export function gemma4Protocol(): ToolCallProtocol {
  return defineTextProtocol({
    format: 'gemma4',
    grammar: (tools) => ({
      openers: [TOOL_CALL, REMNANT],
      explicitOpeners: [TOOL_CALL],
      // The stop token the model writes after its calls, and a repeated end token: never text.
      wrappers: [TOOL_RESPONSE, TOOL_CALL_END],
      startCall: (opener, sink) =>
        createGemmaCallDecoder({
          tools,
          sink,
          closer: opener === TOOL_CALL ? TOOL_CALL_END : undefined,
          stringDelimiter: STRING,
          knownToolsOnly: opener === REMNANT,
        }),
    }),
    formatTools: (tools) =>
      tools.map((tool) => `<|tool>${gemmaDeclaration(tool, STRING)}<tool|>`).join(''),
    formatToolCall: (call) => `${TOOL_CALL}${gemmaCall(call, STRING)}${TOOL_CALL_END}`,
    formatToolResponse: (result) =>
      `${TOOL_RESPONSE}${gemmaResponse(result, STRING)}${TOOL_RESPONSE_END}`,
  });
}

/** The system prompt of `gemma4ToolMiddleware`: a line of guidance, then the declarations as Gemma 4's template places them. */
export function gemma4SystemPromptTemplate(tools: string): string {
  return `Call the tools declared below when they help you answer, with values you were given or know; each result comes back to you before you answer.${tools}`;
}

/** Gemma 4's `<|tool_call>call:NAME{…}<tool_call|>` calls, with its thought channel. */
export const gemma4Format = /* @__PURE__ */ defineFormat({
  name: 'gemma4',
  protocol: gemma4Protocol,
  systemPrompt: gemma4SystemPromptTemplate,
  controlTokens: ['<turn|>'],
  reasoningTags: gemma4ReasoningTags,
  models: [{ family: 'Gemma 4', match: /gemma-?4/ }],
});
