import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import type { CallSink } from './call-grammar';
import { createJsonInputWriter, type JsonInputWriter } from './json-input-writer';
import { createTextPieces, type TextPieces } from './text-pieces';

/** What the calls of one piece of markup need from the engine. */
export interface MarkupCallsHost {
  emit(part: LanguageModelV4StreamPart): void;
  generateId(): string;
  /** Ids already given in this reply. */
  usedIds: Set<string>;
  /** A call is about to be announced: the open text block ends. */
  beforeCall(): void;
  /** `reject`: a call that failed keeps its unfinished input and never runs; `close`: it is closed best effort. */
  cutOffCalls: 'reject' | 'close';
  /** Read the calls but emit nothing (markup beyond the protocol's calls per reply). */
  muted: boolean;
}

/** One call of the markup, as announced. */
export interface MarkupCall {
  id: string;
  toolName: string;
  input: TextPieces;
  repairs: string[];
  failure?: { message: string; cause: unknown; cutOff: boolean };
  ended: boolean;
}

/**
 * The calls of one piece of markup, and the {@link CallSink} its decoder writes them to. Each
 * call's `tool-input-delta`s go out as they are written; its `tool-call` waits for the end of
 * the markup, so that it carries the markup's whole raw text. A call that fails keeps exactly
 * the input its deltas spelled, never empty, so the AI SDK reports it and runs nothing.
 */
export interface MarkupCalls extends CallSink {
  readonly calls: MarkupCall[];
  /** Why the markup failed when no call was open to take the blame. */
  failure: { message: string; cause: unknown } | undefined;
  /** Set while the output ends: failures then are cut-offs. */
  ending: boolean;
  /** The markup ended: ends a call still open and emits every `tool-call`, with the format that read it. */
  finish(rawText: string, format?: string): void;
}

/** The calls of one piece of markup, told to `host`. */
export function createMarkupCalls(host: MarkupCallsHost): MarkupCalls {
  const { emit, generateId, usedIds, beforeCall, muted, cutOffCalls } = host;
  const calls: MarkupCall[] = [];
  let current: MarkupCall | undefined;
  /** The open call's writer; a writer that goes nowhere while no call is open (made once, on demand). */
  let writer: JsonInputWriter | undefined;

  /** The model's own id when it has one the reply did not use yet, else a fresh one. */
  function callId(modelId: string | undefined): string {
    const id =
      modelId !== undefined && modelId !== '' && !usedIds.has(modelId) ? modelId : generateId();
    usedIds.add(id);
    return id;
  }

  function delta(call: MarkupCall, json: string): void {
    if (call.ended) return;
    call.input.push(json);
    if (!muted) emit({ type: 'tool-input-delta', id: call.id, delta: json });
  }

  function endCall(): void {
    const call = current;
    if (call === undefined) return;
    current = undefined;
    writer = undefined;
    call.ended = true;
    if (!muted) emit({ type: 'tool-input-end', id: call.id });
  }

  const markup: MarkupCalls = {
    calls,
    failure: undefined,
    ending: false,

    get input() {
      writer ??= createJsonInputWriter(() => {});
      return writer;
    },

    start(toolName, modelId) {
      if (current !== undefined) endCall();
      const call: MarkupCall = {
        id: muted ? '' : callId(modelId),
        toolName,
        input: createTextPieces(),
        repairs: [],
        ended: false,
      };
      calls.push(call);
      current = call;
      writer = createJsonInputWriter((json) => delta(call, json));
      if (muted) return;
      beforeCall();
      emit({ type: 'tool-input-start', id: call.id, toolName });
    },

    endCall,

    fail(message, cause) {
      const call = current;
      if (call === undefined) {
        markup.failure ??= { message, cause };
        return;
      }
      call.failure = { message, cause, cutOff: markup.ending };
      if (cutOffCalls === 'close') markup.input.closeAll();
      // An empty input reads as `{}` to the AI SDK, which would run the tool.
      else if (call.input.isEmpty) delta(call, '{');
      endCall();
    },

    /** Lists a repair on the open call, or, once it ended, on the markup's last call. */
    repair(message) {
      (current ?? calls.at(-1))?.repairs.push(message);
    },

    finish(rawText, format) {
      endCall();
      if (muted) return;
      for (const call of calls) {
        const failed = call.failure !== undefined && cutOffCalls === 'reject';
        emit({
          type: 'tool-call',
          toolCallId: call.id,
          toolName: call.toolName,
          input: call.input.toString(),
          providerMetadata: {
            toolbridge: {
              rawToolCallText: rawText,
              ...(format === undefined ? {} : { format }),
              ...(call.repairs.length > 0 ? { repairs: call.repairs } : {}),
              ...(call.failure === undefined
                ? {}
                : { error: call.failure.message, rejected: failed }),
            },
          },
        });
      }
    },
  };
  return markup;
}
