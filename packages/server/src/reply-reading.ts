import type { LanguageModelV4FinishReason, LanguageModelV4Usage } from '@ai-sdk/provider';
import type { ChatFinishReason, ChatUsage, ReasoningField } from './chat-completions.ts';

/** What toolbridge wrote on a call in its provider metadata. */
export interface CallMetadata {
  rawToolCallText?: string;
  rejected?: boolean;
}

export function callMetadata(providerMetadata: unknown): CallMetadata {
  const toolbridge = (providerMetadata as { toolbridge?: CallMetadata } | undefined)?.toolbridge;
  return toolbridge ?? {};
}

/** The OpenAI finish reason of a reply, given whether a call went out as a tool call. */
export function finishReasonOf(
  finishReason: LanguageModelV4FinishReason,
  sentCalls: boolean,
): ChatFinishReason {
  if (finishReason.unified === 'length') return 'length';
  if (finishReason.unified === 'content-filter') return 'content_filter';
  return sentCalls ? 'tool_calls' : 'stop';
}

/**
 * The usage to send: the upstream's own object (with its `*_details`) when it sent one, with
 * the totals of the step, which count every request toolbridge made for it.
 */
export function usageOf(usage: LanguageModelV4Usage): ChatUsage | undefined {
  const prompt = usage.inputTokens.total;
  const completion = usage.outputTokens.total;
  const raw = typeof usage.raw === 'object' && usage.raw !== null ? usage.raw : {};
  if (prompt === undefined && completion === undefined && Object.keys(raw).length === 0) {
    return undefined;
  }
  return {
    ...raw,
    ...(prompt === undefined ? {} : { prompt_tokens: prompt }),
    ...(completion === undefined ? {} : { completion_tokens: completion }),
    ...(prompt === undefined && completion === undefined
      ? {}
      : { total_tokens: (prompt ?? 0) + (completion ?? 0) }),
  };
}

/** The field an upstream message or delta carries reasoning in, if any. */
export function reasoningFieldOf(message: unknown): ReasoningField | undefined {
  if (typeof message !== 'object' || message === null) return undefined;
  const { reasoning_content, reasoning } = message as Record<string, unknown>;
  if (typeof reasoning_content === 'string') return 'reasoning_content';
  if (typeof reasoning === 'string') return 'reasoning';
  return undefined;
}
