import { describe, expect, it } from 'vitest';
import { fixtureTools as tools } from '../testing/fixtures';
import { describeProtocolProperties } from '../testing/protocol-properties';
import { readEveryWay } from '../testing/run-parser';
import { commandRProtocol, commandRReasoningTags } from './command-r';

const protocol = commandRProtocol();
const reasoningTags = commandRReasoningTags;

describe('commandRProtocol', () => {
  it('reads the tool plan as reasoning and the action list as calls, keeping their ids', () => {
    const text =
      '<|START_THINKING|>I need the weather for two cities.<|END_THINKING|><|START_ACTION|>[\n    {"tool_call_id": "0", "tool_name": "get_weather", "parameters": {"city": "Lyon"}},\n    {"tool_call_id": "1", "tool_name": "get_weather", "parameters": {"city": "Porto"}}\n]<|END_ACTION|>';
    const read = readEveryWay(protocol, text, { tools, reasoningTags });
    expect(read).toMatchObject({
      text: '',
      reasoning: 'I need the weather for two cities.',
      calls: [
        { toolName: 'get_weather', input: '{"city":"Lyon"}' },
        { toolName: 'get_weather', input: '{"city":"Porto"}' },
      ],
    });
    expect(
      read.parts.flatMap((part) => (part.type === 'tool-call' ? [part.toolCallId] : [])),
    ).toEqual(['0', '1']);
  });

  it('reads a plain answer without its response markers', () => {
    expect(
      readEveryWay(protocol, '<|START_RESPONSE|>It is mild in Lyon.<|END_RESPONSE|>', {
        tools,
        reasoningTags,
      }),
    ).toMatchObject({ text: 'It is mild in Lyon.', calls: [] });
    expect(
      readEveryWay(protocol, '<|START_TEXT|>Noon.<|END_TEXT|>', { tools, reasoningTags }).text,
    ).toBe('Noon.');
  });

  it('reads the Command R+ Action: form with its json fence', () => {
    const text =
      'Plan: I will look it up.\nAction: ```json\n[\n    {\n        "tool_name": "get_weather",\n        "parameters": {"city": "Lyon"}\n    }\n]\n```';
    expect(readEveryWay(protocol, text, { tools, reasoningTags })).toMatchObject({
      text: 'Plan: I will look it up.\n',
      calls: [{ toolName: 'get_weather', input: '{"city":"Lyon"}' }],
    });
  });

  it('reads relaxed JSON and parameters written as a JSON string', () => {
    expect(
      readEveryWay(
        protocol,
        "<|START_ACTION|>[{tool_call_id: '0', tool_name: 'get_weather', parameters: {city: 'Lyon', days: '2',},},]<|END_ACTION|>",
        { tools, reasoningTags },
      ).calls,
    ).toEqual([{ toolName: 'get_weather', input: '{"city":"Lyon","days":2}' }]);
    expect(
      readEveryWay(
        protocol,
        '<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "get_weather", "parameters": "{\\"city\\": \\"Lyon\\"}"}]<|END_ACTION|>',
        { tools, reasoningTags },
      ).calls,
    ).toEqual([{ toolName: 'get_weather', input: '{"city":"Lyon"}' }]);
  });

  it('never runs a call cut off inside its parameters', () => {
    expect(
      readEveryWay(
        protocol,
        '<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "write_file", "parameters": {"path": "a.ts", "content": "abc',
        { tools, reasoningTags },
      ).calls,
    ).toEqual([{ toolName: 'write_file', input: '{"path":"a.ts","content":"abc' }]);
  });

  it('reports an unknown tool in an action block, and keeps an unknown one in Action: as text', () => {
    expect(
      readEveryWay(
        protocol,
        '<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "not_a_tool", "parameters": {}}]<|END_ACTION|>',
        { tools, reasoningTags },
      ).calls,
    ).toEqual([{ toolName: 'not_a_tool', input: '{}' }]);
    const directly = 'Action: ```json\n[{"tool_name": "directly-answer", "parameters": {}}]\n```';
    expect(readEveryWay(protocol, directly, { tools, reasoningTags })).toMatchObject({
      text: directly,
      calls: [],
    });
  });

  it('reads a reply that is only the action list (the tokens stripped) when it calls a known tool', () => {
    expect(
      readEveryWay(
        protocol,
        '[{"tool_name": "get_weather", "parameters": {"city": "Lyon"}, "tool_call_id": "0"}]',
        { tools, reasoningTags },
      ).calls,
    ).toEqual([{ toolName: 'get_weather', input: '{"city":"Lyon"}' }]);
    // As the template writes an action: the call's id first.
    expect(
      readEveryWay(
        protocol,
        '[\n    {"tool_call_id": "0", "tool_name": "get_weather", "parameters": {"city": "Lyon"}}\n]',
        { tools, reasoningTags },
      ).calls,
    ).toEqual([{ toolName: 'get_weather', input: '{"city":"Lyon"}' }]);
    expect(
      readEveryWay(protocol, '[{"tool_call_id": "0", "data": 1, "tool_name": "get_weather"}]', {
        tools,
        reasoningTags,
      }).calls,
    ).toEqual([]);
    const unknown = '[{"tool_name": "not_a_tool", "parameters": {}}]';
    expect(readEveryWay(protocol, unknown, { tools, reasoningTags })).toMatchObject({
      text: unknown,
      calls: [],
    });
  });

  it('keeps Action: in prose, and lists that are not at the start, as text', () => {
    for (const text of [
      'Action: I will check the weather.',
      'Action: get_weather\nAction Input: {"city": "Lyon"}',
      'Here: [{"tool_name": "get_weather", "parameters": {"city": "Lyon"}}]',
      'Use ```json fences for code.',
    ]) {
      expect(readEveryWay(protocol, text, { tools, reasoningTags })).toMatchObject({
        text,
        calls: [],
      });
    }
  });

  it('writes a past call and a result as Command R7B reads them', () => {
    const call = protocol.formatToolCall({
      toolCallId: '0',
      toolName: 'get_weather',
      input: { city: 'Lyon' },
    });
    expect(call).toBe(
      '<|START_ACTION|>[\n    {"tool_call_id":"0","tool_name":"get_weather","parameters":{"city":"Lyon"}}\n]<|END_ACTION|>',
    );
    const read = readEveryWay(protocol, call, { tools, reasoningTags });
    expect(read.calls).toEqual([{ toolName: 'get_weather', input: '{"city":"Lyon"}' }]);
    expect(read.parts.find((part) => part.type === 'tool-call')).toMatchObject({ toolCallId: '0' });
    expect(
      protocol.formatToolResponse({
        toolCallId: '0',
        toolName: 'get_weather',
        output: { type: 'json', value: { temp_c: 14 } },
      }),
    ).toBe(
      '<|START_TOOL_RESULT|>[\n    {"tool_call_id":"0","results":{"0":{"temp_c":14}},"is_error":null}\n]<|END_TOOL_RESULT|>',
    );
    expect(
      protocol.formatToolResponse({
        toolCallId: '1',
        toolName: 'get_weather',
        output: { type: 'error-text', value: 'No such city' },
      }),
    ).toBe(
      '<|START_TOOL_RESULT|>[\n    {"tool_call_id":"1","results":{"0":{"content":"No such city"}},"is_error":true}\n]<|END_TOOL_RESULT|>',
    );
  });
});

describeProtocolProperties(
  [
    '<|START_THINKING|>Two cities.<|END_THINKING|><|START_ACTION|>[\n    {"tool_call_id": "0", "tool_name": "get_weather", "parameters": {"city": "Lyon"}},\n    {"tool_call_id": "1", "tool_name": "get_weather", "parameters": {"city": "Porto"}}\n]<|END_ACTION|>',
    '<|START_RESPONSE|>It is mild in Lyon.<|END_RESPONSE|>',
    'Plan: look it up.\nAction: ```json\n[{"tool_name": "get_time", "parameters": {}}]\n```',
    '<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "write_file", "parameters": {"path": "a", "content": "cut',
    "<|START_ACTION|>[{tool_call_id: '0', tool_name: 'get_weather', parameters: {city: 'Lyon', detailed: True}}]<|END_ACTION|>",
    'Action: I will answer directly.',
    'Action: ```json\n[{"tool_name": "directly-answer", "parameters": {}}]\n```',
    '[{"tool_name": "get_time", "parameters": {}}]',
    '<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "not_a_tool", "parameters": {"x": 1}}]<|END_ACTION|> and text',
  ].map((reply, index) => ({ name: `commandR #${index}`, protocol, reply })),
  commandRReasoningTags,
);
