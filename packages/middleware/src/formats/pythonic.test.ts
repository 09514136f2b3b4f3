import type { LanguageModelV4FunctionTool, LanguageModelV4Prompt } from '@ai-sdk/provider';
import { describe, expect, it, vi } from 'vitest';
import { autoToolMiddleware } from '../auto/auto-tool-middleware';
import { formatToolMiddleware } from '../auto/format-tool-middleware';
import { toolMiddlewareFor } from '../auto/tool-middleware-for';
import { pythonicToolMiddleware } from '../presets/presets';
import { fixtureTools as tools } from '../testing/fixtures';
import { scriptedModel } from '../testing/mock-model';
import { describeProtocolProperties } from '../testing/protocol-properties';
import { readThroughMiddleware } from '../testing/read-through-middleware';
import { readEveryWay } from '../testing/run-parser';
import { pythonicProtocol } from './pythonic';

const protocol = pythonicProtocol();

describe('pythonicProtocol', () => {
  it('reads a reply that is a list of calls', () => {
    expect(readEveryWay(protocol, '[get_weather(city="Lyon", days=2)]', { tools })).toMatchObject({
      text: '',
      calls: [{ toolName: 'get_weather', input: '{"city":"Lyon","days":2}' }],
    });
    expect(
      readEveryWay(protocol, ' [get_weather(city="Lyon"), get_time()]\nBoth requested.', { tools }),
    ).toMatchObject({
      text: ' \nBoth requested.',
      calls: [
        { toolName: 'get_weather', input: '{"city":"Lyon"}' },
        { toolName: 'get_time', input: '{}' },
      ],
    });
  });

  it('reads the list in a markdown fence at the reply start', () => {
    expect(
      readEveryWay(protocol, '```python\n[get_weather(city="Lyon")]\n```\nDone.', { tools }),
    ).toMatchObject({
      text: '\nDone.',
      calls: [{ toolName: 'get_weather', input: '{"city":"Lyon"}' }],
    });
    for (const text of [
      '```python\nprint("hi")\n```',
      '```python\nget_weather(city="Lyon")\n```',
      '```\n[1, 2]\n```',
      '``not a fence',
    ]) {
      expect(readEveryWay(protocol, text, { tools })).toMatchObject({ text, calls: [] });
    }
  });

  it('reads calls after the reasoning', () => {
    expect(
      readEveryWay(protocol, '<think>Weather first.</think>\n[get_weather(city="Oslo")]', {
        tools,
        reasoningTags: [['<think>', '</think>']],
      }),
    ).toMatchObject({
      reasoning: 'Weather first.',
      calls: [{ toolName: 'get_weather', input: '{"city":"Oslo"}' }],
    });
  });

  it('reads Python literals as models write them, typed by the schema', () => {
    expect(
      readEveryWay(
        protocol,
        `[get_weather(city='It\\'s "Lyon"', days='3', detailed=True, tags=('a', 'b'), units=None)]`,
        { tools },
      ).calls,
    ).toEqual([
      {
        toolName: 'get_weather',
        input: '{"city":"It\'s \\"Lyon\\"","days":3,"detailed":true,"tags":["a","b"],"units":null}',
      },
    ]);
    // JSON spellings and a JSON-encoded list where the schema wants one.
    expect(
      readEveryWay(protocol, `[get_weather(city="Lyon", detailed=true, tags='["sun", "wind"]')]`, {
        tools,
      }).calls,
    ).toEqual([
      { toolName: 'get_weather', input: '{"city":"Lyon","detailed":true,"tags":["sun","wind"]}' },
    ]);
  });

  it('reads Llama 4 <|python_start|> and LFM2 <|tool_call_start|> lists, anywhere in the reply', () => {
    expect(
      readEveryWay(
        protocol,
        'Checking.<|tool_call_start|>[get_weather(city="Lyon")]<|tool_call_end|>Done.<|tool_call_end|>',
        { tools },
      ),
    ).toMatchObject({
      text: 'Checking.Done.',
      calls: [{ toolName: 'get_weather', input: '{"city":"Lyon"}' }],
    });
    expect(
      readEveryWay(protocol, '<|python_start|>get_time()\nget_weather(city="Rome")<|python_end|>', {
        tools,
      }).calls,
    ).toEqual([
      { toolName: 'get_time', input: '{}' },
      { toolName: 'get_weather', input: '{"city":"Rome"}' },
    ]);
  });

  it('reports an unknown tool after a marker, and keeps one without a marker as text', () => {
    expect(
      readEveryWay(protocol, '<|python_start|>[no_such_tool(x=1)]<|python_end|>', { tools }).calls,
    ).toEqual([{ toolName: 'no_such_tool', input: '{"x":1}' }]);
    expect(readEveryWay(protocol, '[no_such_tool(x=1)]', { tools })).toMatchObject({
      text: '[no_such_tool(x=1)]',
      calls: [],
    });
  });

  it('keeps brackets and call-shaped text in prose as text', () => {
    for (const text of [
      'See [the docs](https://example.com) and [1].',
      '[get_weather](https://example.com) explains the tool.',
      'You could call [get_weather(city="Lyon")] for that.',
      '- [ ] get_weather(city="Lyon")',
      '[get_weather(city)] takes a city.',
    ]) {
      expect(readEveryWay(protocol, text, { tools })).toMatchObject({ text, calls: [] });
    }
  });

  it('never runs a call cut off or written with a variable', () => {
    expect(
      readEveryWay(protocol, '[write_file(path="a.ts", content="export const', { tools }).calls,
    ).toEqual([{ toolName: 'write_file', input: '{"path":"a.ts","content":"export const' }]);
    expect(
      readEveryWay(protocol, '<|python_start|>[write_file(path=PATH, content="x")]<|python_end|>', {
        tools,
      }).calls,
    ).toEqual([{ toolName: 'write_file', input: '{"path":' }]);
  });

  it('writes a past call and a result as Llama reads them', () => {
    const call = protocol.formatToolCall({
      toolCallId: 'c',
      toolName: 'get_weather',
      input: { city: 'Lyon', detailed: true, tags: ['a'] },
    });
    expect(call).toBe('[get_weather(city="Lyon", detailed=True, tags=["a"])]');
    expect(readEveryWay(protocol, call, { tools }).calls).toEqual([
      { toolName: 'get_weather', input: '{"city":"Lyon","detailed":true,"tags":["a"]}' },
    ]);
    expect(
      pythonicProtocol({ callTokens: ['<|tool_call_start|>', '<|tool_call_end|>'] }).formatToolCall(
        {
          toolCallId: 'c',
          toolName: 'get_time',
          input: {},
        },
      ),
    ).toBe('<|tool_call_start|>[get_time()]<|tool_call_end|>');
    expect(
      protocol.formatToolResponse({
        toolCallId: 'c',
        toolName: 'get_weather',
        output: { type: 'json', value: { temp_c: 14 } },
      }),
    ).toBe('{"temp_c":14}');
    expect(
      protocol.formatToolResponse({
        toolCallId: 'c',
        toolName: 'get_weather',
        output: { type: 'text', value: 'Sunny' },
      }),
    ).toBe('Sunny');
  });
});

