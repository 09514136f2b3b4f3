import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import type { ChatUsage, ReasoningField } from './chat-completions.ts';
import { toOpenAIError } from './openai-error.ts';
import { callMetadata, finishReasonOf, reasoningFieldOf, usageOf } from './reply-reading.ts';
import type { CompletionContext } from './to-completion.ts';

/** Options of {@link toChunks}: a completion's context, and whether the client asked for usage. */
export interface ChunksContext extends CompletionContext {
  includeUsage: boolean;
}

/** One server-sent event line. */
function event(data: unknown): string {
  return `data: ${JSON.stringify(data)}\n\n`;
}

/**
 * Turns the parts of a streamed reply into `chat.completion.chunk` server-sent events, as the
 * OpenAI API streams them: text as `delta.content`, reasoning in the field the upstream used,
 * each call as `delta.tool_calls[i]` whose `function.arguments` grows as the model writes it,
 * a last chunk with the finish reason (and the `toolbridge` extension field when something was
 * reported), usage when the client asked for it, and `[DONE]`. An error part ends the stream
 * with an OpenAI error event.
 *
 * A call is streamed as it is read. If toolbridge then rejects it (cut off, unreadable), its
 * arguments stay as they went out, never valid JSON, and its raw text follows as content.
 */
export function toChunks(
  context: ChunksContext,
): TransformStream<LanguageModelV4StreamPart, string> {
  let id = `chatcmpl-${context.generateId()}`;
  let created = Math.floor(Date.now() / 1000);
  let model = context.model;
  let reasoningField: ReasoningField | undefined;
  /** The index of each call sent, by its id. */
  const callIndex = new Map<string, number>();
  /** Calls not sent: the second and later ones under `parallel_tool_calls: false`. */
  const held = new Set<string>();
  let acceptedCalls = 0;
  let started = false;
  let ended = false;

  const chunk = (delta: Record<string, unknown>, finishReason: string | null = null, extra = {}) =>
    event({
      id,
      object: 'chat.completion.chunk',
      created,
      model,
      choices: [{ index: 0, delta, finish_reason: finishReason }],
      ...extra,
    });

  return new TransformStream({
    transform(part, controller) {
      if (ended) return;
      const start = () => {
        if (started) return;
        started = true;
        controller.enqueue(chunk({ role: 'assistant', content: '' }));
      };
      const send = (delta: Record<string, unknown>) => {
        start();
        controller.enqueue(chunk(delta));
      };
      switch (part.type) {
        case 'response-metadata':
          if (part.id !== undefined) id = part.id;
          if (part.modelId !== undefined) model = part.modelId;
          if (part.timestamp !== undefined) created = Math.floor(part.timestamp.getTime() / 1000);
          return;
        case 'raw':
          reasoningField ??= reasoningFieldOf(
            (part.rawValue as { choices?: Array<{ delta?: unknown }> })?.choices?.[0]?.delta,
          );
          return;
        case 'text-delta':
          if (part.delta !== '') send({ content: part.delta });
          return;
        case 'reasoning-delta':
          if (part.delta !== '') send({ [reasoningField ?? 'reasoning_content']: part.delta });
          return;
        case 'tool-input-start': {
          if (context.singleCall && callIndex.size > 0) {
            held.add(part.id);
            return;
          }
          const index = callIndex.size;
          callIndex.set(part.id, index);
          send({
            tool_calls: [
              {
                index,
                id: part.id,
                type: 'function',
                function: { name: part.toolName, arguments: '' },
              },
            ],
          });
          return;
        }
        case 'tool-input-delta': {
          const index = callIndex.get(part.id);
          if (index !== undefined && part.delta !== '') {
            send({ tool_calls: [{ index, function: { arguments: part.delta } }] });
          }
          return;
        }
        case 'tool-call': {
          const { rejected, rawToolCallText } = callMetadata(part.providerMetadata);
          if (rejected) {
            if (rawToolCallText) send({ content: rawToolCallText });
            return;
          }
          if (held.has(part.toolCallId) || (context.singleCall && acceptedCalls > 0)) {
            context.reports.push({
              reason: 'parallel-tool-calls-off',
              message: `A second call (${part.toolName}) was dropped: the request set parallel_tool_calls to false.`,
              tool_name: part.toolName,
              ...(rawToolCallText === undefined ? {} : { raw_text: rawToolCallText }),
            });
            return;
          }
          acceptedCalls++;
          if (!callIndex.has(part.toolCallId)) {
            const index = callIndex.size;
            callIndex.set(part.toolCallId, index);
            send({
              tool_calls: [
                {
                  index,
                  id: part.toolCallId,
                  type: 'function',
                  function: { name: part.toolName, arguments: part.input },
                },
              ],
            });
          }
          return;
        }
        case 'error': {
          ended = true;
          controller.enqueue(event(toOpenAIError(part.error).body));
          controller.terminate();
          return;
        }
        case 'finish': {
          ended = true;
          start();
          const finishReason = finishReasonOf(part.finishReason, acceptedCalls > 0);
          const reports =
            context.reports.length === 0 ? {} : { toolbridge: { reports: context.reports } };
          controller.enqueue(chunk({}, finishReason, reports));
          const usage: ChatUsage | undefined = usageOf(part.usage);
          if (context.includeUsage && usage !== undefined) {
            controller.enqueue(
              event({ id, object: 'chat.completion.chunk', created, model, choices: [], usage }),
            );
          }
          controller.enqueue('data: [DONE]\n\n');
          return;
        }
        default:
          return;
      }
    },
  });
}
