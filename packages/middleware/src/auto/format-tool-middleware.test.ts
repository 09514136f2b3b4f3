import type { LanguageModelV4CallOptions, LanguageModelV4Middleware } from '@ai-sdk/provider';
import { generateText, jsonSchema, streamText, tool, wrapLanguageModel } from 'ai';
import { describe, expect, it } from 'vitest';
import {
  harmonyToolMiddleware,
  hermesToolMiddleware,
  qwen3CoderToolMiddleware,
} from '../presets/presets';
import { scriptedModel } from '../testing/mock-model';
import { builtInFormats } from './auto-protocol';
import { FORMAT_NAMES, formatToolMiddleware } from './format-tool-middleware';

const params: LanguageModelV4CallOptions = {
  prompt: [{ role: 'user', content: [{ type: 'text', text: 'Weather in Oslo?' }] }],
  tools: [
    {
      type: 'function',
      name: 'get_weather',
      inputSchema: { type: 'object', properties: { city: { type: 'string' } } },
    },
  ],
};

async function transformed(middleware: LanguageModelV4Middleware) {
  const model = scriptedModel([]);
  return middleware.transformParams?.({ type: 'generate', params, model });
}

describe('formatToolMiddleware', () => {
  it('builds the preset of a format by its name', async () => {
    for (const [name, preset] of [
      ['hermes', hermesToolMiddleware],
      ['qwen3-coder', qwen3CoderToolMiddleware],
      ['harmony', harmonyToolMiddleware],
    ] as const) {
      expect(await transformed(formatToolMiddleware(name)), name).toEqual(
        await transformed(preset),
      );
    }
  });

  it('names every format auto reads', () => {
    expect(FORMAT_NAMES).toEqual(expect.arrayContaining(Object.keys(builtInFormats())));
  });

  it('reads a call in that format, in generate and in stream mode', async () => {
    const reply =
      '<tool_call>\n<function=get_weather>\n<parameter=city>\nOslo\n</parameter>\n</function>\n</tool_call>';
    const options = {
      model: wrapLanguageModel({
        model: scriptedModel([reply, reply]),
        middleware: formatToolMiddleware('qwen3-coder'),
      }),
      tools: {
        get_weather: tool({
          inputSchema: jsonSchema<{ city: string }>({
            type: 'object',
            properties: { city: { type: 'string' } },
          }),
        }),
      },
      prompt: 'Weather in Oslo?',
    };
    const generated = await generateText(options);
    const streamed = await streamText(options).toolCalls;
    for (const calls of [generated.toolCalls, streamed]) {
      expect(calls.map((call) => [call.toolName, call.input])).toEqual([
        ['get_weather', { city: 'Oslo' }],
      ]);
    }
  });

  it('refuses a name that is no format, naming the choices', () => {
    expect(() => formatToolMiddleware('qwen4' as never)).toThrow(
      /Unknown format "qwen4"; choose one of hermes, /,
    );
  });
});
