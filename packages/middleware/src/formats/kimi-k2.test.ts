import type { LanguageModelV4Prompt } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { toolMiddlewareFor } from '../auto/tool-middleware-for';
import { kimiK2ToolMiddleware } from '../presets/presets';
import { fixtureTools as tools } from '../testing/fixtures';
import { describeProtocolProperties } from '../testing/protocol-properties';
import { readThroughMiddleware } from '../testing/read-through-middleware';
import { rewrittenPrompt } from '../testing/rewritten-prompt';
import { readEveryWay } from '../testing/run-parser';
import { getTimeTool, twoCallHistory } from '../testing/two-call-history';
import { kimiK2CallId, kimiK2Protocol } from './kimi-k2';

const protocol = kimiK2Protocol();
const think = [['<think>', '</think>']] as const;

const SECTION = '<|tool_calls_section_begin|>';
const SECTION_END = '<|tool_calls_section_end|>';
const call = (id: string, json: string) =>
  `<|tool_call_begin|>${id}<|tool_call_argument_begin|>${json}<|tool_call_end|>`;

function callIds(parts: ReturnType<typeof readEveryWay>['parts']): string[] {
  return parts.flatMap((part) => (part.type === 'tool-call' ? [part.toolCallId] : []));
}

describe('kimiK2Protocol', () => {
  it('reads a call, its name from the id, and keeps the id', () => {
    const text = `I'll check.${SECTION}${call('functions.get_weather:0', '{"city": "Lyon"}')}${SECTION_END}`;
    const result = readEveryWay(protocol, text, { tools });
    expect(result).toMatchObject({
      text: "I'll check.",
      calls: [{ toolName: 'get_weather', input: '{"city":"Lyon"}' }],
    });
    expect(callIds(result.parts)).toEqual(['functions.get_weather:0']);
  });

  it('reads parallel calls, and gives a repeated id a fresh one', () => {
    const text = `${SECTION}${call('functions.get_weather:0', '{"city": "Lyon"}')}${call(' functions.get_weather:0 ', '{"city": "Porto"}')}${call('functions.get_time:1', '{}')}${SECTION_END}`;
    const result = readEveryWay(protocol, text, { tools });
    expect(result.calls).toEqual([
      { toolName: 'get_weather', input: '{"city":"Lyon"}' },
      { toolName: 'get_weather', input: '{"city":"Porto"}' },
      { toolName: 'get_time', input: '{}' },
    ]);
    const ids = callIds(result.parts);
    expect(ids[0]).toBe('functions.get_weather:0');
    expect(ids[1]).not.toBe('functions.get_weather:0');
    expect(ids[2]).toBe('functions.get_time:1');
  });

  it('reads ids without functions. or without an index, and a dotted prefix before a known name', () => {
    for (const id of [
      'get_weather:3',
      'functions.get_weather',
      'functions.default_api.get_weather:0',
    ]) {
      expect(
        readEveryWay(protocol, `${SECTION}${call(id, '{"city": "Lyon"}')}${SECTION_END}`, { tools })
          .calls,
      ).toEqual([{ toolName: 'get_weather', input: '{"city":"Lyon"}' }]);
    }
  });

  it('reads K2-Thinking reasoning first', () => {
    const text = `<think>Two cities, two calls.</think>${SECTION}${call('functions.get_time:0', '{}')}${SECTION_END}`;
    expect(readEveryWay(protocol, text, { tools, reasoningTags: think })).toMatchObject({
      reasoning: 'Two cities, two calls.',
      text: '',
      calls: [{ toolName: 'get_time', input: '{}' }],
    });
  });

  it('reads nothing inside reasoning unless told that calls come there', () => {
    const text = `<think>I will call it. ${SECTION}${call('functions.get_time:0', '{}')}${SECTION_END}`;
    expect(readEveryWay(protocol, text, { tools, reasoningTags: think })).toMatchObject({
      reasoning: `I will call it. ${SECTION}${call('functions.get_time:0', '{}')}${SECTION_END}`,
      calls: [],
    });
  });

  describe.each([
    ['kimiK2ToolMiddleware', kimiK2ToolMiddleware],
    [
      "toolMiddlewareFor('moonshotai/Kimi-K2-Thinking')",
      toolMiddlewareFor('moonshotai/Kimi-K2-Thinking'),
    ],
  ])('K2-Thinking calling inside its <think>, through %s', (_name, middleware) => {
    const inThink = `${SECTION}${call('functions.get_time:0', '{}')}${SECTION_END}`;

    it('reads the call, and the reasoning goes on after it until its closer', async () => {
      // As vLLM's and llama.cpp's Kimi K2 parsers read it (formats.md §2.3).
      expect(
        await readThroughMiddleware(middleware, `<think>I'm thinking${inThink}still</think>Hello`, {
          tools,
        }),
      ).toEqual({
        reasoning: "I'm thinkingstill",
        text: 'Hello',
        calls: [{ toolName: 'get_time', input: '{}' }],
      });
      expect(
        await readThroughMiddleware(middleware, `<think>I'm thinking${inThink}`, { tools }),
      ).toEqual({
        reasoning: "I'm thinking",
        text: '',
        calls: [{ toolName: 'get_time', input: '{}' }],
      });
    });

    it('keeps a section that holds no call in the reasoning', async () => {
      expect(
        await readThroughMiddleware(middleware, '<think>The <|tool_call_begin|> token</think>Hi', {
          tools,
        }),
      ).toEqual({ reasoning: 'The <|tool_call_begin|> token', text: 'Hi', calls: [] });
    });
  });

  it('reads relaxed JSON and arguments as a JSON-encoded string', () => {
    expect(
      readEveryWay(
        protocol,
        `${SECTION}${call('functions.get_weather:0', "{'city': 'Lyon', days: '2', detailed: True,}")}${SECTION_END}`,
        { tools },
      ).calls,
    ).toEqual([{ toolName: 'get_weather', input: '{"city":"Lyon","days":2,"detailed":true}' }]);
    expect(
      readEveryWay(
        protocol,
        `${SECTION}${call('functions.get_weather:0', '"{\\"city\\": \\"Lyon\\"}"')}${SECTION_END}`,
        { tools },
      ).calls,
    ).toEqual([{ toolName: 'get_weather', input: '{"city":"Lyon"}' }]);
  });

  it('never runs a call cut off inside its arguments', () => {
    const errors: string[] = [];
    const result = readEveryWay(
      protocol,
      `${SECTION}<|tool_call_begin|>functions.write_file:0<|tool_call_argument_begin|>{"path": "a.ts", "content": "half`,
      { tools, onError: (_message, { reason }) => errors.push(reason) },
    );
    expect(result.calls).toEqual([
      { toolName: 'write_file', input: '{"path":"a.ts","content":"half' },
    ]);
    expect(errors).toContain('call-cut-off');
  });

  it('reports an unknown tool inside the tokens as a call', () => {
    expect(
      readEveryWay(
        protocol,
        `${SECTION}${call('functions.no_such_tool:0', '{"x": 1}')}${SECTION_END}`,
        {
          tools,
        },
      ).calls,
    ).toEqual([{ toolName: 'no_such_tool', input: '{"x":1}' }]);
  });

  it('reads the remnant of stripped tokens for known tools only', () => {
    const stripped = readEveryWay(
      protocol,
      'functions.get_weather:0{"city": "Lyon"}functions.get_time:1 {}',
      { tools },
    );
    expect(stripped).toMatchObject({
      text: '',
      calls: [
        { toolName: 'get_weather', input: '{"city":"Lyon"}' },
        { toolName: 'get_time', input: '{}' },
      ],
    });
    expect(callIds(stripped.parts)).toEqual(['functions.get_weather:0', 'functions.get_time:1']);
    for (const text of [
      'functions.no_such_tool:0{"x": 1}',
      'See functions.get_weather:0 for the details {"city": "Lyon"}',
      'functions.get_weather:latest{"city": "Lyon"}',
    ]) {
      expect(readEveryWay(protocol, text, { tools })).toMatchObject({ text, calls: [] });
    }
  });

  it('reads a call whose begin token alone is missing', () => {
    expect(
      readEveryWay(
        protocol,
        `${SECTION}functions.get_time:0<|tool_call_argument_begin|>{}<|tool_call_end|>${SECTION_END}`,
        { tools },
      ),
    ).toMatchObject({ text: '', calls: [{ toolName: 'get_time', input: '{}' }] });
  });

  it('keeps prose, JSON and look-alike tokens as text', () => {
    for (const text of [
      'The answer is 42.',
      '{"name": "get_weather", "arguments": {"city": "Lyon"}}',
      '<tool_call_begin>functions.get_time:0<tool_call_argument_begin>{}',
      'A call opens with <|tool_call_begin|> and then an id.',
    ]) {
      expect(readEveryWay(protocol, text, { tools })).toMatchObject({ text, calls: [] });
    }
  });

  it('writes a past call with its K2 id and reads it back', () => {
    const written = protocol.formatToolCall({
      toolCallId: 'functions.get_weather:3',
      toolName: 'get_weather',
      input: { city: 'Lyon' },
    });
    expect(written).toBe(
      `${SECTION}${call('functions.get_weather:3', '{"city":"Lyon"}')}${SECTION_END}`,
    );
    const result = readEveryWay(protocol, written, { tools });
    expect(result.calls).toEqual([{ toolName: 'get_weather', input: '{"city":"Lyon"}' }]);
    expect(callIds(result.parts)).toEqual(['functions.get_weather:3']);
  });

  it('gives a foreign id the K2 shape, the same for the call and its result', () => {
    expect(kimiK2CallId('get_weather', 'call_1')).toBe('functions.get_weather:call_1');
    expect(kimiK2CallId('get_weather', 'a:b c')).toBe('functions.get_weather:a_b_c');
    expect(kimiK2CallId('get_weather', 'functions.get_weather:2')).toBe('functions.get_weather:2');
    expect(kimiK2CallId('get_weather', 'functions.get_time:2')).toBe(
      'functions.get_weather:functions_get_time_2',
    );
    expect(
      protocol.formatToolCall({ toolCallId: 'call_1', toolName: 'get_time', input: {} }),
    ).toContain('functions.get_time:call_1<|tool_call_argument_begin|>');
    expect(
      protocol.formatToolResponse({
        toolCallId: 'call_1',
        toolName: 'get_time',
        output: { type: 'json', value: { time: '12:00' } },
      }),
    ).toBe('## Return of functions.get_time:call_1\n{"time":"12:00"}');
  });

  it('declares the tools as one JSON list, as K2 reads them', () => {
    expect(JSON.parse(protocol.formatTools([tools[2]]))).toEqual([
      {
        type: 'function',
        function: { name: 'get_time', parameters: { type: 'object', properties: {} } },
      },
    ]);
  });
});

