import type {
  LanguageModelV4Content,
  LanguageModelV4Middleware,
  LanguageModelV4StreamPart,
  SharedV4ProviderMetadata,
} from '@ai-sdk/provider';
import type { JsonSchema } from '@toolbridge/rxml';
import type { ToolbridgeErrorHandler } from '../engine/text-stream-parser';
import type { ToolCallProtocol } from '../tool-call-protocol';
import { type ArgumentsFailure, CanonicalArguments } from './canonical-arguments';

/** What the repair of native calls needs from the call: the tools' schemas, and whom to tell. */
export interface NativeRepairOptions {
  /** The input schema of a tool, to type values by (`"3"` → `3` for an integer). */
  schemaOf?: (toolName: string) => JsonSchema | undefined;
  /** Told about every call that is rejected, with the input text the provider sent. */
  onError?: ToolbridgeErrorHandler;
}

/** The provider's own tool calling, passed through; see `nativeProtocol`. */
export interface NativeToolProtocol<MiddlewareOptions = never> {
  readonly type: 'native';
  /**
   * The middleware that passes the provider's calls through, from `createToolMiddleware`'s
   * options: built by the protocol, so that a bundle without a native protocol leaves it out.
   */
  middleware(options: MiddlewareOptions): LanguageModelV4Middleware;
  /**
   * Gives a tool call's input as canonical JSON of an object, repairing what `JSON.parse`
   * rejects; input that is no object, even repaired, becomes an invalid input that never runs.
   */
  repairToolCall<T extends { input: string; toolName?: string; toolCallId?: string }>(
    toolCall: T,
    options?: NativeRepairOptions,
  ): T;
  /** Repairs every tool call of a generate result's content. */
  repairContent(
    content: LanguageModelV4Content[],
    options?: NativeRepairOptions,
  ): LanguageModelV4Content[];
  /**
   * Repairs every tool call of a stream, its argument deltas made canonical as they arrive:
   * each call ends with the input the generate path gives for the same text.
   */
  repairStream(
    stream: ReadableStream<LanguageModelV4StreamPart>,
    options?: NativeRepairOptions,
  ): ReadableStream<LanguageModelV4StreamPart>;
  /** Reads calls that leaked into the text; undefined when salvage is off. */
  readonly salvage?: ToolCallProtocol;
}

/**
 * The provider's own tool calling, its calls repaired as `nativeProtocol` describes; calls that
 * leak into the text are read out of it by `salvage`, when given. `nativeProtocol` (in `auto/`,
 * where every format is known) chooses the salvage.
 */
export function nativeToolProtocol<MiddlewareOptions>(
  salvage: ToolCallProtocol | undefined,
  middleware: (
    protocol: NativeToolProtocol<MiddlewareOptions>,
    options: MiddlewareOptions,
  ) => LanguageModelV4Middleware,
): NativeToolProtocol<MiddlewareOptions> {
  const protocol: NativeToolProtocol<MiddlewareOptions> = {
    type: 'native',
    middleware: (options) => middleware(protocol, options),
    ...(salvage === undefined ? {} : { salvage }),
    repairToolCall,
    repairContent: (content, repair) =>
      content.map((part) => (part.type === 'tool-call' ? repairToolCall(part, repair) : part)),
    repairStream,
  };
  return protocol;
}

/** A call's input read whole: the same reading as its deltas get in a stream. */
function repairToolCall<T extends { input: string; toolName?: string; toolCallId?: string }>(
  toolCall: T,
  repair: NativeRepairOptions = {},
): T {
  const schema = toolCall.toolName === undefined ? undefined : repair.schemaOf?.(toolCall.toolName);
  const args = new CanonicalArguments(schema);
  args.write(toolCall.input);
  const { input, failure } = args.end();
  return finishedCall(toolCall, input, failure, toolCall.input, repair.onError);
}

