import type { LanguageModelV4CallOptions } from '@ai-sdk/provider';
import { describe, expect, it, vi } from 'vitest';
import { scriptedModel } from './testing/mock-model';

// Count what builds a middleware or a protocol, whoever calls it.
const built = vi.hoisted(() => ({ middlewares: 0, protocols: 0 }));
vi.mock('./middleware/create-tool-middleware', async (importOriginal) => {
  const original = await importOriginal<typeof import('./middleware/create-tool-middleware')>();
  return {
    ...original,
    createToolMiddleware: (...args: Parameters<typeof original.createToolMiddleware>) => {
      built.middlewares++;
      return original.createToolMiddleware(...args);
    },
  };
});
vi.mock('./text-protocol', async (importOriginal) => {
  const original = await importOriginal<typeof import('./text-protocol')>();
  return {
    ...original,
    defineTextProtocol: (...args: Parameters<typeof original.defineTextProtocol>) => {
      built.protocols++;
      return original.defineTextProtocol(...args);
    },
  };
});

const params: LanguageModelV4CallOptions = {
  prompt: [{ role: 'user', content: [{ type: 'text', text: 'Weather in Oslo?' }] }],
  tools: [{ type: 'function', name: 'get_weather', inputSchema: { type: 'object' } }],
};

describe('importing the package', () => {
  it('builds no middleware and no protocol, in any entry', async () => {
    const main = await import('./index');
    const formats = await import('./formats-entry');
    await import('./v6/index');
    const v6Formats = await import('./v6/formats');
    expect(built).toEqual({ middlewares: 0, protocols: 0 });
    // Reading the tables derived from the format list builds nothing either.
    expect(main.FORMAT_NAMES.length + formats.MODEL_FAMILIES.length).toBeGreaterThan(0);
    expect(v6Formats.ALL_REASONING_TAGS.length).toBeGreaterThan(0);
    expect(built).toEqual({ middlewares: 0, protocols: 0 });
  });

  it('builds a ready-made middleware on its first use, once', async () => {
    const { hermesToolMiddleware } = await import('./formats-entry');
    const before = { ...built };
    const model = scriptedModel([]);
    const first = await hermesToolMiddleware.transformParams?.({ type: 'generate', params, model });
    await hermesToolMiddleware.transformParams?.({ type: 'generate', params, model });
    expect(built.middlewares - before.middlewares).toBe(1);
    expect(first?.prompt[0]?.role).toBe('system');
  });
});
