import type { LanguageModelV3Middleware } from '@ai-sdk/provider-v3';
import { wrapLanguageModel } from 'ai-v6';
import { MockLanguageModelV3 } from 'ai-v6/test';
import { describe, expect, it, vi } from 'vitest';
import * as main from '../index';
import { jsonMixProtocol } from '../protocols/json-mix-protocol';
import * as v6 from './index';

const isMiddleware = (value: unknown): value is { specificationVersion: string } =>
  typeof value === 'object' && value !== null && 'specificationVersion' in value;

describe('the v6 entry', () => {
  it('exports every name of the main entry', () => {
    expect(Object.keys(v6).sort()).toEqual(Object.keys(main).sort());
  });

  it('exports a V3 middleware for every middleware of the main entry', () => {
    const presets = Object.entries(main).filter(([, value]) => isMiddleware(value));
    expect(presets.map(([name]) => name).sort()).toEqual(
      [
        'autoToolMiddleware',
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
        'genericJsonToolMiddleware',
        'apertusToolMiddleware',
        'kimiK2ToolMiddleware',
        'deepseekV31ToolMiddleware',
        'deepseekR1ToolMiddleware',
        'deepseekToolMiddleware',
        'harmonyToolMiddleware',
        'lmStudioToolMiddleware',
        'internlmToolMiddleware',
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
      ].sort(),
    );
    for (const [name] of presets) {
      expect((v6 as Record<string, unknown>)[name], name).toMatchObject({
        specificationVersion: 'v3',
      });
    }
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
    expect(v6.jsonMixProtocol).toBe(main.jsonMixProtocol);
    expect(v6.PROVIDER_OPTIONS_KEY).toBe(main.PROVIDER_OPTIONS_KEY);
  });

  it('is what wrapLanguageModel of ai@6 takes, unlike the main entry', () => {
    const model = new MockLanguageModelV3({});
    const wrapped = wrapLanguageModel({ model, middleware: v6.hermesToolMiddleware });
    expect(wrapped.specificationVersion).toBe('v3');
    const typed: LanguageModelV3Middleware = v6.createToolMiddleware({
      protocol: jsonMixProtocol(),
    });
    expect(typed).toBeDefined();
    // @ts-expect-error the main entry's middlewares are LanguageModelV4Middleware
    const rejected: LanguageModelV3Middleware = main.hermesToolMiddleware;
    expect(rejected).toBeDefined();
  });
});
