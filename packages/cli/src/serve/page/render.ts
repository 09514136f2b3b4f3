import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import type { Analysis, AnalyzedCall, AnalyzedReport } from '../../analyze.ts';
import { expectDefined } from '../../expect-defined.ts';
import { h } from './dom.ts';
import type { Timeline } from './timeline.ts';

/**
 * What the page shows of an analysis: all of it, or, during a replay, what had arrived after
 * `position` chunks (`visibleText` characters of the reply).
 */
export interface View {
  analysis: Analysis;
  /** How much of the reply has arrived. */
  visibleText: number;
  /** Which parts and reports have gone out. */
  partVisible: (index: number) => boolean;
  reportVisible: (index: number) => boolean;
  /** The replay is under way (not at its end). */
  streaming: boolean;
  /** How far each call had got, by tool call id. */
  calls: Map<string, CallProgress>;
}

/** How far a call had got: announced (`tool-input-start`), its input so far, and whether its `tool-call` went out. */
export interface CallProgress {
  started: boolean;
  input: string;
  done: boolean;
}

/** Reads the visible parts once: how far each call had got. */
function progressOf(
  analysis: Analysis,
  partVisible: (index: number) => boolean,
): Map<string, CallProgress> {
  const calls = new Map<string, CallProgress>();
  const of = (id: string) => {
    let progress = calls.get(id);
    if (progress === undefined) {
      progress = { started: false, input: '', done: false };
      calls.set(id, progress);
    }
    return progress;
  };
  analysis.parts.forEach((part, index) => {
    if (!partVisible(index)) return;
    if (part.type === 'tool-input-start') of(part.id).started = true;
    else if (part.type === 'tool-input-delta') of(part.id).input += part.delta;
    else if (part.type === 'tool-call') of(part.toolCallId).done = true;
  });
  return calls;
}

const NOT_STARTED: CallProgress = { started: false, input: '', done: false };

function progress(view: View, call: AnalyzedCall): CallProgress {
  return view.calls.get(call.toolCallId) ?? NOT_STARTED;
}

/** The whole analysis, as after the reply ended. */
export function wholeView(analysis: Analysis): View {
  const partVisible = () => true;
  return {
    analysis,
    visibleText: analysis.text.length,
    partVisible,
    reportVisible: () => true,
    streaming: false,
    calls: progressOf(analysis, partVisible),
  };
}

/** A replay's view after `position` of `chunks` were read. */
export function replayView(
  analysis: Analysis,
  chunks: readonly string[],
  timeline: Timeline,
  position: number,
): View {
  if (position >= chunks.length) return wholeView(analysis);
  let visibleText = 0;
  for (const [index, chunk] of chunks.entries()) {
    if (index >= position) break;
    visibleText += chunk.length;
  }
  const partVisible = (index: number) => (timeline.parts[index] ?? Infinity) < position;
  return {
    analysis,
    visibleText,
    partVisible,
    reportVisible: (index) => (timeline.reports[index] ?? Infinity) < position,
    streaming: true,
    calls: progressOf(analysis, partVisible),
  };
}

const REASON_LABELS: Record<string, string> = {
  'malformed-call': 'malformed call',
  'invalid-call': 'invalid call',
  'call-cut-off': 'call cut off',
  'too-many-calls': 'too many calls',
  'unrecognized-call': 'unrecognized call',
  'late-closer': 'closer after the call',
  'foreign-call': 'call for a built-in tool',
};

function callNumber(index: number): string {
  return `#${index + 1}`;
}

/**
 * The reply as the model wrote it, each segment in its colour: text, reasoning, call markup
 * (marked as repaired or rejected when it was), and text a report is about.
 */
export function renderRaw(view: View): DocumentFragment {
  const { analysis } = view;
  const fragment = document.createDocumentFragment();
  for (const segment of analysis.segments) {
    if (segment.start >= view.visibleText) break;
    const text = analysis.text.slice(segment.start, Math.min(segment.end, view.visibleText));
    if (segment.kind === 'text') {
      fragment.append(h('span', { class: 'seg text' }, text));
    } else if (segment.kind === 'reasoning') {
      fragment.append(h('span', { class: 'seg reasoning', title: 'reasoning' }, text));
    } else if (segment.kind === 'call') {
      const call = expectDefined(analysis.calls[segment.call], `call ${segment.call}`);
      const { done } = progress(view, call);
      const classes = ['seg', 'call'];
      if (done && call.repairs !== undefined && call.repairs.length > 0) classes.push('repaired');
      if (done && call.rejected) classes.push('rejected');
      if (!done) classes.push('pending');
      const title = [
        `call ${callNumber(segment.call)}: ${call.toolName}`,
        call.format === undefined ? '' : ` (${call.format})`,
        done && call.repairs?.length ? `\nrepaired: ${call.repairs.map(String).join('; ')}` : '',
        done && call.error !== undefined
          ? `\n${call.rejected ? 'rejected' : 'error'}: ${call.error}`
          : '',
      ].join('');
      fragment.append(
        h(
          'span',
          { class: classes.join(' '), 'data-call': segment.call, title },
          h('span', { class: 'badge', 'aria-hidden': 'true' }, callNumber(segment.call)),
          text,
        ),
      );
    } else {
      const report = expectDefined(analysis.reports[segment.report], `report ${segment.report}`);
      fragment.append(
        h(
          'span',
          {
            class: 'seg report',
            'data-report': segment.report,
            title: `${REASON_LABELS[report.reason] ?? report.reason}: ${report.message}`,
          },
          text,
        ),
      );
    }
  }
  if (view.streaming) fragment.append(h('span', { class: 'caret', 'aria-hidden': 'true' }));
  return fragment;
}

