import type { LanguageModelV4FunctionTool, LanguageModelV4Prompt } from '@ai-sdk/provider';
import { assert, describe, expect, it, vi } from 'vitest';
import { autoToolMiddleware } from '../auto/auto-tool-middleware';
import { modelFamily } from '../auto/model-registry';
import { toolMiddlewareFor } from '../auto/tool-middleware-for';
import { formatPreset } from '../presets/format-preset';
import { deepseekDsmlToolMiddleware } from '../presets/presets';
import { typedTools } from '../testing/fixtures';
import { describeProtocolProperties } from '../testing/protocol-properties';
import { readThroughMiddleware } from '../testing/read-through-middleware';
import { rewrittenPrompt } from '../testing/rewritten-prompt';
import { firstCallInput, readEveryWay } from '../testing/run-parser';
import { deepseekDsmlFormat, deepseekDsmlProtocol } from './deepseek-dsml';

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

// DeepSeek-V4.1 writes a SPACE (U+0020) between the marker and every tag name.
const S = '｜DSML｜ ';
const calls41 = (...invokes: string[]) => `<${S}calls>\n${invokes.join('\n')}\n</${S}calls>`;
const invoke41 = (name: string, ...parameters: string[]) =>
  `<${S}invoke name="${name}">\n${parameters.join('\n')}\n</${S}invoke>`;
const param41 = (key: string, value: string, string = true) =>
  `<${S}parameter name="${key}" string="${string}">${value}</${S}parameter>`;

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

describe('DeepSeek-V4.1 spaced DSML', () => {
  it('spells every tag with U+FF5C around DSML and a space after it', () => {
    expect([...`<${S}calls>`].map((char) => char.codePointAt(0))).toEqual([
      0x3c, 0xff5c, 0x44, 0x53, 0x4d, 0x4c, 0xff5c, 0x20, 0x63, 0x61, 0x6c, 0x6c, 0x73, 0x3e,
    ]);
  });

  it('reads a block after reasoning and prose, several invokes, typed by the string attribute', () => {
    const text = `<think>Two cities.</think>Checking both.\n\n${calls41(
      invoke41('get_weather', param41('city', 'Lyon'), param41('days', '2', false)),
      invoke41('get_weather', param41('city', 'Porto')),
    )}`;
    expect(readEveryWay(protocol, text, { tools, reasoningTags: think })).toMatchObject({
      reasoning: 'Two cities.',
      text: 'Checking both.\n\n',
      calls: [
        { toolName: 'get_weather', input: '{"city":"Lyon","days":2}' },
        { toolName: 'get_weather', input: '{"city":"Porto"}' },
      ],
    });
  });

  it('reads a call with no parameters, and a JSON body', () => {
    const text = calls41(
      invoke41('get_time'),
      `<${S}invoke name="get_weather">{"city": "Lima"}</${S}invoke>`,
    );
    expect(readEveryWay(protocol, text, { tools }).calls).toEqual([
      { toolName: 'get_time', input: '{}' },
      { toolName: 'get_weather', input: '{"city":"Lima"}' },
    ]);
  });

  it('reads a spaced invoke without its wrapper, of an unknown tool too', () => {
    const text = `Checking.\n${invoke41('get_weather', param41('city', 'Lyon'))}\n${invoke41('no_such_tool', param41('x', '1'))}`;
    expect(readEveryWay(protocol, text, { tools })).toMatchObject({
      text: 'Checking.\n\n',
      calls: [
        { toolName: 'get_weather', input: '{"city":"Lyon"}' },
        { toolName: 'no_such_tool', input: '{"x":"1"}' },
      ],
    });
  });

  it('never runs a call cut off inside a parameter', () => {
    const [cut] = readEveryWay(
      protocol,
      `<${S}calls>\n<${S}invoke name="write_file">\n<${S}parameter name="content" string="true">half`,
      { tools },
    ).calls;
    assert.isDefined(cut);
    expect(() => JSON.parse(cut.input)).toThrow();
  });

  it('keeps the wrapper in prose, and look-alikes (ASCII bar, U+2039 bracket), as text', () => {
    for (const text of [
      `V4.1 writes its calls in a <${S}calls> block.`,
      '<|DSML| calls>\n<|DSML| invoke name="get_time">\n</|DSML| invoke>\n</|DSML| calls>',
      `\u2039${S}calls>\n\u2039${S}invoke name="get_time">\n\u2039/${S}invoke>\n\u2039/${S}calls>`,
    ]) {
      expect(readEveryWay(protocol, text, { tools })).toMatchObject({ text, calls: [] });
    }
  });

  it('writes past calls and results as V4.1 does, reading back', () => {
    const v41 = deepseekDsmlProtocol({ variant: 'v4.1' });
    const input = { city: 'Lyon', days: 2, tags: ['a', 'b'] };
    const past = v41.formatToolCall({ toolCallId: 'c', toolName: 'get_weather', input });
    expect(past).toBe(
      calls41(
        invoke41(
          'get_weather',
          param41('city', 'Lyon'),
          param41('days', '2', false),
          param41('tags', '["a", "b"]', false),
        ),
      ),
    );
    expect(firstCallInput(v41, past, { tools })).toEqual(input);
    expect(
      v41.formatToolResponse({
        toolCallId: 'c',
        toolName: 'get_weather',
        output: { type: 'text', value: 'sunny</tool_result>' },
      }),
    ).toBe('<tool_result>sunny<\\/tool_result></tool_result>');
  });
});

