import { generateText, tool, wrapLanguageModel } from 'ai';
import { afterEach, assert, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { scriptedModel } from '../testing/mock-model';
import { toolMiddlewareFor, type UnknownModelWarning } from './tool-middleware-for';

const tools = { get_weather: tool({ inputSchema: z.object({ city: z.string() }) }) };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('toolMiddlewareFor with an id no row matches', () => {
  it('tells the hook which id it did not know and what it falls back to', () => {
    const warnings: UnknownModelWarning[] = [];
    toolMiddlewareFor('my-finetune', { onUnknownModel: (warning) => warnings.push(warning) });
    expect(warnings).toEqual([
      { modelId: 'my-finetune', fallback: 'hermes', message: expect.any(String) },
    ]);
    const [warning] = warnings;
    assert.isDefined(warning);
    const { message } = warning;
    expect(message).toContain('"my-finetune"');
    expect(message).toMatch(/Hermes/);
    expect(message).toContain('onUnknownModel: false');
  });

  it('says so when the middleware is built, not on each model call', async () => {
    const onUnknownModel = vi.fn();
    const middleware = toolMiddlewareFor('my-finetune', { onUnknownModel });
    const model = wrapLanguageModel({ model: scriptedModel(['One.', 'Two.']), middleware });
    await generateText({ model, tools, prompt: 'Weather?' });
    await generateText({ model, tools, prompt: 'Weather?' });
    expect(onUnknownModel).toHaveBeenCalledTimes(1);
  });

  it('says nothing for an id the table knows', () => {
    const onUnknownModel = vi.fn();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    toolMiddlewareFor('qwen3-coder:30b', { onUnknownModel });
    toolMiddlewareFor('llama3.1:8b');
    expect(onUnknownModel).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });

  it('warns on the console by default, once per id', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    toolMiddlewareFor('unknown-model-a');
    toolMiddlewareFor('unknown-model-a');
    toolMiddlewareFor('unknown-model-b');
    expect(warn.mock.calls).toEqual([
      [expect.stringContaining('"unknown-model-a"')],
      [expect.stringContaining('"unknown-model-b"')],
    ]);
    expect(warn.mock.calls[0]?.[0]).toMatch(/^toolbridge: /);
  });

  it('remembers a bounded number of ids: the oldest is forgotten first', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (let i = 0; i < 101; i++) toolMiddlewareFor(`bounded-${i}`);
    expect(warn).toHaveBeenCalledTimes(101);
    toolMiddlewareFor('bounded-100');
    expect(warn).toHaveBeenCalledTimes(101);
    toolMiddlewareFor('bounded-0');
    expect(warn).toHaveBeenCalledTimes(102);
  });

  it('is silent with onUnknownModel: false', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    toolMiddlewareFor('silenced-model', { onUnknownModel: false });
    expect(warn).not.toHaveBeenCalled();
  });

  it('gives a hook of your own every call, however often the id comes', () => {
    const onUnknownModel = vi.fn();
    toolMiddlewareFor('repeated-model', { onUnknownModel });
    toolMiddlewareFor('repeated-model', { onUnknownModel });
    expect(onUnknownModel).toHaveBeenCalledTimes(2);
  });
});

describe('toolMiddlewareFor without a model id', () => {
  it.each([
    ['undefined', undefined],
    ['null', null],
    ['an empty string', ''],
    ['blanks', '  '],
    ['a number', 42],
  ])('throws a TypeError naming the modelId argument for %s', (_, modelId) => {
    expect(() => toolMiddlewareFor(modelId as never)).toThrow(TypeError);
    expect(() => toolMiddlewareFor(modelId as never)).toThrow(
      /^toolMiddlewareFor: the modelId argument must be a non-empty string/,
    );
  });
});
