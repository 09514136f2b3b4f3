export type { ToolbridgeCallOptions, ToolMiddlewareOptions } from './create-tool-middleware';
export { createToolMiddleware, PROVIDER_OPTIONS_KEY } from './create-tool-middleware';
export {
  gemmaProtocol,
  gemmaSystemPromptTemplate,
  gemmaToolMiddleware,
} from './middlewares/gemma-tool-middleware';
export {
  hermesSystemPromptTemplate,
  hermesToolMiddleware,
} from './middlewares/hermes-tool-middleware';
export {
  toolCallTagMiddleware,
  toolCallTagProtocol,
  toolCallTagResultTemplate,
  toolCallTagSystemPromptTemplate,
} from './middlewares/tool-call-tag-middleware';
export { xmlSystemPromptTemplate, xmlToolMiddleware } from './middlewares/xml-tool-middleware';
export type { JsonCallDecoderOptions, JsonCallKeys } from './protocols/json-call-decoder';
export { createJsonCallDecoder } from './protocols/json-call-decoder';
export type { JsonMixProtocolOptions } from './protocols/json-mix-protocol';
export { jsonMixProtocol } from './protocols/json-mix-protocol';
export type { MorphXmlProtocolOptions } from './protocols/morph-xml-protocol';
export { morphXmlProtocol } from './protocols/morph-xml-protocol';
export type { NativeToolProtocol } from './protocols/native-protocol';
export { nativeProtocol } from './protocols/native-protocol';
export { createXmlCallDecoder } from './protocols/xml-call-decoder';
export { stringifyFramedJson } from './safe-json';
export type {
  CallDecoder,
  CallGrammar,
  CallSink,
  CallStatus,
  ToolsByName,
} from './stream/call-grammar';
export { JsonInputWriter } from './stream/json-input-writer';
export type {
  TextStreamParser,
  ToolbridgeErrorHandler,
  ToolbridgeErrorMetadata,
  ToolbridgeErrorReason,
} from './stream/text-stream-parser';
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
