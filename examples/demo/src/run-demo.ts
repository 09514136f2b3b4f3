import type { LanguageModelV4Middleware } from '@ai-sdk/provider';
import {
  createToolMiddleware,
  gemmaToolMiddleware,
  hermesToolMiddleware,
  nativeProtocol,
  toolCallTagMiddleware,
  xmlToolMiddleware,
} from '@toolbridge/middleware';
import { type LanguageModel, stepCountIs, streamText, wrapLanguageModel } from 'ai';
import type { Workspace } from 'file-agent';
import type { DemoProtocol } from './demo-script.ts';
import { demoTools } from './demo-tools.ts';
import type { Terminal } from './terminal.ts';

const middlewares: Record<DemoProtocol, LanguageModelV4Middleware> = {
  hermes: hermesToolMiddleware,
  gemma: gemmaToolMiddleware,
  xml: xmlToolMiddleware,
  'tool-call-tag': toolCallTagMiddleware,
  native: createToolMiddleware({ protocol: nativeProtocol() }),
};

/** What a run did, for the summary line. */
export interface DemoSummary {
  steps: number;
  toolCalls: number;
  inputTokens: number | undefined;
  outputTokens: number | undefined;
}

const MAX_SHOWN = 160;

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > MAX_SHOWN ? `${flat.slice(0, MAX_SHOWN)}…` : flat;
}

/**
 * Runs the agent once: streams the model's text, each tool call's input as it fills in, each
 * tool's result, and returns what happened. Throws the first error the stream reports.
 */
export async function runDemo(options: {
  model: LanguageModel;
  protocol: DemoProtocol;
  prompt: string;
  sandbox: Workspace;
  terminal: Terminal;
  abortSignal?: AbortSignal;
  now?: () => Date;
}): Promise<DemoSummary> {
  const { terminal } = options;
  const summary: DemoSummary = {
    steps: 0,
    toolCalls: 0,
    inputTokens: undefined,
    outputTokens: undefined,
  };
  const result = streamText({
    model: wrapLanguageModel({
      model: options.model as never,
      middleware: middlewares[options.protocol],
    }),
    system: 'You are a helpful assistant. Use the tools when they help, then answer briefly.',
    prompt: options.prompt,
    tools: demoTools(options.sandbox, options.now),
    stopWhen: stepCountIs(6),
    maxRetries: 0,
    // The error part below reports failures; the default handler would also print a stack.
    onError: () => {},
    ...(options.abortSignal === undefined ? {} : { abortSignal: options.abortSignal }),
  });
  const streamedInputs = new Set<string>();
  let atLineStart = true;
  const write = (text: string) => {
    if (text.length === 0) return;
    terminal.write(text);
    atLineStart = text.endsWith('\n');
  };
  const newline = () => {
    if (!atLineStart) write('\n');
  };

  for await (const part of result.fullStream) {
    switch (part.type) {
      case 'text-delta':
        write(part.text);
        break;
      case 'reasoning-delta':
        write(terminal.style('dim', part.text));
        break;
      case 'tool-input-start':
        streamedInputs.add(part.id);
        newline();
        write(terminal.style('cyan', `▸ ${part.toolName} `));
        break;
      case 'tool-input-delta':
        write(terminal.style('dim', part.delta));
        break;
      case 'tool-call':
        summary.toolCalls++;
        if (!streamedInputs.has(part.toolCallId)) {
          newline();
          write(
            terminal.style('cyan', `▸ ${part.toolName} `) +
              terminal.style('dim', JSON.stringify(part.input)),
          );
        }
        write('\n');
        break;
      case 'tool-result':
        newline();
        write(
          `${terminal.style('green', `  ✓ ${part.toolName} →`)} ${shorten(JSON.stringify(part.output))}\n`,
        );
        break;
      case 'tool-error':
        newline();
        write(
          `${terminal.style('red', `  ✗ ${part.toolName}:`)} ${shorten(String((part.error as Error)?.message ?? part.error))}\n`,
        );
        break;
      case 'finish-step':
        summary.steps++;
        break;
      case 'finish':
        summary.inputTokens = part.totalUsage.inputTokens;
        summary.outputTokens = part.totalUsage.outputTokens;
        break;
      case 'error':
        newline();
        throw part.error;
      case 'abort':
        newline();
        throw new DOMException('The run was interrupted.', 'AbortError');
    }
  }
  newline();
  return summary;
}
