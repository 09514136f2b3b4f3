import type { LanguageModelV4GenerateResult } from '@ai-sdk/provider';
import type { ChatToolCall, ReasoningField, ToolbridgeReport } from './chat-completions.ts';
import { callMetadata, finishReasonOf, reasoningFieldOf, usageOf } from './reply-reading.ts';

/** Where a completion comes from: the request's model and what toolbridge reported on the reply. */
export interface CompletionContext {
  model: string;
  /** `parallel_tool_calls: false`: only the first call goes out. */
  singleCall: boolean;
  reports: ToolbridgeReport[];
  generateId: () => string;
}

function upstreamReasoningField(result: LanguageModelV4GenerateResult): ReasoningField {
  const body = result.response?.body as { choices?: Array<{ message?: unknown }> } | undefined;
  return reasoningFieldOf(body?.choices?.[0]?.message) ?? 'reasoning_content';
}

/**
 * A `chat.completion` object for a generate result: text and the raw text of rejected calls as
 * `content`, accepted calls as `tool_calls`, reasoning in the field the upstream used, usage,
 * and toolbridge's reports in the `toolbridge` extension field when there are any.
 */
export function toCompletion(
  result: LanguageModelV4GenerateResult,
  context: CompletionContext,
): Record<string, unknown> {
  let content = '';
  let reasoning = '';
  const toolCalls: ChatToolCall[] = [];
  for (const part of result.content) {
    if (part.type === 'text') content += part.text;
    else if (part.type === 'reasoning') reasoning += part.text;
    else if (part.type === 'tool-call') {
      const { rejected, rawToolCallText } = callMetadata(part.providerMetadata);
      if (rejected) {
        content += rawToolCallText ?? '';
      } else if (context.singleCall && toolCalls.length > 0) {
        context.reports.push({
          reason: 'parallel-tool-calls-off',
          message: `A second call (${part.toolName}) was dropped: the request set parallel_tool_calls to false.`,
          tool_name: part.toolName,
          ...(rawToolCallText === undefined ? {} : { raw_text: rawToolCallText }),
        });
      } else {
        toolCalls.push({
          id: part.toolCallId,
          type: 'function',
          function: { name: part.toolName, arguments: part.input },
        });
      }
    }
  }
  const usage = usageOf(result.usage);
  return {
    id: result.response?.id ?? `chatcmpl-${context.generateId()}`,
    object: 'chat.completion',
    created: Math.floor((result.response?.timestamp?.getTime() ?? Date.now()) / 1000),
    model: result.response?.modelId ?? context.model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: content === '' && toolCalls.length > 0 ? null : content,
          ...(reasoning === '' ? {} : { [upstreamReasoningField(result)]: reasoning }),
          ...(toolCalls.length === 0 ? {} : { tool_calls: toolCalls }),
        },
        finish_reason: finishReasonOf(result.finishReason, toolCalls.length > 0),
      },
    ],
    ...(usage === undefined ? {} : { usage }),
    ...(context.reports.length === 0 ? {} : { toolbridge: { reports: context.reports } }),
  };
}
