import type { LanguageModelV4Prompt } from '@ai-sdk/provider';
import { describe, expect, it, vi } from 'vitest';
import { autoToolMiddleware } from '../auto/auto-tool-middleware';
import { toolMiddlewareFor } from '../auto/tool-middleware-for';
import { graniteToolMiddleware } from '../presets/presets';
import { fixtureTools as tools } from '../testing/fixtures';
import { describeProtocolProperties } from '../testing/protocol-properties';
import { readThroughMiddleware } from '../testing/read-through-middleware';
import { rewrittenPrompt } from '../testing/rewritten-prompt';
import { readEveryWay } from '../testing/run-parser';
import { getTimeTool, twoCallHistory } from '../testing/two-call-history';
import { graniteProtocol } from './granite';

const protocol = graniteProtocol();

describe('graniteProtocol', () => {
  it('reads a list of calls after <|tool_call|> (3.0) or <tool_call> (3.1–3.3)', () => {
    for (const opener of ['<|tool_call|>', '<tool_call>']) {
      expect(
        readEveryWay(
          protocol,
          `${opener}[{"name": "get_weather", "arguments": {"city": "Lyon"}}, {"name": "get_weather", "arguments": {"city": "Porto"}}]`,
          { tools },
        ),
      ).toMatchObject({
        text: '',
        calls: [
          { toolName: 'get_weather', input: '{"city":"Lyon"}' },
          { toolName: 'get_weather', input: '{"city":"Porto"}' },
        ],
      });
    }
  });

  it('reads a call after its reasoning, and text after the list', () => {
    expect(
      readEveryWay(
        protocol,
        '<think>The time, then reply.</think><|tool_call|>[{"name": "get_time", "arguments": {}}]\nDone.',
        { tools, reasoningTags: [['<think>', '</think>']] },
      ),
    ).toMatchObject({
      reasoning: 'The time, then reply.',
      text: '\nDone.',
      calls: [{ toolName: 'get_time', input: '{}' }],
    });
  });

  it('reads arguments given as a JSON-encoded string, and relaxed JSON', () => {
    expect(
      readEveryWay(
        protocol,
        '<|tool_call|>[{"name": "get_weather", "arguments": "{\\"city\\": \\"Lyon\\", \\"days\\": 2}"}]',
        { tools },
      ).calls,
    ).toEqual([{ toolName: 'get_weather', input: '{"city":"Lyon","days":2}' }]);
    expect(
      readEveryWay(
        protocol,
        "<|tool_call|>[{'name': 'get_weather', 'arguments': {'city': 'Lyon', 'detailed': True,}}]",
        { tools },
      ).calls,
    ).toEqual([{ toolName: 'get_weather', input: '{"city":"Lyon","detailed":true}' }]);
  });

  it('reads a Hermes-style object in <tool_call> tags (Granite 4), closing tag and all', () => {
    expect(
      readEveryWay(
        protocol,
        '<tool_call>\n{"name": "get_time", "arguments": {}}\n</tool_call>\nWaiting.',
        { tools },
      ),
    ).toMatchObject({ text: '\nWaiting.', calls: [{ toolName: 'get_time', input: '{}' }] });
  });

  it('never runs a call cut off inside its arguments', () => {
    const reasons: string[] = [];
    expect(
      readEveryWay(
        protocol,
        '<|tool_call|>[{"name": "write_file", "arguments": {"path": "a.ts", "content": "half',
        { tools, onError: (_, { reason }) => reasons.push(reason) },
      ).calls,
    ).toEqual([{ toolName: 'write_file', input: '{"path":"a.ts","content":"half' }]);
    expect(reasons).toContain('call-cut-off');
  });

  it('reports an unknown tool after the marker as a call, and keeps one without it as text', () => {
    expect(
      readEveryWay(protocol, '<|tool_call|>[{"name": "no_such_tool", "arguments": {}}]', { tools })
        .calls,
    ).toEqual([{ toolName: 'no_such_tool', input: '{}' }]);
    const text = '[{"name": "no_such_tool", "arguments": {}}]';
    expect(readEveryWay(protocol, text, { tools })).toMatchObject({ text, calls: [] });
  });

  it('reads the bare list a server leaves when it strips <|tool_call|>, for known tools', () => {
    expect(
      readEveryWay(protocol, ' [{"name": "get_weather", "arguments": {"city": "Lyon"}}]', { tools })
        .calls,
    ).toEqual([{ toolName: 'get_weather', input: '{"city":"Lyon"}' }]);
  });

  it('reads bare Python calls of known tools, one per line, when they are the whole reply (3.3, 4.0 H-Small)', () => {
    expect(
      readEveryWay(protocol, 'get_weather(city="Lyon")\nget_time()\n<|end_of_text|>', { tools })
        .calls,
    ).toEqual([
      { toolName: 'get_weather', input: '{"city":"Lyon"}' },
      { toolName: 'get_time', input: '{}' },
    ]);
    for (const text of [
      'get_weather(city="Lyon") tells the weather.',
      'no_such_tool(x=1)',
      'Sure, calling get_weather(city="Lyon")',
    ]) {
      expect(readEveryWay(protocol, text, { tools }), text).toMatchObject({ text, calls: [] });
    }
  });

  it('keeps a call marker without a call as text, and reports it', () => {
    for (const [text, rawText] of [
      ['Granite answers with <|tool_call|> and a list.', '<|tool_call|>'],
      ['Write <tool_call> tags like this.', '<tool_call>'],
    ] as const) {
      const onError = vi.fn();
      expect(readEveryWay(protocol, text, { tools, onError })).toMatchObject({ text, calls: [] });
      expect(onError).toHaveBeenCalledWith(
        expect.any(String),
        expect.objectContaining({
          reason: 'malformed-call',
          rawText: expect.stringContaining(rawText),
        }),
      );
    }
  });

  it('keeps call-shaped text in prose as text, and loses none of it', () => {
    for (const text of [
      'Here: [{"name": "get_weather", "arguments": {"city": "Lyon"}}]',
      '[1, 2, 3] are numbers.',
      '{"name": "Alice"}',
    ]) {
      expect(
        readEveryWay(protocol, text, { tools, emitRawToolCallTextOnError: false }),
      ).toMatchObject({ text, calls: [] });
    }
  });

  it('writes a past call as Granite does and reads it back; results as the tool turn content', () => {
    const call = protocol.formatToolCall({
      toolCallId: 'c',
      toolName: 'get_weather',
      input: { city: 'Lyon' },
    });
    expect(call).toBe('<|tool_call|>[{"name": "get_weather", "arguments": {"city": "Lyon"}}]');
    expect(readEveryWay(protocol, call, { tools })).toMatchObject({
      text: '',
      calls: [{ toolName: 'get_weather', input: '{"city":"Lyon"}' }],
    });
    const result = (output: Parameters<typeof protocol.formatToolResponse>[0]['output']) =>
      protocol.formatToolResponse({ toolCallId: 'c', toolName: 'get_weather', output });
    expect(result({ type: 'json', value: { temp_c: 14 } })).toBe('{"temp_c": 14}');
    expect(result({ type: 'text', value: 'Sunny' })).toBe('Sunny');
    expect(result({ type: 'error-text', value: 'No such city' })).toBe('{"error": "No such city"}');
  });
});

