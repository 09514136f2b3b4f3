import type { LanguageModelV4Prompt } from '@ai-sdk/provider';
import { assert, describe, expect, it, vi } from 'vitest';
import { autoToolMiddleware } from '../auto/auto-tool-middleware';
import { toolMiddlewareFor } from '../auto/tool-middleware-for';
import { dotsToolMiddleware } from '../presets/presets';
import { fixtureTools, typedTools } from '../testing/fixtures';
import { scriptedModel } from '../testing/mock-model';
import { describeProtocolProperties } from '../testing/protocol-properties';
import { expectCleanReply, readThroughMiddleware } from '../testing/read-through-middleware';
import { firstCallInput, readEveryWay } from '../testing/run-parser';
import { dotsFormat, dotsProtocol } from './dots';

const protocol = dotsProtocol();
const tools = typedTools;
const reasoningTags = [['<think>', '</think>']] as const;

/** A call as dots' template writes it: one wrapper, each value on lines of its own. */
const call = (name: string, parameters: Record<string, string>) =>
  `<dots_function_call>\n${invoke(name, parameters)}\n</dots_function_call>`;
const invoke = (name: string, parameters: Record<string, string>) =>
  `<invoke name="${name}">${Object.entries(parameters)
    .map(([key, value]) => `\n<parameter name="${key}">\n${value}\n</parameter>`)
    .join('')}\n</invoke>`;

describe('dotsProtocol', () => {
  it('reads a call after reasoning and prose, each value on lines of its own', () => {
    const text = `<think>\nNeed the forecast.\n</think>\n\nChecking.\n${call('get_weather', { city: 'Lyon', days: '2' })}`;
    expect(readEveryWay(protocol, text, { tools, reasoningTags })).toMatchObject({
      reasoning: '\nNeed the forecast.\n',
      text: '\n\nChecking.\n',
      calls: [{ toolName: 'get_weather', input: '{"city":"Lyon","days":2}' }],
    });
  });

  it('trims one newline at each end of a value, and reads an inline value exactly', () => {
    const content = '\nif (a < b) {\n  return "</x>";\n}\n';
    const text = `<dots_function_call><invoke name="write_file"><parameter name="path">a.ts</parameter><parameter name="content">\n${content}\n</parameter></invoke></dots_function_call>`;
    expect(readEveryWay(protocol, text, { tools }).calls).toEqual([
      { toolName: 'write_file', input: JSON.stringify({ path: 'a.ts', content }) },
    ]);
  });

  it('reads parallel calls, one wrapper each or several invokes in one', () => {
    const text = `${call('get_weather', { city: 'Lyon' })}\n<dots_function_call>\n${invoke('get_time', {})}\n${invoke('get_weather', { city: 'Porto' })}\n</dots_function_call>`;
    expect(readEveryWay(protocol, text, { tools }).calls).toEqual([
      { toolName: 'get_weather', input: '{"city":"Lyon"}' },
      { toolName: 'get_time', input: '{}' },
      { toolName: 'get_weather', input: '{"city":"Porto"}' },
    ]);
  });

  it('types values by the schema, as the template writes them (JSON with spaces)', () => {
    const text = call('configure', {
      options: '{"deep": true, "level": 2}',
      ids: '[1, 2]',
      enabled: 'true',
      ratio: '0.5',
      note: 'null',
    });
    expect(firstCallInput(protocol, text, { tools })).toEqual({
      options: { deep: true, level: 2 },
      ids: [1, 2],
      enabled: true,
      ratio: 0.5,
      note: null,
    });
  });

  it('reads the JSON object of the earlier layout in the same wrapper', () => {
    const text =
      '<dots_function_call>\n{"name": "get_weather", "arguments": {"city": "Oslo", "days": 3}}\n</dots_function_call>\n' +
      '<dots_function_call>{"name": "get_weather", "parameters": {"city": "Rome"}}</dots_function_call>';
    expect(readEveryWay(protocol, text, { tools }).calls).toEqual([
      { toolName: 'get_weather', input: '{"city":"Oslo","days":3}' },
      { toolName: 'get_weather', input: '{"city":"Rome"}' },
    ]);
  });

  it('never runs a call cut off inside a parameter or its JSON', () => {
    expect(
      readEveryWay(
        protocol,
        '<dots_function_call>\n<invoke name="write_file">\n<parameter name="content">\nhalf a fi',
        { tools },
      ).calls,
    ).toEqual([{ toolName: 'write_file', input: '{"content":"half a fi' }]);
    const [cut] = readEveryWay(
      protocol,
      '<dots_function_call>\n{"name": "write_file", "arguments": {"content": "half',
      { tools },
    ).calls;
    assert.isDefined(cut);
    expect(cut.toolName).toBe('write_file');
    expect(() => JSON.parse(cut.input)).toThrow();
  });

  it('runs a call whose parameters all closed when the wrapper never closes', () => {
    const text = `<dots_function_call>\n${invoke('get_weather', { city: 'Oslo' })}`;
    expect(readEveryWay(protocol, text, { tools }).calls).toEqual([
      { toolName: 'get_weather', input: '{"city":"Oslo"}' },
    ]);
  });

  it('reports an unknown tool inside the wrapper as a call', () => {
    expect(readEveryWay(protocol, call('no_such_tool', { x: '1' }), { tools }).calls).toEqual([
      { toolName: 'no_such_tool', input: '{"x":"1"}' },
    ]);
  });

  it('keeps the wrapper in prose, and a wrapper holding no call, as text, and reports it', () => {
    for (const text of [
      'Calls go in <dots_function_call> blocks with an <invoke name="…"> inside.',
      '<dots_function_call>garbage</dots_function_call> and more',
    ]) {
      const onError = vi.fn();
      expect(readEveryWay(protocol, text, { tools, onError })).toMatchObject({ text, calls: [] });
      expect(onError).toHaveBeenCalledWith(
        expect.any(String),
        expect.objectContaining({
          reason: 'malformed-call',
          rawText: expect.stringContaining('<dots_function_call>'),
        }),
      );
    }
  });

  it("writes a past call in the template's layout, reading back, and a result in its response block", () => {
    const input = { note: 'x\n<y>\n', options: { append: true, tries: [1, 2] }, ratio: 0.5 };
    const past = protocol.formatToolCall({ toolCallId: 'c', toolName: 'configure', input });
    expect(past).toBe(
      '<dots_function_call>\n<invoke name="configure">\n<parameter name="note">\nx\n<y>\n\n</parameter>\n<parameter name="options">\n{"append": true, "tries": [1, 2]}\n</parameter>\n<parameter name="ratio">\n0.5\n</parameter>\n</invoke>\n</dots_function_call>',
    );
    expect(firstCallInput(protocol, past, { tools })).toEqual(input);
    expect(
      protocol.formatToolResponse({
        toolCallId: 'c',
        toolName: 'get_weather',
        output: { type: 'json', value: { temp_c: 14 } },
      }),
    ).toBe('<dots_function_response>\n{"temp_c":14}\n</dots_function_response>');
  });
});

