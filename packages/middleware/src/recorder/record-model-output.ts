import type {
  LanguageModelV4CallOptions,
  LanguageModelV4FunctionTool,
  LanguageModelV4GenerateResult,
  LanguageModelV4Middleware,
  LanguageModelV4StreamPart,
  LanguageModelV4StreamResult,
  LanguageModelV4ToolChoice,
} from '@ai-sdk/provider';
import type { ToolbridgeErrorHandler, ToolbridgeErrorMetadata } from '../engine/text-stream-parser';
import {
  FORMAT_OBSERVER_KEY,
  PROVIDER_OPTIONS_KEY,
  REPORT_OBSERVER_KEY,
} from '../middleware/create-tool-middleware';
import type { ReplyStart } from '../middleware/reply-start';
import {
  type ModelCallRecording,
  type RecordedChunk,
  type RecordedReport,
  type RecordedRequest,
  type RecordedTool,
  stringifyRecording,
} from './recording';

/** Options of {@link recordModelOutput}. */
export interface RecordModelOutputOptions {
  /**
   * The middleware whose model calls are recorded, usually the tool middleware: the recorder
   * runs around it, so it sees the prompt after it and the model's raw text before it.
   */
  middleware?: LanguageModelV4Middleware;
  /** Appends one JSON line per model call to this file (Node). Without `file` or `write`, nothing is recorded. */
  file?: string;
  /** Takes each recording as one line of JSON, without the newline, instead of a file. */
  write?: (line: string) => void | Promise<void>;
}

type Hooks = Required<Omit<LanguageModelV4Middleware, 'specificationVersion'>>;
type Model = Parameters<Hooks['wrapGenerate']>[0]['model'];

/** Appends lines to a file, one write at a time, in order. */
function fileWriter(file: string): (line: string) => Promise<void> {
  let last: Promise<void> = Promise.resolve();
  return (line) => {
    last = last.then(async () => {
      // Imported here, so that the package loads where there is no file system.
      const { appendFile } = await import('node:fs/promises');
      await appendFile(file, `${line}\n`, 'utf8');
    });
    return last;
  };
}

/** What the caller asked for that the tool middleware takes out of the params. */
interface CallerRequest {
  tools: RecordedTool[];
  toolChoice?: LanguageModelV4ToolChoice;
}

/**
 * Where, in `providerOptions.toolbridge`, the recorder carries the {@link CallerRequest} from
 * `transformParams` to the wrap functions: in the params themselves, since AI SDK 6 hands
 * those on as a converted copy, not as the object `transformParams` returned.
 */
const CALLER_REQUEST_KEY = 'recordedRequest';

/** The toolbridge options of the params, or none. */
function toolbridgeOptionsOf(params: LanguageModelV4CallOptions): Record<string, unknown> {
  return (params.providerOptions?.[PROVIDER_OPTIONS_KEY] ?? {}) as Record<string, unknown>;
}

/** The params with `entries` added to their toolbridge options. */
function withToolbridgeOptions(
  params: LanguageModelV4CallOptions,
  entries: Record<string, unknown>,
): LanguageModelV4CallOptions {
  return {
    ...params,
    providerOptions: {
      ...params.providerOptions,
      [PROVIDER_OPTIONS_KEY]: { ...toolbridgeOptionsOf(params), ...entries } as never,
    },
  };
}

/** The function tools a call offers, as the caller gave them. */
function recordedTools(params: LanguageModelV4CallOptions): RecordedTool[] {
  return (params.tools ?? [])
    .filter((tool): tool is LanguageModelV4FunctionTool => tool.type === 'function')
    .map((tool) => ({
      name: tool.name,
      ...(tool.description === undefined ? {} : { description: tool.description }),
      inputSchema: tool.inputSchema,
    }));
}

/** What one call of the wrapped model is building up, until it is written. */
class CallRecorder {
  readonly #started = performance.now();
  readonly #startedAt = new Date().toISOString();
  readonly #requests: RecordedRequest[] = [];
  readonly #reports: RecordedReport[] = [];
  /** The format the tool middleware said it reads replies in. */
  format: string | undefined;
  /** Where it said a reply starts. */
  start: ReplyStart | undefined;

  constructor(
    readonly mode: 'generate' | 'stream',
    readonly model: Model,
    readonly caller: CallerRequest,
  ) {}

