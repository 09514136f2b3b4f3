import type {
  LanguageModelV4CallOptions,
  LanguageModelV4Content,
  LanguageModelV4FinishReason,
  LanguageModelV4Prompt,
  LanguageModelV4StreamPart,
  LanguageModelV4ToolChoice,
  LanguageModelV4Usage,
} from '@ai-sdk/provider';
import type { ToolbridgeErrorReason } from '../engine/text-stream-parser';

/** A piece of text as the model sent it, `time` ms after the call started. */
export interface RecordedChunk {
  time: number;
  text: string;
}

/** One request to the model: the prompt it was sent and the text it wrote back. */
export interface RecordedRequest {
  /** The prompt as the model got it: the tool middleware's system prompt and rewritten history included. */
  prompt: LanguageModelV4Prompt;
  /** The response format asked for (a forced tool choice asks for the call's JSON schema). */
  responseFormat?: LanguageModelV4CallOptions['responseFormat'];
  /** The model's text as it arrived: streamed deltas, or a generated reply's text parts. */
  chunks: RecordedChunk[];
}

/** An `onError` report of the tool middleware, `time` ms after the call started. */
export interface RecordedReport {
  time: number;
  reason: ToolbridgeErrorReason;
  message: string;
  rawText: string;
  toolName?: string;
  toolCallId?: string;
  /** The underlying error, as `{ name, message }`. */
  error?: unknown;
}

/** A tool as the caller gave it, before the tool middleware wrote it into the prompt. */
export interface RecordedTool {
  name: string;
  description?: string;
  inputSchema: unknown;
}

/**
 * One line of a recording: one call of the wrapped model (a `generateText` / `streamText`
 * step). Binary data is replaced by a note of its size, errors by `{ name, message }`.
 */
export interface ModelCallRecording extends RecordedRequest {
  /** Marks a line as a recording, and its shape's version. */
  toolbridgeRecording: 1;
  mode: 'generate' | 'stream';
  /** When the call started (ISO 8601). */
  startedAt: string;
  provider: string;
  modelId: string;
  /** The function tools the call offered (before the tool middleware took them out of the params). */
  tools: RecordedTool[];
  /**
   * The tool choice the caller set. A forced one (`required`, `{ type: 'tool' }`) that the
   * reply passed on does not meet ends in the AI SDK's `ToolChoiceViolationError`.
   */
  toolChoice?: LanguageModelV4ToolChoice;
  /**
   * The format the tool middleware reads replies in: a name of `builtInFormats()`, or `auto`.
   * Absent for a protocol without a name (one's own), or a middleware that is no tool middleware.
   */
  format?: string;
  /**
   * Where the middleware read the reply as starting, when not in text: inside reasoning the chat
   * template opened (`true`), or there if a closer or a call showed it (`'if-closed'`).
   */
  startWithReasoning?: true | 'if-closed';
  /** Requests toolbridge made after the first, in the same step: a forced tool choice asked again. */
  retries?: RecordedRequest[];
  /** Stream: every part the caller received (after toolbridge), `time` ms after the call started. */
  parts?: Array<{ time: number; part: LanguageModelV4StreamPart }>;
  /** Generate: the content the caller received (after toolbridge). */
  content?: LanguageModelV4Content[];
  reports: RecordedReport[];
  usage?: LanguageModelV4Usage;
  finishReason?: LanguageModelV4FinishReason;
  durationMs: number;
  /** The call failed, or its stream errored: what it threw. */
  error?: unknown;
  /** The caller stopped reading the stream before its end. */
  cancelled?: true;
}

/** Values JSON cannot carry, made plain: bytes become a note of their size, errors their name and message. */
function plain(_key: string, value: unknown): unknown {
  if (value instanceof Uint8Array) return `[${value.byteLength} bytes]`;
  if (value instanceof ArrayBuffer) return `[${value.byteLength} bytes]`;
  if (value instanceof Error) return { name: value.name, message: value.message };
  if (typeof value === 'bigint') return value.toString();
  return value;
}

/** A recording as one line of JSON (no newline). */
export function stringifyRecording(recording: ModelCallRecording): string {
  return JSON.stringify(recording, plain);
}