/** dots' markup and end of turn: none of it may be left in the text a user reads. */
const MARKUP = [
  'dots_function',
  '<invoke',
  '</invoke>',
  'parameter',
  '<think>',
  '</think>',
  '<|endofassistant|>',
];

describe('dots through a middleware', () => {
  const middlewares = [
    ['the dots preset', dotsToolMiddleware],
    ['autoToolMiddleware', autoToolMiddleware],
    [
      "toolMiddlewareFor('dots-studio/dots3-note-prev')",
      toolMiddlewareFor('dots-studio/dots3-note-prev'),
    ],
  ] as const;
  const LYON = { toolName: 'get_weather', input: '{"city":"Lyon"}' };

  describe.each(middlewares)('through %s', (_name, middleware) => {
    it('reads the reasoning the model opens itself, the call, and drops the end of turn', async () => {
      const reply = `<think>\nOne lookup.\n</think>\n\n${call('get_weather', { city: 'Lyon' })}<|endofassistant|>`;
      const meaning = await readThroughMiddleware(middleware, reply, { tools });
      expect(meaning).toEqual({
        text: '\n\n',
        reasoning: '\nOne lookup.\n',
        calls: [LYON],
      });
      expectCleanReply(meaning, [LYON], MARKUP);
    });

    it('reads parallel calls, one wrapper each or several invokes in one, after reasoning and prose', async () => {
      const reply = `<think>\nThree lookups.\n</think>\n\nChecking.\n${call('get_weather', { city: 'Lyon', days: '2' })}\n<dots_function_call>\n${invoke('get_time', {})}\n${invoke('get_weather', { city: 'Porto' })}\n</dots_function_call><|endofassistant|>`;
      const written = [
        { toolName: 'get_weather', input: '{"city":"Lyon","days":2}' },
        { toolName: 'get_time', input: '{}' },
        { toolName: 'get_weather', input: '{"city":"Porto"}' },
      ];
      const meaning = await readThroughMiddleware(middleware, reply, { tools });
      expect(meaning).toEqual({
        text: '\n\nChecking.\n\n',
        reasoning: '\nThree lookups.\n',
        calls: written,
      });
      expectCleanReply(meaning, written, MARKUP);
    });

    it('reads an answer without reasoning (thinking off) as text', async () => {
      const meaning = await readThroughMiddleware(middleware, 'It is sunny.<|endofassistant|>', {
        tools,
      });
      expect(meaning).toEqual({ text: 'It is sunny.', reasoning: '', calls: [] });
      expectCleanReply(meaning, [], MARKUP);
    });

    it('never runs a call cut off inside a parameter, and leaves no markup in the text', async () => {
      const { text, calls } = await readThroughMiddleware(
        middleware,
        'Writing.\n<dots_function_call>\n<invoke name="write_file">\n<parameter name="content">\nhalf a fi',
        { tools },
      );
      expect(text).toBe('Writing.\n');
      expect(calls).toHaveLength(1);
      expect(calls[0]?.toolName).toBe('write_file');
      expect(() => JSON.parse(calls[0]?.input ?? '')).toThrow();
    });
  });
});

