import type { ModelCallRecording } from '@toolbridge/middleware';
import { describe, expect, it } from 'vitest';
import { inspect } from './inspect.ts';

/** A recording of one streamed reply, as recordModelOutput writes it. */
function recordingOf(
  chunks: string[],
  extra: Partial<ModelCallRecording> = {},
): ModelCallRecording {
  return {
    toolbridgeRecording: 1,
    mode: 'stream',
    startedAt: '2026-11-27T00:00:00.000Z',
    provider: 'test',
    modelId: 'zai-org/GLM-4.7-Flash',
    tools: [],
    prompt: [],
    chunks: chunks.map((text, index) => ({ time: index, text })),
    reports: [],
    durationMs: chunks.length,
    format: 'auto',
    ...extra,
  };
}

describe('inspect', () => {
  it('reads a recorded reply from where the middleware said it started', () => {
    const chunks = ['Thinking it', ' over.</think>', 'Hello.'];
    const kinds = (recording: ModelCallRecording) =>
      inspect(
        { kind: 'recording', recordings: [{ line: 1, recording }] },
        {},
      ).replies[0]?.segments.map((segment) => segment.kind);
    expect(kinds(recordingOf(chunks, { startWithReasoning: 'if-closed' }))).toEqual([
      'reasoning',
      'text',
    ]);
    // Without it, the text before the lone closer went out as text.
    expect(kinds(recordingOf(chunks))).toEqual(['text', 'text']);
  });
});