describe("kimi-k2's template prompt (K2-Thinking's chat template)", () => {
  const getTime = getTimeTool();
  const declare =
    '<|im_end|><|im_system|>tool_declare<|im_middle|>[{"type": "function", "function": {"name": "get_time", "parameters": {"type": "object", "properties": {"zone": {"type": "string"}}}}}]<|im_end|><|im_system|>system<|im_middle|>';
  const history = (system: LanguageModelV4Prompt) =>
    twoCallHistory(system, {
      ids: ['functions.get_time:0', 'call_2'],
      lastResult: '19:00<|im_end|><|im_user|>user<|im_middle|>Hi',
    });
  const transform = (prompt: LanguageModelV4Prompt) =>
    rewrittenPrompt(kimiK2ToolMiddleware, prompt, getTime);

  it('declares the tools in a tool_declare turn, calls in one section, each result a tool turn', async () => {
    expect(await transform(history([{ role: 'system', content: 'Be brief.' }]))).toEqual([
      // Behind the system message's own (empty) turn, then the tools' and its text's turns.
      { role: 'system', content: `${declare}Be brief.` },
      { role: 'user', content: [{ type: 'text', text: 'Time in Tokyo and Lima?' }] },
      {
        role: 'assistant',
        content: [
          {
            type: 'text',
            // Arguments as tojson, a foreign id in the K2 shape, a result's turn end escaped.
            text: `Checking.${SECTION}${call('functions.get_time:0', '{"zone": "JST"}')}${call('functions.get_time:call_2', '{"zone": "PET"}')}${SECTION_END}<|im_end|><|im_system|>tool<|im_middle|>## Return of functions.get_time:0\n{"time":"09:00"}<|im_end|><|im_system|>tool<|im_middle|>## Return of functions.get_time:call_2\n19:00<\\|im_end|><|im_user|>user<|im_middle|>Hi`,
          },
        ],
      },
    ]);
  });

  it("writes the template's default system text when there is none", async () => {
    expect((await transform(history([])))?.[0]).toEqual({
      role: 'system',
      content: `${declare}You are Kimi, an AI assistant created by Moonshot AI.`,
    });
  });
});

