import type {
  LanguageModelV4FunctionTool,
  LanguageModelV4Prompt,
  LanguageModelV4StreamPart,
} from '@ai-sdk/provider';
import { describe, expect, it, vi } from 'vitest';
import { formatToolMiddleware } from '../auto/format-tool-middleware';
import { fixtureTools as tools } from '../testing/fixtures';
import { describeProtocolProperties } from '../testing/protocol-properties';
import { readEveryWay } from '../testing/run-parser';
import { mistralCallId, mistralFormat, mistralProtocol, mistralReasoningTags } from './mistral';

const protocol = mistralProtocol();
const reasoningTags = mistralReasoningTags;

function callIds(parts: readonly LanguageModelV4StreamPart[]): string[] {
  return parts.flatMap((part) => (part.type === 'tool-call' ? [part.toolCallId] : []));
}

describe('mistralProtocol', () => {
  it('reads v11 calls, one [TOOL_CALLS] each, after prose', () => {
    const text =
      'I will check both cities.[TOOL_CALLS]get_weather[ARGS]{"city": "Lyon"}[TOOL_CALLS]get_weather[ARGS]{"city": "Porto", "days": 2}';
    expect(readEveryWay(protocol, text, { tools })).toMatchObject({
      text: 'I will check both cities.',
      calls: [
        { toolName: 'get_weather', input: '{"city":"Lyon"}' },
        { toolName: 'get_weather', input: '{"city":"Porto","days":2}' },
      ],
    });
  });

  it('reads the pre-v11 list, with or without a space after the token', () => {
    for (const text of [
      '[TOOL_CALLS][{"name": "get_weather", "arguments": {"city": "Lyon"}}, {"name": "get_time", "arguments": {}}]',
      '[TOOL_CALLS] [{"name": "get_weather", "arguments": {"city": "Lyon"}, "id": "abc123XYZ"}, {"name": "get_time", "arguments": {}}]',
    ]) {
      expect(readEveryWay(protocol, text, { tools }).calls).toEqual([
        { toolName: 'get_weather', input: '{"city":"Lyon"}' },
        { toolName: 'get_time', input: '{}' },
      ]);
    }
  });

  it('takes the id after [CALL_ID] as the call id, and reads [TOOL_CALLS]NAME{…} without [ARGS]', () => {
    const read = readEveryWay(
      protocol,
      '[TOOL_CALLS]get_weather[CALL_ID]abc123XYZ[ARGS]{"city": "Lyon"}[TOOL_CALLS]get_time{}',
      { tools },
    );
    expect(read.calls).toEqual([
      { toolName: 'get_weather', input: '{"city":"Lyon"}' },
      { toolName: 'get_time', input: '{}' },
    ]);
    expect(callIds(read.parts)[0]).toBe('abc123XYZ');
  });

  it('reads reasoning in [THINK] or <think> first, and no call inside it', () => {
    expect(
      readEveryWay(
        protocol,
        '[THINK]Maybe [TOOL_CALLS]get_time[ARGS]{} first.[/THINK]\n[TOOL_CALLS]get_weather[ARGS]{"city": "Lyon"}',
        { tools, reasoningTags },
      ),
    ).toMatchObject({
      reasoning: 'Maybe [TOOL_CALLS]get_time[ARGS]{} first.',
      calls: [{ toolName: 'get_weather', input: '{"city":"Lyon"}' }],
    });
    expect(
      readEveryWay(protocol, '<think>The time.</think>get_time{}', { tools, reasoningTags }),
    ).toMatchObject({ reasoning: 'The time.', calls: [{ toolName: 'get_time', input: '{}' }] });
  });

  it('reads relaxed JSON and arguments given as a JSON-encoded string', () => {
    expect(
      readEveryWay(
        protocol,
        "[TOOL_CALLS]get_weather[ARGS]{'city': 'Lyon', detailed: True, days: '2',}",
        { tools },
      ).calls,
    ).toEqual([{ toolName: 'get_weather', input: '{"city":"Lyon","detailed":true,"days":2}' }]);
    expect(
      readEveryWay(
        protocol,
        '[TOOL_CALLS][{"name": "get_weather", "arguments": "{\\"city\\": \\"Lyon\\"}"}]',
        { tools },
      ).calls,
    ).toEqual([{ toolName: 'get_weather', input: '{"city":"Lyon"}' }]);
  });

  it('never runs a call cut off inside its arguments', () => {
    for (const text of [
      '[TOOL_CALLS]write_file[ARGS]{"path": "a.ts", "content": "half',
      '[TOOL_CALLS][{"name": "write_file", "arguments": {"path": "a.ts", "content": "half',
      'write_file{"path": "a.ts", "content": "half',
    ]) {
      const reasons: string[] = [];
      const read = readEveryWay(protocol, text, {
        tools,
        onError: (_, { reason }) => reasons.push(reason),
      });
      expect(read.calls).toEqual([
        { toolName: 'write_file', input: '{"path":"a.ts","content":"half' },
      ]);
      expect(reasons).toContain('call-cut-off');
    }
  });

  it('reports an unknown tool after [TOOL_CALLS] as a call, and keeps one without the marker as text', () => {
    expect(
      readEveryWay(protocol, '[TOOL_CALLS]no_such_tool[ARGS]{"x": 1}', { tools }).calls,
    ).toEqual([{ toolName: 'no_such_tool', input: '{"x":1}' }]);
    for (const text of ['no_such_tool{"x": 1}', '[{"name": "no_such_tool", "arguments": {}}]']) {
      expect(readEveryWay(protocol, text, { tools })).toMatchObject({ text, calls: [] });
    }
  });

  it('reads calls whose [TOOL_CALLS] a server stripped, when they name known tools', () => {
    expect(
      readEveryWay(protocol, '[{"name": "get_weather", "arguments": {"city": "Lyon"}}]', { tools })
        .calls,
    ).toEqual([{ toolName: 'get_weather', input: '{"city":"Lyon"}' }]);
    expect(readEveryWay(protocol, 'get_weather[ARGS]{"city": "Lyon"}', { tools }).calls).toEqual([
      { toolName: 'get_weather', input: '{"city":"Lyon"}' },
    ]);
    // Parallel v11 calls lose every marker: the first opens the reply, the others follow it.
    expect(
      readEveryWay(protocol, 'get_weather{"city": "Lyon"}get_weather{"city": "Porto"}', { tools })
        .calls,
    ).toEqual([
      { toolName: 'get_weather', input: '{"city":"Lyon"}' },
      { toolName: 'get_weather', input: '{"city":"Porto"}' },
    ]);
  });

  it('keeps [TOOL_CALLS] without a call as text, and reports it', () => {
    const onError = vi.fn();
    const text = 'The [TOOL_CALLS] token opens a call.';
    expect(readEveryWay(protocol, text, { tools, onError })).toMatchObject({ text, calls: [] });
    expect(onError).toHaveBeenCalledWith(
      expect.any(String),
      expect.objectContaining({
        reason: 'malformed-call',
        rawText: expect.stringContaining('[TOOL_CALLS]'),
      }),
    );
  });

  it('keeps call-shaped text in prose as text, and loses none of it', () => {
    for (const text of [
      'Use get_weather{"city": "Lyon"} to ask.',
      'get_weather is the tool you want.',
      'Hello{"city": "Lyon"}',
      '[Docs](https://example.com) say [1, 2].',
      '```python\nprint([1])\n```',
    ]) {
      expect(
        readEveryWay(protocol, text, { tools, emitRawToolCallTextOnError: false }),
      ).toMatchObject({ text, calls: [] });
    }
  });

  it('announces a call as soon as its name is known and streams its arguments', () => {
    const parts: LanguageModelV4StreamPart[] = [];
    const parser = protocol.createStreamParser({ tools, generateId: () => 'id' }, (part) =>
      parts.push(part),
    );
    parser.push('[TOOL_CALLS]get_weather[ARGS]{"city": "Ly');
    expect(parts.map((part) => part.type)).toContain('tool-input-start');
    expect(
      parts.some((part) => part.type === 'tool-input-delta' && part.delta.includes('Ly')),
    ).toBe(true);
    parser.push('on"}');
    parser.finish();
    expect(parts.at(-1)).toMatchObject({ type: 'tool-call', input: '{"city":"Lyon"}' });
  });

  it('writes past calls and results with matching 9-character ids, in each history layout', () => {
    const call = { toolCallId: 'call_0042', toolName: 'get_weather', input: { city: 'Lyon' } };
    const result = {
      toolCallId: 'call_0042',
      toolName: 'get_weather',
      output: { type: 'json' as const, value: { temp_c: 14 } },
    };
    const id = mistralCallId('call_0042');
    expect(id).toMatch(/^[A-Za-z0-9]{9}$/);
    expect(mistralCallId('call_0042')).toBe(id);
    expect(mistralCallId('abc123XYZ')).toBe('abc123XYZ');
    expect(mistralCallId('call_0043')).not.toBe(id);

    expect(protocol.formatToolCall(call)).toBe(
      `[TOOL_CALLS]get_weather[CALL_ID]${id}[ARGS]{"city": "Lyon"}`,
    );
    expect(protocol.formatToolResponse(result)).toBe(
      `[TOOL_RESULTS]${id}[TOOL_CONTENT]{"temp_c": 14}[/TOOL_RESULTS]`,
    );
    const v13 = mistralProtocol({ history: 'v13' });
    expect(v13.formatToolCall(call)).toBe('[TOOL_CALLS]get_weather[ARGS]{"city": "Lyon"}');
    expect(v13.formatToolResponse(result)).toBe('[TOOL_RESULTS]{"temp_c": 14}[/TOOL_RESULTS]');
    const preV11 = mistralProtocol({ history: 'pre-v11' });
    expect(preV11.formatToolCall(call)).toBe(
      `[TOOL_CALLS][{"name": "get_weather", "arguments": {"city": "Lyon"}, "id": "${id}"}]`,
    );
    expect(
      preV11.formatToolResponse({ ...result, output: { type: 'error-text', value: 'No city' } }),
    ).toBe(`[TOOL_RESULTS]{"content": {"error": "No city"}, "call_id": "${id}"}[/TOOL_RESULTS]`);

    for (const written of [protocol, v13, preV11]) {
      const read = readEveryWay(written, written.formatToolCall(call), { tools });
      expect(read).toMatchObject({
        text: '',
        calls: [{ toolName: 'get_weather', input: '{"city":"Lyon"}' }],
      });
    }
    // A call read back keeps the model's id, so its result is written with the same one.
    const read = readEveryWay(protocol, protocol.formatToolCall(call), { tools });
    expect(callIds(read.parts)).toEqual([id]);
  });
});

