import type {
  LanguageModelV4Content,
  LanguageModelV4GenerateResult,
  LanguageModelV4Middleware,
  LanguageModelV4StreamPart,
} from '@ai-sdk/provider';
import type {
  LanguageModelV3CallOptions,
  LanguageModelV3GenerateResult,
  LanguageModelV3StreamResult,
} from '@ai-sdk/provider-v3';
import { streamText, wrapLanguageModel } from 'ai-v6';
import { convertArrayToReadableStream, MockLanguageModelV3 } from 'ai-v6/test';
import { assert, describe, expect, it } from 'vitest';
import { usage } from '../testing/mock-model';
import { promptText } from '../testing/sdk-scenarios';
import { hermesToolMiddleware } from './formats';
import {
  toV3Content,
  toV3GenerateResult,
  toV3Middleware,
  toV3StreamPart,
  toV3StreamResult,
} from './to-v3-middleware';

const citation = { type: 'source', sourceType: 'url', id: 's1', url: 'https://example.com' };

/** Every V4-only kind of content and stream part, next to parts both versions share. */
const v4Content = [
  { type: 'text', text: 'hi', citations: [citation] },
  { type: 'custom', kind: 'provider.thing' },
  { type: 'reasoning-file', mediaType: 'image/png', data: { type: 'data', data: 'AAAA' } },
  { type: 'file', mediaType: 'image/png', data: { type: 'data', data: 'AAAA' } },
  {
    type: 'file',
    mediaType: 'image/png',
    data: { type: 'url', url: new URL('https://example.com/a.png') },
  },
  { type: 'reasoning', text: 'hmm' },
  { type: 'tool-call', toolCallId: 'c1', toolName: 'get_time', input: '{}' },
] as unknown as LanguageModelV4Content[];

const v4Parts = [
  { type: 'stream-start', warnings: [{ type: 'deprecated', setting: 'seed', message: 'gone' }] },
  { type: 'ping' },
  { type: 'text-start', id: 't' },
  { type: 'text-delta', id: 't', delta: 'hi' },
  { type: 'text-end', id: 't', citations: [citation] },
  { type: 'custom', kind: 'provider.thing' },
  { type: 'reasoning-file', mediaType: 'image/png', data: { type: 'data', data: 'AAAA' } },
  { type: 'file', mediaType: 'image/png', data: { type: 'data', data: 'AAAA' } },
  { type: 'tool-call', toolCallId: 'c1', toolName: 'get_time', input: '{}' },
  { type: 'finish', finishReason: { unified: 'interrupted', raw: 'eof' }, usage },
] as unknown as LanguageModelV4StreamPart[];

/** What V3 has: the part kinds, finish reasons and warning types AI SDK 6 knows. */
const V3_PART_TYPES = new Set([
  'text',
  'reasoning',
  'file',
  'source',
  'tool-call',
  'tool-result',
  'tool-approval-request',
  'text-start',
  'text-delta',
  'text-end',
  'reasoning-start',
  'reasoning-delta',
  'reasoning-end',
  'tool-input-start',
  'tool-input-delta',
  'tool-input-end',
  'stream-start',
  'response-metadata',
  'finish',
  'raw',
  'error',
]);
const V3_FINISH_REASONS = new Set([
  'stop',
  'length',
  'content-filter',
  'tool-calls',
  'error',
  'other',
]);

/** Fails on anything in a part that V3 does not have. */
function expectV3Part(part: { type: string }): void {
  const fields = part as { type: string; [key: string]: unknown };
  expect(V3_PART_TYPES.has(part.type), `part type ${part.type}`).toBe(true);
  expect(part).not.toHaveProperty('citations');
  if (part.type === 'file') {
    expect(typeof fields.data === 'string' || fields.data instanceof Uint8Array).toBe(true);
  }
  if (part.type === 'finish') {
    const { unified } = fields.finishReason as { unified: string };
    expect(V3_FINISH_REASONS.has(unified), `finish reason ${unified}`).toBe(true);
  }
  if (part.type === 'stream-start') {
    for (const warning of fields.warnings as Array<{ type: string }>) {
      expect(['unsupported', 'compatibility', 'other']).toContain(warning.type);
    }
  }
}