// `auto` (and `toolMiddlewareFor`, which reads every format) also reads Granite's bare calls
// that fill their line among prose: there a call line is markup of its own, and the line breaks
// around it are text.
describe.each([
  ['the preset', pythonicToolMiddleware, false],
  ['autoToolMiddleware', autoToolMiddleware, true],
  ['toolMiddlewareFor("llama3.2:3b")', toolMiddlewareFor('llama3.2:3b'), true],
] as const)('a bare call without brackets, read through %s', (_name, middleware, lines) => {
  const oslo = { toolName: 'get_weather', input: '{"city":"Oslo"}' };
  const time = { toolName: 'get_time', input: '{}' };

  it.each([
    ['get_weather(city="Oslo")', '', ''],
    ['  get_weather(city="Oslo")\n\n', '  ', '  \n\n'],
    ["\nget_weather(city='Oslo', )", '\n', ''],
    ['get_weather(city="Oslo")<|eot_id|>', '', ''],
    // Any model's end of turn, as a server may keep it.
    ['get_weather(city="Oslo")<end_of_turn>', '', ''],
    ['get_weather(city="Oslo")\n<|endoftext|>', '', '\n'],
  ])('reads %j, the whole reply, as the call', async (reply, text, lineText) => {
    expect(await readThroughMiddleware(middleware, reply, { tools })).toEqual({
      text: lines ? lineText : text,
      reasoning: '',
      calls: [oslo],
    });
  });

  it('reads calls one per line, the whole reply, as the calls (Granite 3.3 and 4.0 H-Small)', async () => {
    const reply = 'get_weather(city="Oslo")\nget_time()\n';
    expect(await readThroughMiddleware(middleware, reply, { tools })).toEqual({
      text: lines ? '\n' : '',
      reasoning: '',
      calls: [oslo, time],
    });
  });

  it.each([
    ['get_weather(city="Oslo")\nget_time()\nThat is all.', '\nThat is all.', [oslo, time]],
    ['get_weather(city="Oslo")\nno_such_tool()', '\nno_such_tool()', [oslo]],
    ['get_weather(city="Oslo")\nis how to ask.', '\nis how to ask.', [oslo]],
  ])(
    'reads %j as its call lines and text where it reads call lines, else as text',
    async (reply, lineText, calls) => {
      expect(await readThroughMiddleware(middleware, reply, { tools })).toEqual(
        lines
          ? { text: lineText, reasoning: '', calls }
          : { text: reply, reasoning: '', calls: [] },
      );
    },
  );

  it.each([
    'The tool get_weather(city) takes a city.',
    'get_weather(city) takes a city.',
    'get_weather(city="Oslo") tells the weather in Oslo.',
    'no_such_tool(city="Oslo")',
  ])('keeps %j as text', async (reply) => {
    expect(await readThroughMiddleware(middleware, reply, { tools })).toEqual({
      text: reply,
      reasoning: '',
      calls: [],
    });
  });

  it('never runs a bare call cut off', async () => {
    expect(
      (await readThroughMiddleware(middleware, 'write_file(path="a.md", content="# Ti', { tools }))
        .calls,
    ).toEqual([{ toolName: 'write_file', input: '{"path":"a.md","content":"# Ti' }]);
  });
});