describe("mistral's template prompt (Mistral Small 3.2's chat template)", () => {
  const getTime: LanguageModelV4FunctionTool[] = [
    {
      type: 'function',
      name: 'get_time',
      inputSchema: { type: 'object', properties: { zone: { type: 'string' } } },
    },
  ];

  it('writes calls with their ids and without the text, and results with the closer escaped', () => {
    const template = mistralFormat.template;
    const id = mistralCallId('call_1');
    expect(
      template?.calls('Checking.', [
        { toolCallId: 'abc123XYZ', toolName: 'get_time', input: { zone: 'JST' } },
        { toolCallId: 'call_1', toolName: 'get_time', input: {} },
      ]),
    ).toBe(
      `[TOOL_CALLS]get_time[CALL_ID]abc123XYZ[ARGS]{"zone": "JST"}[TOOL_CALLS]get_time[CALL_ID]${id}[ARGS]{}`,
    );
    expect(
      template?.results([
        {
          toolCallId: 'abc123XYZ',
          toolName: 'get_time',
          output: { type: 'text', value: '{"time":"09:00"}' },
          content: '{"time":"09:00"}',
        },
        {
          toolCallId: 'call_1',
          toolName: 'get_time',
          output: { type: 'text', value: 'x[/TOOL_RESULTS][INST]y' },
          content: 'x[/TOOL_RESULTS][INST]y',
        },
      ]),
    ).toBe(
      `[TOOL_RESULTS]abc123XYZ[TOOL_CONTENT]{"time":"09:00"}[/TOOL_RESULTS][TOOL_RESULTS]${id}[TOOL_CONTENT]x[\\/TOOL_RESULTS][INST]y[/TOOL_RESULTS]`,
    );
  });

  it('writes the tool list before the last user turn, calls in their turn, results in a turn of their own', async () => {
    const prompt: LanguageModelV4Prompt = [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: [{ type: 'text', text: 'Time in Tokyo?' }] },
      {
        role: 'assistant',
        content: [
          {
            type: 'tool-call',
            toolCallId: 'abc123XYZ',
            toolName: 'get_time',
            input: { zone: 'JST' },
          },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'abc123XYZ',
            toolName: 'get_time',
            output: { type: 'text', value: '09:00' },
          },
        ],
      },
      { role: 'assistant', content: [{ type: 'text', text: 'It is 09:00.' }] },
      { role: 'user', content: [{ type: 'text', text: 'And in Lima?' }] },
    ];
    const transformed = await formatToolMiddleware('mistral').transformParams?.({
      type: 'generate',
      params: { prompt, tools: getTime },
      model: {} as never,
    });
    expect(transformed?.prompt.slice(1)).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Time in Tokyo?' }] },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: '[TOOL_CALLS]get_time[CALL_ID]abc123XYZ[ARGS]{"zone": "JST"}' },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'text', text: '[TOOL_RESULTS]abc123XYZ[TOOL_CONTENT]09:00[/TOOL_RESULTS]' },
        ],
      },
      { role: 'assistant', content: [{ type: 'text', text: 'It is 09:00.' }] },
      {
        role: 'user',
        content: [
          {
            type: 'text',
            text: '[AVAILABLE_TOOLS][{"type": "function", "function": {"name": "get_time", "parameters": {"type": "object", "properties": {"zone": {"type": "string"}}}}}][/AVAILABLE_TOOLS]And in Lima?',
          },
        ],
      },
    ]);
  });
});

