import type { LanguageModelV4FunctionTool, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import {
  autoProtocol,
  type ToolbridgeErrorReason,
  type ToolCallProtocol,
} from '@toolbridge/middleware';
import {
  ALL_CONTROL_TOKENS,
  ALL_REASONING_TAGS,
  builtInFormats,
} from '@toolbridge/middleware/formats';

/** A tool as `analyzeOutput` takes it: what the AI SDK hands a provider. */
export interface ToolDefinition {
  name: string;
  description?: string;
  /** The tool's input, as a JSON schema. */
  inputSchema: Record<string, unknown>;
}

/** What {@link analyzeOutput} reads. Give `text` (a whole reply) or `chunks` (a reply as it streamed). */
export interface AnalyzeInput {
  /** The reply, whole: read as toolbridge reads a generated reply. */
  text?: string;
  /** The reply as it streamed, piece by piece: pushed through the stream parser in that order. */
  chunks?: readonly string[];
  /** A name from `builtInFormats()`, or `auto` (every format at once, as `autoProtocol` reads). Default: `auto`. */
  format?: string;
  /**
   * The tools the model was given. Most formats read calls to known tools only; without tools,
   * the tools the text names are guessed from what a first read reports (see {@link Analysis.guessedTools}).
   */
  tools?: readonly ToolDefinition[];
  /** Reasoning tag pairs. Default: every pair a known model family writes (`<think>`, Harmony's channels…). */
  reasoningTags?: ReadonlyArray<readonly [open: string, close: string]>;
  /**
   * The reply starts inside a reasoning block its chat template opened; `'if-closed'`: only if a
   * closer or a call shows it. Default: false.
   */
  startWithReasoning?: boolean | 'if-closed';
}

/** Where a segment sits in {@link Analysis.text}: UTF-16 offsets, `start` included, `end` excluded. */
interface Span {
  start: number;
  end: number;
}

/** Prose the reply wrote, as text reached the user. */
export interface TextSegment extends Span {
  kind: 'text';
}

/** Reasoning, its tags included in the span. */
export interface ReasoningSegment extends Span {
  kind: 'reasoning';
}

/** Call markup, read as the call `calls[call]`. */
export interface CallSegment extends Span {
  kind: 'call';
  /** Index into {@link Analysis.calls}. */
  call: number;
}

/** Text a report is about that is not a call (malformed markup kept as text, a near miss…). */
export interface ReportSegment extends Span {
  kind: 'report';
  /** Index into {@link Analysis.reports}. */
  report: number;
}

/**
 * A piece of the reply. Segments are in order, do not overlap, and cover the whole text from 0
 * to its length (markup the parser drops, such as reasoning tags and a call's wrapper, counts
 * towards the reasoning or call next to it).
 */
export type Segment = TextSegment | ReasoningSegment | CallSegment | ReportSegment;

/** A tool call toolbridge read (or rejected). */
export interface AnalyzedCall extends Span {
  toolCallId: string;
  toolName: string;
  /** The input as the `tool-call` part carries it: JSON text (unfinished when the call was rejected). */
  input: string;
  /** `input` parsed, when it is JSON. */
  parsedInput?: unknown;
  /** The markup as the model wrote it (`providerMetadata.toolbridge.rawToolCallText`). */
  rawText: string;
  /** The format it was read in (with `auto`). */
  format?: string;
  /** What was repaired to read it (`providerMetadata.toolbridge.repairs`). */
  repairs?: string[];
  /** Why it cannot run (`providerMetadata.toolbridge.error`). */
  error?: string;
  /** The call will not run: its input was unfinished or unreadable. */
  rejected: boolean;
  /** Indexes into {@link Analysis.reports} of the reports about this call. */
  reports: number[];
}

/** One `onError` report: something in the reply could not be read as intended. */
export interface AnalyzedReport extends Span {
  reason: ToolbridgeErrorReason;
  message: string;
  /** The markup as the model wrote it. */
  rawText: string;
  toolName?: string;
  toolCallId?: string;
  /** The underlying error's message, if there was one. */
  error?: string;
  /** Index into {@link Analysis.calls} of the call it is about, if a call part went out for it. */
  call?: number;
  /** `true` when `rawText` was not found in the text (the span is then empty, where it was reported). */
  unplaced?: true;
}

/** What {@link analyzeOutput} found. Everything in it is plain JSON. */
export interface Analysis {
  /** The reply, whole (the chunks joined). */
  text: string;
  /** The format read: a built-in name, or `auto`. */
  format: string;
  segments: Segment[];
  /** The stream parts toolbridge emitted for the reply, in order (ids count up: `id-0`, `id-1`…). */
  parts: LanguageModelV4StreamPart[];
  calls: AnalyzedCall[];
  reports: AnalyzedReport[];
  /** Tool names guessed from the text when no tools were given (each read with an open schema). */
  guessedTools?: string[];
}

/** Every reasoning tag pair a known model family writes. */
export const KNOWN_REASONING_TAGS = ALL_REASONING_TAGS;

/** How a reply is read for an analysis: its reasoning tags and start, every family's control tokens. */
export function readingOptionsOf(input: AnalyzeInput) {
  return {
    reasoningTags: input.reasoningTags ?? KNOWN_REASONING_TAGS,
    controlTokens: ALL_CONTROL_TOKENS,
    ...(input.startWithReasoning === undefined
      ? {}
      : { startWithReasoning: input.startWithReasoning }),
  };
}

/** The names `format` takes: `auto` and every built-in format. */
export function formatNames(): string[] {
  return ['auto', ...Object.keys(builtInFormats())];
}

/** The protocol that reads `format`; throws for an unknown name. */
export function protocolFor(format: string): ToolCallProtocol {
  if (format === 'auto') return autoProtocol();
  const protocol = builtInFormats()[format];
  if (protocol === undefined) {
    throw new RangeError(`Unknown format "${format}"; choose one of ${formatNames().join(', ')}.`);
  }
  return protocol;
}

type Event =
  | { type: 'part'; part: LanguageModelV4StreamPart }
  | { type: 'report'; report: AnalyzedReport };

/** Reads the reply once: every part and report, in the order they came. */
function read(
  protocol: ToolCallProtocol,
  pieces: readonly string[],
  tools: readonly ToolDefinition[],
  input: AnalyzeInput,
): Event[] {
  const events: Event[] = [];
  let id = 0;
  const parser = protocol.createStreamParser(
    {
      tools: tools.map((tool) => ({ type: 'function', ...tool }) as LanguageModelV4FunctionTool),
      generateId: () => `id-${id++}`,
      ...readingOptionsOf(input),
      onError: (message, metadata) => {
        const error = metadata.error;
        events.push({
          type: 'report',
          report: {
            reason: metadata.reason,
            message,
            rawText: metadata.rawText,
            ...(metadata.toolName === undefined ? {} : { toolName: metadata.toolName }),
            ...(metadata.toolCallId === undefined ? {} : { toolCallId: metadata.toolCallId }),
            ...(error === undefined
              ? {}
              : { error: error instanceof Error ? error.message : String(error) }),
            start: 0,
            end: 0,
          },
        });
      },
    },
    (part) => events.push({ type: 'part', part }),
  );
  for (const piece of pieces) parser.push(piece);
  parser.finish();
  return events;
}

/** The tool names a read without tools reports as calls or near misses. */
function namedTools(events: readonly Event[]): string[] {
  const names = new Set<string>();
  for (const event of events) {
    if (event.type === 'report' && event.report.toolName !== undefined) {
      names.add(event.report.toolName);
    }
    if (event.type === 'part' && event.part.type === 'tool-call') names.add(event.part.toolName);
  }
  return [...names];
}

function toolbridgeMetadata(part: { providerMetadata?: unknown }): Record<string, unknown> {
  const metadata = (part.providerMetadata as Record<string, unknown> | undefined)?.['toolbridge'];
  return (metadata as Record<string, unknown> | undefined) ?? {};
}

function parseJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

/**
 * Reads a model's reply as toolbridge would, and says where everything in it is: the text,
 * the reasoning, each call (its format, tool, input and repairs), and every `onError` report
 * (malformed markup, rejected calls, near misses). What `toolbridge inspect` prints and the
 * inspector page highlights.
 */
export function analyzeOutput(input: AnalyzeInput): Analysis {
  const pieces = input.chunks ?? (input.text === undefined ? [] : [input.text]);
  const text = pieces.join('');
  const format = input.format ?? 'auto';
  const protocol = protocolFor(format);

  let tools = input.tools ?? [];
  let guessedTools: string[] | undefined;
  let events = read(protocol, pieces, tools, input);
  if (input.tools === undefined) {
    // Read once without tools to learn the names the text uses, then again with those tools.
    let guessed = namedTools(events);
    for (let round = 0; round < 3 && guessed.length > 0; round++) {
      tools = guessed.map((name) => ({ name, inputSchema: { type: 'object' } }));
      events = read(protocol, pieces, tools, input);
      const more = namedTools(events).filter((name) => !guessed.includes(name));
      if (more.length === 0) break;
      guessed = [...guessed, ...more];
    }
    guessedTools = guessed;
  }

  const parts: LanguageModelV4StreamPart[] = [];
  const calls: AnalyzedCall[] = [];
  const reports: AnalyzedReport[] = [];
  /** Base segments from the parts (reports carved out afterwards). */
  const segments: Segment[] = [];
  let cursor = 0;

  /**
   * Places `piece` at or after the cursor, as `segment`, or as more of the last segment when
   * `merge` and it is of the same kind. The gap before it is markup the parser dropped: a
   * reasoning closer or a call's closing wrapper belongs to what came before, an opener to what
   * comes next.
   */
  const place = (piece: string, segment: Segment, merge: boolean): void => {
    const found = piece.length === 0 ? -1 : text.indexOf(piece, cursor);
    const start = found === -1 ? cursor : found;
    const end = found === -1 ? cursor : found + piece.length;
    const last = segments.at(-1);
    segment.start = start;
    if (start > cursor) {
      if (last !== undefined && last.kind !== 'text' && last.end === cursor) last.end = start;
      else segment.start = cursor;
    }
    segment.end = end;
    cursor = end;
    if (merge && last !== undefined && last.kind === segment.kind) last.end = end;
    else segments.push(segment);
  };

  // Consecutive deltas are placed together: a longer piece is found in the text more surely.
  let pending: { kind: 'text' | 'reasoning'; text: string; fresh: boolean } | undefined;
  const flush = (): void => {
    if (pending === undefined) return;
    const { kind, text: piece, fresh } = pending;
    pending = undefined;
    place(piece, { kind, start: 0, end: 0 }, kind === 'text' || !fresh);
  };
  const reasoningOpen = new Set<string>();
  for (const event of events) {
    if (event.type === 'report') {
      reports.push(event.report);
      continue;
    }
    const { part } = event;
    parts.push(part);
    if (part.type === 'text-delta') {
      if (pending?.kind !== 'text') flush();
      pending ??= { kind: 'text', text: '', fresh: false };
      pending.text += part.delta;
    } else if (part.type === 'reasoning-start') {
      flush();
      reasoningOpen.add(part.id);
    } else if (part.type === 'reasoning-delta') {
      // A new block is a segment of its own, even right after another one.
      const fresh = reasoningOpen.delete(part.id);
      if (fresh || pending?.kind !== 'reasoning') flush();
      pending ??= { kind: 'reasoning', text: '', fresh };
      pending.text += part.delta;
    } else if (part.type === 'tool-call') {
      flush();
      const metadata = toolbridgeMetadata(part);
      const rawText =
        typeof metadata['rawToolCallText'] === 'string' ? metadata['rawToolCallText'] : '';
      const parsed = parseJson(part.input);
      const index = calls.length;
      const call: AnalyzedCall = {
        toolCallId: part.toolCallId,
        toolName: part.toolName,
        input: part.input,
        ...(parsed === undefined ? {} : { parsedInput: parsed.value }),
        rawText,
        ...(typeof metadata['format'] === 'string' ? { format: metadata['format'] } : {}),
        ...(Array.isArray(metadata['repairs']) ? { repairs: metadata['repairs'].map(String) } : {}),
        ...(metadata['error'] === undefined ? {} : { error: String(metadata['error']) }),
        rejected: metadata['rejected'] === true,
        reports: [],
        start: 0,
        end: 0,
      };
      calls.push(call);
      const segment: CallSegment = { kind: 'call', call: index, start: 0, end: 0 };
      place(rawText, segment, false);
      call.start = segment.start;
      call.end = segment.end;
    }
  }
  flush();
  // Whatever the parser dropped at the end (a closer) belongs to the last segment.
  const last = segments.at(-1);
  if (last !== undefined && cursor < text.length) {
    if (last.kind === 'text') segments.push({ kind: 'text', start: cursor, end: text.length });
    else last.end = text.length;
  } else if (last === undefined && text.length > 0) {
    segments.push({ kind: 'text', start: 0, end: text.length });
  }

  // Reports: those about a call point at it; the others are placed in the text, in order.
  let reportCursor = 0;
  reports.forEach((report, index) => {
    const call =
      report.toolCallId === undefined
        ? -1
        : calls.findIndex((candidate) => candidate.toolCallId === report.toolCallId);
    const target = calls[call];
    if (target !== undefined) {
      report.call = call;
      report.start = target.start;
      report.end = target.end;
      target.reports.push(index);
      return;
    }
    const found = report.rawText.length === 0 ? -1 : text.indexOf(report.rawText, reportCursor);
    if (found === -1) {
      report.start = reportCursor;
      report.end = reportCursor;
      report.unplaced = true;
      return;
    }
    report.start = found;
    report.end = found + report.rawText.length;
    reportCursor = report.end;
    carve(segments, report.start, report.end, index);
  });

  return {
    text,
    format,
    segments,
    parts,
    calls,
    reports,
    ...(guessedTools === undefined ? {} : { guessedTools }),
  };
}

/** Cuts a report's span out of the text segments it lies in (never out of a call or reasoning). */
function carve(segments: Segment[], start: number, end: number, report: number): void {
  const inside = segments.filter((segment) => segment.end > start && segment.start < end);
  const head = inside.at(0);
  const tail = inside.at(-1);
  if (
    head === undefined ||
    tail === undefined ||
    inside.some((segment) => segment.kind !== 'text')
  ) {
    return;
  }
  const first = segments.indexOf(head);
  const replaced: Segment[] = [];
  if (head.start < start) replaced.push({ kind: 'text', start: head.start, end: start });
  replaced.push({ kind: 'report', report, start, end });
  if (tail.end > end) replaced.push({ kind: 'text', start: end, end: tail.end });
  segments.splice(first, inside.length, ...replaced);
}
