import type { ModelCallRecording } from '@toolbridge/middleware';
import {
  type Analysis,
  type AnalyzedCall,
  type AnalyzedReport,
  analyzeOutput,
  formatNames,
  type Segment,
  type ToolDefinition,
} from './analyze.ts';
import { autoCallsBeside } from './auto-calls.ts';
import { toolChoiceNotMet } from './recorded-tool-choice.ts';

/** An `onError` report of the tool middleware, as a recording holds it. */
type RecordedReport = ModelCallRecording['reports'][number];

/** An input that cannot be read: a usage error. */
export class InputError extends Error {
  override readonly name = 'InputError';
}

/** What `inspect` was given: a model's raw output, or recording lines of `recordModelOutput`. */
export type InspectInput =
  | { kind: 'text'; text: string }
  | { kind: 'recording'; recordings: Array<{ line: number; recording: ModelCallRecording }> };

/** Whether a parsed line is a recording of `recordModelOutput`. */
function isRecording(value: unknown): value is ModelCallRecording {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { toolbridgeRecording?: unknown }).toolbridgeRecording === 1 &&
    Array.isArray((value as { chunks?: unknown }).chunks)
  );
}

/**
 * Tells a recording from raw text: a recording's first non-empty line is a JSON object marked
 * `toolbridgeRecording`; then every non-empty line must be one.
 */
export function readInspectInput(text: string): InspectInput {
  const lines = text.split('\n');
  const first = lines.find((line) => line.trim() !== '');
  let head: unknown;
  try {
    head = first === undefined ? undefined : JSON.parse(first);
  } catch {
    head = undefined;
  }
  if (!isRecording(head)) return { kind: 'text', text };
  const recordings: Array<{ line: number; recording: ModelCallRecording }> = [];
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      throw new InputError(
        `Line ${index + 1} of the recording is not JSON: ${(error as Error).message}`,
      );
    }
    if (!isRecording(value)) {
      throw new InputError(`Line ${index + 1} is not a recording of recordModelOutput.`);
    }
    recordings.push({ line: index + 1, recording: value });
  });
  return { kind: 'recording', recordings };
}

/** What a recorded call was, besides its text. */
export interface RecordingInfo {
  /** The line of the recording file (from 1). */
  line: number;
  mode: 'generate' | 'stream';
  provider: string;
  modelId: string;
  startedAt: string;
  durationMs: number;
  /** How many messages the prompt had, after the tool middleware's rewrite. */
  promptMessages: number;
  usage?: unknown;
  finishReason?: unknown;
  error?: unknown;
  cancelled?: true;
  /** The reports toolbridge made while the call ran. */
  liveReports: RecordedReport[];
  /** The format the tool middleware read the call's replies in, as recorded. */
  recordedFormat?: string;
  /** The tool choice the caller set. */
  toolChoice?: unknown;
  /**
   * The tool choice forced a call (`required`, `{ type: 'tool' }`) and what the caller got, after
   * toolbridge's re-asks, holds none that meets it: the AI SDK threw `ToolChoiceViolationError`.
   */
  toolChoiceNotMet?: true;
  /** How many times toolbridge asked again in the call. */
  retries: number;
}

/** A call `auto` reads where the reply, read in its own format, has none. */
export interface AutoCall {
  toolName: string;
  /** The format `auto` read it in. */
  format?: string;
  /** Its input, as the `tool-call` part would carry it. */
  input: string;
  /** Where its markup lies in the reply's text (UTF-16 offsets, `end` excluded). */
  start: number;
  end: number;
}

/** One reply read: a raw output, or one request of a recorded call. */
export interface InspectedReply {
  /** `reply` for a raw output; `call N` (and `, retry M`) for a recording. */
  label: string;
  recording?: RecordingInfo;
  /** The format it was read in: the one asked for, else a recording's own (or `auto`). */
  format: string;
  text: string;
  segments: Segment[];
  calls: AnalyzedCall[];
  reports: AnalyzedReport[];
  /** Tool names guessed from the text (no tools were given, nor recorded). */
  guessedTools?: string[];
  /**
   * Read in a format other than `auto`: the calls `auto` would read where this reading has
   * none. Calls that did not happen, which another format would have made.
   */
  autoCalls?: AutoCall[];
}

/** How many of each thing the replies hold. */
export interface InspectSummary {
  replies: number;
  calls: number;
  /** Calls that will not run (unfinished or unreadable input). */
  rejectedCalls: number;
  reports: number;
  /** Report counts by reason. */
  reasons: Record<string, number>;
  /** Calls `auto` would read that the replies' own formats did not (see {@link InspectedReply.autoCalls}). */
  autoCalls: number;
  /** Recorded calls whose forced tool choice no call met (see {@link RecordingInfo.toolChoiceNotMet}). */
  toolChoiceNotMet: number;
}

