import { describe, expect, it } from 'vitest';
import { fixtureTools as tools } from '../testing/fixtures';
import { firstCallInput, readEveryWay, streamChunks } from '../testing/run-parser';
import { defineTextProtocol } from '../text-protocol';
import { createGemmaCallDecoder, formatGemmaCall } from './gemma-call-decoder';

const STRING = '<|"|>';

/** `<|tool_call>call:NAME{…}<tool_call|>`, and the remnant `call:NAME{…}` for known tools. */
const protocol = defineTextProtocol({
  grammar: (byName) => ({
    openers: ['<|tool_call>', 'call:'],
    startCall: (opener, sink) =>
      createGemmaCallDecoder({
        tools: byName,
        sink,
        closer: opener === 'call:' ? undefined : '<tool_call|>',
        stringDelimiter: STRING,
        knownToolsOnly: opener === 'call:',
      }),
  }),
  formatTools: () => '',
  formatToolCall: () => '',
  formatToolResponse: () => '',
});

describe('createGemmaCallDecoder', () => {
  it('announces the tool at "{" and streams delimited strings as they arrive', () => {
    const parts = streamChunks(
      protocol,
      [
        '<|tool_call>call:write_file{',
        'path:<|"',
        '|>a<b',
        '<|"|>,content:<|"|>x<',
        '|"|>}<tool_call|>',
      ],
      { tools },
    );
    expect(
      parts.map((part) => (part.type === 'tool-input-delta' ? part.delta : part.type)),
    ).toEqual([
      'tool-input-start',
      '{',
      '"path":',
      '"',
      'a<b',
      '"',
      ',"content":',
      '"',
      'x',
      '"',
      '}',
      'tool-input-end',
      'tool-call',
    ]);
  });

  it('reads a call without its call: prefix, and with spaces', () => {
    expect(
      readEveryWay(
        protocol,
        '<|tool_call> get_weather { city : <|"|>Lyon<|"|> , days : 2 }<tool_call|>',
        {
          tools,
        },
      ).calls,
    ).toEqual([{ toolName: 'get_weather', input: '{"city":"Lyon","days":2}' }]);
  });

  it('reads arguments in parentheses, as Gemma 4 sometimes writes them', () => {
    expect(
      readEveryWay(
        protocol,
        `<|tool_call>call:get_weather(city: "Lyon (France)", units='metric', days=2, tags: [a, b])<tool_call|>`,
        { tools },
      ).calls,
    ).toEqual([
      {
        toolName: 'get_weather',
        input: '{"city":"Lyon (France)","units":"metric","days":2,"tags":["a","b"]}',
      },
    ]);
  });

  it('reads the remnant call:NAME{…} of a known tool only', () => {
    expect(readEveryWay(protocol, 'Checking.call:get_weather{city:Lyon}', { tools })).toMatchObject(
      { text: 'Checking.', calls: [{ toolName: 'get_weather', input: '{"city":"Lyon"}' }] },
    );
    for (const text of [
      'Make a call: now',
      'call:unknown{a:1}',
      'call: get_weather{city:Lyon}',
      'recall:get_time',
    ]) {
      expect(readEveryWay(protocol, text, { tools })).toMatchObject({ text, calls: [] });
    }
  });

  it('never runs a call cut off or broken after its name', () => {
    expect(
      readEveryWay(protocol, '<|tool_call>call:write_file{path:<|"|>a<|"|>,content:<|"|>half', {
        tools,
      }).calls,
    ).toEqual([{ toolName: 'write_file', input: '{"path":"a","content":"half' }]);
    expect(
      readEveryWay(protocol, '<|tool_call>call:get_weather{city:,days:1}<tool_call|>after', {
        tools,
      }),
    ).toMatchObject({ text: 'after', calls: [{ toolName: 'get_weather', input: '{"city":' }] });
  });

  it('reads a 10 MB delimited string in small chunks in linear time', () => {
    const content = '<'.repeat(5_000_000) + 'x'.repeat(5_000_000);
    const text = `<|tool_call>call:write_file{path:<|"|>big<|"|>,content:<|"|>${content}<|"|>}<tool_call|>`;
    const chunks: string[] = [];
    for (let i = 0; i < text.length; i += 5) chunks.push(text.slice(i, i + 5));
    const started = performance.now();
    const parts = streamChunks(protocol, chunks, { tools });
    expect(performance.now() - started).toBeLessThan(15_000);
    const call = parts.find((part) => part.type === 'tool-call');
    expect(call?.type === 'tool-call' && JSON.parse(call.input).content).toBe(content);
  });

  it('writes calls it reads back', () => {
    const input = {
      path: 'a "b"\n',
      content: '{x:1}',
      n: 2.5,
      flags: [true, null],
      nested: { k: 'v' },
    };
    const text = formatGemmaCall('call', 'write_file', input, STRING);
    expect(text).toBe(
      'call:write_file{content:<|"|>{x:1}<|"|>,flags:[true,None],n:2.5,nested:{k:<|"|>v<|"|>},path:<|"|>a "b"\n<|"|>}',
    );
    expect(firstCallInput(protocol, `<|tool_call>${text}<tool_call|>`, { tools })).toEqual(input);
  });
});