async function readAll<T>(stream: ReadableStream<T>): Promise<T[]> {
  const parts: T[] = [];
  const reader = stream.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    parts.push(next.value);
  }
  return parts;
}

describe('toV3Content', () => {
  it('drops custom, reasoning-file and URL files, strips citations, unwraps file data', () => {
    const converted = v4Content.flatMap((part) => toV3Content(part) ?? []);
    expect(converted).toEqual([
      { type: 'text', text: 'hi' },
      { type: 'file', mediaType: 'image/png', data: 'AAAA' },
      { type: 'reasoning', text: 'hmm' },
      { type: 'tool-call', toolCallId: 'c1', toolName: 'get_time', input: '{}' },
    ]);
  });

  it('passes V3 file data through as it is', () => {
    const bytes = new Uint8Array([1, 2, 3]);
    const part = { type: 'file', mediaType: 'image/png', data: bytes } as never;
    expect(toV3Content(part)).toEqual({ type: 'file', mediaType: 'image/png', data: bytes });
  });
});

describe('toV3StreamPart', () => {
  it('drops ping and V4-only parts, maps interrupted to other and deprecated warnings', () => {
    const converted = v4Parts.flatMap((part) => toV3StreamPart(part) ?? []);
    expect(converted.map((part) => part.type)).toEqual([
      'stream-start',
      'text-start',
      'text-delta',
      'text-end',
      'file',
      'tool-call',
      'finish',
    ]);
    for (const part of converted) expectV3Part(part);
    expect(converted[0]).toEqual({
      type: 'stream-start',
      warnings: [{ type: 'other', message: 'seed: gone' }],
    });
    expect(converted.at(-1)).toMatchObject({ finishReason: { unified: 'other', raw: 'eof' } });
  });

  it('leaves parts that both versions share untouched', () => {
    const shared = v4Parts.filter((part) => ['text-delta', 'tool-call'].includes(part.type));
    for (const part of shared) expect(toV3StreamPart(part)).toBe(part);
  });
});

describe('toV3GenerateResult and toV3StreamResult', () => {
  it('remove the V4-only fields of a result', () => {
    const result: LanguageModelV4GenerateResult = {
      content: v4Content,
      structuredOutputText: '{}',
      finishReason: { unified: 'interrupted', raw: undefined },
      usage,
      warnings: [{ type: 'deprecated', setting: 'seed', message: 'gone' }],
      request: { url: 'https://example.com', body: { a: 1 } },
      response: { id: 'r1' },
    };
    const converted = toV3GenerateResult(result);
    expect(converted).not.toHaveProperty('structuredOutputText');
    expect(converted.request).toEqual({ body: { a: 1 } });
    expect(converted.response).toEqual({ id: 'r1' });
    expect(converted.finishReason).toEqual({ unified: 'other', raw: undefined });
    expect(converted.warnings).toEqual([{ type: 'other', message: 'seed: gone' }]);
    for (const part of converted.content) expectV3Part(part);
  });

  it('convert every part of a stream', async () => {
    const converted = toV3StreamResult({
      stream: convertArrayToReadableStream(v4Parts) as ReadableStream<LanguageModelV4StreamPart>,
      request: { url: 'https://example.com' },
    });
    expect(converted.request).toEqual({});
    const parts = await readAll(converted.stream);
    expect(parts).toHaveLength(7);
    for (const part of parts) expectV3Part(part);
  });
});

