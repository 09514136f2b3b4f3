import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { generateText, streamText, tool, wrapLanguageModel } from 'ai';
import {
  convertArrayToReadableStream,
  convertReadableStreamToArray,
  MockLanguageModelV4,
} from 'ai/test';
import { assert, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { nativeProtocol } from '../auto/native-salvage';
import { createToolMiddleware } from '../middleware/create-tool-middleware';
import { usage } from '../testing/mock-model';

const middleware = createToolMiddleware({ protocol: nativeProtocol() });
const tools = {
  get_weather: tool({
    inputSchema: z.object({ city: z.string() }),
    execute: async ({ city }) => `sunny in ${city}`,
  }),
};

describe('nativeProtocol', () => {
  it('leaves tools to the provider and repairs argument JSON it rejects, in generate', async () => {
    const model = new MockLanguageModelV4({
      doGenerate: {
        content: [
          {
            type: 'tool-call',
            toolCallId: 'c1',
            toolName: 'get_weather',
            input: "{'city': 'Oslo',}",
          },
        ],
        finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
        usage,
        warnings: [],
      },
    });
    const result = await generateText({
      model: wrapLanguageModel({ model, middleware }),
      tools,
      prompt: 'Weather?',
    });
    expect(model.doGenerateCalls[0]?.tools).toEqual([
      expect.objectContaining({ type: 'function', name: 'get_weather' }),
    ]);
    expect(result.toolCalls).toMatchObject([{ toolName: 'get_weather', input: { city: 'Oslo' } }]);
    expect(result.toolResults).toMatchObject([{ output: 'sunny in Oslo' }]);
  });

  it('repairs the tool-call part of a stream and passes the rest through', async () => {
    const parts: LanguageModelV4StreamPart[] = [
      { type: 'stream-start', warnings: [] },
      { type: 'tool-input-start', id: 'c1', toolName: 'get_weather' },
      { type: 'tool-input-delta', id: 'c1', delta: '{city: "Rome",}' },
      { type: 'tool-input-end', id: 'c1' },
      { type: 'tool-call', toolCallId: 'c1', toolName: 'get_weather', input: '{city: "Rome",}' },
      { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage },
    ];
    const model = new MockLanguageModelV4({
      doStream: { stream: convertArrayToReadableStream(parts) },
    });
    const result = streamText({
      model: wrapLanguageModel({ model, middleware }),
      tools,
      prompt: 'Weather?',
    });
    expect(await result.toolCalls).toMatchObject([
      { toolName: 'get_weather', input: { city: 'Rome' } },
    ]);
  });

  it('rejects input that cannot be repaired with the text read before the fault, and reads an empty input as {}', () => {
    const protocol = nativeProtocol();
    const cut = protocol.repairToolCall({ input: '{"city": ' });
    expect(cut.input).toBe('{"city":');
    expect(cut).toMatchObject({
      providerMetadata: { toolbridge: { rawToolCallText: '{"city": ', rejected: true } },
    });
    expect(protocol.repairToolCall({ input: '42' }).input).toBe('{');
    expect(protocol.repairToolCall({ input: '' }).input).toBe('{}');
    expect(protocol.repairToolCall({ input: ' \n' }).input).toBe('{}');
    expect(protocol.repairToolCall({ input: '{"ok": true}' })).toEqual({ input: '{"ok":true}' });
  });
});

describe('nativeProtocol streaming', () => {
  async function run(parts: LanguageModelV4StreamPart[]) {
    const model = new MockLanguageModelV4({
      doStream: { stream: convertArrayToReadableStream(parts) },
    });
    const { stream } = await wrapLanguageModel({ model, middleware }).doStream({
      prompt: [{ role: 'user', content: [{ type: 'text', text: 'Weather?' }] }],
      tools: [
        {
          type: 'function',
          name: 'get_weather',
          inputSchema: {
            type: 'object',
            properties: { city: { type: 'string' }, days: { type: 'integer' } },
          },
        },
      ],
    });
    const out = await convertReadableStreamToArray(stream);
    const deltas = out.flatMap((part) => (part.type === 'tool-input-delta' ? [part.delta] : []));
    const call = out.find((part) => part.type === 'tool-call');
    return { out, deltas: deltas.join(''), input: call?.type === 'tool-call' ? call.input : '' };
  }

  const stream = (...deltas: string[]): LanguageModelV4StreamPart[] => [
    { type: 'tool-input-start', id: 'c1', toolName: 'get_weather' },
    ...deltas.map((delta) => ({ type: 'tool-input-delta' as const, id: 'c1', delta })),
    { type: 'tool-input-end', id: 'c1' },
    { type: 'tool-call', toolCallId: 'c1', toolName: 'get_weather', input: deltas.join('') },
    { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage },
  ];

  it('streams repaired arguments as canonical JSON whose deltas make the input', async () => {
    const result = await run(stream("{city: 'Ro", "me', days: '3',", '}'));
    expect(result.input).toBe('{"city":"Rome","days":3}');
    expect(result.deltas).toBe(result.input);
  });

  it('never runs streamed arguments that end unfinished or unreadable', async () => {
    for (const deltas of [['{"city": "Ro'], ['{"city": nope}'], ['[1, 2]']]) {
      const result = await run(stream(...deltas));
      expect(result.deltas).toBe(result.input);
      expect(result.input).not.toBe('');
      expect(() => JSON.parse(result.input)).toThrow();
    }
  });
});

describe('nativeProtocol: generate and stream agree', () => {
  const agreeTools = {
    get_weather: tool({
      inputSchema: z.object({ city: z.string() }),
      execute: vi.fn(async ({ city }: { city: string }) => `sunny in ${city}`),
    }),
    ping: tool({ inputSchema: z.object({}), execute: vi.fn(async () => 'pong') }),
    forecast: tool({
      inputSchema: z.object({ city: z.string(), days: z.number().int() }),
      execute: vi.fn(async ({ city }: { city: string }) => `sunny in ${city}`),
    }),
  };
  const finish = { unified: 'tool-calls', raw: 'tool_calls' } as const;

  function reporting() {
    const reports: Array<{ reason: string; rawText: string }> = [];
    const middleware = createToolMiddleware({
      protocol: nativeProtocol(),
      onError: (_message, { reason, rawText }) => reports.push({ reason, rawText }),
    });
    return { reports, middleware };
  }

  /** A native call in generate: its input as the AI SDK saw it, and what ran. */
  async function generated(toolName: string, input: string) {
    const { reports, middleware } = reporting();
    const model = new MockLanguageModelV4({
      doGenerate: {
        content: [{ type: 'tool-call', toolCallId: 'c1', toolName, input }],
        finishReason: finish,
        usage,
        warnings: [],
      },
    });
    const result = await generateText({
      model: wrapLanguageModel({ model, middleware }),
      tools: agreeTools,
      prompt: 'Go',
    });
    const [call] = result.toolCalls;
    assert.isDefined(call);
    return {
      input: call.input,
      invalid: call.invalid === true,
      ran: result.toolResults.length,
      reports,
    };
  }

  /**
   * A native call in stream, its input streamed as `deltas` (none: `tool-input-start` and
   * `tool-input-end` only; undefined: a lone `tool-call`).
   */
  async function streamed(toolName: string, input: string, deltas: string[] | undefined) {
    const { reports, middleware } = reporting();
    const parts: LanguageModelV4StreamPart[] = [
      { type: 'stream-start', warnings: [] },
      ...(deltas === undefined
        ? []
        : [
            { type: 'tool-input-start' as const, id: 'c1', toolName },
            ...deltas.map((delta) => ({ type: 'tool-input-delta' as const, id: 'c1', delta })),
            { type: 'tool-input-end' as const, id: 'c1' },
          ]),
      { type: 'tool-call', toolCallId: 'c1', toolName, input },
      { type: 'finish', finishReason: finish, usage },
    ];
    const result = streamText({
      model: wrapLanguageModel({
        model: new MockLanguageModelV4({
          doStream: { stream: convertArrayToReadableStream(parts) },
        }),
        middleware,
      }),
      tools: agreeTools,
      prompt: 'Go',
    });
    const sent: string[] = [];
    for await (const part of result.fullStream) {
      if (part.type === 'tool-input-delta') sent.push(part.delta);
    }
    const [call] = await result.toolCalls;
    assert.isDefined(call);
    return {
      deltas: sent.join(''),
      input: call.input,
      invalid: call.invalid === true,
      ran: (await result.toolResults).length,
      reports,
    };
  }

  it('rejects input that is no JSON with the same input in both paths', async () => {
    const expected = {
      input: '{',
      invalid: true,
      ran: 0,
      reports: [{ reason: 'invalid-call', rawText: 'not json at all' }],
    };
    expect(await generated('get_weather', 'not json at all')).toEqual(expected);
    expect(await streamed('get_weather', 'not json at all', ['n', 'ot json ', 'at all'])).toEqual({
      ...expected,
      deltas: '{',
    });
    expect(await streamed('get_weather', 'not json at all', undefined)).toEqual({
      ...expected,
      deltas: '',
    });
  });

  it('rejects an array with the same input in both paths', async () => {
    const expected = {
      input: '{',
      invalid: true,
      ran: 0,
      reports: [{ reason: 'invalid-call', rawText: '[1, 2,]' }],
    };
    expect(await generated('get_weather', '[1, 2,]')).toEqual(expected);
    expect(await streamed('get_weather', '[1, 2,]', ['[1, ', '2,]'])).toEqual({
      ...expected,
      deltas: '{',
    });
    expect(await streamed('get_weather', '[1, 2,]', [])).toEqual({ ...expected, deltas: '{' });
  });

  it('reads an empty input as {} in both paths, and its deltas say {}', async () => {
    const expected = { input: {}, invalid: false, ran: 1, reports: [] };
    expect(await generated('ping', '')).toEqual(expected);
    expect(await streamed('ping', '', [])).toEqual({ ...expected, deltas: '{}' });
    expect(await streamed('ping', '', undefined)).toEqual({ ...expected, deltas: '' });
  });

  it('types values by the schema in both paths', async () => {
    const expected = { input: { city: 'Rome', days: 3 }, invalid: false, ran: 1, reports: [] };
    expect(await generated('forecast', "{city: 'Rome', days: '3',}")).toEqual(expected);
    expect(
      await streamed('forecast', "{city: 'Rome', days: '3',}", ["{city: 'Ro", "me', days: '3',}"]),
    ).toEqual({ ...expected, deltas: '{"city":"Rome","days":3}' });
  });

  it('reports a native call cut off inside its input in both paths', async () => {
    const expected = {
      input: '{"city":"Ro',
      invalid: true,
      ran: 0,
      reports: [{ reason: 'call-cut-off', rawText: '{"city": "Ro' }],
    };
    expect(await generated('get_weather', '{"city": "Ro')).toEqual(expected);
    expect(await streamed('get_weather', '{"city": "Ro', ['{"ci', 'ty": "Ro'])).toEqual({
      ...expected,
      deltas: '{"city":"Ro',
    });
  });

  it('streams the input of a call whose deltas are missing from its tool-call part', async () => {
    const expected = { input: { city: 'Oslo' }, invalid: false, ran: 1, reports: [] };
    expect(await generated('get_weather', "{city: 'Oslo'}")).toEqual(expected);
    expect(await streamed('get_weather', "{city: 'Oslo'}", [])).toEqual({
      ...expected,
      deltas: '{"city":"Oslo"}',
    });
  });
});

describe('nativeProtocol salvage', () => {
  const leaked =
    'Let me check.\n<tool_call>\n<function=get_weather>\n<parameter=city>\nOslo\n</parameter>\n</function>\n</tool_call>';

  it('reads calls that leaked into the text, in generate', async () => {
    const model = new MockLanguageModelV4({
      doGenerate: {
        content: [{ type: 'text', text: leaked }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage,
        warnings: [],
      },
    });
    const result = await generateText({
      model: wrapLanguageModel({ model, middleware }),
      tools,
      prompt: 'Weather?',
    });
    expect(result.toolCalls).toMatchObject([{ toolName: 'get_weather', input: { city: 'Oslo' } }]);
    expect(result.toolResults).toMatchObject([{ output: 'sunny in Oslo' }]);
    expect(result.steps[0]?.text).toBe('Let me check.\n');
  });

  it('reads calls that leaked into the text, in stream, next to native calls', async () => {
    const parts: LanguageModelV4StreamPart[] = [
      { type: 'stream-start', warnings: [] },
      { type: 'tool-call', toolCallId: 'n1', toolName: 'get_weather', input: '{"city": "Rome"}' },
      { type: 'text-start', id: 't' },
      ...[...leaked].map((delta) => ({ type: 'text-delta' as const, id: 't', delta })),
      { type: 'text-end', id: 't' },
      { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
    ];
    const result = streamText({
      model: wrapLanguageModel({
        model: new MockLanguageModelV4({
          doStream: { stream: convertArrayToReadableStream(parts) },
        }),
        middleware,
      }),
      tools,
      prompt: 'Weather?',
    });
    expect((await result.toolCalls).map((call) => call.input)).toEqual([
      { city: 'Rome' },
      { city: 'Oslo' },
    ]);
    expect(await result.finishReason).toBe('tool-calls');
  });

  it('leaves the text alone with salvage off', async () => {
    const model = new MockLanguageModelV4({
      doGenerate: {
        content: [{ type: 'text', text: leaked }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage,
        warnings: [],
      },
    });
    const result = await generateText({
      model: wrapLanguageModel({
        model,
        middleware: createToolMiddleware({ protocol: nativeProtocol({ salvage: false }) }),
      }),
      tools,
      prompt: 'Weather?',
    });
    expect(result.toolCalls).toEqual([]);
    expect(result.text).toBe(leaked);
  });
});