describe("the dots preset's prompt", () => {
  const history: LanguageModelV4Prompt = [
    { role: 'user', content: [{ type: 'text', text: 'Weather in Lyon?' }] },
    {
      role: 'assistant',
      content: [
        { type: 'text', text: 'Checking.' },
        { type: 'tool-call', toolCallId: 'c1', toolName: 'get_weather', input: { city: 'Lyon' } },
        { type: 'tool-call', toolCallId: 'c2', toolName: 'get_time', input: {} },
      ],
    },
    {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'c1',
          toolName: 'get_weather',
          output: { type: 'json', value: { temp_c: 14 } },
        },
        {
          type: 'tool-result',
          toolCallId: 'c2',
          toolName: 'get_time',
          output: { type: 'text', value: '12:00' },
        },
      ],
    },
  ];

  it('lists the tools in <tools>, writes each past call in its wrapper and the results in one user turn', async () => {
    const result = await dotsToolMiddleware.transformParams?.({
      type: 'generate',
      params: { prompt: history, tools: fixtureTools.slice(2) },
      model: scriptedModel([]),
    });
    expect(result?.prompt[0]).toMatchObject({
      role: 'system',
      content: expect.stringContaining(
        '<tools>\n{"type":"function","function":{"name":"get_time","parameters":{"type":"object","properties":{}}}}\n</tools>',
      ),
    });
    expect(result?.prompt.slice(2)).toEqual([
      {
        role: 'assistant',
        content: [
          {
            type: 'text',
            text: `Checking.\n${call('get_weather', { city: 'Lyon' })}\n${call('get_time', {})}`,
          },
        ],
      },
      {
        role: 'user',
        content: [
          {
            type: 'text',
            text: '<dots_function_response>\n{"temp_c":14}\n</dots_function_response>\n<dots_function_response>\n12:00\n</dots_function_response>',
          },
        ],
      },
    ]);
  });
});

describe('dotsFormat', () => {
  it("serves dots3-note's ids as Hugging Face, its servers and routers name them", () => {
    for (const id of [
      'dots-studio/dots3-note-prev',
      'dots-studio/dots3-note-prev-fp8',
      'dots3-note-prev',
      'dots3.note',
      'dots-studio/dots-3-note-preview:free',
      'dots-studio/dots3-note-preview',
    ]) {
      expect(dotsFormat.models.some((row) => row.match.test(id))).toBe(true);
    }
    for (const id of ['rednote-hilab/dots.ocr', 'rednote-hilab/dots.llm1.inst']) {
      expect(dotsFormat.models.some((row) => row.match.test(id))).toBe(false);
    }
  });
});

describeProtocolProperties(
  [
    call('get_weather', { city: 'Oslo', days: '3' }),
    `<think>\nNeed weather.\n</think>\n\n${call('get_weather', { city: 'Rome' })}`,
    `Both.\n${call('get_time', {})}\n${call('get_weather', { city: 'Paris', tags: '["a", "b"]' })} Done.`,
    `<dots_function_call>\n${invoke('get_time', {})}\n${invoke('get_weather', { city: 'Lima' })}\n</dots_function_call>`,
    call('write_file', { path: 'a.ts', content: '\nconst x = "<tag>" && y;\n\n' }),
    '<dots_function_call>\n{"name": "get_weather", "arguments": {"city": "Quito"}}\n</dots_function_call>',
    '<dots_function_call>\n<invoke name="write_file">\n<parameter name="content">\ncut off',
    call('no_such_tool', { x: '1' }),
    'Prose with <dots_function_call> and no call.',
    `<dots_function_call>\n${invoke('get_weather', { city: 'Seoul' })}`,
  ].map((reply, index) => ({ name: `dots #${index}`, protocol, reply })),
  reasoningTags,
);