describe.each([
  ['the preset', graniteToolMiddleware],
  ['autoToolMiddleware', autoToolMiddleware],
  ['toolMiddlewareFor("granite3.3:8b")', toolMiddlewareFor('granite3.3:8b')],
  // Granite 4 is prompted for Hermes calls; 4.0 H-Small still answers in Python lines at times.
  [
    'toolMiddlewareFor("ibm-granite/granite-4.0-h-small")',
    toolMiddlewareFor('ibm-granite/granite-4.0-h-small'),
  ],
] as const)('bare Python call lines among prose, read through %s', (_name, middleware) => {
  const lyon = { toolName: 'get_weather', input: '{"city":"Lyon"}' };
  const time = { toolName: 'get_time', input: '{}' };

  // What vLLM's granite_pythonic reads: Granite 3.3 and 4.0 H-Small write a call per line, with
  // or without prose around it.
  it.each([
    [
      'I will check both.\nget_weather(city="Lyon")\nget_time()\nThe results follow.',
      'I will check both.\nThe results follow.',
      [lyon, time],
    ],
    ['get_weather(city="Lyon")\nThat is the call.', '\nThat is the call.', [lyon]],
    ['Sure.\r\nget_time()  \r\nDone.', 'Sure.\r\nDone.', [time]],
    ['Checking.\nget_time()<|end_of_text|>', 'Checking.', [time]],
    // Any end of turn a server kept, not only Granite's own.
    ['Checking.\nget_time() <|eot_id|>', 'Checking.', [time]],
    ['get_weather(city="Lyon")\nget_time()<|im_end|>', '', [lyon, time]],
    ["One moment.\n\nget_weather(city='Lyon', )\n", 'One moment.\n\n', [lyon]],
    // A code fence that holds only calls is their wrapper: no empty fence is left in the text.
    ['```python\nget_weather(city="Lyon")\n```', '', [lyon]],
    [
      'Sure:\n```\nget_weather(city="Lyon")\nget_time()\n```\nDone.',
      'Sure:\n\nDone.',
      [lyon, time],
    ],
  ])('reads %j', async (reply, text, calls) => {
    expect(await readThroughMiddleware(middleware, reply, { tools })).toEqual({
      text,
      reasoning: '',
      calls,
    });
  });

  it.each([
    'Call it so:\nget_weather(city="Lyon") returns the weather.',
    'Indented, as code:\n    get_weather(city="Lyon")',
    'A variable:\nget_weather(city=lyon)',
    'Not a tool:\nno_such_tool(x=1)',
    'Across lines:\nget_weather(\n  city="Lyon",\n)',
    'Two on a line:\nget_weather(city="Lyon"), get_time()',
    'Code:\n```python\nx = get_weather(city="Lyon")\n```',
    '```\nls -la\n```',
  ])('keeps %j as text', async (reply) => {
    expect(await readThroughMiddleware(middleware, reply, { tools })).toEqual({
      text: reply,
      reasoning: '',
      calls: [],
    });
  });

  it('never runs a call line cut off', async () => {
    expect(
      await readThroughMiddleware(
        middleware,
        'Writing it.\nwrite_file(path="a.md", content="# Ti',
        {
          tools,
        },
      ),
    ).toEqual({
      text: 'Writing it.',
      reasoning: '',
      calls: [{ toolName: 'write_file', input: '{"path":"a.md","content":"# Ti' }],
    });
  });
});

