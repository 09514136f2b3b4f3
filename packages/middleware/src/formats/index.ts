/**
 * Every built-in format, one by one, and the pieces formats are made of: what the `formats`
 * entry (`src/formats-entry.ts`) exports beside the ready-made middlewares.
 */
export type { JsonCallDecoderOptions, JsonCallKeys } from '../decoders/json-call-decoder';
export type { NamedJsonCallDecoderOptions } from '../decoders/named-json-call-decoder';
export type {
  XmlParameterCallDecoderOptions,
  XmlParameterSyntax,
} from '../decoders/xml-parameter-call-decoder';
export type { CallStatus } from '../engine/call-grammar';
export type { JsonInputWriter } from '../engine/json-input-writer';
export type { ThinkingSwitch } from '../opens-reasoning';
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
} from './apertus';
export {
  commandRFormat,
  commandRProtocol,
  commandRReasoningTags,
  commandRSystemPromptTemplate,
} from './command-r';
export { cwmFormat, cwmProtocol, cwmSystemPromptTemplate } from './cwm';
export type { DeepSeekCallFormat, DeepSeekProtocolOptions } from './deepseek';
export {
  deepseekFormat,
  deepseekProtocol,
  deepseekSystemPromptTemplate,
  deepseekV31Format,
  deepseekV31SystemPromptTemplate,
} from './deepseek';
export type { DeepseekDsmlProtocolOptions } from './deepseek-dsml';
export {
  deepseekDsmlFormat,
  deepseekDsmlProtocol,
  deepseekDsmlSystemPromptTemplate,
} from './deepseek-dsml';
export type { ModelRow, ReasoningTags } from './define-format';
export {
  dotsFormat,
  dotsProtocol,
  dotsSystemPromptTemplate,
} from './dots';
export { END_OF_TURN_TOKENS } from './end-of-turn-tokens';
export {
  functionGemmaFormat,
  functionGemmaProtocol,
  functionGemmaSystemPromptTemplate,
} from './function-gemma';
export type { FunctionaryProtocolOptions } from './functionary';
export {
  functionaryFormat,
  functionaryProtocol,
  functionarySystemPromptTemplate,
  functionaryV31SystemPromptTemplate,
} from './functionary';
export {
  gemmaFormat,
  gemmaProtocol,
  gemmaSystemPromptTemplate,
} from './gemma';
export {
  gemmaToolCodeFormat,
  gemmaToolCodeProtocol,
  gemmaToolCodeSystemPromptTemplate,
} from './gemma-tool-code';
export {
  gemma4Format,
  gemma4Protocol,
  gemma4ReasoningTags,
  gemma4SystemPromptTemplate,
} from './gemma4';
export {
  genericJsonFormat,
  genericJsonProtocol,
  genericJsonSystemPromptTemplate,
} from './generic-json';
export type { GigachatProtocolOptions } from './gigachat';
export {
  gigachat3Format,
  gigachat3SystemPromptTemplate,
  gigachatFormat,
  gigachatProtocol,
  gigachatSystemPromptTemplate,
} from './gigachat';
export { glmFormat, glmProtocol, glmSystemPromptTemplate } from './glm';
export {
  graniteFormat,
  graniteProtocol,
  graniteSystemPromptTemplate,
} from './granite';
export {
  granite20bFcFormat,
  granite20bFcProtocol,
  granite20bFcSystemPromptTemplate,
} from './granite-20b-fc';
export {
  harmonyFormat,
  harmonyProtocol,
  harmonyReasoningTags,
  harmonySystemPromptTemplate,
} from './harmony';
export {
  hermesFormat,
  hermesSystemPromptTemplate,
} from './hermes';
export {
  hunyuanFormat,
  hunyuanProtocol,
  hunyuanReasoningTags,
  hunyuanSystemPromptTemplate,
} from './hunyuan';
export {
  hyperclovaxFormat,
  hyperclovaxProtocol,
  hyperclovaxReasoningTags,
  hyperclovaxSystemPromptTemplate,
} from './hyperclovax';
export {
  inklingFormat,
  inklingProtocol,
  inklingReasoningTags,
  inklingSystemPromptTemplate,
} from './inkling';
export {
  internlmFormat,
  internlmProtocol,
  internlmSystemPromptTemplate,
} from './internlm';
export {
  k2HorizonFormat,
  k2HorizonProtocol,
  k2HorizonReasoningTags,
  k2HorizonSystemPromptTemplate,
} from './k2-horizon';
export {
  kimiK2Format,
  kimiK2Protocol,
  kimiK2SystemPromptTemplate,
} from './kimi-k2';
export {
  kimiK3Format,
  kimiK3Protocol,
  kimiK3ReasoningTags,
  kimiK3SystemPromptTemplate,
} from './kimi-k3';
export {
  llama3JsonFormat,
  llama3JsonProtocol,
  llama3JsonSystemPromptTemplate,
} from './llama3-json';
export {
  lmStudioFormat,
  lmStudioProtocol,
  lmStudioSystemPromptTemplate,
} from './lm-studio';
export {
  longcatFormat,
  longcatProtocol,
  longcatSystemPromptTemplate,
} from './longcat';
export type { MinimaxProtocolOptions } from './minimax';
export {
  minimaxFormat,
  minimaxProtocol,
  minimaxReasoningTags,
  minimaxSystemPromptTemplate,
} from './minimax';
export type { MistralHistory, MistralProtocolOptions } from './mistral';
export {
  mistralFormat,
  mistralPreV11Format,
  mistralPreV11SystemPromptTemplate,
  mistralProtocol,
  mistralReasoningTags,
  mistralSystemPromptTemplate,
} from './mistral';
export {
  museFormat,
  museProtocol,
  museReasoningTags,
  museSystemPromptTemplate,
} from './muse';
export {
  olmo3Format,
  olmo3Protocol,
  olmo3SystemPromptTemplate,
} from './olmo3';
export { openPanguFormat, openPanguProtocol, openPanguSystemPromptTemplate } from './openpangu';
export { plamoFormat, plamoProtocol, plamoReasoningTags, plamoSystemPromptTemplate } from './plamo';
export type { PythonicProtocolOptions } from './pythonic';
export {
  lfm2Format,
  pythonicFormat,
  pythonicProtocol,
  pythonicSystemPromptTemplate,
} from './pythonic';
export {
  qwen3CoderFormat,
  qwen3CoderProtocol,
  qwen3CoderSystemPromptTemplate,
} from './qwen3-coder';
export {
  seedOssFormat,
  seedOssProtocol,
  seedOssReasoningTags,
  seedOssSystemPromptTemplate,
} from './seed-oss';
export {
  solarOpenFormat,
  solarOpenProtocol,
  solarOpenReasoningTags,
  solarOpenSystemPromptTemplate,
} from './solar-open';
export {
  stepAudio2Format,
  stepAudio2Protocol,
  stepAudio2SystemPromptTemplate,
} from './step-audio2';
export {
  step3Format,
  step3Protocol,
  step3SystemPromptTemplate,
} from './step3';
export {
  telechatFormat,
  telechatProtocol,
  telechatSystemPromptTemplate,
} from './telechat';
export {
  toolCallTagFormat,
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
} from './xlam';
export { xmlFormat, xmlSystemPromptTemplate } from './xml';
export { yamlXmlFormat, yamlXmlProtocol, yamlXmlSystemPromptTemplate } from './yaml-xml';
