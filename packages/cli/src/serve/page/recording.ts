import type { ModelCallRecording } from '@toolbridge/middleware';
import type { ToolDefinition } from '../../analyze.ts';
import { readInspectInput } from '../../inspect.ts';

/** One request to the model, as a recording holds it (the first, or a retry). */
type RecordedRequest = NonNullable<ModelCallRecording['retries']>[number];

/** One reply of a recording, ready to replay: its chunks, when each came, and the tools it was given. */
export interface Reply {
  /** Which call (and retry) of the recording it is. */
  label: string;
  /** The raw text chunks, in order. */
  chunks: string[];
  /** When each chunk arrived, in ms since the model call started (non-decreasing). */
  times: number[];
  /** The tools the call offered (none: guess them from the text). */
  tools: ToolDefinition[];
  /** The format the tool middleware read the call in, when the recording names one. */
  format?: string;
}

function replyOf(
  request: RecordedRequest,
  label: string,
  tools: ToolDefinition[],
  format: string | undefined,
): Reply {
  const chunks: string[] = [];
  const times: number[] = [];
  for (const chunk of request.chunks) {
    if (typeof chunk?.text !== 'string') continue;
    chunks.push(chunk.text);
    const time = typeof chunk.time === 'number' && Number.isFinite(chunk.time) ? chunk.time : 0;
    times.push(Math.max(time, times.at(-1) ?? 0));
  }
  return { label, chunks, times, tools, ...(format === undefined ? {} : { format }) };
}

function toolsOf(recording: ModelCallRecording): ToolDefinition[] {
  return (recording.tools ?? []).map((tool) => ({
    name: tool.name,
    ...(tool.description === undefined ? {} : { description: tool.description }),
    inputSchema:
      typeof tool.inputSchema === 'object' && tool.inputSchema !== null
        ? (tool.inputSchema as Record<string, unknown>)
        : { type: 'object' },
  }));
}

/**
 * Reads a file as `toolbridge inspect` does: a recording of `recordModelOutput` (JSON lines,
 * one model call a line) gives its replies, each call then each of its retries; anything else
 * is a model's output as plain text (undefined). A broken recording throws `InputError`.
 */
export function readRecording(content: string): Reply[] | undefined {
  const input = readInspectInput(content);
  if (input.kind === 'text') return undefined;
  return input.recordings.flatMap(({ recording }, index) => {
    const tools = toolsOf(recording);
    const { format } = recording;
    const name = `Call ${index + 1} · ${recording.mode} · ${recording.modelId}`;
    return [
      replyOf(recording, name, tools, format),
      ...(recording.retries ?? []).map((retry, attempt) =>
        replyOf(retry, `Call ${index + 1} · retry ${attempt + 1}`, tools, format),
      ),
    ];
  });
}
