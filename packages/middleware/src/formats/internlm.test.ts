import { describe, expect, it } from 'vitest';
import { fixtureTools as tools } from '../testing/fixtures';
import { describeProtocolProperties } from '../testing/protocol-properties';
import { readEveryWay } from '../testing/run-parser';
import { internlmProtocol } from './internlm';

const protocol = internlmProtocol();

describe('internlmProtocol', () => {
  it('reads a plugin call after what the model says, with or without a space between the tokens', () => {
    for (const opener of [
      '<|action_start|><|plugin|>',
      '<|action_start|> <|plugin|>',
      '<|action_start|>\n<|plugin|>',
    ]) {
      const text = `Let me look it up.${opener}\n{"name": "get_weather", "parameters": {"city": "Lyon"}}<|action_end|>`;
      expect(readEveryWay(protocol, text, { tools })).toMatchObject({
        text: 'Let me look it up.',
        calls: [{ toolName: 'get_weather', input: '{"city":"Lyon"}' }],
      });
    }
  });

  it('reads consecutive action blocks as parallel calls, arguments for parameters too', () => {
    const text =
      '<|action_start|><|plugin|>\n{"name": "get_weather", "parameters": {"city": "Lyon"}}<|action_end|>\n<|action_start|><|plugin|>\n{"name": "get_time", "arguments": {}}<|action_end|>';
    expect(readEveryWay(protocol, text, { tools }).calls).toEqual([
      { toolName: 'get_weather', input: '{"city":"Lyon"}' },
      { toolName: 'get_time', input: '{}' },
    ]);
  });

  it('reads a call after reasoning', () => {
    expect(
      readEveryWay(
        protocol,
        '<think>The time.</think><|action_start|><|plugin|>{"name": "get_time", "parameters": {}}<|action_end|>',
        { tools, reasoningTags: [['<think>', '</think>']] },
      ),
    ).toMatchObject({ reasoning: 'The time.', calls: [{ toolName: 'get_time', input: '{}' }] });
  });

  it('reads relaxed JSON and parameters written as a JSON string', () => {
    expect(
      readEveryWay(
        protocol,
        "<|action_start|><|plugin|>{'name': 'get_weather', 'parameters': {city: 'Lyon', days: '2', detailed: True,}}<|action_end|>",
        { tools },
      ).calls,
    ).toEqual([{ toolName: 'get_weather', input: '{"city":"Lyon","days":2,"detailed":true}' }]);
    expect(
      readEveryWay(
        protocol,
        '<|action_start|><|plugin|>{"name": "get_weather", "parameters": "{\\"city\\": \\"Lyon\\"}"}<|action_end|>',
        { tools },
      ).calls,
    ).toEqual([{ toolName: 'get_weather', input: '{"city":"Lyon"}' }]);
  });

  it('never runs a call cut off inside its parameters', () => {
    expect(
      readEveryWay(
        protocol,
        '<|action_start|><|plugin|>\n{"name": "write_file", "parameters": {"path": "a.ts", "content": "abc',
        { tools },
      ).calls,
    ).toEqual([{ toolName: 'write_file', input: '{"path":"a.ts","content":"abc' }]);
  });

  it('reports an unknown plugin inside the tokens as a call', () => {
    expect(
      readEveryWay(
        protocol,
        '<|action_start|><|plugin|>{"name": "not_a_tool", "parameters": {"x": 1}}<|action_end|>',
        { tools },
      ).calls,
    ).toEqual([{ toolName: 'not_a_tool', input: '{"x":1}' }]);
  });

  it('reads a reply that is only the call object (tokens stripped) when it names a known tool', () => {
    expect(
      readEveryWay(protocol, '\n{"name": "get_weather", "parameters": {"city": "Lyon"}}', { tools })
        .calls,
    ).toEqual([{ toolName: 'get_weather', input: '{"city":"Lyon"}' }]);
    // At the start of a line too, as `auto` reads one; in the middle of a line, or of an unknown tool, it is text.
    expect(
      readEveryWay(protocol, 'Sure.\n{"name": "get_weather", "parameters": {"city": "Lyon"}}', {
        tools,
      }),
    ).toMatchObject({
      text: 'Sure.',
      calls: [{ toolName: 'get_weather', input: '{"city":"Lyon"}' }],
    });
    for (const text of [
      '{"name": "not_a_tool", "parameters": {}}',
      'Sure, {"name": "get_weather", "parameters": {"city": "Lyon"}} is the call.',
    ]) {
      expect(readEveryWay(protocol, text, { tools })).toMatchObject({ text, calls: [] });
    }
  });

  it('keeps the code interpreter, prose and token mentions as text', () => {
    for (const text of [
      'The weather in Lyon is mild.',
      '<|action_start|><|interpreter|>\n```python\nprint(1)\n```<|action_end|>',
      'Plugins start with <|action_start|><|plugin|> and then JSON.',
    ]) {
      expect(readEveryWay(protocol, text, { tools })).toMatchObject({ text, calls: [] });
    }
  });

  it('writes a past call and a result as InternLM reads them', () => {
    const call = protocol.formatToolCall({
      toolCallId: 'c',
      toolName: 'get_weather',
      input: { city: 'Lyon' },
    });
    expect(call).toBe(
      '<|action_start|><|plugin|>\n{"name":"get_weather","parameters":{"city":"Lyon"}}<|action_end|>',
    );
    expect(readEveryWay(protocol, call, { tools }).calls).toEqual([
      { toolName: 'get_weather', input: '{"city":"Lyon"}' },
    ]);
    expect(
      protocol.formatToolResponse({
        toolCallId: 'c',
        toolName: 'get_weather',
        output: { type: 'json', value: { temperature: 22 } },
      }),
    ).toBe('{"temperature":22}');
    expect(protocol.formatTools([tools[2]])).toBe(
      '[\n{"name":"get_time","parameters":{"type":"object","properties":{}}}\n]',
    );
  });
});

describeProtocolProperties(
  [
    'Sure, I will look it up.<|action_start|><|plugin|>\n{"name": "get_weather", "parameters": {"city": "Lyon", "days": 2}}<|action_end|>',
    '<|action_start|> <|plugin|>{"name": "get_time", "parameters": {}}<|action_end|>\n<|action_start|><|plugin|>{"name": "get_weather", "arguments": {"city": "Porto"}}<|action_end|>',
    '<think>I need the time.</think><|action_start|><|plugin|>{"name": "get_time", "parameters": {}}<|action_end|>',
    "<|action_start|><|plugin|>{'name': 'get_weather', 'parameters': {'city': 'Lyon', 'detailed': True}}<|action_end|>",
    '<|action_start|><|plugin|>{"name": "write_file", "parameters": {"path": "a", "content": "cut',
    '{"name": "get_time", "parameters": {}}',
    '<|action_start|><|interpreter|>\n```python\nprint(1)\n```<|action_end|> and prose',
    '<|action_start|><|plugin|>{"name": "not_a_tool", "parameters": {}}<|action_end|>The answer.',
    'Plugins start with <|action_start|><|plugin|> and then JSON.',
  ].map((reply, index) => ({ name: `internlm #${index}`, protocol, reply })),
);
