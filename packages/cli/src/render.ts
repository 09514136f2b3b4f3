import type { AnalyzedReport } from './analyze.ts';
import { expectDefined } from './expect-defined.ts';
import type { AutoCall, InspectedReply, InspectResult, RecordingInfo } from './inspect.ts';

/** A `util.styleText` format, or none when output is plain. */
export type Style = (format: StyleFormat | StyleFormat[], text: string) => string;
type StyleFormat = 'bold' | 'dim' | 'italic' | 'red' | 'green' | 'yellow' | 'cyan' | 'magenta';

/** Plain output: no styles. */
export const plain: Style = (_format, text) => text;

const NEAR_MISS = 'unrecognized-call';
const MAX_RAW = 400;

/** Text as lines under a gutter; the last line break is not a line of its own. */
function gutter(text: string, mark: string): string[] {
  const lines = text.replace(/\n$/, '').split('\n');
  return lines.map((line) => `${mark}${line}`);
}

/** Text under a label on its first line, its other lines indented as far. */
function labeled(label: string, text: string, style: Style): string[] {
  return text
    .split('\n')
    .map((line, index) =>
      index === 0 ? style('cyan', label) + line : ' '.repeat(label.length) + line,
    );
}

function shorten(text: string, max = MAX_RAW): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length - max} more characters)` : text;
}

function reportTitle(report: AnalyzedReport): string {
  return report.reason === NEAR_MISS ? `near miss (${report.reason})` : report.reason;
}

function renderReport(report: AnalyzedReport, style: Style, withRaw = true): string[] {
  const title =
    style(['yellow', 'bold'], `⚠ ${reportTitle(report)}: `) + style('yellow', report.message);
  if (!withRaw) return [title];
  return [
    title,
    ...gutter(shorten(report.rawText), style('dim', '  ┆ ')).map((line) => style('dim', line)),
  ];
}

/** What the tool choice forced, in words. */
function forcedCall(toolChoice: unknown): string {
  const choice = toolChoice as { type?: string; toolName?: string } | undefined;
  return choice?.type === 'tool' ? `a call of ${choice.toolName}` : 'a call';
}

function recordingHeader(info: RecordingInfo, format: string, style: Style): string[] {
  const usage = info.usage as
    | { inputTokens?: { total?: number }; outputTokens?: { total?: number } }
    | undefined;
  const tokens =
    usage?.inputTokens?.total === undefined && usage?.outputTokens?.total === undefined
      ? undefined
      : `${usage?.inputTokens?.total ?? '?'} in, ${usage?.outputTokens?.total ?? '?'} out`;
  const finish = (info.finishReason as { unified?: string } | undefined)?.unified;
  const facts = [
    info.mode,
    `${info.provider} ${info.modelId}`,
    info.startedAt,
    `${info.durationMs} ms`,
    `prompt: ${info.promptMessages} messages`,
    ...(tokens === undefined ? [] : [`tokens: ${tokens}`]),
    ...(finish === undefined ? [] : [`finish: ${finish}`]),
    `read as ${format}`,
    ...(info.recordedFormat === undefined || info.recordedFormat === format
      ? []
      : [`recorded as ${info.recordedFormat}`]),
  ];
  const lines = [style('dim', facts.join(' · '))];
  if (info.error !== undefined) {
    const error = info.error as { message?: string };
    lines.push(style('red', `✗ the call failed: ${error.message ?? JSON.stringify(info.error)}`));
  }
  if (info.cancelled) lines.push(style('yellow', '… the caller stopped reading before the end'));
  if (info.toolChoiceNotMet) {
    const after = info.retries === 0 ? '' : ` (after ${plural(info.retries, 're-ask')})`;
    lines.push(
      style(
        'red',
        `✗ the tool choice required ${forcedCall(info.toolChoice)}, and no reply made one${after}: the AI SDK raised AI_ToolChoiceViolationError`,
      ),
    );
  }
  return lines;
}

/** The calls `auto` would read at one place of the text, in a line. */
function renderAutoCalls(calls: readonly AutoCall[], style: Style): string {
  const byFormat = new Map<string, number>();
  for (const call of calls) {
    const name = call.format === undefined ? 'call' : `${call.format} call`;
    byFormat.set(name, (byFormat.get(name) ?? 0) + 1);
  }
  const counts = [...byFormat].map(([name, count]) => plural(count, name)).join(' and ');
  const what = calls.map((call) => `${call.toolName} ${shorten(call.input, 80)}`).join(', ');
  return style('cyan', `  ↳ auto would read ${counts} here: ${what}`);
}

/**
 * One reply: its segments in order, each call and report where it was written, and after the
 * segment it starts in, each call `auto` would read where this reading has none.
 */
function renderReply(reply: InspectedReply, style: Style): string[] {
  const { format } = reply;
  const lines: string[] = [];
  const title = `── ${reply.label} `;
  lines.push(style('bold', `${title}${'─'.repeat(Math.max(3, 60 - title.length))}`));
  if (reply.recording !== undefined) lines.push(...recordingHeader(reply.recording, format, style));
  let autoCalls = reply.autoCalls ?? [];
  if (reply.guessedTools !== undefined) {
    lines.push(
      style(
        'dim',
        reply.guessedTools.length === 0
          ? 'No tools given (--tools): calls are read only where the text names a tool in a known shape.'
          : `No tools given (--tools): read as calls to ${reply.guessedTools.join(', ')}, with any input.`,
      ),
    );
  }
  if (reply.text === '') lines.push(style('dim', '(no text)'));
  for (const segment of reply.segments) {
    const raw = reply.text.slice(segment.start, segment.end);
    switch (segment.kind) {
      case 'text':
        if (raw.trim() === '') break;
        lines.push(...gutter(trimNewlines(raw), style('dim', '│ ')));
        break;
      case 'reasoning':
        lines.push(style(['magenta', 'bold'], '◇ reasoning'));
        lines.push(...gutter(raw, style('magenta', '┊ ')).map((line) => style('dim', line)));
        break;
      case 'call': {
        const call = expectDefined(reply.calls[segment.call], `call ${segment.call}`);
        const read = call.format === undefined || format !== 'auto' ? '' : ` (${call.format})`;
        const head = call.rejected
          ? style(
              ['red', 'bold'],
              `✗ call ${segment.call + 1}: ${call.toolName}${read} — will not run`,
            )
          : style(['cyan', 'bold'], `▶ call ${segment.call + 1}: ${call.toolName}${read}`);
        lines.push(head);
        const input =
          call.parsedInput === undefined ? call.input : JSON.stringify(call.parsedInput, null, 2);
        lines.push(...labeled('  input ', input, style));
        for (const repair of call.repairs ?? [])
          lines.push(style('green', `  repaired: ${repair}`));
        if (call.error !== undefined && call.reports.length === 0) {
          lines.push(style('red', `  error: ${call.error}`));
        }
        lines.push(...gutter(shorten(raw), '  ┆ ').map((line) => style('dim', line)));
        // The call's markup is above: its reports need only say what went wrong.
        for (const index of call.reports) {
          lines.push(
            ...renderReport(expectDefined(reply.reports[index], `report ${index}`), style, false),
          );
        }
        break;
      }
      case 'report':
        lines.push(
          ...renderReport(
            expectDefined(reply.reports[segment.report], `report ${segment.report}`),
            style,
          ),
        );
        break;
    }
    const here = autoCalls.filter((call) => call.start < segment.end);
    if (here.length > 0) {
      lines.push(renderAutoCalls(here, style));
      autoCalls = autoCalls.filter((call) => !here.includes(call));
    }
  }
  if (autoCalls.length > 0) lines.push(renderAutoCalls(autoCalls, style));
  // Reports whose markup was not found in the text, and those the segments did not show.
  const shown = new Set<number>();
  for (const segment of reply.segments) if (segment.kind === 'report') shown.add(segment.report);
  reply.reports.forEach((report, index) => {
    if (report.call === undefined && !shown.has(index)) lines.push(...renderReport(report, style));
  });
  const live = reply.recording?.liveReports.length;
  if (live !== undefined && live !== reply.reports.length) {
    lines.push(
      style(
        'dim',
        `(toolbridge reported ${live} while the call ran; read again as ${format}: ${reply.reports.length})`,
      ),
    );
  }
  return lines;
}

function plural(count: number, word: string): string {
  if (count === 1) return `${count} ${word}`;
  return `${count} ${word.endsWith('y') ? `${word.slice(0, -1)}ies` : `${word}s`}`;
}

/** The summary line. */
function renderSummary(result: InspectResult, style: Style): string {
  const { summary } = result;
  const reasons = Object.entries(summary.reasons)
    .map(([reason, count]) => `${count} ${reason}`)
    .join(', ');
  const parts = [
    ...(result.input === 'recording' ? [plural(summary.replies, 'reply')] : []),
    plural(summary.calls, 'call'),
    ...(summary.rejectedCalls > 0 ? [`${summary.rejectedCalls} rejected`] : []),
    summary.reports === 0 ? 'no reports' : `${plural(summary.reports, 'report')} (${reasons})`,
    ...(summary.toolChoiceNotMet > 0
      ? [
          `${summary.toolChoiceNotMet} tool choice${summary.toolChoiceNotMet === 1 ? '' : 's'} not met`,
        ]
      : []),
    ...(summary.autoCalls > 0 ? [`auto would read ${plural(summary.autoCalls, 'more call')}`] : []),
  ];
  const formats = [...new Set(result.replies.map((reply) => reply.format))].join(', ');
  const read = result.format === 'recorded' ? `recorded (${formats})` : result.format;
  const line = `${parts.join(' · ')} — read as ${read}`;
  return summary.reports > 0 || summary.rejectedCalls > 0 || summary.toolChoiceNotMet > 0
    ? style('yellow', line)
    : style('green', line);
}

/** The annotated output of `toolbridge inspect`. */
export function renderInspection(result: InspectResult, style: Style): string {
  const lines = result.replies.flatMap((reply) => [...renderReply(reply, style), '']);
  lines.push(renderSummary(result, style));
  return `${lines.join('\n')}\n`;
}

/** The text without the line breaks at its ends (a loop: a regex for both ends is not linear). */
function trimNewlines(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text[start] === '\n') start++;
  while (end > start && text[end - 1] === '\n') end--;
  return text.slice(start, end);
}