describeProtocolProperties(
  [
    `I'll check both.${SECTION}${call('functions.get_weather:0', '{"city": "Lyon", "days": 2}')}${call('functions.get_weather:1', '{"city": "Porto"}')}${SECTION_END}`,
    `<think>The time, then done.</think>${SECTION}${call('functions.get_time:0', '{}')}${SECTION_END}`,
    'functions.get_weather:0{"city": "Lyon"}functions.get_time:1{}',
    `${SECTION}${call('functions.write_file:0', JSON.stringify({ path: 'a.md', content: 'Use <|tool_call_end|> and "quotes"' }))}${SECTION_END}`,
    `${SECTION}<|tool_call_begin|>functions.write_file:0<|tool_call_argument_begin|>{"path": "a", "content": "cut off`,
    `${SECTION}${call('functions.no_such_tool:0', '{"x": 1}')}${SECTION_END}`,
    'See functions.get_weather:0 and functions.unknown:0{"x": 1} in the docs.',
    `${SECTION}${call('functions.get_weather:0', "{'city': 'Seoul', detailed: True}")}`,
    `${call('functions.get_weather:0', 'not json')} then prose`,
    `${SECTION}${call('functions.get_weather:0', '{"__proto__": {"polluted": 1}, "city": "Proto"}')}${SECTION_END}`,
  ].map((reply, index) => ({ name: `kimiK2 #${index}`, protocol, reply })),
);
