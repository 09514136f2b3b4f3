import { describe, expect, it, vi } from 'vitest';
import { gemmaProtocol } from '../formats/gemma';
import { toolCallTagProtocol } from '../formats/tool-call-tag';
import { jsonMixProtocol } from '../protocols/json-mix-protocol';
import { fixtureTools as tools } from '../testing/fixtures';
import { callSegments, readEveryWay } from '../testing/run-parser';

const hermes = jsonMixProtocol();
const think = [['<think>', '</think>']] as const;

describe('the streaming engine', () => {
  it('ends a complete but unclosed call where its value ends, so the next call is read', () => {
    const text =
      '<tool_call>{"name": "get_time", "arguments": {}}\n<tool_call>{"name": "get_weather", "arguments": {"city": "Oslo"}}</tool_call> Done.';
    expect(readEveryWay(hermes, text, { tools })).toMatchObject({
      // The whitespace after a call's value belongs to its markup.
      text: ' Done.',
      calls: [
        { toolName: 'get_time', input: '{}' },
        { toolName: 'get_weather', input: '{"city":"Oslo"}' },
      ],
    });
  });

  it('reads text inside the delimiters after the value as text, and the late closer as markup', () => {
    const text =
      '<tool_call>{"name": "get_time", "arguments": {}} Let me check.</tool_call> Then more.';
    const { parts, ...meaning } = readEveryWay(hermes, text, { tools });
    expect(meaning).toEqual({
      text: 'Let me check. Then more.',
      reasoning: '',
      calls: [{ toolName: 'get_time', input: '{}' }],
    });
    expect(callSegments(hermes, { text, tools })).toEqual([
      '<tool_call>{"name": "get_time", "arguments": {}} ',
      '</tool_call>',
    ]);
  });

  it('runs complete arguments when the envelope breaks after them', () => {
    for (const text of [
      '<tool_call>{"name": "get_weather", "arguments": {"city": "Oslo"}</tool_call> ok',
      '<tool_call>{"name": "get_weather", "arguments": {"city": "Oslo"}, "why": oops}</tool_call> ok',
    ]) {
      expect(readEveryWay(hermes, text, { tools })).toMatchObject({
        calls: [{ toolName: 'get_weather', input: '{"city":"Oslo"}' }],
      });
    }
  });

  it('reads a list of calls in one markup as one call each', () => {
    const text =
      '<tool_call>[{"name": "get_time", "arguments": {}}, {"name": "get_weather", "arguments": {"city": "Rome"}}]</tool_call>';
    expect(readEveryWay(hermes, text, { tools }).calls).toEqual([
      { toolName: 'get_time', input: '{}' },
      { toolName: 'get_weather', input: '{"city":"Rome"}' },
    ]);
    const fenced =
      '```tool_call\n[{"name": "get_time", "arguments": {}}, {"name": "get_time", "arguments": {}}]\n```';
    expect(readEveryWay(gemmaProtocol(), fenced, { tools }).calls).toHaveLength(2);
  });

  it('keeps a complete call of a list when a later one is cut off', () => {
    const text =
      '<tool_call>[{"name": "get_time", "arguments": {}}, {"name": "write_file", "arguments": {"path": "a';
    expect(readEveryWay(hermes, text, { tools }).calls).toEqual([
      { toolName: 'get_time', input: '{}' },
      { toolName: 'write_file', input: '{"path":"a' },
    ]);
  });

  it('reads the Gemma fence as models write it', () => {
    for (const fence of ['```tool_call', '``` tool_call', '```TOOL_CALL', '```tool_call   ']) {
      for (const newline of ['\n', '']) {
        const text = `${fence}${newline}{"name": "get_time", "arguments": {}}\n\`\`\``;
        expect(readEveryWay(gemmaProtocol(), text, { tools }, 5)).toMatchObject({
          text: '',
          calls: [{ toolName: 'get_time', input: '{}' }],
        });
      }
    }
  });

  it('resumes after a failure at a place that does not depend on the chunking', () => {
    const nested = readEveryWay(
      hermes,
      '<tool_call>{"name": "a", "arguments": "{</tool_call>"}</tool_call> after',
      { tools },
    );
    expect(nested).toMatchObject({ text: ' after', calls: [{ toolName: 'a', input: '{' }] });

    const nameless = readEveryWay(
      hermes,
      '<tool_call>{"x": "</tool_call>"} Then <tool_call>{"name": "a", "arguments": {}}</tool_call> done',
      { tools },
    );
    expect(nameless).toMatchObject({
      text: '<tool_call>{"x": "</tool_call>"} Then  done',
      calls: [{ toolName: 'a', input: '{}' }],
    });

    const required = readEveryWay(hermes, '{"name": "a", "arguments": {"x": foo}} tail', {
      tools,
      leadingJsonCall: { name: ['name'], arguments: ['arguments'] },
    });
    expect(required.calls).toEqual([{ toolName: 'a', input: '{"x":' }]);
  });

  it('keeps the string written so far when a call ends right after a backslash or in a \\u escape', () => {
    for (const tail of ['\\', '\\u00', '\\u00e']) {
      const text = `<tool_call>{"name": "write_file", "arguments": {"content": "abc${tail}`;
      expect(readEveryWay(hermes, text, { tools, cutOffCalls: 'close' }).calls).toEqual([
        { toolName: 'write_file', input: '{"content":"abc"}' },
      ]);
      expect(readEveryWay(hermes, text, { tools }).calls).toEqual([
        { toolName: 'write_file', input: '{"content":"abc' },
      ]);
    }
  });

  it('reads unescaped quotes inside a string as the model meant them', () => {
    const text =
      '<tool_call>{"name": "write_file", "arguments": {"content": "He said "hi" there", "path": "a"}}</tool_call>';
    expect(readEveryWay(hermes, text, { tools }).calls).toEqual([
      { toolName: 'write_file', input: '{"content":"He said \\"hi\\" there","path":"a"}' },
    ]);
  });

  it('reports a call written in a shape the protocol does not read, and keeps it as text', () => {
    const onError = vi.fn();
    const text =
      // Mid-line, not at a line start or in a fence: prose that shows a call, not one.
      'I will call it: {"name": "get_weather", "parameters": {"city": "Oslo"}}\nand {"name": "other", "arguments": {}} and {"a": {"name": "get_time", "arguments": {}}}';
    expect(readEveryWay(hermes, text, { tools, onError }).text).toBe(text);
    const reports = onError.mock.calls.filter(
      ([, metadata]) => metadata.reason === 'unrecognized-call',
    );
    // Once per path: whole, one character at a time, 20 chunkings.
    expect(reports).toHaveLength(22);
    expect(reports[0]?.[1]).toEqual({
      reason: 'unrecognized-call',
      rawText: '{"name": "get_weather", "parameters": {"city": "Oslo"}}',
      toolName: 'get_weather',
    });
  });

  it('reports a call under any key the JSON decoders read for its name and arguments', () => {
    const onError = vi.fn();
    const text =
      'See {"function": "get_time", "params": {}} and {"tool_name": "get_time", "args": {}}.';
    expect(readEveryWay(hermes, text, { tools, onError }, 0).text).toBe(text);
    expect(
      onError.mock.calls
        .filter(([, metadata]) => metadata.reason === 'unrecognized-call')
        .map(([, metadata]) => metadata.rawText),
    ).toEqual([
      '{"function": "get_time", "params": {}}',
      '{"tool_name": "get_time", "args": {}}',
      '{"function": "get_time", "params": {}}',
      '{"tool_name": "get_time", "args": {}}',
    ]);
  });

  it('keeps markup beyond the calls a reply may hold as text, or drops it on request', () => {
    const text =
      '<TOOL_CALL>{"tool": "get_time", "args": {}}</TOOL_CALL> and <TOOL_CALL>{"tool": "get_time", "args": {}}</TOOL_CALL>!';
    const onError = vi.fn();
    expect(readEveryWay(toolCallTagProtocol(), text, { tools, onError })).toMatchObject({
      text: ' and <TOOL_CALL>{"tool": "get_time", "args": {}}</TOOL_CALL>!',
      calls: [{ toolName: 'get_time', input: '{}' }],
    });
    expect(onError).toHaveBeenCalledWith(
      expect.any(String),
      expect.objectContaining({
        reason: 'too-many-calls',
        rawText: '<TOOL_CALL>{"tool": "get_time", "args": {}}</TOOL_CALL>',
      }),
    );
    expect(
      readEveryWay(toolCallTagProtocol(), text, { tools, emitRawToolCallTextOnError: false }).text,
    ).toBe(' and !');
  });

  it('gives every call its raw text, the bare JSON call of a forced tool choice included', () => {
    const { parts } = readEveryWay(hermes, '  {"name": "get_time", "arguments": {}}', {
      tools,
      leadingJsonCall: { name: ['name'], arguments: ['arguments'] },
    });
    expect(parts.find((part) => part.type === 'tool-call')).toMatchObject({
      providerMetadata: {
        toolbridge: { rawToolCallText: '{"name": "get_time", "arguments": {}}' },
      },
    });
  });

  it('lists no markup inside reasoning as a call segment', () => {
    const text =
      '<think>maybe <tool_call>{"name": "get_time", "arguments": {}}</tool_call></think><tool_call>{"name": "get_time", "arguments": {}}</tool_call>';
    expect(callSegments(hermes, { text, tools, reasoningTags: think })).toEqual([
      '<tool_call>{"name": "get_time", "arguments": {}}</tool_call>',
    ]);
  });
});