describe('toV3Middleware', () => {
  /** A V4 middleware that answers with every V4-only part, whatever the model says. */
  const v4Only: LanguageModelV4Middleware = {
    specificationVersion: 'v4',
    transformParams: async ({ params }) => ({ ...params, reasoning: 'high' }),
    wrapGenerate: async ({ doGenerate }) => ({
      ...(await doGenerate()),
      content: v4Content,
      finishReason: { unified: 'interrupted', raw: undefined },
    }),
    wrapStream: async ({ doStream }) => ({
      ...(await doStream()),
      stream: convertArrayToReadableStream(v4Parts) as ReadableStream<LanguageModelV4StreamPart>,
    }),
  };
  const middleware = toV3Middleware(v4Only);
  const model = new MockLanguageModelV3({
    doGenerate: {
      content: [],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage,
      warnings: [],
    },
    doStream: { stream: convertArrayToReadableStream([]) },
  });
  const params: LanguageModelV3CallOptions = {
    prompt: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
  };

  it('is tagged v3', () => {
    expect(middleware.specificationVersion).toBe('v3');
  });

  it('never hands a V3 caller a V4-only part, reason or setting', async () => {
    assert.isDefined(middleware.transformParams);
    assert.isDefined(middleware.wrapGenerate);
    assert.isDefined(middleware.wrapStream);
    const transformed = await middleware.transformParams({ type: 'generate', params, model });
    expect(transformed).not.toHaveProperty('reasoning');

    const generated: LanguageModelV3GenerateResult = await middleware.wrapGenerate({
      doGenerate: () => model.doGenerate(params),
      doStream: () => model.doStream(params),
      params,
      model,
    });
    for (const part of generated.content) expectV3Part(part);
    expect(generated.finishReason.unified).toBe('other');

    const streamed: LanguageModelV3StreamResult = await middleware.wrapStream({
      doGenerate: () => model.doGenerate(params),
      doStream: () => model.doStream(params),
      params,
      model,
    });
    for (const part of await readAll(streamed.stream)) expectV3Part(part);
  });

  it('keeps ai@6 streamText clear of V4-only parts that reach the core', async () => {
    // A model that sends V4-only parts (as a V4 provider adapted by hand might): the core
    // passes parts it does not own through, the v6 entry removes what AI SDK 6 cannot take.
    const v4Model = new MockLanguageModelV3({
      doStream: {
        stream: convertArrayToReadableStream(
          v4Parts.map((part) =>
            part.type === 'stream-start' ? { ...part, warnings: [] } : part,
          ) as never[],
        ),
      },
    });
    const result = streamText({
      model: wrapLanguageModel({ model: v4Model, middleware: hermesToolMiddleware }),
      prompt: 'Hi',
    });
    const parts = await readAll(result.fullStream);
    const types = parts.map((part) => part.type as string);
    expect(types).not.toContain('error');
    for (const type of ['ping', 'custom', 'reasoning-file']) expect(types).not.toContain(type);
    expect(await result.text).toBe('hi');
    expect(types).toContain('file');
    // Without tools nothing is parsed: the model's own tool call and finish reason pass on.
    expect(await result.finishReason).toBe('other');
  });
});

describe('the v6 presets with V3 history', () => {
  it('write V3 tool-result media as placeholders of their kind', async () => {
    const output = {
      type: 'content',
      value: [
        { type: 'text', text: 'see these' },
        { type: 'image-data', data: 'AAAA', mediaType: 'image/png' },
        { type: 'image-url', url: 'https://example.com/a.png' },
        { type: 'file-url', url: 'https://example.com/a.pdf', mediaType: 'application/pdf' },
        { type: 'file-id', fileId: 'f1' },
      ],
    };
    const params = {
      prompt: [
        { role: 'user', content: [{ type: 'text', text: 'Show me.' }] },
        {
          role: 'tool',
          content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'show', output }],
        },
      ],
      tools: [{ type: 'function', name: 'show', inputSchema: { type: 'object' } }],
    } as unknown as LanguageModelV3CallOptions;
    const model = new MockLanguageModelV3({});
    assert.isDefined(hermesToolMiddleware.transformParams);
    const transformed = await hermesToolMiddleware.transformParams({
      type: 'generate',
      params,
      model,
    });
    const text = promptText(transformed.prompt);
    for (const expected of [
      'see these',
      '[Image: image/png]',
      '[Image: image/*]',
      '[File: application/pdf]',
      '[File: application/octet-stream]',
    ]) {
      expect(text).toContain(expected);
    }
    expect(transformed.prompt.some((message) => message.role === 'tool')).toBe(false);
  });

  it('leave params without tools alone, apart from the history', async () => {
    const params: LanguageModelV3CallOptions = {
      prompt: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
    };
    assert.isDefined(hermesToolMiddleware.transformParams);
    const transformed = await hermesToolMiddleware.transformParams({
      type: 'stream',
      params,
      model: new MockLanguageModelV3({}),
    });
    expect(transformed).toEqual(params);
  });
});
