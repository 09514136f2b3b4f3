/**
 * `@toolbridge/middleware/formats`: every built-in format, one by one, and the pieces formats
 * are made of.
 *
 * Per family: its format value (`hermesFormat`, made with `defineFormat`), its ready-made
 * middleware (`hermesToolMiddleware`, built on first use), its protocol, system prompt template
 * and reasoning tags. Then the tables derived from the list of formats (`MODEL_FAMILIES`,
 * `ALL_REASONING_TAGS`, `ALL_CONTROL_TOKENS`, `builtInFormats`), and what a custom format or protocol is written with
 * beyond the root's names. For AI SDK 6, the same names are in `@toolbridge/middleware/v6/formats`.
 */
export { builtInFormats } from '../auto/auto-protocol';
export { ALL_CONTROL_TOKENS } from '../auto/control-tokens';
export { MODEL_FAMILIES } from '../auto/model-registry';
export { ALL_REASONING_TAGS } from '../auto/reasoning-tags';
export type { JsonCallDecoderOptions, JsonCallKeys } from '../decoders/json-call-decoder';
export type { NamedJsonCallDecoderOptions } from '../decoders/named-json-call-decoder';
export type {
  XmlParameterCallDecoderOptions,
  XmlParameterSyntax,
} from '../decoders/xml-parameter-call-decoder';
export type { CallStatus } from '../engine/call-grammar';
export type { JsonInputWriter } from '../engine/json-input-writer';
export { jinjaString } from '../prompt/jinja-string';
export type {
  TemplatePrompt,
  TemplateToolResult,
  ToolsPlacement,
} from '../prompt/template-prompt';
export {
  escapeCloser,
  serverTools,
  toolJsonLines,
  toolMessageContent,
} from '../prompt/template-prompt';
export type { JsonMixProtocolOptions } from '../protocols/json-mix-protocol';
export { jsonMixProtocol } from '../protocols/json-mix-protocol';
export type { MorphXmlProtocolOptions } from '../protocols/morph-xml-protocol';
export { morphXmlProtocol } from '../protocols/morph-xml-protocol';
export { stringifyFramedJson, stringifySpacedJson, templateJson } from '../safe-json';
export type { ParseOptions, ToolCallForModel, ToolResultForModel } from '../tool-call-protocol';
export {
  apertusFormat,
  apertusProtocol,
  apertusReasoningTags,
  apertusSystemPromptTemplate,
  apertusToolMiddleware,
} from './apertus';
export {
  commandRFormat,
  commandRProtocol,
  commandRReasoningTags,
  commandRSystemPromptTemplate,
  commandRToolMiddleware,
} from './command-r';
export type { DeepSeekCallFormat, DeepSeekProtocolOptions } from './deepseek';
export {
  deepseekFormat,
  deepseekProtocol,
  deepseekR1ToolMiddleware,
  deepseekSystemPromptTemplate,
  deepseekToolMiddleware,
  deepseekV31Format,
  deepseekV31SystemPromptTemplate,
  deepseekV31ToolMiddleware,
} from './deepseek';
export type { DeepseekDsmlProtocolOptions } from './deepseek-dsml';
export {
  deepseekDsmlFormat,
  deepseekDsmlProtocol,
  deepseekDsmlSystemPromptTemplate,
  deepseekDsmlToolMiddleware,
} from './deepseek-dsml';
export type { ModelRow, ReasoningTags } from './define-format';
export {
  dotsFormat,
  dotsProtocol,
  dotsSystemPromptTemplate,
  dotsToolMiddleware,
} from './dots';
export { END_OF_TURN_TOKENS } from './end-of-turn-tokens';
export {
  functionGemmaFormat,
  functionGemmaProtocol,
  functionGemmaSystemPromptTemplate,
  functionGemmaToolMiddleware,
} from './function-gemma';
export type { FunctionaryProtocolOptions } from './functionary';
export {
  functionaryFormat,
  functionaryProtocol,
  functionarySystemPromptTemplate,
  functionaryToolMiddleware,
  functionaryV31SystemPromptTemplate,
} from './functionary';
export {
  gemmaFormat,
  gemmaProtocol,
  gemmaSystemPromptTemplate,
  gemmaToolMiddleware,
} from './gemma';
export {
  gemmaToolCodeFormat,
  gemmaToolCodeMiddleware,
  gemmaToolCodeProtocol,
  gemmaToolCodeSystemPromptTemplate,
} from './gemma-tool-code';
export {
  gemma4Format,
  gemma4Protocol,
  gemma4ReasoningTags,
  gemma4SystemPromptTemplate,
  gemma4ToolMiddleware,
} from './gemma4';
export {
  genericJsonFormat,
  genericJsonProtocol,
  genericJsonSystemPromptTemplate,
  genericJsonToolMiddleware,
} from './generic-json';
export type { GigachatProtocolOptions } from './gigachat';
export {
  gigachat3Format,
  gigachat3SystemPromptTemplate,
  gigachatFormat,
  gigachatProtocol,
  gigachatSystemPromptTemplate,
  gigachatToolMiddleware,
} from './gigachat';
export { glmFormat, glmProtocol, glmSystemPromptTemplate, glmToolMiddleware } from './glm';
export {
  graniteFormat,
  graniteProtocol,
  graniteSystemPromptTemplate,
  graniteToolMiddleware,
} from './granite';
export {
  harmonyFormat,
  harmonyProtocol,
  harmonyReasoningTags,
  harmonySystemPromptTemplate,
  harmonyToolMiddleware,
} from './harmony';
export {
  hermesFormat,
  hermesSystemPromptTemplate,
  hermesToolMiddleware,
} from './hermes';
export {
  hunyuanFormat,
  hunyuanProtocol,
  hunyuanReasoningTags,
  hunyuanSystemPromptTemplate,
  hunyuanToolMiddleware,
} from './hunyuan';
export {
  inklingFormat,
  inklingProtocol,
  inklingReasoningTags,
  inklingSystemPromptTemplate,
  inklingToolMiddleware,
} from './inkling';
export {
  internlmFormat,
  internlmProtocol,
  internlmSystemPromptTemplate,
  internlmToolMiddleware,
} from './internlm';
export {
  k2HorizonFormat,
  k2HorizonProtocol,
  k2HorizonReasoningTags,
  k2HorizonSystemPromptTemplate,
  k2HorizonToolMiddleware,
} from './k2-horizon';
export {
  kimiK2Format,
  kimiK2Protocol,
  kimiK2SystemPromptTemplate,
  kimiK2ToolMiddleware,
} from './kimi-k2';
export {
  kimiK3Format,
  kimiK3Protocol,
  kimiK3ReasoningTags,
  kimiK3SystemPromptTemplate,
  kimiK3ToolMiddleware,
} from './kimi-k3';
export {
  llama3JsonFormat,
  llama3JsonProtocol,
  llama3JsonSystemPromptTemplate,
  llama3JsonToolMiddleware,
} from './llama3-json';
export {
  lmStudioFormat,
  lmStudioProtocol,
  lmStudioSystemPromptTemplate,
  lmStudioToolMiddleware,
} from './lm-studio';
export {
  longcatFormat,
  longcatProtocol,
  longcatSystemPromptTemplate,
  longcatToolMiddleware,
} from './longcat';
export type { MinimaxProtocolOptions } from './minimax';
export {
  minimaxFormat,
  minimaxProtocol,
  minimaxReasoningTags,
  minimaxSystemPromptTemplate,
  minimaxToolMiddleware,
} from './minimax';
export type { MistralHistory, MistralProtocolOptions } from './mistral';
export {
  mistralFormat,
  mistralPreV11Format,
  mistralPreV11SystemPromptTemplate,
  mistralProtocol,
  mistralReasoningTags,
  mistralSystemPromptTemplate,
  mistralToolMiddleware,
} from './mistral';
export {
  museFormat,
  museProtocol,
  museReasoningTags,
  museSystemPromptTemplate,
  museToolMiddleware,
} from './muse';
export {
  olmo3Format,
  olmo3Protocol,
  olmo3SystemPromptTemplate,
  olmo3ToolMiddleware,
} from './olmo3';
export type { PythonicProtocolOptions } from './pythonic';
export {
  lfm2Format,
  pythonicFormat,
  pythonicProtocol,
  pythonicSystemPromptTemplate,
  pythonicToolMiddleware,
} from './pythonic';
export {
  qwen3CoderFormat,
  qwen3CoderProtocol,
  qwen3CoderSystemPromptTemplate,
  qwen3CoderToolMiddleware,
} from './qwen3-coder';
export {
  seedOssFormat,
  seedOssProtocol,
  seedOssReasoningTags,
  seedOssSystemPromptTemplate,
  seedOssToolMiddleware,
} from './seed-oss';
export {
  step3Format,
  step3Protocol,
  step3SystemPromptTemplate,
  step3ToolMiddleware,
} from './step3';
export {
  toolCallTagFormat,
  toolCallTagMiddleware,
  toolCallTagProtocol,
  toolCallTagResultTemplate,
  toolCallTagSystemPromptTemplate,
} from './tool-call-tag';
export type { JsonArrayProtocolOptions, JsonArrayWrapper } from './xlam';
export {
  jsonArrayFunctoolsFormat,
  jsonArrayProtocol,
  jsonArraySystemPromptTemplate,
  jsonArrayToolCallsFormat,
  jsonArrayToolcallFormat,
  xlamFormat,
  xlamSystemPromptTemplate,
  xlamToolMiddleware,
} from './xlam';
export { xmlFormat, xmlSystemPromptTemplate, xmlToolMiddleware } from './xml';
