import { hermesToolMiddleware } from '@toolbridge/middleware/formats';
import {
  hasToolCall,
  type LanguageModel,
  type ModelMessage,
  stepCountIs,
  streamText,
  type ToolApprovalResponse,
  wrapLanguageModel,
} from 'ai';
import { agentTools } from './agent-tools.ts';
import type { Workspace } from './workspace.ts';

/** Asks whether a write may happen; true to allow it. */
export type Approver = (request: { toolName: string; input: unknown }) => Promise<boolean>;

/** What the agent prints as it works. */
export type Log = (line: string) => void;

/** How a run ended. */
export interface FileAgentResult {
  /** The `attempt_completion` result, if the agent completed. */
  completion: string | undefined;
  toolCalls: number;
  toolErrors: number;
}

const MAX_ROUNDS = 10;

function summarize(value: unknown): string {
  const text = JSON.stringify(value) ?? '';
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
}

/**
 * Runs the file agent until it calls `attempt_completion` (or gives up): each round streams
 * the model, runs its tools in the workspace, asks for approval of writes, and feeds tool
 * failures back to the model so it can recover.
 */
export async function runFileAgent(options: {
  model: LanguageModel;
  workspace: Workspace;
  prompt: string;
  approve: Approver;
  log: Log;
  abortSignal?: AbortSignal;
}): Promise<FileAgentResult> {
  const { log } = options;
  const tools = agentTools(options.workspace);
  const messages: ModelMessage[] = [{ role: 'user', content: options.prompt }];
  const outcome: FileAgentResult = { completion: undefined, toolCalls: 0, toolErrors: 0 };

  for (let round = 0; round < MAX_ROUNDS && outcome.completion === undefined; round++) {
    const result = streamText({
      model: wrapLanguageModel({ model: options.model as never, middleware: hermesToolMiddleware }),
      system:
        'You are a careful coding assistant working in a sandboxed workspace. Use the tools, then call attempt_completion.',
      messages,
      tools,
      stopWhen: [hasToolCall('attempt_completion'), stepCountIs(12)],
      maxRetries: 0,
      onError: () => {},
      ...(options.abortSignal === undefined ? {} : { abortSignal: options.abortSignal }),
    });
    const approvals: ToolApprovalResponse[] = [];
    let text = '';
    const flushText = () => {
      if (text.trim() !== '') log(text.trim());
      text = '';
    };
    for await (const part of result.fullStream) {
      if (part.type !== 'text-delta') flushText();
      switch (part.type) {
        case 'text-delta':
          text += part.text;
          break;
        case 'tool-call':
          outcome.toolCalls++;
          log(`▸ ${part.toolName} ${summarize(part.input)}`);
          break;
        case 'tool-result':
          if (part.toolName === 'attempt_completion')
            outcome.completion = (part.output as { result: string }).result;
          else log(`  ✓ ${summarize(part.output)}`);
          break;
        case 'tool-error':
          outcome.toolErrors++;
          log(`  ✗ ${(part.error as Error)?.message ?? String(part.error)}`);
          break;
        case 'tool-approval-request': {
          const approved = await options.approve({
            toolName: part.toolCall.toolName,
            input: part.toolCall.input,
          });
          log(approved ? '  approved' : '  not approved');
          approvals.push({
            type: 'tool-approval-response',
            approvalId: part.approvalId,
            approved,
            ...(approved ? {} : { reason: 'The user did not approve this write.' }),
          });
          break;
        }
        case 'error':
          throw part.error;
      }
    }
    flushText();
    messages.push(...(await result.responseMessages));
    if (approvals.length === 0) break;
    messages.push({ role: 'tool', content: approvals });
  }
  return outcome;
}