/** The call with its input; a rejected call also reports, and says so in its metadata. */
function finishedCall<T extends { toolName?: string; toolCallId?: string }>(
  toolCall: T,
  input: string,
  failure: ArgumentsFailure | undefined,
  rawText: string,
  onError: ToolbridgeErrorHandler | undefined,
): T {
  if (failure === undefined) return { ...toolCall, input };
  const message = failure.cutOff
    ? 'The input of a native tool call ended unfinished; the call does not run'
    : 'The input of a native tool call is no JSON object; the call does not run';
  onError?.(message, {
    reason: failure.cutOff ? 'call-cut-off' : 'invalid-call',
    rawText,
    ...(toolCall.toolName === undefined ? {} : { toolName: toolCall.toolName }),
    ...(toolCall.toolCallId === undefined ? {} : { toolCallId: toolCall.toolCallId }),
    error: failure.error,
  });
  const metadata = (toolCall as { providerMetadata?: SharedV4ProviderMetadata }).providerMetadata;
  return {
    ...toolCall,
    input,
    providerMetadata: {
      ...metadata,
      toolbridge: {
        ...metadata?.toolbridge,
        rawToolCallText: rawText,
        error: message,
        rejected: true,
      },
    },
  };
}

interface StreamingCall {
  args: CanonicalArguments;
  /** The provider's argument text, for `onError`. */
  raw: string[];
  /** `tool-input-end` of a call that streamed no delta, held until its `tool-call` brings the input. */
  heldEnd?: LanguageModelV4StreamPart;
}

/**
 * Repairs every tool call of a stream. Streamed arguments are rewritten as canonical JSON as
 * they arrive, so the deltas concatenate to the call's input, which is the input
 * {@link repairToolCall} gives for their text. A call that streams no delta (a provider that
 * sends the input only in the `tool-call` part, or an empty input) gets its deltas from the
 * `tool-call` part: its `tool-input-end` waits for it.
 */
function repairStream(
  stream: ReadableStream<LanguageModelV4StreamPart>,
  repair: NativeRepairOptions = {},
): ReadableStream<LanguageModelV4StreamPart> {
  const calls = new Map<string, StreamingCall>();

  /** Ends a call's arguments: the last delta, then its `tool-input-end` if it was held. */
  function endArguments(
    id: string,
    call: StreamingCall,
    controller: TransformStreamDefaultController<LanguageModelV4StreamPart>,
  ) {
    const ended = call.args.end();
    if (ended.delta.length > 0)
      controller.enqueue({ type: 'tool-input-delta', id, delta: ended.delta });
    if (call.heldEnd !== undefined) {
      controller.enqueue(call.heldEnd);
      call.heldEnd = undefined;
    }
    return ended;
  }

  /** Calls whose `tool-call` never came: their held ends go out, so that no input stays open. */
  function releaseHeldEnds(
    controller: TransformStreamDefaultController<LanguageModelV4StreamPart>,
  ) {
    for (const [id, call] of calls) {
      if (call.heldEnd !== undefined) endArguments(id, call, controller);
    }
  }

  return stream.pipeThrough(
    new TransformStream<LanguageModelV4StreamPart, LanguageModelV4StreamPart>({
      transform(part, controller) {
        switch (part.type) {
          case 'tool-input-start':
            calls.set(part.id, {
              args: new CanonicalArguments(repair.schemaOf?.(part.toolName)),
              raw: [],
            });
            controller.enqueue(part);
            return;
          case 'tool-input-delta': {
            const call = calls.get(part.id);
            if (call === undefined || call.heldEnd !== undefined) controller.enqueue(part);
            else {
              call.raw.push(part.delta);
              const delta = call.args.write(part.delta);
              if (delta.length > 0) controller.enqueue({ ...part, delta });
            }
            return;
          }
          case 'tool-input-end': {
            const call = calls.get(part.id);
            if (call === undefined) controller.enqueue(part);
            else if (!call.args.started) call.heldEnd = part;
            else {
              endArguments(part.id, call, controller);
              controller.enqueue(part);
            }
            return;
          }
          case 'tool-call': {
            const call = calls.get(part.toolCallId);
            calls.delete(part.toolCallId);
            // A call whose arguments did not stream is read whole, as in generate.
            if (call === undefined) {
              controller.enqueue(repairToolCall(part, repair));
              return;
            }
            if (!call.args.started) {
              call.raw.push(part.input);
              const delta = call.args.write(part.input);
              if (delta.length > 0)
                controller.enqueue({ type: 'tool-input-delta', id: part.toolCallId, delta });
            }
            const { input, failure } = endArguments(part.toolCallId, call, controller);
            controller.enqueue(
              finishedCall(part, input, failure, call.raw.join(''), repair.onError),
            );
            return;
          }
          case 'finish':
            releaseHeldEnds(controller);
            controller.enqueue(part);
            return;
          default:
            controller.enqueue(part);
        }
      },
      flush(controller) {
        releaseHeldEnds(controller);
      },
    }),
  );
}
