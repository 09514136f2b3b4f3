import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { autoToolMiddleware } from '../auto/auto-tool-middleware';
import { toolMiddlewareFor } from '../auto/tool-middleware-for';
import { gemmaToolCodeMiddleware } from '../presets/presets';
import { fixtureTools as tools } from '../testing/fixtures';
import { describeProtocolProperties } from '../testing/protocol-properties';
import { readThroughMiddleware } from '../testing/read-through-middleware';
import { readEveryWay } from '../testing/run-parser';
import { gemmaToolCodeProtocol } from './gemma-tool-code';

const protocol = gemmaToolCodeProtocol();

describe('gemmaToolCodeProtocol', () => {
  it('reads a call in a tool_code fence, with prose around it', () => {
    expect(
      readEveryWay(
        protocol,
        'Let me check.\n```tool_code\nget_weather(city="Lyon")\n```\nOne moment.',
        {
          tools,
        },
      ),
    ).toMatchObject({
      text: 'Let me check.\n\nOne moment.',
      calls: [{ toolName: 'get_weather', input: '{"city":"Lyon"}' }],
    });
  });

  it('reads parallel calls: one per line, a list, several fences', () => {
    const text =
      '```tool_code\nget_weather(city="Lyon")\nget_weather(city="Porto")\n```\n```tool_code\n[get_time(), get_time()]\n```';
    expect(readEveryWay(protocol, text, { tools }).calls).toEqual([
      { toolName: 'get_weather', input: '{"city":"Lyon"}' },
      { toolName: 'get_weather', input: '{"city":"Porto"}' },
      { toolName: 'get_time', input: '{}' },
      { toolName: 'get_time', input: '{}' },
    ]);
  });

  it("reads Gemini's print(default_api.…) and a fence label as models spell it", () => {
    expect(
      readEveryWay(
        protocol,
        '``` TOOL_CODE\nprint(default_api.get_weather(city="Lyon", days=2))\n```',
        {
          tools,
        },
      ).calls,
    ).toEqual([{ toolName: 'get_weather', input: '{"city":"Lyon","days":2}' }]);
  });

  it('reads calls after the reasoning, and a reply that opens with a list of known tools', () => {
    expect(
      readEveryWay(protocol, '<think>Time.</think>```tool_code\nget_time()\n```', {
        tools,
        reasoningTags: [['<think>', '</think>']],
      }),
    ).toMatchObject({ reasoning: 'Time.', calls: [{ toolName: 'get_time', input: '{}' }] });
    expect(readEveryWay(protocol, '[get_weather(city="Lyon")]', { tools }).calls).toEqual([
      { toolName: 'get_weather', input: '{"city":"Lyon"}' },
    ]);
  });

  it('reads relaxed literals typed by the schema', () => {
    expect(
      readEveryWay(
        protocol,
        "```tool_code\nget_weather(city='Seoul', days='2', detailed=true, tags='rain',)\n```",
        {
          tools,
        },
      ).calls,
    ).toEqual([
      {
        toolName: 'get_weather',
        input: '{"city":"Seoul","days":2,"detailed":true,"tags":["rain"]}',
      },
    ]);
  });

  it('reports an unknown tool in a fence; keeps ordinary code and calls in prose as text', () => {
    expect(readEveryWay(protocol, '```tool_code\nno_such_tool(x=1)\n```', { tools }).calls).toEqual(
      [{ toolName: 'no_such_tool', input: '{"x":1}' }],
    );
    for (const text of [
      '```tool_code\nprint("hello")\n```',
      '```python\nget_weather(city="Lyon")\n```',
      'Call get_weather(city="Lyon") to know.',
      '[no_such_tool(x=1)]',
    ]) {
      expect(readEveryWay(protocol, text, { tools })).toMatchObject({ text, calls: [] });
    }
  });

  it('never runs a call cut off', () => {
    expect(
      readEveryWay(protocol, '```tool_code\nwrite_file(path="a.md", content="# Ti', { tools })
        .calls,
    ).toEqual([{ toolName: 'write_file', input: '{"path":"a.md","content":"# Ti' }]);
  });

  it('writes a past call and a result as Google’s guides do', () => {
    const call = protocol.formatToolCall({
      toolCallId: 'c',
      toolName: 'get_weather',
      input: { city: 'Lyon' },
    });
    expect(call).toBe('```tool_code\nget_weather(city="Lyon")\n```');
    expect(readEveryWay(protocol, call, { tools }).calls).toEqual([
      { toolName: 'get_weather', input: '{"city":"Lyon"}' },
    ]);
    expect(
      protocol.formatToolResponse({
        toolCallId: 'c',
        toolName: 'get_weather',
        output: { type: 'json', value: { temp_c: 14 } },
      }),
    ).toBe('```tool_output\n{"temp_c":14}\n```');
  });
});