function chip(label: string, kind: string, title?: string): HTMLElement {
  return h('span', { class: `chip ${kind}`, title }, label);
}

function pretty(call: AnalyzedCall): string {
  return call.parsedInput === undefined ? call.input : JSON.stringify(call.parsedInput, null, 2);
}

function reportLine(report: AnalyzedReport, index: number): HTMLElement {
  return h(
    'li',
    { class: 'report-line', 'data-report': index },
    chip(REASON_LABELS[report.reason] ?? report.reason, 'report'),
    h(
      'span',
      { class: 'report-message' },
      report.message,
      report.error === undefined || report.error === report.message
        ? null
        : h('span', { class: 'report-error' }, report.error),
    ),
  );
}

/** One card per call: tool, format, whether it runs, its input (streaming in during a replay), repairs and reports. */
export function renderCalls(view: View): HTMLElement | null {
  const { analysis } = view;
  const cards: HTMLElement[] = [];
  analysis.calls.forEach((call, index) => {
    const { started, input, done } = progress(view, call);
    if (!started && !done) return;
    const status = !done
      ? chip('streaming', 'streaming')
      : call.rejected
        ? chip('will not run', 'rejected', call.error)
        : chip('runs', 'ok');
    const repairs = done ? (call.repairs ?? []) : [];
    const repaired = repairs.length > 0;
    cards.push(
      h(
        'article',
        {
          class: `call-card${done ? '' : ' pending'}${done && call.rejected ? ' rejected' : ''}`,
          'data-call': index,
        },
        h(
          'header',
          { class: 'call-head' },
          h('span', { class: 'call-number' }, callNumber(index)),
          h('span', { class: 'call-name' }, call.toolName),
          call.format === undefined ? null : chip(call.format, 'format', 'format read'),
          repaired ? chip('repaired', 'repaired') : null,
          status,
        ),
        h(
          'pre',
          { class: 'call-input' },
          done ? pretty(call) : input,
          done ? null : h('span', { class: 'caret', 'aria-hidden': 'true' }),
        ),
        repaired
          ? h('ul', { class: 'repairs' }, ...repairs.map((repair) => h('li', {}, String(repair))))
          : null,
        done && call.error !== undefined ? h('p', { class: 'call-error' }, call.error) : null,
        done && call.reports.length > 0
          ? h(
              'ul',
              { class: 'reports' },
              ...call.reports.map((report) =>
                reportLine(expectDefined(analysis.reports[report], `report ${report}`), report),
              ),
            )
          : null,
      ),
    );
  });
  if (cards.length === 0) return null;
  return h('section', { class: 'block' }, h('h3', {}, 'Tool calls'), ...cards);
}

/** Reports not about a call: malformed markup kept as text, near misses… */
export function renderReports(view: View): HTMLElement | null {
  const lines = view.analysis.reports.flatMap((report, index) =>
    report.call === undefined && view.reportVisible(index) ? [reportLine(report, index)] : [],
  );
  if (lines.length === 0) return null;
  return h(
    'section',
    { class: 'block' },
    h('h3', {}, 'Reported (onError)'),
    h('ul', { class: 'reports' }, ...lines),
  );
}

/** The part family, for its colour. */
function family(type: string): string {
  if (type.startsWith('text')) return 'text';
  if (type.startsWith('reasoning')) return 'reasoning';
  if (type.startsWith('tool')) return 'call';
  return 'other';
}

/** How many delta pieces a row shows before summing up the rest. */
const MAX_PIECES = 400;

/** A delta's text on one line: line breaks and tabs shown as marks, so a piece of whitespace is seen. */
function visibleWhitespace(text: string): Array<string | HTMLElement> {
  const out: Array<string | HTMLElement> = [];
  let plain = '';
  for (const char of text) {
    const mark = char === '\n' ? '↵' : char === '\t' ? '⇥' : char === '\r' ? '␍' : undefined;
    if (mark === undefined) {
      plain += char;
      continue;
    }
    if (plain !== '') out.push(plain);
    plain = '';
    out.push(h('span', { class: 'ws' }, mark));
  }
  if (plain !== '') out.push(plain);
  return out;
}

