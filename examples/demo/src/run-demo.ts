import type { LanguageModelV4Middleware } from '@ai-sdk/provider';
import {
  autoToolMiddleware,
  createToolMiddleware,
  nativeProtocol,
  recordModelOutput,
  type ToolbridgeCallOptions,
  toolbridgeOptions,
  toolMiddlewareFor,
} from '@toolbridge/middleware';
import {
  gemmaToolMiddleware,
  hermesToolMiddleware,
  toolCallTagMiddleware,
  xmlToolMiddleware,
} from '@toolbridge/middleware/formats';
import {
  JSONParseError,
  type LanguageModel,
  stepCountIs,
  streamText,
  TypeValidationError,
  wrapLanguageModel,
} from 'ai';
import type { Workspace } from 'file-agent';
import { type ModelTimeoutError, StreamCutError } from './demo-errors.ts';
import type { DemoProtocol } from './demo-script.ts';
import { demoTools } from './demo-tools.ts';
import type { Terminal } from './terminal.ts';
import { Transcript } from './transcript.ts';
import { Watchdog } from './watchdog.ts';

const middlewares: Record<Exclude<DemoProtocol, 'model-id'>, LanguageModelV4Middleware> = {
  hermes: hermesToolMiddleware,
  gemma: gemmaToolMiddleware,
  xml: xmlToolMiddleware,
  'tool-call-tag': toolCallTagMiddleware,
  native: createToolMiddleware({ protocol: nativeProtocol() }),
  auto: autoToolMiddleware,
};

/**
 * The middleware for a protocol; for `model-id`, the one `toolMiddlewareFor` picks by the
 * model's id, with its warning for an id the table does not know shown as a line of the run.
 */
function middlewareFor(
  protocol: DemoProtocol,
  model: LanguageModel,
  transcript: Transcript,
  terminal: Terminal,
): LanguageModelV4Middleware {
  if (protocol !== 'model-id') return middlewares[protocol];
  return toolMiddlewareFor(typeof model === 'string' ? model : model.modelId, {
    onUnknownModel: ({ modelId, fallback }) =>
      transcript.line(
        terminal.style(
          'yellow',
          `⚠ no row of the model table matches "${modelId}": prompting in the ${fallback} format, reading every format back`,
        ),
      ),
  });
}

/** What a run did, for the summary line. */
export interface DemoSummary {
  steps: number;
  toolCalls: number;
  inputTokens: number | undefined;
  outputTokens: number | undefined;
}

/** Options of {@link runDemo}. */
export interface RunDemoOptions {
  model: LanguageModel;
  protocol: DemoProtocol;
  prompt: string;
  sandbox: Workspace;
  terminal: Terminal;
  abortSignal?: AbortSignal;
  now?: () => Date;
  /** Give up after this long without output from the model. Default: 60. */
  timeoutSeconds?: number;
  /** Say that the model is being waited for once it has been silent this long. Default: 1000. */
  waitNoticeMs?: number;
  /** Append each model call to this file, as JSON lines for `toolbridge inspect`. Default: no recording. */
  recordFile?: string;
}

/** Something toolbridge could not read as the model meant it, told through `onError`. */
interface Report {
  reason: string;
  message: string;
  rawText: string;
  toolCallId: string | undefined;
}

const MAX_SHOWN = 160;
const MAX_EXCERPT = 60;

function shorten(text: string, max = MAX_SHOWN): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

/** A line the server sent that is not a chat-completion chunk: the AI SDK reports it and reads on. */
function unreadableEvent(error: unknown): string | undefined {
  if (JSONParseError.isInstance(error)) return error.text;
  if (TypeValidationError.isInstance(error)) return JSON.stringify(error.value);
  return undefined;
}

/**
 * Runs the agent once: streams the model's text and reasoning, each tool call's input as it
 * fills in, each tool's result, and what toolbridge could not read; returns what happened.
 * Throws the first error the stream reports, {@link ModelTimeoutError} after `timeoutSeconds`
 * without output, and {@link StreamCutError} when the server ends a reply unfinished.
 */