const statementTools: LanguageModelV4FunctionTool[] = [
  ...tools,
  { type: 'function', name: 'get_best_move', inputSchema: { type: 'object', properties: {} } },
  {
    type: 'function',
    name: 'read_file',
    inputSchema: { type: 'object', properties: { filename: { type: 'string' } } },
  },
];

describe.each([
  ['the preset', gemmaToolCodeMiddleware],
  ['autoToolMiddleware', autoToolMiddleware],
  ...['gemma3:12b', 'google/gemma-3-27b-it'].map(
    (id) => [`toolMiddlewareFor(${JSON.stringify(id)})`, toolMiddlewareFor(id)] as const,
  ),
] as const)('calls Gemma writes as Python statements, read through %s', (_name, middleware) => {
  it.each([
    ['```tool_code\nprint(get_best_move())\n```', { toolName: 'get_best_move', input: '{}' }],
    [
      "```tool_code\nresult = read_file(filename='notes.txt')\n```",
      { toolName: 'read_file', input: '{"filename":"notes.txt"}' },
    ],
    ['get_weather(city="Oslo")', { toolName: 'get_weather', input: '{"city":"Oslo"}' }],
    [' get_weather(city="Oslo")\n', { toolName: 'get_weather', input: '{"city":"Oslo"}' }],
    [
      'get_weather(city="Oslo")<end_of_turn>',
      { toolName: 'get_weather', input: '{"city":"Oslo"}' },
    ],
  ])('reads the call in %j', async (reply, call) => {
    const { calls, text } = await readThroughMiddleware(middleware, reply, {
      tools: statementTools,
    });
    expect(calls).toEqual([call]);
    expect(text.trim()).toBe('');
  });

  it.each([
    'Call get_weather(city) to know.',
    'get_weather(city="Oslo") tells the weather.',
    '```tool_code\nx = 1\n```',
  ])('keeps %j as text', async (reply) => {
    expect(await readThroughMiddleware(middleware, reply, { tools: statementTools })).toEqual({
      text: reply,
      reasoning: '',
      calls: [],
    });
  });
});

describeProtocolProperties(
  [
    'Sure.\n```tool_code\nget_weather(city="Oslo", days=3)\n```\nWaiting for the result.',
    '<think>Both.</think>```tool_code\nget_weather(city="Lyon")\nget_time()\n```',
    '```tool_code\nprint(default_api.get_time())\n```',
    "```tool_code\n[get_weather(city='Seoul', detailed=True), get_time()]\n```",
    'Some code:\n```tool_code\nx = 1\n```\nand no call.',
    '```tool_code\nget_weather(city=CITY)\n```\nafter',
    '```tool_code\nwrite_file(path="a.md", content="Use ```code``` fences")\n```',
    '```tool_code\nwrite_file(path="a", content="cut',
    '[get_time()] and more',
    '```tool_code\nresult = get_weather(city="Lyon")\nx == get_time()\n```',
    ' get_time()  ',
    '```tool_code\nno_such_tool()\n``` done',
  ].map((reply, index) => ({ name: `gemmaToolCode #${index}`, protocol, reply })),
);