/** A row of deltas of one block: each delta a piece, so their boundaries show. */
function deltaRow(type: string, id: string, deltas: string[]): HTMLElement {
  const shown = deltas.slice(0, MAX_PIECES);
  return h(
    'li',
    { class: `part ${family(type)}` },
    h('span', { class: 'part-type' }, type),
    h('span', { class: 'part-id' }, id),
    h(
      'span',
      { class: 'part-detail pieces' },
      deltas.length > 1 ? h('span', { class: 'part-count' }, `×${deltas.length}`) : null,
      ...shown.map((delta) => h('span', { class: 'piece' }, ...visibleWhitespace(delta))),
      deltas.length > shown.length
        ? h('span', { class: 'part-more' }, `… ${deltas.length - shown.length} more`)
        : null,
    ),
  );
}

function partRow(part: LanguageModelV4StreamPart): HTMLElement {
  const id = 'id' in part ? String(part.id) : part.type === 'tool-call' ? part.toolCallId : '';
  let detail: HTMLElement | null = null;
  if (part.type === 'tool-input-start') {
    detail = h('span', { class: 'part-detail' }, h('b', {}, part.toolName));
  } else if (part.type === 'tool-call') {
    const metadata = (part.providerMetadata?.['toolbridge'] ?? {}) as Record<string, unknown>;
    detail = h(
      'span',
      { class: 'part-detail' },
      h('b', {}, part.toolName),
      ' ',
      h('code', {}, part.input),
      typeof metadata['format'] === 'string' ? chip(metadata['format'], 'format') : null,
      Array.isArray(metadata['repairs'])
        ? chip(`${metadata['repairs'].length} repaired`, 'repaired')
        : null,
      metadata['rejected'] === true ? chip('rejected', 'rejected') : null,
    );
  } else if (
    part.type !== 'text-start' &&
    part.type !== 'text-end' &&
    part.type !== 'reasoning-start' &&
    part.type !== 'reasoning-end' &&
    part.type !== 'tool-input-end'
  ) {
    detail = h('span', { class: 'part-detail' }, h('code', {}, JSON.stringify(part)));
  }
  return h(
    'li',
    { class: `part ${family(part.type)}` },
    h('span', { class: 'part-type' }, part.type),
    h('span', { class: 'part-id' }, id),
    detail,
  );
}

/** The stream parts, in order; consecutive deltas of one block share a row. */
export function renderParts(view: View): HTMLElement {
  const rows: HTMLElement[] = [];
  const parts = view.analysis.parts.filter((_, index) => view.partVisible(index));
  // The deltas of one block read so far, until a part of another block ends their row.
  let run: { type: string; id: string; deltas: string[] } | undefined;
  for (const part of parts) {
    const delta =
      part.type === 'text-delta' ||
      part.type === 'reasoning-delta' ||
      part.type === 'tool-input-delta'
        ? part
        : undefined;
    if (
      delta !== undefined &&
      run !== undefined &&
      delta.type === run.type &&
      delta.id === run.id
    ) {
      run.deltas.push(delta.delta);
      continue;
    }
    if (run !== undefined) rows.push(deltaRow(run.type, run.id, run.deltas));
    run = undefined;
    if (delta !== undefined) run = { type: delta.type, id: delta.id, deltas: [delta.delta] };
    else rows.push(partRow(part));
  }
  if (run !== undefined) rows.push(deltaRow(run.type, run.id, run.deltas));
  return h(
    'section',
    { class: 'block' },
    h('h3', {}, 'Stream parts'),
    rows.length === 0
      ? h('p', { class: 'empty' }, view.streaming ? 'Nothing has gone out yet.' : 'No parts.')
      : h('ol', { class: 'parts' }, ...rows),
  );
}

/** One line on what was read: the format, the calls, the reports (if any), the parts. */
export function summaryOf(view: View, format: string): string {
  const { analysis } = view;
  const done = analysis.calls.filter((call) => progress(view, call).done).length;
  const streaming = analysis.calls.filter((call) => {
    const { started, done } = progress(view, call);
    return started && !done;
  }).length;
  const reports = analysis.reports.filter((_, index) => view.reportVisible(index)).length;
  const parts = analysis.parts.filter((_, index) => view.partVisible(index)).length;
  const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
  const formats = [...new Set(analysis.calls.map((call) => call.format).filter(Boolean))];
  const read = format === 'auto' && formats.length > 0 ? `${formats.join(', ')} (auto)` : format;
  return [
    read,
    plural(done, 'call') + (streaming > 0 ? ` + ${streaming} streaming` : ''),
    reports > 0 ? plural(reports, 'report') : undefined,
    plural(parts, 'part'),
  ]
    .filter((item) => item !== undefined)
    .join(' · ');
}

/** What the right column says before there is anything to read. */
export function renderEmpty(): HTMLElement {
  return h(
    'section',
    { class: 'empty-state' },
    h('h3', {}, 'Nothing to read yet'),
    h(
      'p',
      {},
      'Paste what a model wrote, as it came from the server, before toolbridge read it. ',
      'Its text, reasoning and calls are marked on the left as you type; here is what the AI SDK receives: the tool calls and the stream parts.',
    ),
    h(
      'p',
      {},
      'Or pick a file given to ',
      h('code', {}, 'toolbridge inspect --serve'),
      ', or open one: a recording of ',
      h('code', {}, 'recordModelOutput'),
      ' replays as it streamed. Opened files are read in this page, never uploaded.',
    ),
  );
}
