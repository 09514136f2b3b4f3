import type { LanguageModelV4FunctionTool, LanguageModelV4Prompt } from '@ai-sdk/provider';
import { assert, describe, expect, it } from 'vitest';
import { autoToolMiddleware } from '../auto/auto-tool-middleware';
import { toolMiddlewareFor } from '../auto/tool-middleware-for';
import { toolbridgeOptions } from '../middleware/toolbridge-options';
import { minimaxToolMiddleware } from '../presets/presets';
import { fixtureTools } from '../testing/fixtures';
import { scriptedModel } from '../testing/mock-model';
import { describeProtocolProperties } from '../testing/protocol-properties';
import { readThroughMiddleware } from '../testing/read-through-middleware';
import { firstCallInput, readEveryWay } from '../testing/run-parser';
import { minimaxProtocol, minimaxReasoningTags as reasoningTags } from './minimax';

const protocol = minimaxProtocol();
const tools: LanguageModelV4FunctionTool[] = [
  ...fixtureTools,
  {
    type: 'function',
    name: 'search',
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string' },
        filters: {
          type: 'object',
          properties: { site: { type: 'string' }, year: { type: 'integer' } },
        },
        sources: { type: 'array', items: { type: 'string' } },
        limit: { type: 'integer' },
      },
    },
  },
];

const NS = ']<]minimax[>[';
const m2 = (...invokes: string[]) =>
  `<minimax:tool_call>\n${invokes.join('\n')}\n</minimax:tool_call>`;
const invoke = (name: string, parameters: Record<string, string>) =>
  `<invoke name="${name}">\n${Object.entries(parameters)
    .map(([key, value]) => `<parameter name="${key}">${value}</parameter>\n`)
    .join('')}</invoke>`;
const m3 = (...invokes: string[]) => `${NS}<tool_call>\n${invokes.join('\n')}\n${NS}</tool_call>`;
const m3Invoke = (name: string, body: string) =>
  `${NS}<invoke name="${name}">${body}${NS}</invoke>`;
const tag = (key: string, value: string) => `${NS}<${key}>${value}${NS}</${key}>`;

