import type { LanguageModelV4Content, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { parse as parseJson } from '@toolbridge/rjson';

/** The provider's own tool calling, passed through; see {@link nativeProtocol}. */
export interface NativeToolProtocol {
  readonly type: 'native';
  /** Gives a tool call's input as strict JSON text, repairing what `JSON.parse` rejects. */
  repairToolCall<T extends { input: string }>(toolCall: T): T;
}

function repairInput(input: string): string | undefined {
  if (input.trim() === '') return '{}';
  try {
    JSON.parse(input);
    return undefined;
  } catch {
    try {
      return JSON.stringify(parseJson(input));
    } catch {
      return undefined;
    }
  }
}

/**
 * Leaves tools to the provider and passes its native tool calls through, repairing argument
 * JSON that `JSON.parse` rejects (single quotes, trailing commas, Python literals…) with RJSON.
 * Input that cannot be repaired is passed on as it is, for the AI SDK to report.
 */
export function nativeProtocol(): NativeToolProtocol {
  return {
    type: 'native',
    repairToolCall(toolCall) {
      const repaired = repairInput(toolCall.input);
      return repaired === undefined ? toolCall : { ...toolCall, input: repaired };
    },
  };
}

/** Repairs every tool call of a generate result's content. */
export function repairContent(
  protocol: NativeToolProtocol,
  content: LanguageModelV4Content[],
): LanguageModelV4Content[] {
  return content.map((part) => (part.type === 'tool-call' ? protocol.repairToolCall(part) : part));
}

/** Repairs every tool call of a stream. */
export function repairStream(
  protocol: NativeToolProtocol,
  stream: ReadableStream<LanguageModelV4StreamPart>,
): ReadableStream<LanguageModelV4StreamPart> {
  return stream.pipeThrough(
    new TransformStream<LanguageModelV4StreamPart, LanguageModelV4StreamPart>({
      transform(part, controller) {
        controller.enqueue(part.type === 'tool-call' ? protocol.repairToolCall(part) : part);
      },
    }),
  );
}