  /** Milliseconds since the call started. */
  now(): number {
    return Math.round(performance.now() - this.#started);
  }

  /** A request goes to the model; returns where its text goes. */
  request(params: LanguageModelV4CallOptions): RecordedChunk[] {
    const request: RecordedRequest = {
      prompt: params.prompt,
      ...(params.responseFormat === undefined ? {} : { responseFormat: params.responseFormat }),
      chunks: [],
    };
    this.#requests.push(request);
    return request.chunks;
  }

  readonly report = (message: string, metadata: ToolbridgeErrorMetadata): void => {
    this.#reports.push({
      time: this.now(),
      reason: metadata.reason,
      message,
      rawText: metadata.rawText,
      ...(metadata.toolName === undefined ? {} : { toolName: metadata.toolName }),
      ...(metadata.toolCallId === undefined ? {} : { toolCallId: metadata.toolCallId }),
      ...(metadata.error === undefined ? {} : { error: metadata.error }),
    });
  };

  recording(
    rest: Omit<
      ModelCallRecording,
      | keyof RecordedRequest
      | 'toolbridgeRecording'
      | 'mode'
      | 'startedAt'
      | 'provider'
      | 'modelId'
      | 'tools'
      | 'toolChoice'
      | 'format'
      | 'startWithReasoning'
      | 'reports'
      | 'durationMs'
    >,
  ): ModelCallRecording {
    const [first, ...retries] = this.#requests;
    return {
      toolbridgeRecording: 1,
      mode: this.mode,
      startedAt: this.#startedAt,
      provider: this.model.provider,
      modelId: this.model.modelId,
      tools: this.caller.tools,
      ...(this.caller.toolChoice === undefined ? {} : { toolChoice: this.caller.toolChoice }),
      ...(this.format === undefined ? {} : { format: this.format }),
      ...(this.start === undefined || this.start === false
        ? {}
        : { startWithReasoning: this.start }),
      ...(first ?? { prompt: [], chunks: [] }),
      ...(retries.length === 0 ? {} : { retries }),
      reports: this.#reports,
      durationMs: this.now(),
      ...rest,
    };
  }
}

/** Taps a model's stream: each text delta goes into `chunks` as it passes. */
function tapText(
  stream: ReadableStream<LanguageModelV4StreamPart>,
  call: CallRecorder,
  chunks: RecordedChunk[],
): ReadableStream<LanguageModelV4StreamPart> {
  return stream.pipeThrough(
    new TransformStream<LanguageModelV4StreamPart, LanguageModelV4StreamPart>({
      transform(part, controller) {
        if (part.type === 'text-delta') chunks.push({ time: call.now(), text: part.delta });
        controller.enqueue(part);
      },
    }),
  );
}

/** The text parts of a generated reply, as chunks that arrived when it did. */
function generatedChunks(
  result: LanguageModelV4GenerateResult,
  call: CallRecorder,
  chunks: RecordedChunk[],
): void {
  const time = call.now();
  for (const part of result.content) {
    if (part.type === 'text') chunks.push({ time, text: part.text });
  }
}

/**
 * Records every request of the call: the first through the `doGenerate` / `doStream` it was
 * handed, later ones (a re-ask) through the model, which is wrapped to record them too.
 */