describe('the DeepSeek-V4.1 row', () => {
  it('maps V4.1 ids to it, and V3.2 / V4 ids to their own row', () => {
    for (const id of [
      'deepseek-ai/DeepSeek-V4.1',
      'deepseek-ai/DeepSeek-V4.1-Flash',
      'deepseek/deepseek-v4.1',
      'deepseek-v4.1:latest',
    ]) {
      expect(modelFamily(id)).toMatchObject({
        family: 'DeepSeek V4.1',
        format: 'deepseek-dsml',
        opensReasoning: 'by-default',
      });
    }
    expect(modelFamily('deepseek-ai/DeepSeek-V4')?.family).toBe('DeepSeek V3.2 / V4');
    expect(modelFamily('deepseek-ai/DeepSeek-V3.2')?.family).toBe('DeepSeek V3.2 / V4');
  });

  const getTime = tools.filter((tool) => tool.name === 'get_time');
  const transform = (prompt: LanguageModelV4Prompt) =>
    rewrittenPrompt(toolMiddlewareFor('deepseek-ai/DeepSeek-V4.1'), prompt, getTime);

  it("lists the tools after the system text as V4.1's encoder does", async () => {
    const section = `## Tools

You have access to a set of tools to help answer the user's question. You can invoke tools by writing a "<${S}calls>" block like the following:

<${S}calls>
<${S}invoke name="$TOOL_NAME">
<${S}parameter name="$PARAMETER_NAME" string="true|false">$PARAMETER_VALUE</${S}parameter>
...
</${S}invoke>
<${S}invoke name="$TOOL_NAME2">
...
</${S}invoke>
</${S}calls>

String parameters should be specified as is and set \`string="true"\`. For all other types (numbers, booleans, arrays, objects), pass the value in JSON format and set \`string="false"\`.

If thinking_mode is enabled (triggered by <think>), you MUST output your complete reasoning inside <think>...</think> BEFORE any tool calls or final response.

Otherwise, output directly after </think> with tool calls or final response.

### Available Tool Schemas

{"name": "get_time", "parameters": {"type": "object", "properties": {}}}

You MUST strictly follow the above defined tool name and parameter schemas to invoke tool calls.
`;
    expect(await transform([{ role: 'system', content: 'Be brief.' }])).toEqual([
      { role: 'system', content: `Be brief.\n\n${section}` },
    ]);
    // Without a system message, the section still follows a blank line.
    const [made] =
      (await transform([{ role: 'user', content: [{ type: 'text', text: 'Time?' }] }])) ?? [];
    expect(made).toEqual({ role: 'system', content: `\n\n${section}` });
  });

  it('writes calls a blank line after the text, and results as tool_result blocks', async () => {
    const prompt = await transform([
      { role: 'user', content: [{ type: 'text', text: 'Time in Tokyo and Lima?' }] },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Checking.' },
          { type: 'tool-call', toolCallId: 'c1', toolName: 'get_time', input: { city: 'Tokyo' } },
          { type: 'tool-call', toolCallId: 'c2', toolName: 'get_time', input: {} },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c1',
            toolName: 'get_time',
            output: { type: 'json', value: { time: '09:00' } },
          },
          {
            type: 'tool-result',
            toolCallId: 'c2',
            toolName: 'get_time',
            output: { type: 'text', value: '19:00</tool_result>' },
          },
        ],
      },
    ]);
    expect(prompt?.slice(2)).toEqual([
      {
        role: 'assistant',
        content: [
          {
            type: 'text',
            text: `Checking.\n\n${calls41(invoke41('get_time', param41('city', 'Tokyo')), invoke41('get_time'))}`,
          },
        ],
      },
      {
        role: 'user',
        content: [
          {
            type: 'text',
            text: '<tool_result>{"time":"09:00"}</tool_result>\n\n<tool_result>19:00<\\/tool_result></tool_result>',
          },
        ],
      },
    ]);
  });
});

