import type {
  JSONObject,
  LanguageModelV4CallOptions,
  LanguageModelV4FunctionTool,
  LanguageModelV4ToolChoice,
  SharedV4ProviderOptions,
} from '@ai-sdk/provider';
import type { ToolbridgeErrorHandler } from '../engine/text-stream-parser';
import { JSON_CALL_KEYS } from '../json-call-keys';
import type { OpensReasoning, ThinkingSwitch } from '../opens-reasoning';
import type { ParseOptions } from '../tool-call-protocol';
import { type ReplyStart, replyStart, thinkingRequested } from './reply-start';
import { forcedTools } from './tool-choice';

/** The `providerOptions` key of toolbridge's per-call options. */
export const PROVIDER_OPTIONS_KEY = 'toolbridge';
/** Where, inside that key, a recorder leaves a handler that sees every report (`recordModelOutput`). */
export const REPORT_OBSERVER_KEY = 'reportObserver';
/** Where, inside that key, a recorder leaves a function told the format replies are read in. */
export const FORMAT_OBSERVER_KEY = 'formatObserver';
/** Where, inside that key, `transformParams` leaves the call's tools for the wrap functions. */
const CALL_CONTEXT_KEY = 'emulatedTools';

/** Options that can also be set per call, under `providerOptions.toolbridge`. */
export interface ToolbridgeCallOptions {
  /** Told about model output that could not be read as intended. Nothing is thrown. */
  onError?: ToolbridgeErrorHandler;
  /** Emit the text of markup that is not a valid call as text. Default: true. */
  emitRawToolCallTextOnError?: boolean;
  /**
   * A call the model did not finish: `reject` (default) ends it with the unfinished input, which
   * the AI SDK reports to the model and never executes; `close` closes it best effort and runs it
   * (a cut-off `write_file` then writes half a file).
   */
  cutOffCalls?: 'reject' | 'close';
  /**
   * The reply starts inside a reasoning block the chat template opened: text before a lone
   * closing tag is reasoning, and a call ends it. `'if-closed'`: only if such a closer or a call
   * comes; a reply with neither is the answer (thinking was off). Default: from `opensReasoning`
   * and the thinking switch of the request.
   */
  startWithReasoning?: boolean | 'if-closed';
  /**
   * With `toolChoice: 'required'` or `{ type: 'tool', toolName }`, how many times a reply that
   * calls no (allowed) tool is asked again, within the same step: the model gets its reply back
   * with a short correction, and the new reply replaces it. While a retry is left, a streamed
   * reply is held back until a call appears. `0` turns this off. Default: 1.
   */
  requiredRetries?: number;
}

/** What the middleware reads replies with, besides the per-call options. */
export interface ReadingOptions extends ToolbridgeCallOptions {
  /** Reasoning tags written into the text, read as reasoning. `false` turns this off. Default: `<think>`, `<thinking>`. */
  reasoningTags?: ReadonlyArray<readonly [open: string, close: string]> | false;
  /**
   * Whether the model's chat template opens the reasoning block in the generation prompt; with
   * the request's thinking switch (`reasoning`, `enable_thinking`, `think`…) it decides where a
   * reply starts, unless `startWithReasoning` says. Default: `never`.
   */
  opensReasoning?: OpensReasoning;
  /** The request's thinking switch, where the template has one of its own. Default: the AI SDK's `reasoning` and the servers' common switches. */
  thinkingSwitch?: ThinkingSwitch;
  /** Tokens of the model's chat template (end of turn, role markers) that are markup, never text. Default: none. */
  controlTokens?: readonly string[];
  /**
   * A call inside reasoning the model opened with a tag (`<think>…`) is read, and the reasoning
   * goes on after it, as the family's server reads it (Kimi K2 Thinking). Default: false: inside
   * such a block nothing is a call.
   */
  callsInReasoning?: boolean;
  /** Ids for text blocks and tool calls. Default: the AI SDK's `generateId`. */
  generateId?: () => string;
}

/** The tools of a call and its tool choice, as the wrap functions read the reply with them. */
export interface CallContext {
  tools: LanguageModelV4FunctionTool[];
  toolChoice: LanguageModelV4ToolChoice | undefined;
  /** toolbridge asked for a response format the caller did not: warnings about it are dropped. */
  hintedResponseFormat?: boolean;
}

/** What toolbridge keeps under its `providerOptions` key. */
interface ToolbridgeEntry extends ToolbridgeCallOptions {
  [REPORT_OBSERVER_KEY]?: ToolbridgeErrorHandler;
  [FORMAT_OBSERVER_KEY]?: (format: string | undefined, start?: ReplyStart) => void;
  [CALL_CONTEXT_KEY]?: CallContext;
}

