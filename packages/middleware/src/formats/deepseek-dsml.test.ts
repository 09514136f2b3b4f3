import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { assert, describe, expect, it, vi } from 'vitest';
import { autoToolMiddleware } from '../auto/auto-tool-middleware';
import { toolMiddlewareFor } from '../auto/tool-middleware-for';
import { deepseekDsmlToolMiddleware } from '../presets/presets';
import { typedTools } from '../testing/fixtures';
import { describeProtocolProperties } from '../testing/protocol-properties';
import { readThroughMiddleware } from '../testing/read-through-middleware';
import { firstCallInput, readEveryWay } from '../testing/run-parser';
import { deepseekDsmlProtocol } from './deepseek-dsml';

const protocol = deepseekDsmlProtocol();
const think: Array<[string, string]> = [['<think>', '</think>']];
const tools = typedTools;

const M = '｜DSML｜';
const calls = (wrapper: string, ...invokes: string[]) =>
  `<${M}${wrapper}>\n${invokes.join('\n')}\n</${M}${wrapper}>`;
const invoke = (name: string, parameters: string) =>
  `<${M}invoke name="${name}">\n${parameters}</${M}invoke>`;
const param = (key: string, value: string, string = true) =>
  `<${M}parameter name="${key}" string="${string}">${value}</${M}parameter>\n`;