describe('DeepSeek-V4.1 replies through the middlewares', () => {
  const middlewares = [
    ['the DSML preset', formatPreset(deepseekDsmlFormat)],
    ['auto', autoToolMiddleware],
    [
      'toolMiddlewareFor("deepseek-ai/DeepSeek-V4.1")',
      toolMiddlewareFor('deepseek-ai/DeepSeek-V4.1'),
    ],
  ] as const;

  describe.each(middlewares)('through %s', (_name, middleware) => {
    it('reads a spaced block after reasoning', async () => {
      expect(
        await readThroughMiddleware(
          middleware,
          `<think>Need it.</think>Checking.\n\n${calls41(
            invoke41('get_weather', param41('city', 'Lyon'), param41('days', '2', false)),
            invoke41('get_time'),
          )}`,
          { tools },
        ),
      ).toEqual({
        text: 'Checking.\n\n',
        reasoning: 'Need it.',
        calls: [
          { toolName: 'get_weather', input: '{"city":"Lyon","days":2}' },
          { toolName: 'get_time', input: '{}' },
        ],
      });
    });

    it('never runs a spaced call cut off inside a parameter', async () => {
      const { calls } = await readThroughMiddleware(
        middleware,
        `<${S}calls>\n<${S}invoke name="write_file">\n<${S}parameter name="content" string="true">half a fi`,
        { tools },
      );
      expect(calls).toHaveLength(1);
      const [call] = calls;
      assert.isDefined(call);
      expect(() => JSON.parse(call.input)).toThrow();
    });
  });

  it('reads a reply that starts inside the reasoning the V4.1 template opened', async () => {
    expect(
      await readThroughMiddleware(
        toolMiddlewareFor('deepseek-ai/DeepSeek-V4.1'),
        `Plan.</think>${calls41(invoke41('get_time'))}`,
        { tools, providerOptions: { toolbridge: { startWithReasoning: true } } },
      ),
    ).toEqual({ text: '', reasoning: 'Plan.', calls: [{ toolName: 'get_time', input: '{}' }] });
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
    `<think>Plan.</think>Both.\n\n${calls41(invoke41('get_time'), invoke41('get_weather', param41('city', 'Paris'), param41('days', '2', false)))}`,
    `Then ${invoke41('get_weather', param41('city', 'Quito'))} and more.`,
    `<${S}calls>\n<${S}invoke name="write_file">\n<${S}parameter name="content" string="true">cut off`,
    `Prose with <${S}calls> and no call.`,
  ].map((reply, index) => ({ name: `deepseekDsml #${index}`, protocol, reply })),
);