/** The call's `providerOptions.toolbridge`: the per-call options, a recorder's observers, the call context. */
export function toolbridgeEntry(params: LanguageModelV4CallOptions): ToolbridgeEntry {
  // The AI SDK types provider options as JSON; toolbridge's entry also holds functions and tools.
  return (params.providerOptions?.[PROVIDER_OPTIONS_KEY] ?? {}) as ToolbridgeEntry;
}

/** The call's provider options with its context left for the wrap functions. */
export function withCallContext(
  params: LanguageModelV4CallOptions,
  context: CallContext,
): SharedV4ProviderOptions {
  const entry: ToolbridgeEntry = { ...toolbridgeEntry(params), [CALL_CONTEXT_KEY]: context };
  return { ...params.providerOptions, [PROVIDER_OPTIONS_KEY]: entry as unknown as JSONObject };
}

/** The context `transformParams` left, unless the call may use no tool. */
export function callContext(params: LanguageModelV4CallOptions): CallContext | undefined {
  const context = toolbridgeEntry(params)[CALL_CONTEXT_KEY];
  return context === undefined || context.toolChoice?.type === 'none' ? undefined : context;
}

/** The call's `onError`: the handler configured per call or for the middleware, and a recorder's observer. */
export function errorHandler(
  params: LanguageModelV4CallOptions,
  configured: ToolbridgeErrorHandler | undefined,
): ToolbridgeErrorHandler | undefined {
  const entry = toolbridgeEntry(params);
  const onError = entry.onError ?? configured;
  // A recorder sees every report besides the handler the user configured.
  const observer = entry[REPORT_OBSERVER_KEY];
  return observer === undefined
    ? onError
    : (message, metadata) => {
        observer(message, metadata);
        onError?.(message, metadata);
      };
}

/** Tells a recorder the format replies are read in, whether or not this call reads one, and where a reply starts. */
export function tellFormat(
  params: LanguageModelV4CallOptions,
  format: string | undefined,
  start?: ReplyStart,
): void {
  toolbridgeEntry(params)[FORMAT_OBSERVER_KEY]?.(format, start);
}

const DEFAULT_REASONING_TAGS: ReadonlyArray<readonly [string, string]> = [
  ['<think>', '</think>'],
  ['<thinking>', '</thinking>'],
];

/** The reasoning tags replies are read with. */
export function reasoningTagsOf(
  reasoningTags: ReadingOptions['reasoningTags'],
): ReadonlyArray<readonly [string, string]> {
  return reasoningTags === false ? [] : (reasoningTags ?? DEFAULT_REASONING_TAGS);
}

/** How a reply of this call is read: the middleware's options, overridden per call. */
export function parseOptions(
  params: LanguageModelV4CallOptions,
  context: CallContext,
  options: ReadingOptions & { generateId: () => string },
): ParseOptions {
  const perCall = toolbridgeEntry(params);
  const forced = forcedTools(context.tools, context.toolChoice);
  const onError = errorHandler(params, options.onError);
  const emitRaw = perCall.emitRawToolCallTextOnError ?? options.emitRawToolCallTextOnError;
  const cutOffCalls = perCall.cutOffCalls ?? options.cutOffCalls;
  const startWithReasoning =
    perCall.startWithReasoning ??
    options.startWithReasoning ??
    replyStart(
      options.opensReasoning ?? 'never',
      (options.thinkingSwitch ?? thinkingRequested)(params),
    );
  return {
    tools: context.tools,
    generateId: options.generateId,
    reasoningTags: reasoningTagsOf(options.reasoningTags),
    ...(options.controlTokens === undefined ? {} : { controlTokens: options.controlTokens }),
    ...(options.callsInReasoning === undefined
      ? {}
      : { callsInReasoning: options.callsInReasoning }),
    ...(onError === undefined ? {} : { onError }),
    ...(emitRaw === undefined ? {} : { emitRawToolCallTextOnError: emitRaw }),
    ...(cutOffCalls === undefined ? {} : { cutOffCalls }),
    startWithReasoning,
    ...(forced === undefined ? {} : { leadingJsonCall: JSON_CALL_KEYS }),
  };
}

/** The function tools of a call. */
export function functionTools(params: LanguageModelV4CallOptions): LanguageModelV4FunctionTool[] {
  return (params.tools ?? []).filter(
    (tool): tool is LanguageModelV4FunctionTool => tool.type === 'function',
  );
}