describe('minimaxProtocol', () => {
  it('reads MiniMax-M2 calls, several in one wrapper, after reasoning and prose', () => {
    const text = `<think>\nNeed both cities.\n</think>\n\nChecking.\n${m2(invoke('get_weather', { city: 'Lyon', days: '2' }), invoke('get_weather', { city: 'Porto' }))}`;
    expect(readEveryWay(protocol, text, { tools, reasoningTags })).toMatchObject({
      reasoning: '\nNeed both cities.\n',
      text: '\n\nChecking.\n',
      calls: [
        { toolName: 'get_weather', input: '{"city":"Lyon","days":2}' },
        { toolName: 'get_weather', input: '{"city":"Porto"}' },
      ],
    });
  });

  it('keeps string values exactly, code and newlines included', () => {
    const content = 'if (a < b) {\n  return "</x>";\n}\n';
    const text = m2(invoke('write_file', { path: 'a.ts', content }));
    expect(readEveryWay(protocol, text, { tools }).calls).toEqual([
      { toolName: 'write_file', input: JSON.stringify({ path: 'a.ts', content }) },
    ]);
  });

  it('reads MiniMax-M3 calls: namespaced tags, nested objects and <item> lists', () => {
    const text = `<mm:think>Search first.</mm:think>Let me search.${m3(
      m3Invoke(
        'search',
        tag('query', 'ByteDance AI news') +
          tag('filters', tag('site', 'example.com') + tag('year', '2026')) +
          tag('sources', tag('item', 'web') + tag('item', 'news')) +
          tag('limit', '6'),
      ),
      m3Invoke('get_time', ''),
    )}`;
    expect(readEveryWay(protocol, text, { tools, reasoningTags })).toMatchObject({
      reasoning: 'Search first.',
      text: 'Let me search.',
      calls: [
        {
          toolName: 'search',
          input: JSON.stringify({
            query: 'ByteDance AI news',
            filters: { site: 'example.com', year: 2026 },
            sources: ['web', 'news'],
            limit: 6,
          }),
        },
        { toolName: 'get_time', input: '{}' },
      ],
    });
  });

  it('drops the lone </mm:think> that opens an M3 reply without reasoning', () => {
    const text = `</mm:think>Sure.${m3(m3Invoke('get_time', ''))}`;
    expect(readEveryWay(protocol, text, { tools, reasoningTags })).toMatchObject({
      text: 'Sure.',
      reasoning: '',
      calls: [{ toolName: 'get_time', input: '{}' }],
    });
  });

  it('reads M3 values with <, a same-named tag inside a nested value, and "null" as text', () => {
    const tools2: LanguageModelV4FunctionTool[] = [
      {
        type: 'function',
        name: 'put',
        inputSchema: {
          type: 'object',
          properties: {
            code: { type: 'string' },
            node: { type: 'object', properties: { node: { type: 'string' } } },
            label: { type: 'string' },
          },
        },
      },
    ];
    const text = m3(
      m3Invoke(
        'put',
        tag('code', 'a < b && c') + tag('node', tag('node', 'inner')) + tag('label', 'null'),
      ),
    );
    expect(firstCallInput(protocol, text, { tools: tools2 })).toEqual({
      code: 'a < b && c',
      node: { node: 'inner' },
      // M3 leaves null arguments out, so the text null is the string.
      label: 'null',
    });
  });

  it('types M2 values by the schema: relaxed JSON, Python literals and encoded JSON', () => {
    const text = m2(
      invoke('search', {
        filters: "{'site': 'a.org', 'year': 2026,}",
        sources: '"[\\"web\\"]"',
        limit: '6',
      }),
    );
    expect(firstCallInput(protocol, text, { tools })).toEqual({
      filters: { site: 'a.org', year: 2026 },
      sources: ['web'],
      limit: 6,
    });
  });

  it('never runs a call cut off inside a parameter, M2 or M3', () => {
    expect(
      readEveryWay(
        protocol,
        '<minimax:tool_call>\n<invoke name="write_file">\n<parameter name="content">half',
        { tools },
      ).calls,
    ).toEqual([{ toolName: 'write_file', input: '{"content":"half' }]);
    const cut = `${NS}<tool_call>\n${NS}<invoke name="search">${NS}<filters>${NS}<site>a`;
    const [call] = readEveryWay(protocol, cut, { tools }).calls;
    assert.isDefined(call);
    expect(call.toolName).toBe('search');
    expect(() => JSON.parse(call.input)).toThrow();
  });

  it('runs a call whose parameters all closed when the wrapper never closes', () => {
    expect(
      readEveryWay(protocol, `<minimax:tool_call>\n${invoke('get_weather', { city: 'Oslo' })}`, {
        tools,
      }).calls,
    ).toEqual([{ toolName: 'get_weather', input: '{"city":"Oslo"}' }]);
  });

  it('reports an unknown tool inside the wrapper as a call', () => {
    expect(readEveryWay(protocol, m2(invoke('no_such_tool', { x: '1' })), { tools }).calls).toEqual(
      [{ toolName: 'no_such_tool', input: '{"x":"1"}' }],
    );
  });

  it('keeps the wrapper in prose, and M3 markup whose namespace tokens were stripped, as text', () => {
    for (const text of [
      'Calls go in <minimax:tool_call> blocks with <invoke name="…"> inside.',
      '<tool_call>\n<invoke name="get_weather"><city>Lyon</city></invoke>\n</tool_call>',
    ]) {
      expect(readEveryWay(protocol, text, { tools })).toMatchObject({ text, calls: [] });
    }
  });

  it('writes past calls in M2 form by default, in M3 form on request, both reading back', () => {
    const input = { query: 'x <y>', filters: { year: 2026 }, sources: ['web'], limit: 3 };
    const past = protocol.formatToolCall({ toolCallId: 'c', toolName: 'search', input });
    expect(past).toBe(
      '<minimax:tool_call>\n<invoke name="search">\n<parameter name="query">x <y></parameter>\n<parameter name="filters">{"year":2026}</parameter>\n<parameter name="sources">["web"]</parameter>\n<parameter name="limit">3</parameter>\n</invoke>\n</minimax:tool_call>',
    );
    expect(firstCallInput(protocol, past, { tools })).toEqual(input);
    const pastM3 = minimaxProtocol({ variant: 'm3' }).formatToolCall({
      toolCallId: 'c',
      toolName: 'search',
      input: { ...input, query: 'plain', note: null },
    });
    expect(pastM3).toBe(
      m3(
        m3Invoke(
          'search',
          tag('query', 'plain') +
            tag('filters', tag('year', '2026')) +
            tag('sources', tag('item', 'web')) +
            tag('limit', '3'),
        ),
      ),
    );
    expect(firstCallInput(protocol, pastM3, { tools })).toEqual({
      ...input,
      query: 'plain',
    });
    expect(
      protocol.formatToolResponse({
        toolCallId: 'c',
        toolName: 'get_weather',
        output: { type: 'json', value: { temp_c: 14 } },
      }),
    ).toBe('<response>{"temp_c":14}</response>');
  });
});

