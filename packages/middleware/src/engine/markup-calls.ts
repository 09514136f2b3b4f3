import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import type { CallSink } from './call-grammar';
import { JsonInputWriter } from './json-input-writer';
import { TextPieces } from './text-pieces';

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
export class MarkupCalls implements CallSink {
  readonly calls: MarkupCall[] = [];
  /** Why the markup failed when no call was open to take the blame. */
  failure: { message: string; cause: unknown } | undefined;
  /** Set while the output ends: failures then are cut-offs. */
  ending = false;
  private current: MarkupCall | undefined;
  /** The open call's writer; a writer that goes nowhere while no call is open (made once, on demand). */
  private writer: JsonInputWriter | undefined;

  constructor(private readonly host: MarkupCallsHost) {}

  get input(): JsonInputWriter {
    this.writer ??= new JsonInputWriter(() => {});
    return this.writer;
  }

  start(toolName: string, modelId?: string): void {
    if (this.current !== undefined) this.endCall();
    const call: MarkupCall = {
      id: this.host.muted ? '' : this.callId(modelId),
      toolName,
      input: new TextPieces(),
      repairs: [],
      ended: false,
    };
    this.calls.push(call);
    this.current = call;
    this.writer = new JsonInputWriter((json) => this.delta(call, json));
    if (this.host.muted) return;
    this.host.beforeCall();
    this.host.emit({ type: 'tool-input-start', id: call.id, toolName });
  }

  endCall(): void {
    const call = this.current;
    if (call === undefined) return;
    this.current = undefined;
    this.writer = undefined;
    call.ended = true;
    if (!this.host.muted) this.host.emit({ type: 'tool-input-end', id: call.id });
  }

  fail(message: string, cause?: unknown): void {
    const call = this.current;
    if (call === undefined) {
      this.failure ??= { message, cause };
      return;
    }
    call.failure = { message, cause, cutOff: this.ending };
    if (this.host.cutOffCalls === 'close') this.input.closeAll();
    // An empty input reads as `{}` to the AI SDK, which would run the tool.
    else if (call.input.isEmpty) this.delta(call, '{');
    this.endCall();
  }

  /** Lists a repair on the open call, or, once it ended, on the markup's last call. */
  repair(message: string): void {
    (this.current ?? this.calls[this.calls.length - 1])?.repairs.push(message);
  }

  /** The markup ended: ends a call still open and emits every `tool-call`, with the format that read it. */
  finish(rawText: string, format?: string): void {
    this.endCall();
    if (this.host.muted) return;
    for (const call of this.calls) {
      const failed = call.failure !== undefined && this.host.cutOffCalls === 'reject';
      this.host.emit({
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
  }

  /** The model's own id when it has one the reply did not use yet, else a fresh one. */
  private callId(modelId: string | undefined): string {
    const id =
      modelId !== undefined && modelId !== '' && !this.host.usedIds.has(modelId)
        ? modelId
        : this.host.generateId();
    this.host.usedIds.add(id);
    return id;
  }

  private delta(call: MarkupCall, json: string): void {
    if (call.ended) return;
    call.input.push(json);
    if (!this.host.muted) this.host.emit({ type: 'tool-input-delta', id: call.id, delta: json });
  }
}