export async function runDemo(options: RunDemoOptions): Promise<DemoSummary> {
  const { terminal } = options;
  const transcript = new Transcript(terminal);
  const summary: DemoSummary = {
    steps: 0,
    toolCalls: 0,
    inputTokens: undefined,
    outputTokens: undefined,
  };

  const reports: Report[] = [];
  const toolbridge: ToolbridgeCallOptions = {
    onError: (message, { reason, rawText, toolCallId }) =>
      reports.push({ reason, message, rawText, toolCallId }),
  };
  const showReport = (report: Report) =>
    transcript.line(
      terminal.style('yellow', `⚠ ${report.reason}: ${report.message}`) +
        terminal.style('dim', ` — ${shorten(report.rawText, MAX_EXCERPT)}`),
    );
  /** Shows, in order, the reports that match, and forgets them. */
  const showReports = (matches: (report: Report) => boolean) => {
    for (const report of reports.filter(matches)) {
      reports.splice(reports.indexOf(report), 1);
      showReport(report);
    }
  };

  const watchdog = new Watchdog(transcript, {
    live: terminal.live,
    timeoutSeconds: options.timeoutSeconds ?? 60,
    noticeAfterMs: options.waitNoticeMs ?? 1000,
  });
  const abortSignal =
    options.abortSignal === undefined
      ? watchdog.signal
      : AbortSignal.any([options.abortSignal, watchdog.signal]);

  const middleware = middlewareFor(options.protocol, options.model, transcript, terminal);
  const result = streamText({
    model: wrapLanguageModel({
      model: options.model as never,
      // The recorder wraps the tool middleware: it sees the prompt toolbridge wrote and the
      // model's raw text, as well as what toolbridge read of it. Without a file it is the
      // tool middleware alone.
      middleware: recordModelOutput({
        file: options.recordFile,
        middleware,
      }),
    }),
    system: 'You are a helpful assistant. Use the tools when they help, then answer briefly.',
    prompt: options.prompt,
    tools: demoTools(options.sandbox, options.now),
    stopWhen: stepCountIs(6),
    maxRetries: 0,
    providerOptions: toolbridgeOptions(toolbridge),
    // The error part below reports failures; the default handler would also print a stack.
    onError: () => {},
    abortSignal,
  });

  const streamedInputs = new Set<string>();
  const unreadable: string[] = [];
  let cutOff = false;
  try {
    for await (const part of result.fullStream) {
      if (part.type === 'finish-step') watchdog.replyEnded();
      else watchdog.heard(part.type !== 'start' && part.type !== 'start-step');

      switch (part.type) {
        case 'text-delta': {
          // Markup toolbridge could not read comes back as text right after its report: show the report instead.
          const report = reports.find(
            (candidate) => candidate.toolCallId === undefined && candidate.rawText === part.text,
          );
          if (report === undefined) transcript.text(part.text);
          else showReports((candidate) => candidate === report);
          break;
        }
        case 'reasoning-delta':
          transcript.reasoning(part.text);
          break;
        case 'reasoning-end':
          transcript.endReasoning();
          break;
        case 'tool-input-start':
          streamedInputs.add(part.id);
          transcript.startLine(terminal.style('cyan', `▸ ${part.toolName} `));
          break;
        case 'tool-input-delta':
          transcript.append(terminal.style('dim', part.delta));
          break;
        case 'tool-call':
          summary.toolCalls++;
          if (!streamedInputs.has(part.toolCallId)) {
            transcript.startLine(
              terminal.style('cyan', `▸ ${part.toolName} `) +
                terminal.style('dim', JSON.stringify(part.input)),
            );
          }
          transcript.endLine();
          showReports((report) => report.toolCallId === part.toolCallId);
          break;
        case 'tool-result':
          transcript.line(
            `${terminal.style('green', `  ✓ ${part.toolName} →`)} ${shorten(JSON.stringify(part.output))}`,
          );
          break;
        case 'tool-error':
          transcript.line(
            `${terminal.style('red', `  ✗ ${part.toolName}:`)} ${shorten(String((part.error as Error)?.message ?? part.error))}`,
          );
          break;
        case 'finish-step':
          summary.steps++;
          showReports(() => true);
          // The server closed the stream without a finish reason: the reply may be cut short.
          if (part.finishReason === 'interrupted') cutOff = true;
          break;
        case 'finish':
          summary.inputTokens = part.totalUsage.inputTokens;
          summary.outputTokens = part.totalUsage.outputTokens;
          break;
        case 'error': {
          const event = unreadableEvent(part.error);
          if (event === undefined) throw watchdog.explain(part.error);
          unreadable.push(event);
          break;
        }
        case 'abort':
          throw watchdog.explain(new DOMException('The run was interrupted.', 'AbortError'));
      }
    }
  } catch (error) {
    throw watchdog.explain(error);
  } finally {
    watchdog.stop();
    transcript.endLine();
    showReports(() => true);
    const [firstUnreadable] = unreadable;
    if (firstUnreadable !== undefined) {
      const count = unreadable.length === 1 ? 'one line' : `${unreadable.length} lines`;
      transcript.line(
        terminal.style(
          'yellow',
          `⚠ the server sent ${count} that ${unreadable.length === 1 ? 'is' : 'are'} not a chat-completion chunk; skipped`,
        ) + terminal.style('dim', ` — first: ${shorten(firstUnreadable, MAX_EXCERPT)}`),
      );
    }
  }
  if (cutOff) throw new StreamCutError();
  return summary;
}
