import { generateText, streamText, tool, wrapLanguageModel } from 'ai-v6';
import { assert, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { scriptedModelV3 } from '../testing/scripted-models';
import * as v6Formats from '../v6/formats';
import * as v6 from '../v6/index';
import type { ModelCallRecording } from './recording';

const tools = {
  get_weather: tool({
    inputSchema: z.object({ city: z.string() }),
    execute: async ({ city }) => ({ city, temperature: 21 }),
  }),
};
const CALL = '<tool_call>{"name": "get_weather", "arguments": {"city": "Oslo"}}</tool_call>';

describe('recordModelOutput of the v6 entry', () => {
  it('records generate and stream calls through ai@6 around a V3 tool middleware', async () => {
    const lines: string[] = [];
    const middleware = v6.recordModelOutput({
      middleware: v6Formats.hermesToolMiddleware,
      write: (line) => {
        lines.push(line);
      },
    });
    expect(middleware.specificationVersion).toBe('v3');
    const generated = await generateText({
      model: wrapLanguageModel({ model: scriptedModelV3([`Sure. ${CALL}`]), middleware }),
      tools,
      prompt: 'Weather?',
    });
    expect(generated.toolCalls.map((call) => call.toolName)).toEqual(['get_weather']);
    const streamed = streamText({
      model: wrapLanguageModel({ model: scriptedModelV3([`Sure. ${CALL}`]), middleware }),
      tools,
      prompt: 'Weather?',
    });
    expect((await streamed.toolCalls).map((call) => call.toolName)).toEqual(['get_weather']);

    const [generate, stream] = lines.map((line) => JSON.parse(line) as ModelCallRecording);
    assert.isDefined(generate);
    assert.isDefined(stream);
    expect(generate).toMatchObject({ mode: 'generate', chunks: [{ text: `Sure. ${CALL}` }] });
    // The tools the call offered, and the format it was read in, in both modes (issue 19).
    for (const recording of [generate, stream]) {
      expect(recording.tools).toEqual([
        { name: 'get_weather', inputSchema: expect.objectContaining({ type: 'object' }) },
      ]);
      expect(recording.format).toBe('hermes');
    }
    expect(JSON.stringify(generate.prompt)).toContain('<tool_call>');
    expect(stream.mode).toBe('stream');
    expect(stream.chunks.map((chunk) => chunk.text).join('')).toBe(`Sure. ${CALL}`);
    expect(stream.parts?.some(({ part }) => part.type === 'tool-call')).toBe(true);
  });

  it('is the V3 middleware alone when there is nothing to record to', () => {
    expect(v6.recordModelOutput({ middleware: v6Formats.hermesToolMiddleware })).toBe(
      v6Formats.hermesToolMiddleware,
    );
  });
});
