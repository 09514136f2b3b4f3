import { describe, expect, it } from 'vitest';
import { fixtureTools as tools } from '../testing/fixtures';
import { describeProtocolProperties } from '../testing/protocol-properties';
import { readEveryWay } from '../testing/run-parser';
import { lmStudioProtocol } from './lm-studio';

const protocol = lmStudioProtocol();

describe('lmStudioProtocol', () => {
  it('reads a call block, with prose around it', () => {
    expect(
      readEveryWay(
        protocol,
        'Checking.\n[TOOL_REQUEST]{"name": "get_weather", "arguments": {"city": "Lyon"}}[END_TOOL_REQUEST]\nOne moment.',
        { tools },
      ),
    ).toMatchObject({
      text: 'Checking.\n\nOne moment.',
      calls: [{ toolName: 'get_weather', input: '{"city":"Lyon"}' }],
    });
  });

  it('reads one block per call as parallel calls, with newlines inside the blocks', () => {
    const text =
      '[TOOL_REQUEST]\n{"name": "get_weather", "arguments": {"city": "Lyon"}}\n[END_TOOL_REQUEST]\n[TOOL_REQUEST]{"name": "get_time", "parameters": {}}[END_TOOL_REQUEST]';
    expect(readEveryWay(protocol, text, { tools }).calls).toEqual([
      { toolName: 'get_weather', input: '{"city":"Lyon"}' },
      { toolName: 'get_time', input: '{}' },
    ]);
  });

  it('reads a call after reasoning', () => {
    expect(
      readEveryWay(
        protocol,
        '<think>The time.</think>[TOOL_REQUEST]{"name": "get_time", "arguments": {}}[END_TOOL_REQUEST]',
        { tools, reasoningTags: [['<think>', '</think>']] },
      ),
    ).toMatchObject({ reasoning: 'The time.', calls: [{ toolName: 'get_time', input: '{}' }] });
  });

  it('reads relaxed JSON and arguments written as a JSON string', () => {
    expect(
      readEveryWay(
        protocol,
        "[TOOL_REQUEST]{'name': 'get_weather', 'arguments': {city: 'Lyon', days: '2',}}[END_TOOL_REQUEST]",
        { tools },
      ).calls,
    ).toEqual([{ toolName: 'get_weather', input: '{"city":"Lyon","days":2}' }]);
    expect(
      readEveryWay(
        protocol,
        '[TOOL_REQUEST]{"name": "get_weather", "arguments": "{\\"city\\": \\"Lyon\\"}"}[END_TOOL_REQUEST]',
        { tools },
      ).calls,
    ).toEqual([{ toolName: 'get_weather', input: '{"city":"Lyon"}' }]);
  });

  it('never runs a call cut off inside its arguments', () => {
    expect(
      readEveryWay(
        protocol,
        '[TOOL_REQUEST]{"name": "write_file", "arguments": {"path": "a.ts", "content": "abc',
        { tools },
      ).calls,
    ).toEqual([{ toolName: 'write_file', input: '{"path":"a.ts","content":"abc' }]);
  });

  it('reports an unknown tool inside the markers as a call', () => {
    expect(
      readEveryWay(
        protocol,
        '[TOOL_REQUEST]{"name": "not_a_tool", "arguments": {"x": 1}}[END_TOOL_REQUEST]',
        { tools },
      ).calls,
    ).toEqual([{ toolName: 'not_a_tool', input: '{"x":1}' }]);
  });

  it('keeps prose, marker mentions and bare JSON as text', () => {
    for (const text of [
      'The weather in Lyon is mild.',
      'Wrap calls in [TOOL_REQUEST] and [END_TOOL_REQUEST] markers.',
      '{"name": "get_weather", "arguments": {"city": "Lyon"}}',
    ]) {
      expect(readEveryWay(protocol, text, { tools })).toMatchObject({ text, calls: [] });
    }
  });

  it('writes a past call and a result as LM Studio does', () => {
    const call = protocol.formatToolCall({
      toolCallId: 'c',
      toolName: 'get_weather',
      input: { city: 'Lyon' },
    });
    expect(call).toBe(
      '[TOOL_REQUEST]{"name":"get_weather","arguments":{"city":"Lyon"}}[END_TOOL_REQUEST]',
    );
    expect(readEveryWay(protocol, call, { tools }).calls).toEqual([
      { toolName: 'get_weather', input: '{"city":"Lyon"}' },
    ]);
    expect(
      protocol.formatToolResponse({
        toolCallId: 'c',
        toolName: 'get_weather',
        output: { type: 'json', value: { temp_c: 14 } },
      }),
    ).toBe('[TOOL_RESULT]{"temp_c":14}[END_TOOL_RESULT]');
    expect(protocol.formatTools([tools[2]])).toBe(
      '{"type":"toolArray","tools":[{"type":"function","function":{"name":"get_time","parameters":{"type":"object","properties":{}}}}]}',
    );
  });
});

describeProtocolProperties(
  [
    '[TOOL_REQUEST]{"name": "get_weather", "arguments": {"city": "Lyon", "days": 2}}[END_TOOL_REQUEST]',
    'Both.\n[TOOL_REQUEST]\n{"name": "get_weather", "arguments": {"city": "Lyon"}}\n[END_TOOL_REQUEST]\n[TOOL_REQUEST]{"name": "get_time", "arguments": {}}[END_TOOL_REQUEST]',
    '<think>I need the time.</think>[TOOL_REQUEST]{"name": "get_time", "arguments": {}}[END_TOOL_REQUEST]',
    "[TOOL_REQUEST]{'name': 'get_weather', 'arguments': {'city': 'Lyon', 'detailed': True}}[END_TOOL_REQUEST]",
    '[TOOL_REQUEST]{"name": "write_file", "arguments": {"path": "a", "content": "cut',
    '[TOOL_REQUEST]{"name": "not_a_tool", "arguments": {}}[END_TOOL_REQUEST] and the answer',
    'Wrap calls in [TOOL_REQUEST] and [END_TOOL_REQUEST] markers.',
    '[TOOL_REQUEST]this is not json[END_TOOL_REQUEST] but the reply goes on',
    '[TOOL_REQUEST]{"name": "get_weather", "arguments": {"__proto__": {"polluted": 1}, "city": "Proto"}}[END_TOOL_REQUEST]',
  ].map((reply, index) => ({ name: `lmStudio #${index}`, protocol, reply })),
);
