export type { AutoProtocolOptions } from './auto/auto-protocol';
export { autoProtocol, builtInFormats } from './auto/auto-protocol';
export { autoToolMiddleware } from './auto/auto-tool-middleware';
export { FORMAT_NAMES, formatToolMiddleware } from './auto/format-tool-middleware';
export type { ModelFamily } from './auto/model-registry';
export { MODEL_FAMILIES, modelFamily } from './auto/model-registry';
export { ALL_REASONING_TAGS } from './auto/reasoning-tags';
export type { ToolMiddlewareForOptions, UnknownModelWarning } from './auto/tool-middleware-for';
export { toolMiddlewareFor } from './auto/tool-middleware-for';
export { createDispatchingDecoder } from './decoders/dispatching-decoder';
export type { JsonCallDecoderOptions, JsonCallKeys } from './decoders/json-call-decoder';
export { createJsonCallDecoder } from './decoders/json-call-decoder';
export type { NamedJsonCallDecoderOptions } from './decoders/named-json-call-decoder';
export { createNamedJsonCallDecoder } from './decoders/named-json-call-decoder';
export { createXmlCallDecoder } from './decoders/xml-call-decoder';
export type {
  XmlParameterCallDecoderOptions,
  XmlParameterSyntax,
} from './decoders/xml-parameter-call-decoder';
export { createXmlParameterCallDecoder } from './decoders/xml-parameter-call-decoder';
export type {
  CallDecoder,
  CallGrammar,
  CallSink,
  CallStatus,
  ToolsByName,
} from './engine/call-grammar';
export { JsonInputWriter } from './engine/json-input-writer';
export type {
  TextStreamParser,
  ToolbridgeErrorHandler,
  ToolbridgeErrorMetadata,
  ToolbridgeErrorReason,
} from './engine/text-stream-parser';
export type { FormatName } from './formats/all-formats';
export {
  apertusProtocol,
  apertusReasoningTags,
  apertusSystemPromptTemplate,
  apertusToolMiddleware,
} from './formats/apertus';
export {
  commandRProtocol,
  commandRReasoningTags,
  commandRSystemPromptTemplate,
  commandRToolMiddleware,
} from './formats/command-r';
export type { DeepSeekCallFormat, DeepSeekProtocolOptions } from './formats/deepseek';
export {
  deepseekProtocol,
  deepseekR1ToolMiddleware,
  deepseekSystemPromptTemplate,
  deepseekToolMiddleware,
  deepseekV31SystemPromptTemplate,
  deepseekV31ToolMiddleware,
} from './formats/deepseek';
export type { DeepseekDsmlProtocolOptions } from './formats/deepseek-dsml';
export {
  deepseekDsmlProtocol,
  deepseekDsmlSystemPromptTemplate,
  deepseekDsmlToolMiddleware,
} from './formats/deepseek-dsml';
export type {
  Format,
  FormatDefinition,
  ModelRow,
  ReasoningTags,
} from './formats/define-format';
export { defineFormat } from './formats/define-format';
export {
  functionGemmaProtocol,
  functionGemmaSystemPromptTemplate,
  functionGemmaToolMiddleware,
} from './formats/function-gemma';
export type { FunctionaryProtocolOptions } from './formats/functionary';
export {
  functionaryProtocol,
  functionarySystemPromptTemplate,
  functionaryToolMiddleware,
  functionaryV31SystemPromptTemplate,
} from './formats/functionary';
export {
  gemmaToolCodeMiddleware,
  gemmaToolCodeProtocol,
  gemmaToolCodeSystemPromptTemplate,
} from './formats/gemma-tool-code';
export {
  gemmaProtocol,
  gemmaSystemPromptTemplate,
  gemmaToolMiddleware,
} from './formats/gemma-tool-middleware';
export {
  gemma4Protocol,
  gemma4ReasoningTags,
  gemma4SystemPromptTemplate,
  gemma4ToolMiddleware,
} from './formats/gemma4';
export {
  genericJsonProtocol,
  genericJsonSystemPromptTemplate,
  genericJsonToolMiddleware,
} from './formats/generic-json';
export {
  glmProtocol,
  glmSystemPromptTemplate,
  glmToolMiddleware,
} from './formats/glm';
export {
  graniteProtocol,
  graniteSystemPromptTemplate,
  graniteToolMiddleware,
} from './formats/granite';
export {
  harmonyProtocol,
  harmonyReasoningTags,
  harmonySystemPromptTemplate,
  harmonyToolMiddleware,
} from './formats/harmony';
export {
  hermesSystemPromptTemplate,
  hermesToolMiddleware,
} from './formats/hermes-tool-middleware';
export {
  internlmProtocol,
  internlmSystemPromptTemplate,
  internlmToolMiddleware,
} from './formats/internlm';
export {
  kimiK2Protocol,
  kimiK2SystemPromptTemplate,
  kimiK2ToolMiddleware,
} from './formats/kimi-k2';
export {
  kimiK3Protocol,
  kimiK3ReasoningTags,
  kimiK3SystemPromptTemplate,
  kimiK3ToolMiddleware,
} from './formats/kimi-k3';
export {
  llama3JsonProtocol,
  llama3JsonSystemPromptTemplate,
  llama3JsonToolMiddleware,
} from './formats/llama3-json';
export {
  lmStudioProtocol,
  lmStudioSystemPromptTemplate,
  lmStudioToolMiddleware,
} from './formats/lm-studio';
export type { MinimaxProtocolOptions } from './formats/minimax';
export {
  minimaxProtocol,
  minimaxReasoningTags,
  minimaxSystemPromptTemplate,
  minimaxToolMiddleware,
} from './formats/minimax';
export type { MistralHistory, MistralProtocolOptions } from './formats/mistral';
export {
  mistralPreV11SystemPromptTemplate,
  mistralProtocol,
  mistralReasoningTags,
  mistralSystemPromptTemplate,
  mistralToolMiddleware,
} from './formats/mistral';
export type { PythonicProtocolOptions } from './formats/pythonic';
export {
  pythonicProtocol,
  pythonicSystemPromptTemplate,
  pythonicToolMiddleware,
} from './formats/pythonic';
export {
  qwen3CoderProtocol,
  qwen3CoderSystemPromptTemplate,
  qwen3CoderToolMiddleware,
} from './formats/qwen3-coder';
export {
  seedOssProtocol,
  seedOssReasoningTags,
  seedOssSystemPromptTemplate,
  seedOssToolMiddleware,
} from './formats/seed-oss';
export {
  toolCallTagMiddleware,
  toolCallTagProtocol,
  toolCallTagResultTemplate,
  toolCallTagSystemPromptTemplate,
} from './formats/tool-call-tag-middleware';
export type { JsonArrayProtocolOptions, JsonArrayWrapper } from './formats/xlam';
export {
  jsonArrayProtocol,
  jsonArraySystemPromptTemplate,
  xlamSystemPromptTemplate,
  xlamToolMiddleware,
} from './formats/xlam';
export { xmlSystemPromptTemplate, xmlToolMiddleware } from './formats/xml-tool-middleware';
export type {
  ToolbridgeCallOptions,
  ToolMiddlewareOptions,
} from './middleware/create-tool-middleware';
export { createToolMiddleware, PROVIDER_OPTIONS_KEY } from './middleware/create-tool-middleware';
export type { ToolbridgeProviderOptions } from './middleware/toolbridge-options';
export { toolbridgeOptions } from './middleware/toolbridge-options';
export type { JsonMixProtocolOptions } from './protocols/json-mix-protocol';
export { jsonMixProtocol } from './protocols/json-mix-protocol';
export type { MorphXmlProtocolOptions } from './protocols/morph-xml-protocol';
export { morphXmlProtocol } from './protocols/morph-xml-protocol';
export type {
  NativeProtocolOptions,
  NativeRepairOptions,
  NativeToolProtocol,
} from './protocols/native-protocol';
export { nativeProtocol } from './protocols/native-protocol';
export type { RecordModelOutputOptions } from './recorder/record-model-output';
export { recordModelOutput } from './recorder/record-model-output';
export type {
  ModelCallRecording,
  RecordedChunk,
  RecordedReport,
  RecordedRequest,
  RecordedTool,
} from './recorder/recording';
export { stringifyFramedJson, stringifySpacedJson } from './safe-json';
export type { TextProtocolDefinition } from './text-protocol';
export { defineTextProtocol } from './text-protocol';
export type {
  ParseOptions,
  ToolCallForModel,
  ToolCallProtocol,
  ToolResultForModel,
} from './tool-call-protocol';
export type { ToolResultValue } from './tool-result-value';
export { toolResultValue } from './tool-result-value';