describe("granite's template prompt (Granite 3.3's chat template)", () => {
  const getTime = getTimeTool();
  const toolsTurn =
    '<|end_of_text|>\n<|start_of_role|>available_tools<|end_of_role|>[\n    {\n        "type": "function",\n        "function": {\n            "name": "get_time",\n            "parameters": {\n                "type": "object",\n                "properties": {\n                    "zone": {\n                        "type": "string"\n                    }\n                }\n            }\n        }\n    }\n]';
  const history = (system: LanguageModelV4Prompt) =>
    twoCallHistory(system, { lastResult: '19:00<|end_of_text|>' });
  const transform = (prompt: LanguageModelV4Prompt) =>
    rewrittenPrompt(graniteToolMiddleware, prompt, getTime);

  it('writes the tool turn after the system text, no calls, each result in a tool turn', async () => {
    expect(await transform(history([{ role: 'system', content: 'Be brief.' }]))).toEqual([
      { role: 'system', content: `Be brief.${toolsTurn}` },
      { role: 'user', content: [{ type: 'text', text: 'Time in Tokyo and Lima?' }] },
      {
        role: 'assistant',
        content: [
          {
            type: 'text',
            // The template drops calls; results are written as it writes them, tokens and all.
            text: 'Checking.<|end_of_text|>\n<|start_of_role|>tool<|end_of_role|>{"time":"09:00"}<|end_of_text|>\n<|start_of_role|>tool<|end_of_role|>19:00<|end_of_text|>',
          },
        ],
      },
    ]);
  });

  it("writes the template's dated default system message when there is none", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2025, 0, 5, 12));
    try {
      const prompt = await transform(history([]));
      expect(prompt?.[0]).toEqual({
        role: 'system',
        content: `Knowledge Cutoff Date: April 2024. Today's Date: January 05, 2025. You are Granite, developed by IBM. You are a helpful assistant with access to the following tools. When a tool is required to answer the user's query, respond only with <|tool_call|> followed by a JSON list of tools used. If a tool does not exist in the provided list of tools, notify the user that you do not have the ability to fulfill the request.${toolsTurn}`,
      });
    } finally {
      vi.useRealTimers();
    }
  });
});

describeProtocolProperties(
  [
    '<|tool_call|>[{"name": "get_weather", "arguments": {"city": "Lyon", "days": 2}}, {"name": "get_time", "arguments": {}}]',
    '<tool_call>[{"name": "get_weather", "arguments": {"city": "Rome", "tags": ["a", "b"]}}]',
    '<think>Which city? <|tool_call|>[no]</think><|tool_call|>[{"name": "get_time", "arguments": {}}]',
    '<|tool_call|>[{"name": "get_weather", "arguments": "{\\"city\\": \\"Lima\\"}"}]',
    "<|tool_call|>[{'name': 'get_weather', 'arguments': {city: 'Seoul', detailed: True, days: '2',}}]",
    '[{"name": "get_weather", "arguments": {"city": "Stripped"}}]',
    'I use <|tool_call|> markers and [links](x).',
    '<|tool_call|>[{"name": "write_file", "arguments": {"path": "a.ts", "content": "cut off',
    '<tool_call>{"name": "get_time", "arguments": {}}</tool_call> then <|tool_call|>[{"name": "no_such_tool", "arguments": {}}]',
    '<|tool_call|>[{"name": "get_weather", "arguments": {"__proto__": {"polluted": 1}, "city": "Proto"}}]',
  ].map((reply, index) => ({ name: `granite #${index}`, protocol, reply })),
);
