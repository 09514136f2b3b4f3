import type { LanguageModelV3Middleware } from '@ai-sdk/provider-v3';
import { wrapLanguageModel } from 'ai-v6';
import { MockLanguageModelV3 } from 'ai-v6/test';
import { describe, expect, it, vi } from 'vitest';
import * as formats from '../formats-entry';
import * as main from '../index';
import { jsonMixProtocol } from '../protocols/json-mix-protocol';
import * as v6Formats from './formats';
import * as v6 from './index';

const isMiddleware = (value: unknown): value is { specificationVersion: string } =>
  typeof value === 'object' && value !== null && 'specificationVersion' in value;

describe('the v6 entry', () => {
  it('exports every name of the main entry, and /v6/formats every name of /formats', () => {
    expect(Object.keys(v6).sort()).toEqual(Object.keys(main).sort());
    expect(Object.keys(v6Formats).sort()).toEqual(Object.keys(formats).sort());
  });

  it('exports a V3 middleware for every middleware of the main entry and of /formats', () => {
    for (const [core, v3] of [
      [main, v6],
      [formats, v6Formats],
    ] as const) {
      const middlewares = Object.entries(core).filter(([, value]) => isMiddleware(value));
      for (const [name] of middlewares) {
        expect((v3 as Record<string, unknown>)[name], name).toMatchObject({
          specificationVersion: 'v3',
        });
      }
    }
    const rootMiddlewares = Object.entries(main).filter(([, value]) => isMiddleware(value));
    expect(rootMiddlewares.map(([name]) => name)).toEqual(['autoToolMiddleware']);
    const presets = Object.entries(formats).filter(([, value]) => isMiddleware(value));
    expect(presets.map(([name]) => name).sort()).toEqual(
      [
        'gemmaToolMiddleware',
        'kimiK3ToolMiddleware',
        'deepseekDsmlToolMiddleware',
        'minimaxToolMiddleware',
        'seedOssToolMiddleware',
        'glmToolMiddleware',
        'functionGemmaToolMiddleware',
        'gemma4ToolMiddleware',
        'gemmaToolCodeMiddleware',
        'pythonicToolMiddleware',
        'olmo3ToolMiddleware',
        'museToolMiddleware',
        'genericJsonToolMiddleware',
        'apertusToolMiddleware',
        'kimiK2ToolMiddleware',
        'deepseekV31ToolMiddleware',
        'deepseekR1ToolMiddleware',
        'deepseekToolMiddleware',
        'harmonyToolMiddleware',
        'lmStudioToolMiddleware',
        'internlmToolMiddleware',
        'gigachatToolMiddleware',
        'longcatToolMiddleware',
        'commandRToolMiddleware',
        'functionaryToolMiddleware',
        'xlamToolMiddleware',
        'graniteToolMiddleware',
        'mistralToolMiddleware',
        'hermesToolMiddleware',
        'llama3JsonToolMiddleware',
        'qwen3CoderToolMiddleware',
        'toolCallTagMiddleware',
        'xmlToolMiddleware',
        'yamlXmlToolMiddleware',
        'dotsToolMiddleware',
        'hunyuanToolMiddleware',
        'inklingToolMiddleware',
        'k2HorizonToolMiddleware',
        'step3ToolMiddleware',
        'cwmToolMiddleware',
        'granite20bFcToolMiddleware',
        'plamoToolMiddleware',
        'stepAudio2ToolMiddleware',
        'hyperclovaxToolMiddleware',
        'openPanguToolMiddleware',
        'solarOpenToolMiddleware',
        'telechatToolMiddleware',
      ].sort(),
    );
  });

  it('builds V3 middlewares with createToolMiddleware, text and native protocols alike', () => {
    expect(v6.createToolMiddleware({ protocol: jsonMixProtocol() }).specificationVersion).toBe(
      'v3',
    );
    const native = v6.createToolMiddleware({ protocol: v6.nativeProtocol() });
    expect(native.specificationVersion).toBe('v3');
    expect(native.transformParams).toBeUndefined();
  });

  it('builds the middleware of a format by name, as a V3 middleware', () => {
    expect(v6.formatToolMiddleware('harmony').specificationVersion).toBe('v3');
    expect(() => v6.formatToolMiddleware('qwen4' as never)).toThrow(RangeError);
  });

  it('builds toolMiddlewareFor with the same checks and warning hook as the main entry', () => {
    const onUnknownModel = vi.fn();
    expect(v6.toolMiddlewareFor('my-finetune', { onUnknownModel }).specificationVersion).toBe('v3');
    expect(onUnknownModel).toHaveBeenCalledWith(
      expect.objectContaining({ modelId: 'my-finetune', fallback: 'hermes' }),
    );
    expect(() => v6.toolMiddlewareFor(undefined as never)).toThrow(TypeError);
    expect(() => v6.toolMiddlewareFor(undefined as never)).toThrow(/modelId/);
  });

  it('shares everything that does not depend on the SDK major with the main entry', () => {
    expect(v6.nativeProtocol).toBe(main.nativeProtocol);
    expect(v6Formats.jsonMixProtocol).toBe(formats.jsonMixProtocol);
    expect(v6Formats.MODEL_FAMILIES).toBe(formats.MODEL_FAMILIES);
  });

  it('is what wrapLanguageModel of ai@6 takes, unlike the main entry', () => {
    const model = new MockLanguageModelV3({});
    const wrapped = wrapLanguageModel({ model, middleware: v6Formats.hermesToolMiddleware });
    expect(wrapped.specificationVersion).toBe('v3');
    const typed: LanguageModelV3Middleware = v6.createToolMiddleware({
      protocol: jsonMixProtocol(),
    });
    expect(typed).toBeDefined();
    // @ts-expect-error the main entry's middlewares are LanguageModelV4Middleware
    const rejected: LanguageModelV3Middleware = formats.hermesToolMiddleware;
    expect(rejected).toBeDefined();
  });
});