describe("lfm2's template prompt (LFM2.5's chat template)", () => {
  const getTime: LanguageModelV4FunctionTool[] = [
    {
      type: 'function',
      name: 'get_time',
      inputSchema: { type: 'object', properties: { zone: { type: 'string' } } },
    },
  ];
  const toolList =
    'List of tools: [{"type": "function", "function": {"name": "get_time", "parameters": {"type": "object", "properties": {"zone": {"type": "string"}}}}}]';
  const transform = async (prompt: LanguageModelV4Prompt) =>
    (
      await formatToolMiddleware('lfm2').transformParams?.({
        type: 'generate',
        params: { prompt, tools: getTime },
        model: scriptedModel([]),
      })
    )?.prompt;

  it('writes the dated tool list after the system text, calls in their tokens, each result in a tool turn', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2025, 0, 5, 12));
    try {
      expect(
        await transform([
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: [{ type: 'text', text: 'Time in Tokyo and Lima?' }] },
          {
            role: 'assistant',
            content: [
              { type: 'text', text: 'Checking.' },
              { type: 'tool-call', toolCallId: 'c1', toolName: 'get_time', input: { zone: 'JST' } },
              {
                type: 'tool-call',
                toolCallId: 'c2',
                toolName: 'get_time',
                input: { zone: "Lima's", detailed: true, at: { hour: 9 }, days: [1, 'a'] },
              },
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
                output: { type: 'text', value: '19:00' },
              },
            ],
          },
        ]),
      ).toEqual([
        { role: 'system', content: `Be brief.\n\nToday's date: 2025-01-05\n\n${toolList}` },
        { role: 'user', content: [{ type: 'text', text: 'Time in Tokyo and Lima?' }] },
        {
          role: 'assistant',
          content: [
            {
              type: 'text',
              // Strings quoted as they are, objects as tojson, the rest as Python's str.
              text: "Checking.<|tool_call_start|>[get_time(zone='JST'), get_time(zone='Lima's', detailed=True, at={\"hour\": 9}, days=[1, 'a'])]<|tool_call_end|><|im_end|>\n<|im_start|>tool\n{\"time\":\"09:00\"}<|im_end|>\n<|im_start|>tool\n19:00",
            },
          ],
        },
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('makes a system message of the dated tool list when there is none', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2025, 0, 5, 12));
    try {
      const prompt = await transform([{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }]);
      expect(prompt?.[0]).toEqual({
        role: 'system',
        content: `Today's date: 2025-01-05\n\n${toolList}`,
      });
    } finally {
      vi.useRealTimers();
    }
  });
});

describeProtocolProperties(
  [
    '[get_weather(city="Lyon", days=2)]',
    '<think>Two lookups.</think>\n[get_weather(city="Lyon"), get_weather(city="Porto", units="metric")]',
    `[get_weather(city='It\\'s', detailed=True, tags=['a', "b"])] and a remark`,
    'Checking.<|tool_call_start|>[get_time()]<|tool_call_end|>Done.',
    '<|python_start|>get_time()\n[get_weather(city="Rome")]<|python_end|>',
    'See [the docs](https://x.y) and [get_weather(city="Lyon")].',
    '[write_file(path="a.ts", content="cut',
    '<|python_start|>[get_weather(city=CITY)]<|python_end|>after',
    '[no_such_tool(x=1)]',
    '```python\n[get_time(), get_weather(city="Oslo")]\n```\nBoth.',
    'get_weather(city="Oslo")\n',
    'get_weather(city="Oslo") is the call.',
    `[write_file(path="lt.ts", content='''function lt(a, b) {\n  return a < b ? "<ok/>" : \`\${a}\`;\n}\n// 😀 naïve''')]`,
  ].map((reply, index) => ({ name: `pythonic #${index}`, protocol, reply })),
);