describe('deepseekDsmlProtocol', () => {
  it('reads V3.2 calls after prose, several in one block, typed by the string attribute', () => {
    const text = `Checking both.\n\n${calls(
      'function_calls',
      invoke('get_weather', param('city', 'Lyon') + param('days', '2', false)),
      invoke('get_weather', param('city', 'Porto')),
    )}`;
    expect(readEveryWay(protocol, text, { tools })).toMatchObject({
      text: 'Checking both.\n\n',
      calls: [
        { toolName: 'get_weather', input: '{"city":"Lyon","days":2}' },
        { toolName: 'get_weather', input: '{"city":"Porto"}' },
      ],
    });
  });

  it('reads the V4 wrapper after reasoning', () => {
    const text = `<think>The time.</think>${calls('tool_calls', invoke('get_time', ''))}`;
    expect(readEveryWay(protocol, text, { tools, reasoningTags: think })).toMatchObject({
      reasoning: 'The time.',
      calls: [{ toolName: 'get_time', input: '{}' }],
    });
  });

  it('reads string="false" values as JSON (relaxed too), and string="true" text as text', () => {
    const text = calls(
      'function_calls',
      invoke(
        'configure',
        param('options', "{'deep': True, 'n': [1, 2,]}", false) +
          param('ids', '[1, 2]', false) +
          param('label', 'null') +
          param('extra', '7', false),
      ),
    );
    expect(firstCallInput(protocol, text, { tools })).toEqual({
      options: { deep: true, n: [1, 2] },
      ids: [1, 2],
      // string="true" says the value is text: the string "null", not null.
      label: 'null',
      // An undeclared parameter written as JSON keeps its JSON type.
      extra: 7,
    });
  });

  it('reads a call whose arguments are one JSON object, and an object given as encoded JSON', () => {
    const text = calls(
      'function_calls',
      `<${M}invoke name="get_weather">\n{"city": "Lima", "days": 1}\n</${M}invoke>`,
    );
    expect(readEveryWay(protocol, text, { tools }).calls).toEqual([
      { toolName: 'get_weather', input: '{"city":"Lima","days":1}' },
    ]);
    const encoded = calls(
      'function_calls',
      invoke('configure', param('options', '"{\\"deep\\": true}"', false)),
    );
    expect(readEveryWay(protocol, encoded, { tools }).calls).toEqual([
      { toolName: 'configure', input: '{"options":{"deep":true}}' },
    ]);
    // A body that is no JSON object never runs as an empty call.
    const [body] = readEveryWay(
      protocol,
      calls('function_calls', `<${M}invoke name="get_weather">"{\\"city\\": 1}"</${M}invoke>`),
      { tools },
    ).calls;
    assert.isDefined(body);
    expect(() => JSON.parse(body.input)).toThrow();
  });

  it('never runs a call cut off inside a parameter or a JSON body', () => {
    expect(
      readEveryWay(
        protocol,
        `<${M}function_calls>\n<${M}invoke name="write_file">\n<${M}parameter name="content" string="true">half`,
        { tools },
      ).calls,
    ).toEqual([{ toolName: 'write_file', input: '{"content":"half' }]);
    const [cut] = readEveryWay(
      protocol,
      `<${M}function_calls>\n<${M}invoke name="write_file">\n{"path": "a`,
      { tools },
    ).calls;
    assert.isDefined(cut);
    expect(cut.toolName).toBe('write_file');
    expect(() => JSON.parse(cut.input)).toThrow();
  });

  it('reports an unknown tool in a DSML block as a call', () => {
    expect(
      readEveryWay(protocol, calls('function_calls', invoke('no_such_tool', param('x', '1'))), {
        tools,
      }).calls,
    ).toEqual([{ toolName: 'no_such_tool', input: '{"x":"1"}' }]);
  });

  it('reads an invoke without its wrapper, of an unknown tool too: the marker makes it a call', () => {
    const text = `Checking.\n${invoke('get_weather', param('city', 'Lyon'))}\n${invoke('no_such_tool', param('x', '1'))}`;
    expect(readEveryWay(protocol, text, { tools })).toMatchObject({
      text: 'Checking.\n\n',
      calls: [
        { toolName: 'get_weather', input: '{"city":"Lyon"}' },
        { toolName: 'no_such_tool', input: '{"x":"1"}' },
      ],
    });
  });

  it('reads the markup without the DSML marker only for a known tool', () => {
    const known =
      '<function_calls>\n<invoke name="get_weather">\n<parameter name="city" string="true">Quito</parameter>\n</invoke>\n</function_calls>';
    expect(readEveryWay(protocol, known, { tools }).calls).toEqual([
      { toolName: 'get_weather', input: '{"city":"Quito"}' },
    ]);
    const unknown =
      '<function_calls>\n<invoke name="lookup">\n<parameter name="q">x</parameter>\n</invoke>\n</function_calls>';
    expect(readEveryWay(protocol, unknown, { tools })).toMatchObject({ text: unknown, calls: [] });
  });

  it('keeps markup in prose, and look-alikes with an ASCII bar, as text', () => {
    for (const text of [
      `Calls go in a <${M}function_calls> block.`,
      '<|DSML|function_calls>\n<|DSML|invoke name="get_time">\n</|DSML|invoke>\n</|DSML|function_calls>',
      'Write <function_calls> around <invoke> tags.',
    ]) {
      expect(readEveryWay(protocol, text, { tools })).toMatchObject({ text, calls: [] });
    }
  });

  it('writes past calls in the V3.2 or V4 wrapper, reading back, and results as DeepSeek does', () => {
    const input = { city: 'Lyon', days: 2, tags: ['a'] };
    const past = protocol.formatToolCall({ toolCallId: 'c', toolName: 'get_weather', input });
    expect(past).toBe(
      calls(
        'function_calls',
        invoke(
          'get_weather',
          param('city', 'Lyon') + param('days', '2', false) + param('tags', '["a"]', false),
        ),
      ),
    );
    expect(firstCallInput(protocol, past, { tools })).toEqual(input);
    const v4 = deepseekDsmlProtocol({ variant: 'v4' }).formatToolCall({
      toolCallId: 'c',
      toolName: 'get_time',
      input: {},
    });
    expect(v4).toBe(calls('tool_calls', invoke('get_time', '')));
    expect(
      protocol.formatToolResponse({
        toolCallId: 'c',
        toolName: 'get_weather',
        output: { type: 'json', value: { temp_c: 14 } },
      }),
    ).toBe('<function_results>\n<result>{"temp_c":14}</result>\n</function_results>');
  });
});