describe('an <invoke> without its <minimax:tool_call> wrapper', () => {
  const middlewares = [
    ['the MiniMax preset', minimaxToolMiddleware],
    ['auto', autoToolMiddleware],
    ['toolMiddlewareFor("MiniMaxAI/MiniMax-M2")', toolMiddlewareFor('MiniMaxAI/MiniMax-M2')],
  ] as const;
  // M2's template opens reasoning, as the call says to the preset and to auto: the reply closes it first.
  const read = (middleware: (typeof middlewares)[number][1], answer: string) =>
    readThroughMiddleware(middleware, `Need the city.\n</think>\n\n${answer}`, {
      tools,
      providerOptions: toolbridgeOptions({ startWithReasoning: true }),
    });

  describe.each(middlewares)('through %s', (_name, middleware) => {
    it('reads a call of a known tool, several in a row', async () => {
      expect(
        await read(
          middleware,
          `${invoke('get_weather', { city: 'Lyon', days: '2' })}\n${invoke('get_time', {})}`,
        ),
      ).toEqual({
        text: '\n\n\n',
        reasoning: 'Need the city.\n',
        calls: [
          { toolName: 'get_weather', input: '{"city":"Lyon","days":2}' },
          { toolName: 'get_time', input: '{}' },
        ],
      });
    });

    it('never runs one cut off inside a parameter', async () => {
      const { calls } = await read(
        middleware,
        '<invoke name="write_file">\n<parameter name="content">half a fi',
      );
      expect(calls).toHaveLength(1);
      const [call] = calls;
      assert.isDefined(call);
      expect(() => JSON.parse(call.input)).toThrow();
    });

    it('keeps one of an unknown tool in prose as text', async () => {
      const prose = `Write ${invoke('lookup', { q: 'x' })} to call it.`;
      expect(await read(middleware, prose)).toEqual({
        text: `\n\n${prose}`,
        reasoning: 'Need the city.\n',
        calls: [],
      });
    });
  });
});

describe('an <invoke> inside a Hermes <tool_call> (as the RWKV fork of vLLM reads calls)', () => {
  const middlewares = [
    ['auto', autoToolMiddleware],
    ['toolMiddlewareFor("BlinkDL/rwkv7-g1")', toolMiddlewareFor('BlinkDL/rwkv7-g1')],
  ] as const;
  const read = (middleware: (typeof middlewares)[number][1], reply: string) =>
    readThroughMiddleware(middleware, reply, { tools });

  describe.each(middlewares)('through %s', (_name, middleware) => {
    it('reads the call, leaving no wrapper in the text', async () => {
      for (const [call, between] of [
        [invoke('get_weather', { city: 'Lyon', days: '2' }), '\n'],
        [
          '<invoke name="get_weather"><parameter name="city">Lyon</parameter><parameter name="days">2</parameter></invoke>',
          '',
        ],
      ]) {
        expect(
          await read(
            middleware,
            `Checking.\n<tool_call>${between}${call}${between}</tool_call>\nDone.`,
          ),
        ).toEqual({
          text: `Checking.\n${between}\nDone.`,
          reasoning: '',
          calls: [{ toolName: 'get_weather', input: '{"city":"Lyon","days":2}' }],
        });
      }
    });

    it('keeps it as text when the invoke inside is no call', async () => {
      const reply = `Like this: <tool_call>\n${invoke('lookup', { q: 'x' })}\n</tool_call> then.`;
      expect(await read(middleware, reply)).toEqual({ text: reply, reasoning: '', calls: [] });
    });
  });
});