function recordingCalls(call: CallRecorder, model: Model, params: LanguageModelV4CallOptions) {
  const generate = async (
    run: () => PromiseLike<LanguageModelV4GenerateResult>,
    request: LanguageModelV4CallOptions,
  ) => {
    const chunks = call.request(request);
    const result = await run();
    generatedChunks(result, call, chunks);
    return result;
  };
  const stream = async (
    run: () => PromiseLike<LanguageModelV4StreamResult>,
    request: LanguageModelV4CallOptions,
  ) => {
    const chunks = call.request(request);
    const result = await run();
    return { ...result, stream: tapText(result.stream, call, chunks) };
  };
  const recordingModel = new Proxy(model, {
    get(target, property) {
      if (property === 'doGenerate') {
        return (request: LanguageModelV4CallOptions) =>
          generate(() => target.doGenerate(request), request);
      }
      if (property === 'doStream') {
        return (request: LanguageModelV4CallOptions) =>
          stream(() => target.doStream(request), request);
      }
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return {
    model: recordingModel,
    doGenerate: (run: () => PromiseLike<LanguageModelV4GenerateResult>) => () =>
      generate(run, params),
    doStream: (run: () => PromiseLike<LanguageModelV4StreamResult>) => () => stream(run, params),
  };
}

/**
 * The params the wrapped middleware reads, with observers under `providerOptions.toolbridge`:
 * the tool middleware tells them every report, besides the `onError` the user configured, and
 * the format it reads replies in.
 */
function withObservers(
  params: LanguageModelV4CallOptions,
  call: CallRecorder,
): LanguageModelV4CallOptions {
  const observer: ToolbridgeErrorHandler = (message, metadata) => call.report(message, metadata);
  return withToolbridgeOptions(params, {
    [REPORT_OBSERVER_KEY]: observer,
    [FORMAT_OBSERVER_KEY]: (format: string | undefined, start?: ReplyStart) => {
      call.format = format;
      if (start !== undefined) call.start = start;
    },
  });
}

/** What the caller asked for, as `transformParams` left it in the params. */
function callerRequest(params: LanguageModelV4CallOptions): CallerRequest {
  return (
    (toolbridgeOptionsOf(params)[CALLER_REQUEST_KEY] as CallerRequest | undefined) ?? {
      tools: recordedTools(params),
    }
  );
}

/** Passes a stream on, recording each part; `done` runs once, when it ends, fails or is cancelled. */
function recordParts(
  stream: ReadableStream<LanguageModelV4StreamPart>,
  call: CallRecorder,
  done: (
    parts: Array<{ time: number; part: LanguageModelV4StreamPart }>,
    end: { error?: unknown; cancelled?: true },
  ) => Promise<void>,
): ReadableStream<LanguageModelV4StreamPart> {
  const reader = stream.getReader();
  const parts: Array<{ time: number; part: LanguageModelV4StreamPart }> = [];
  let ended = false;
  const end = async (how: { error?: unknown; cancelled?: true }) => {
    if (ended) return;
    ended = true;
    await done(parts, how);
  };
  return new ReadableStream<LanguageModelV4StreamPart>({
    async pull(controller) {
      let next: ReadableStreamReadResult<LanguageModelV4StreamPart>;
      try {
        next = await reader.read();
      } catch (error) {
        await end({ error });
        controller.error(error);
        return;
      }
      if (next.done) {
        await end({});
        controller.close();
        return;
      }
      parts.push({ time: call.now(), part: next.value });
      controller.enqueue(next.value);
    },
    async cancel(reason) {
      await end({ cancelled: true });
      await reader.cancel(reason);
    },
  });
}

/**
 * Records what a model was sent and what it wrote, one JSON line per call, for
 * `toolbridge inspect`: the prompt after the tool middleware rewrote it, the raw text as it
 * arrived (ms since the call started), the parts or content the caller got, every `onError`
 * report, the usage. It wraps the tool middleware, since only around it are both sides in
 * view: before it, the prompt is not yet rewritten and the text is already parsed; after it,
 * its parts and reports are out of sight.
 *
 * ```ts
 * const model = wrapLanguageModel({
 *   model: base,
 *   middleware: recordModelOutput({ file: 'calls.jsonl', middleware: hermesToolMiddleware }),
 * });
 * ```
 *
 * Without `file` or `write` it records nothing and is the wrapped middleware alone. Reports
 * are recorded beside your `onError`, which is called as without the recorder. A line that
 * cannot be written is skipped with a warning; the call goes on.
 */
export function recordModelOutput(options: RecordModelOutputOptions): LanguageModelV4Middleware {
  const inner = options.middleware ?? { specificationVersion: 'v4' };
  const write =
    options.write ?? (options.file === undefined ? undefined : fileWriter(options.file));
  if (write === undefined) return inner;

  let warned = false;
  const save = async (recording: ModelCallRecording) => {
    try {
      await write(stringifyRecording(recording));
    } catch (error) {
      if (!warned) {
        warned = true;
        console.warn(`toolbridge: a model call could not be recorded: ${String(error)}`);
      }
    }
  };
  const { transformParams, wrapGenerate, wrapStream } = inner;

  return {
    ...inner,
    specificationVersion: 'v4',

    async transformParams({ params, type, model }) {
      const caller: CallerRequest = {
        tools: recordedTools(params),
        ...(params.toolChoice === undefined ? {} : { toolChoice: params.toolChoice }),
      };
      const transformed =
        transformParams === undefined ? params : await transformParams({ params, type, model });
      return withToolbridgeOptions(transformed, { [CALLER_REQUEST_KEY]: caller });
    },

    async wrapGenerate({ doGenerate, doStream, params, model }) {
      const call = new CallRecorder('generate', model, callerRequest(params));
      const calls = recordingCalls(call, model, params);
      try {
        const result =
          wrapGenerate === undefined
            ? await calls.doGenerate(doGenerate)()
            : await wrapGenerate({
                doGenerate: calls.doGenerate(doGenerate),
                doStream: calls.doStream(doStream),
                params: withObservers(params, call),
                model: calls.model,
              });
        await save(
          call.recording({
            content: result.content,
            usage: result.usage,
            finishReason: result.finishReason,
          }),
        );
        return result;
      } catch (error) {
        await save(call.recording({ error }));
        throw error;
      }
    },

    async wrapStream({ doGenerate, doStream, params, model }) {
      const call = new CallRecorder('stream', model, callerRequest(params));
      const calls = recordingCalls(call, model, params);
      let result: LanguageModelV4StreamResult;
      try {
        result =
          wrapStream === undefined
            ? await calls.doStream(doStream)()
            : await wrapStream({
                doGenerate: calls.doGenerate(doGenerate),
                doStream: calls.doStream(doStream),
                params: withObservers(params, call),
                model: calls.model,
              });
      } catch (error) {
        await save(call.recording({ error }));
        throw error;
      }
      return {
        ...result,
        stream: recordParts(result.stream, call, async (parts, end) => {
          const finish = parts.findLast(({ part }) => part.type === 'finish')?.part as
            | Extract<LanguageModelV4StreamPart, { type: 'finish' }>
            | undefined;
          await save(
            call.recording({
              parts,
              ...(finish === undefined
                ? {}
                : { usage: finish.usage, finishReason: finish.finishReason }),
              ...end,
            }),
          );
        }),
      };
    },
  };
}