describe('DSML without its ｜DSML｜ markers, as servers that drop them hand it back', () => {
  const readTools: LanguageModelV4FunctionTool[] = [
    ...tools,
    {
      type: 'function',
      name: 'read',
      inputSchema: {
        type: 'object',
        properties: { filePath: { type: 'string' }, limit: { type: 'integer' } },
      },
    },
  ];
  const READ = { toolName: 'read', input: '{"filePath":"/tmp/a"}' };
  const bare =
    '<invoke name="read">\n<parameter name="filePath" string="true">/tmp/a</parameter>\n</invoke>';
  const middlewares = [
    ['the DSML preset', deepseekDsmlToolMiddleware],
    ['auto', autoToolMiddleware],
    [
      'toolMiddlewareFor("deepseek-ai/DeepSeek-V3.2")',
      toolMiddlewareFor('deepseek-ai/DeepSeek-V3.2'),
    ],
  ] as const;
  const read = (middleware: (typeof middlewares)[number][1], reply: string) =>
    readThroughMiddleware(middleware, reply, { tools: readTools });

  describe.each(middlewares)('through %s', (_name, middleware) => {
    it('reads an invoke of a known tool alone, after prose, and several in a row', async () => {
      expect(
        await read(
          middleware,
          '<invoke name="read"><parameter name="filePath" string="true">/tmp/a</parameter></invoke>',
        ),
      ).toEqual({ text: '', reasoning: '', calls: [READ] });
      expect(
        await read(
          middleware,
          `Reading both.\n\n${bare}\n<invoke name="read">\n<parameter name="filePath" string="true">/tmp/b</parameter>\n<parameter name="limit" string="false">10</parameter>\n</invoke>`,
        ),
      ).toEqual({
        text: 'Reading both.\n\n\n',
        reasoning: '',
        calls: [READ, { toolName: 'read', input: '{"filePath":"/tmp/b","limit":10}' }],
      });
    });

    it('reads a JSON body as the arguments', async () => {
      expect(await read(middleware, '<invoke name="read">{"filePath": "/tmp/a"}</invoke>')).toEqual(
        { text: '', reasoning: '', calls: [READ] },
      );
    });

    it('reads it inside <function_calls>, the wrapper being markup', async () => {
      expect(await read(middleware, `<function_calls>\n${bare}\n</function_calls>\nDone.`)).toEqual(
        { text: '\nDone.', reasoning: '', calls: [READ] },
      );
    });

    it('never runs an invoke cut off inside a parameter', async () => {
      const { calls } = await read(
        middleware,
        '<invoke name="write_file">\n<parameter name="content" string="true">half a fi',
      );
      expect(calls).toHaveLength(1);
      const [call] = calls;
      assert.isDefined(call);
      expect(() => JSON.parse(call.input)).toThrow();
    });

    it('keeps an invoke of an unknown tool in prose as text', async () => {
      const prose =
        'Claude-style calls look like <invoke name="lookup"><parameter name="q">x</parameter></invoke>.';
      expect(await read(middleware, prose)).toEqual({ text: prose, reasoning: '', calls: [] });
    });
  });

  it('reads the tag in a sentence as prose, with nothing to report', () => {
    const onError = vi.fn();
    const prose = `Write <invoke name="${'then the name of the tool, '.repeat(12)}in quotes.`;
    expect(readEveryWay(protocol, prose, { tools: readTools, onError })).toMatchObject({
      text: prose,
      calls: [],
    });
    expect(onError).not.toHaveBeenCalled();
  });
});

describeProtocolProperties(
  [
    calls(
      'function_calls',
      invoke('get_weather', param('city', 'Oslo') + param('days', '3', false)),
    ),
    `<think>Need weather.</think>\n\n${calls('tool_calls', invoke('get_weather', param('city', 'Rome')))}`,
    `Both.\n\n${calls('function_calls', invoke('get_time', ''), invoke('get_weather', param('city', 'Paris')))}\nDone.`,
    calls(
      'function_calls',
      invoke('write_file', param('path', 'a.ts') + param('content', 'const x = "<tag>" && y;\n')),
    ),
    `<${M}function_calls>\n<${M}invoke name="write_file">\n<${M}parameter name="content" string="true">cut off`,
    calls('function_calls', invoke('no_such_tool', param('x', '1'))),
    `Prose with <${M}function_calls> and no call.`,
    calls('tool_calls', `<${M}invoke name="get_weather">{"city": "Lima"}</${M}invoke>`),
    '<function_calls><invoke name="get_weather"><parameter name="city" string="true">Quito</parameter></invoke></function_calls>',
    'Then <invoke name="get_weather"><parameter name="city" string="true">Quito</parameter></invoke> and more.',
    'See <invoke name="lookup"><parameter name="q">x</parameter></invoke>.',
  ].map((reply, index) => ({ name: `deepseekDsml #${index}`, protocol, reply })),
);