/** What `toolbridge inspect --json` prints. */
export interface InspectResult {
  toolbridgeInspect: 1;
  input: 'text' | 'recording';
  /**
   * The format asked for: a built-in name or `auto`; `recorded` for a recording read, as by
   * default, in the format each call recorded (each reply says which).
   */
  format: string;
  replies: InspectedReply[];
  summary: InspectSummary;
}

/** The format a recording says it was read in, when this CLI knows it; else `auto`. */
function recordedFormatOf(recording: ModelCallRecording): string {
  const format = recording.format;
  return format !== undefined && formatNames().includes(format) ? format : 'auto';
}

/**
 * Reads every reply of the input; tools given override the tools a recording holds. Without a
 * format, raw text is read as `auto` and a recording in the format each call recorded (`auto`
 * where it names none), as the middleware read it; a reply read in a format other than `auto`
 * is read as `auto` too, to say which calls another format would have made.
 */
export function inspect(
  input: InspectInput,
  options: { format?: string; tools?: readonly ToolDefinition[] },
): InspectResult {
  const replies: InspectedReply[] = [];
  const read = (
    label: string,
    format: string,
    source: { text: string } | { chunks: string[] },
    tools?: readonly ToolDefinition[],
    startWithReasoning?: true | 'if-closed',
  ): InspectedReply => {
    const reading = (as: string): Analysis =>
      analyzeOutput({
        ...source,
        format: as,
        ...(tools === undefined ? {} : { tools }),
        ...(startWithReasoning === undefined ? {} : { startWithReasoning }),
      });
    const analysis = reading(format);
    const autoCalls = format === 'auto' ? [] : autoCallsBeside(analysis, reading('auto'));
    return {
      label,
      format,
      text: analysis.text,
      segments: analysis.segments,
      calls: analysis.calls,
      reports: analysis.reports,
      ...(analysis.guessedTools === undefined ? {} : { guessedTools: analysis.guessedTools }),
      ...(autoCalls.length === 0 ? {} : { autoCalls }),
    };
  };
  if (input.kind === 'text') {
    replies.push(read('reply', options.format ?? 'auto', { text: input.text }, options.tools));
  } else {
    input.recordings.forEach(({ line, recording }, index) => {
      const tools =
        options.tools ??
        (recording.tools.length === 0
          ? undefined
          : recording.tools.map((tool) => ({
              name: tool.name,
              ...(tool.description === undefined ? {} : { description: tool.description }),
              inputSchema: (tool.inputSchema ?? { type: 'object' }) as Record<string, unknown>,
            })));
      const notMet = toolChoiceNotMet(recording);
      const info: RecordingInfo = {
        line,
        mode: recording.mode,
        provider: recording.provider,
        modelId: recording.modelId,
        startedAt: recording.startedAt,
        durationMs: recording.durationMs,
        promptMessages: recording.prompt.length,
        ...(recording.usage === undefined ? {} : { usage: recording.usage }),
        ...(recording.finishReason === undefined ? {} : { finishReason: recording.finishReason }),
        ...(recording.error === undefined ? {} : { error: recording.error }),
        ...(recording.cancelled ? { cancelled: true as const } : {}),
        liveReports: recording.reports,
        ...(recording.format === undefined ? {} : { recordedFormat: recording.format }),
        ...(recording.toolChoice === undefined ? {} : { toolChoice: recording.toolChoice }),
        ...(notMet ? { toolChoiceNotMet: true as const } : {}),
        retries: recording.retries?.length ?? 0,
      };
      const format = options.format ?? recordedFormatOf(recording);
      const requests = [recording, ...(recording.retries ?? [])];
      requests.forEach((request, retry) => {
        const label = retry === 0 ? `call ${index + 1}` : `call ${index + 1}, retry ${retry}`;
        const chunks = request.chunks.map((chunk) => chunk.text);
        const reply = read(label, format, { chunks }, tools, recording.startWithReasoning);
        replies.push({ ...reply, ...(retry === 0 ? { recording: info } : {}) });
      });
    });
  }
  const reasons: Record<string, number> = {};
  for (const reply of replies) {
    for (const report of reply.reports) reasons[report.reason] = (reasons[report.reason] ?? 0) + 1;
  }
  const count = (of: (reply: InspectedReply) => number) =>
    replies.reduce((sum, reply) => sum + of(reply), 0);
  return {
    toolbridgeInspect: 1,
    input: input.kind,
    format: options.format ?? (input.kind === 'text' ? 'auto' : 'recorded'),
    replies,
    summary: {
      replies: replies.length,
      calls: count((reply) => reply.calls.length),
      rejectedCalls: count((reply) => reply.calls.filter((call) => call.rejected).length),
      reports: count((reply) => reply.reports.length),
      reasons,
      autoCalls: count((reply) => reply.autoCalls?.length ?? 0),
      toolChoiceNotMet: count((reply) => (reply.recording?.toolChoiceNotMet ? 1 : 0)),
    },
  };
}