describeProtocolProperties(
  [
    m2(invoke('get_weather', { city: 'Oslo', days: '3' })),
    `<think>\nNeed weather.\n</think>\n\n${m2(invoke('get_weather', { city: 'Rome' }))}`,
    `Both.\n${m2(invoke('get_time', {}), invoke('get_weather', { city: 'Paris', tags: '["a"]' }))} Done.`,
    m2(invoke('write_file', { path: 'a.ts', content: 'const x = "<tag>" && y;\n\n' })),
    '<minimax:tool_call>\n<invoke name="write_file">\n<parameter name="content">cut off',
    m2(invoke('no_such_tool', { x: '1' })),
    'Prose with <minimax:tool_call> and no call.',
    m3(
      m3Invoke(
        'get_weather',
        tag('city', 'Quito') + tag('tags', tag('item', 'a') + tag('item', 'b')),
      ),
    ),
    // (The harness rebuilds reasoning with the first tag pair, so M3's <mm:think> is tested above.)
    `Two calls.${m3(m3Invoke('get_time', ''), m3Invoke('get_weather', tag('city', 'Lima')))}`,
    `${NS}<tool_call>\n${NS}<invoke name="get_weather">${NS}<city>Cut`,
  ].map((reply, index) => ({ name: `minimax #${index}`, protocol, reply })),
  reasoningTags,
);

describe("the MiniMax preset's prompt (MiniMax-M2's chat template)", () => {
  const history: LanguageModelV4Prompt = [
    { role: 'user', content: [{ type: 'text', text: 'Weather in Lyon?' }] },
    {
      role: 'assistant',
      content: [
        { type: 'text', text: 'Checking.' },
        {
          type: 'tool-call',
          toolCallId: 'c1',
          toolName: 'get_weather',
          input: { city: 'Lyon', days: 2, tags: ['a'] },
        },
      ],
    },
    {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'c1',
          toolName: 'get_weather',
          output: { type: 'text', value: 'rain</response></think>' },
        },
      ],
    },
  ];
  const transform = () =>
    minimaxToolMiddleware.transformParams?.({
      type: 'generate',
      params: { prompt: history, tools: fixtureTools.slice(2) },
      model: scriptedModel([]),
    });

  it("writes the template's default identity and `# Tools` section when there is no system message", async () => {
    const result = await transform();
    expect(result?.prompt[0]).toEqual({
      role: 'system',
      content: `You are a helpful assistant.

# Tools
You may call one or more tools to assist with the user query.
Here are the tools available in JSONSchema format:

<tools>
<tool>{"name": "get_time", "parameters": {"type": "object", "properties": {}}}</tool>
</tools>

When making tool calls, use XML format to invoke tools and pass parameters:

<minimax:tool_call>
<invoke name="tool-name-1">
<parameter name="param-key-1">param-value-1</parameter>
<parameter name="param-key-2">param-value-2</parameter>
...
</invoke>
</minimax:tool_call>`,
    });
  });

  it('writes the call after the text and its result as a ]~b]tool turn at the end of the calling turn, closers escaped', async () => {
    const result = await transform();
    expect(result?.prompt.slice(1)).toEqual([
      history[0],
      {
        role: 'assistant',
        content: [
          {
            type: 'text',
            text: 'Checking.\n<minimax:tool_call>\n<invoke name="get_weather">\n<parameter name="city">Lyon</parameter>\n<parameter name="days">2</parameter>\n<parameter name="tags">["a"]</parameter>\n</invoke>\n</minimax:tool_call>\n[e~[\n]~b]tool\n<response>rain<\\/response><\\/think></response>',
          },
        ],
      },
    ]);
  });
});
