import { describe, expect, it } from 'vitest';
import { fixtureTools as tools } from '../testing/fixtures';
import { describeProtocolProperties } from '../testing/protocol-properties';
import { readEveryWay } from '../testing/run-parser';
import { genericJsonProtocol } from './generic-json';

const protocol = genericJsonProtocol();

describe('genericJsonProtocol', () => {
  it('reads {"tool_call": …} and {"tool_calls": […]}', () => {
    expect(
      readEveryWay(
        protocol,
        '{"tool_call": {"name": "get_weather", "arguments": {"city": "Lyon", "days": 2}}}',
        { tools },
      ),
    ).toMatchObject({
      text: '',
      calls: [{ toolName: 'get_weather', input: '{"city":"Lyon","days":2}' }],
    });
    expect(
      readEveryWay(
        protocol,
        '{"tool_calls": [{"name": "get_weather", "arguments": {"city": "Lyon"}, "id": "1"}, {"name": "get_time", "arguments": {}}]}',
        { tools },
      ),
    ).toMatchObject({
      text: '',
      calls: [
        { toolName: 'get_weather', input: '{"city":"Lyon"}' },
        { toolName: 'get_time', input: '{}' },
      ],
    });
  });

  it('announces a call inside the envelope as soon as its name is read', () => {
    const { parts } = readEveryWay(
      protocol,
      '{"tool_calls": [{"name": "get_weather", "arguments": {"city": "Lyon"}}]}',
      { tools },
    );
    expect(parts.filter((part) => part.type === 'tool-input-delta').length).toBeGreaterThan(1);
  });

  it('reads a bare call object or list, a fenced envelope, and prose after the envelope', () => {
    expect(
      readEveryWay(protocol, '{"name": "get_time", "parameters": {}}', { tools }).calls,
    ).toEqual([{ toolName: 'get_time', input: '{}' }]);
    expect(
      readEveryWay(protocol, '[{"name": "get_time", "arguments": {}}]', { tools }).calls,
    ).toEqual([{ toolName: 'get_time', input: '{}' }]);
    expect(
      readEveryWay(
        protocol,
        '```json\n{"tool_call": {"name": "get_time", "arguments": {}}}\n```\nI asked for the time.',
        { tools },
      ),
    ).toMatchObject({
      text: 'I asked for the time.',
      calls: [{ toolName: 'get_time', input: '{}' }],
    });
  });

  it('reads a call at the start of a line or in a json fence after prose, as auto does, under the keys models write', () => {
    expect(
      readEveryWay(protocol, 'Checking.\n{"name": "get_weather", "args": {"city": "Oslo"}}', {
        tools,
      }),
    ).toMatchObject({
      text: 'Checking.',
      calls: [{ toolName: 'get_weather', input: '{"city":"Oslo"}' }],
    });
    expect(
      readEveryWay(protocol, 'Checking.\n```json\n{"tool_calls": [{"name": "get_time"}]}\n```', {
        tools,
      }),
    ).toMatchObject({ text: 'Checking.\n', calls: [{ toolName: 'get_time', input: '{}' }] });
    const prose = 'Write {"name": "get_time", "arguments": {}} to ask.';
    expect(readEveryWay(protocol, prose, { tools })).toMatchObject({ text: prose, calls: [] });
  });

  it('reads a reply that opens with reasoning', () => {
    expect(
      readEveryWay(
        protocol,
        '<think>The time.</think>\n{"tool_call": {"name": "get_time", "arguments": {}}}',
        { tools, reasoningTags: [['<think>', '</think>']] },
      ),
    ).toMatchObject({ reasoning: 'The time.', calls: [{ toolName: 'get_time', input: '{}' }] });
  });

  it('reads {"response": "…"} as its text, decoded and streamed', () => {
    const result = readEveryWay(
      protocol,
      '{"response": "It is 14 °C in Lyon.\\nSay \\"hi\\"."}\nSee you.',
      { tools },
    );
    expect(result).toMatchObject({ text: 'It is 14 °C in Lyon.\nSay "hi".\nSee you.', calls: [] });
    expect(
      readEveryWay(protocol, "<think>Easy.</think> {'response': 'Hi'}", {
        tools,
        reasoningTags: [['<think>', '</think>']],
      }),
    ).toMatchObject({ reasoning: 'Easy.', text: ' Hi' });
    // An empty answer is no text at all.
    expect(readEveryWay(protocol, '{"response": ""}', { tools }).parts).not.toContainEqual(
      expect.objectContaining({ type: 'text-start' }),
    );
  });

  it('streams a response as it arrives, not at its end', () => {
    const { parts } = readEveryWay(protocol, '{"response": "one two three', { tools });
    expect(parts.filter((part) => part.type === 'text-delta').map((part) => part.delta)).toEqual([
      'one two three',
    ]);
  });

  it('reads relaxed JSON and arguments as a JSON-encoded string', () => {
    expect(
      readEveryWay(
        protocol,
        "{'tool_calls': [{'name': 'get_weather', 'arguments': {city: 'Lyon', detailed: True, days: '2',}}]}",
        { tools },
      ).calls,
    ).toEqual([{ toolName: 'get_weather', input: '{"city":"Lyon","detailed":true,"days":2}' }]);
    expect(
      readEveryWay(
        protocol,
        '{"tool_call": {"name": "get_weather", "arguments": "{\\"city\\": \\"Lyon\\"}"}}',
        { tools },
      ).calls,
    ).toEqual([{ toolName: 'get_weather', input: '{"city":"Lyon"}' }]);
  });

  it('never runs a call cut off inside its arguments', () => {
    const errors: string[] = [];
    const result = readEveryWay(
      protocol,
      '{"tool_call": {"name": "write_file", "arguments": {"path": "a.ts", "content": "half',
      { tools, onError: (_message, { reason }) => errors.push(reason) },
    );
    expect(result.calls).toEqual([
      { toolName: 'write_file', input: '{"path":"a.ts","content":"half' },
    ]);
    expect(errors).toContain('call-cut-off');
  });

  it('runs complete calls whose envelope never closed', () => {
    expect(
      readEveryWay(protocol, '{"tool_calls": [{"name": "get_time", "arguments": {}}', { tools })
        .calls,
    ).toEqual([{ toolName: 'get_time', input: '{}' }]);
  });

  it('keeps unknown tools, other JSON, JSON after prose and broken envelopes as text', () => {
    for (const text of [
      '{"tool_call": {"name": "no_such_tool", "arguments": {}}}',
      '{"tool_calls": []}',
      '{"tool_call": "get_time"}',
      '{"city": "Lyon"}',
      '{}',
      'Sure: {"tool_call": {"name": "get_time", "arguments": {}}}',
      'Sure: {"response": "no"}',
      '{"responses": "no"}',
      '{"response": 42}',
      'Plain answer.',
    ]) {
      expect(readEveryWay(protocol, text, { tools })).toMatchObject({ text, calls: [] });
    }
  });

  it('writes a past call and a result as the generic format does, and reads the call back', () => {
    const written = protocol.formatToolCall({
      toolCallId: 'c',
      toolName: 'get_weather',
      input: { city: 'Lyon' },
    });
    expect(written).toBe('{"tool_calls":[{"name":"get_weather","arguments":{"city":"Lyon"}}]}');
    expect(readEveryWay(protocol, written, { tools }).calls).toEqual([
      { toolName: 'get_weather', input: '{"city":"Lyon"}' },
    ]);
    expect(
      protocol.formatToolResponse({
        toolCallId: 'c',
        toolName: 'get_weather',
        output: { type: 'json', value: { temp_c: 14 } },
      }),
    ).toBe('{"tool_response":{"tool":"get_weather","content":{"temp_c":14}}}');
    expect(
      protocol.formatToolResponse({
        toolCallId: 'c',
        toolName: 'get_weather',
        output: { type: 'error-text', value: 'No such city' },
      }),
    ).toBe('{"tool_response":{"tool":"get_weather","error":"No such city"}}');
  });
});

describeProtocolProperties(
  [
    '{"tool_calls": [{"name": "get_weather", "arguments": {"city": "Lyon", "days": 2}}, {"name": "get_time", "arguments": {}}]}',
    '<think>Which tool?</think>\n{"tool_call": {"name": "get_time", "arguments": {}}}',
    '{"response": "It is 14 degrees in Lyon."}',
    '  {"response": "Cut off in the mid',
    `{"tool_call": ${JSON.stringify({ name: 'write_file', arguments: { path: 'a.md', content: 'Use {"response": "x"} and "quotes"' } })}}`,
    '{"tool_call": {"name": "write_file", "arguments": {"path": "a", "content": "cut off',
    '{"tool_call": {"name": "no_such_tool", "arguments": {"x": 1}}}',
    'No call: {"tool_call": {"name": "get_time", "arguments": {}}}',
    "```json\n{'tool_calls': [{'name': 'get_weather', 'arguments': {'city': 'Seoul', 'detailed': True}}]}\n```",
    '{"tool_call": {"name": "get_weather", "arguments": {"__proto__": {"polluted": 1}, "city": "Proto"}}}',
    '{"response": "Done."} Anything else?',
  ].map((reply, index) => ({ name: `genericJson #${index}`, protocol, reply })),
);