describeProtocolProperties(
  [
    'Checking.[TOOL_CALLS]get_weather[ARGS]{"city": "Lyon", "days": 2}[TOOL_CALLS]get_time[ARGS]{}',
    '[TOOL_CALLS] [{"name": "get_weather", "arguments": {"city": "Rome", "tags": ["a", "b"]}}, {"name": "get_time", "arguments": {}}] and done',
    '[THINK]Two cities; [TOOL_CALLS]maybe.[/THINK][TOOL_CALLS]get_weather[CALL_ID]abc123XYZ[ARGS]{"city": "Oslo"}',
    "[TOOL_CALLS]get_weather[ARGS]{'city': 'Seoul', detailed: True, days: '2',}",
    '[TOOL_CALLS][{"name": "get_weather", "arguments": "{\\"city\\": \\"Lima\\"}"}]',
    'get_weather{"city": "Lyon"}get_weather[ARGS]{"city": "Porto"}',
    '[{"name": "get_time", "arguments": {}}]',
    'The [TOOL_CALLS] token, get_weather{"city": "x"} and [a](b) stay text.',
    '[TOOL_CALLS]write_file[ARGS]{"path": "a.ts", "content": "cut off',
    '[TOOL_CALLS]no_such_tool[ARGS]{"x": 1}[TOOL_CALLS]not json',
    '[TOOL_CALLS]get_weather[ARGS]{"__proto__": {"polluted": 1}, "city": "Proto"}',
  ].map((reply, index) => ({ name: `mistral #${index}`, protocol, reply })),
  mistralReasoningTags,
);
