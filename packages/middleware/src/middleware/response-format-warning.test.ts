import type { LanguageModelV4StreamPart, SharedV4Warning } from '@ai-sdk/provider';
import { generateText, streamText, tool, wrapLanguageModel } from 'ai';
import {
  convertArrayToReadableStream,
  convertReadableStreamToArray,
  MockLanguageModelV4,
} from 'ai/test';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { hermesToolMiddleware } from '../presets/presets';
import { tokenize, usage } from '../testing/mock-model';

const CALL = '<tool_call>{"name": "get_weather", "arguments": {"city": "Oslo"}}</tool_call>';
const UNSUPPORTED: SharedV4Warning = {
  type: 'unsupported',
  feature: 'responseFormat',
  details: 'JSON response format schema is only supported with structuredOutputs',
};
const OTHER: SharedV4Warning = { type: 'unsupported', feature: 'seed' };

const tools = {
  get_weather: tool({
    inputSchema: z.object({ city: z.string() }),
    execute: async ({ city }) => ({ city, temperature: 21 }),
  }),
};

/** A model that answers with a call and warns that it ignores any response format. */
function warningModel() {
  const warnings = (responseFormat: unknown) =>
    responseFormat === undefined ? [OTHER] : [UNSUPPORTED, OTHER];
  return new MockLanguageModelV4({
    doGenerate: async ({ responseFormat }) => ({
      content: [{ type: 'text', text: CALL }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage,
      warnings: warnings(responseFormat),
    }),
    doStream: async ({ responseFormat }) => ({
      stream: convertArrayToReadableStream<LanguageModelV4StreamPart>([
        { type: 'stream-start', warnings: warnings(responseFormat) },
        { type: 'text-start', id: 't' },
        ...tokenize(CALL).map((delta) => ({ type: 'text-delta' as const, id: 't', delta })),
        { type: 'text-end', id: 't' },
        { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
      ]),
    }),
  });
}

async function warningsOf(mode: 'generate' | 'stream', extra: object = {}) {
  const options = {
    model: wrapLanguageModel({ model: warningModel(), middleware: hermesToolMiddleware }),
    tools,
    toolChoice: 'required' as const,
    prompt: 'Weather in Oslo?',
    ...extra,
  };
  if (mode === 'generate') return (await generateText(options)).warnings;
  const result = streamText(options);
  await result.consumeStream();
  return result.warnings;
}

describe('the response format a forced tool choice asks for', () => {
  it.each(['generate', 'stream'] as const)(
    'is not warned about when the caller asked for none (%s)',
    async (mode) => {
      // toolbridge asks for the call's JSON schema only as a hint; the parser reads either way.
      expect(await warningsOf(mode)).toEqual([OTHER]);
    },
  );

  it('is warned about when it replaced a response format the caller asked for', async () => {
    const model = wrapLanguageModel({ model: warningModel(), middleware: hermesToolMiddleware });
    const params = {
      prompt: [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'Weather?' }] }],
      tools: [
        {
          type: 'function' as const,
          name: 'get_weather',
          inputSchema: { type: 'object' as const },
        },
      ],
      toolChoice: { type: 'required' as const },
      responseFormat: { type: 'json' as const },
    };
    expect((await model.doGenerate(params)).warnings).toEqual([UNSUPPORTED, OTHER]);
    const [start] = await convertReadableStreamToArray((await model.doStream(params)).stream);
    expect(start).toEqual({ type: 'stream-start', warnings: [UNSUPPORTED, OTHER] });
  });
});
