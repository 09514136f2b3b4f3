/**
 * `@toolbridge/middleware`: tool calling for models that have none, as AI SDK middleware.
 *
 * The root holds what a user reaches for: a middleware from a model id, a format or a protocol,
 * `auto`, what a custom format is written with, per-call options, errors and the recorder. Each
 * built-in format, one by one, and the pieces they are made of are in
 * `@toolbridge/middleware/formats`. For AI SDK 6, the same names are in
 * `@toolbridge/middleware/v6` and `@toolbridge/middleware/v6/formats`.
 */
export type { AutoProtocolOptions } from './auto/auto-protocol';
export { autoProtocol } from './auto/auto-protocol';
export { autoToolMiddleware } from './auto/auto-tool-middleware';
export { FORMAT_NAMES, formatToolMiddleware } from './auto/format-tool-middleware';
export type { ModelFamily } from './auto/model-registry';
export { modelFamily } from './auto/model-registry';
export type { NativeProtocolOptions } from './auto/native-salvage';
export { nativeProtocol } from './auto/native-salvage';
export type { ToolMiddlewareForOptions, UnknownModelWarning } from './auto/tool-middleware-for';
export { toolMiddlewareFor } from './auto/tool-middleware-for';
export { createDispatchingDecoder } from './decoders/dispatching-decoder';
export { createJsonCallDecoder } from './decoders/json-call-decoder';
export { createNamedJsonCallDecoder } from './decoders/named-json-call-decoder';
export { createXmlCallDecoder } from './decoders/xml-call-decoder';
export { createXmlParameterCallDecoder } from './decoders/xml-parameter-call-decoder';
export type { CallDecoder, CallGrammar, CallSink, ToolsByName } from './engine/call-grammar';
export type {
  ToolbridgeErrorHandler,
  ToolbridgeErrorMetadata,
  ToolbridgeErrorReason,
} from './engine/text-stream-parser';
export type { FormatName } from './formats/all-formats';
export type { Format, FormatDefinition } from './formats/define-format';
export { defineFormat } from './formats/define-format';
export type {
  ToolbridgeCallOptions,
  ToolMiddlewareOptions,
} from './middleware/create-tool-middleware';
export { createToolMiddleware } from './middleware/create-tool-middleware';
export { toolbridgeOptions } from './middleware/toolbridge-options';
export type { OpensReasoning } from './opens-reasoning';
export type { RecordModelOutputOptions } from './recorder/record-model-output';
export { recordModelOutput } from './recorder/record-model-output';
export type { ModelCallRecording } from './recorder/recording';
export type { TextProtocolDefinition } from './text-protocol';
export { defineTextProtocol } from './text-protocol';
export type { ToolCallProtocol } from './tool-call-protocol';
export { toolResultValue } from './tool-result-value';
