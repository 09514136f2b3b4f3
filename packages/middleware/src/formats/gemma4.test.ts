import { describe, expect, it } from 'vitest';
import { fixtureTools as tools } from '../testing/fixtures';
import { describeProtocolProperties } from '../testing/protocol-properties';
import { readEveryWay } from '../testing/run-parser';
import { gemma4Protocol, gemma4ReasoningTags } from './gemma4';

const protocol = gemma4Protocol();
const reasoningTags = gemma4ReasoningTags;

describe('gemma4Protocol', () => {
  it('reads a call, and the stop token after it as markup', () => {
    expect(
      readEveryWay(
        protocol,
        'Checking.<|tool_call>call:get_weather{city:<|"|>Lyon<|"|>,days:2}<tool_call|><|tool_response>',
        { tools },
      ),
    ).toMatchObject({
      text: 'Checking.',
      calls: [{ toolName: 'get_weather', input: '{"city":"Lyon","days":2}' }],
    });
  });

  it('reads parallel calls after the thought channel', () => {
    const text =
      '<|channel>thought\nTwo cities.<channel|><|tool_call>call:get_weather{city:<|"|>Lyon<|"|>}<tool_call|><|tool_call>call:get_weather{city:<|"|>Porto<|"|>,tags:[<|"|>sun<|"|>]}<tool_call|><|tool_response>';
    expect(readEveryWay(protocol, text, { tools, reasoningTags })).toMatchObject({
      text: '',
      reasoning: 'Two cities.',
      calls: [
        { toolName: 'get_weather', input: '{"city":"Lyon"}' },
        { toolName: 'get_weather', input: '{"city":"Porto","tags":["sun"]}' },
      ],
    });
  });

  it('reads values as models write them, typed by the schema', () => {
    const read = readEveryWay(
      protocol,
      `<|tool_call>get_weather(city:"Lyon", days:<|"|>3<|"|>, detailed:True, units:'metric', tags:<|"|>["a"]<|"|>)<tool_call|>`,
      { tools },
    );
    const call = read.parts.find((part) => part.type === 'tool-call');
    expect(call?.providerMetadata?.['toolbridge']?.['repairs']).toEqual([
      'The call had no call: prefix',
      'The arguments were written in parentheses',
      'A string was written in " quotes instead of its delimiters',
      "A string was written in ' quotes instead of its delimiters",
    ]);
    expect(read.calls).toEqual([
      {
        toolName: 'get_weather',
        input: '{"city":"Lyon","days":3,"detailed":true,"units":"metric","tags":["a"]}',
      },
    ]);
  });

  it('keeps strings verbatim between <|"|> tokens', () => {
    const content = 'if (a < b && c) { return "x,y}"; }\n<tool_call|> is text here';
    expect(
      readEveryWay(
        protocol,
        `<|tool_call>call:write_file{path:<|"|>a.ts<|"|>,content:<|"|>${content}<|"|>}<tool_call|>`,
        { tools },
      ).calls,
    ).toEqual([{ toolName: 'write_file', input: JSON.stringify({ path: 'a.ts', content }) }]);
  });

  it('reports an unknown tool inside the tokens', () => {
    expect(
      readEveryWay(protocol, '<|tool_call>call:no_such_tool{x:1}<tool_call|>', { tools }).calls,
    ).toEqual([{ toolName: 'no_such_tool', input: '{"x":1}' }]);
  });

  it('reads the remnant call:NAME{…} the server leaves of a known tool, and nothing else', () => {
    expect(
      readEveryWay(protocol, 'call:get_weather{city:Lyon,days:2}call:get_time{}', { tools }).calls,
    ).toEqual([
      { toolName: 'get_weather', input: '{"city":"Lyon","days":2}' },
      { toolName: 'get_time', input: '{}' },
    ]);
    for (const text of [
      'call:no_such_tool{x:1}',
      'Give me a call: get_weather{city:Lyon} is the syntax.',
      'To recall: the weather is mild.',
      'The <|tool_call token alone.',
    ]) {
      expect(readEveryWay(protocol, text, { tools })).toMatchObject({ text, calls: [] });
    }
  });

  it('never runs a call cut off', () => {
    expect(
      readEveryWay(protocol, '<|tool_call>call:write_file{path:<|"|>a<|"|>,content:<|"|>half', {
        tools,
      }).calls,
    ).toEqual([{ toolName: 'write_file', input: '{"path":"a","content":"half' }]);
  });

  it('writes tools, a past call and results as Gemma 4’s template does', () => {
    expect(protocol.formatTools([tools[0]])).toBe(
      '<|tool>declaration:get_weather{description:<|"|>Current weather and a forecast for a city.<|"|>,parameters:{properties:{city:{type:<|"|>STRING<|"|>},days:{type:<|"|>INTEGER<|"|>},detailed:{type:<|"|>BOOLEAN<|"|>},tags:{items:{type:<|"|>STRING<|"|>},type:<|"|>ARRAY<|"|>},units:{enum:[<|"|>metric<|"|>,<|"|>imperial<|"|>],type:<|"|>STRING<|"|>}},required:[<|"|>city<|"|>],type:<|"|>OBJECT<|"|>}}<tool|>',
    );
    const call = protocol.formatToolCall({
      toolCallId: 'c',
      toolName: 'get_weather',
      input: { days: 2, city: 'Lyon' },
    });
    expect(call).toBe('<|tool_call>call:get_weather{city:<|"|>Lyon<|"|>,days:2}<tool_call|>');
    expect(readEveryWay(protocol, call, { tools }).calls).toEqual([
      { toolName: 'get_weather', input: '{"city":"Lyon","days":2}' },
    ]);
    const result = (output: Parameters<typeof protocol.formatToolResponse>[0]['output']) =>
      protocol.formatToolResponse({ toolCallId: 'c', toolName: 'get_weather', output });
    expect(result({ type: 'json', value: { temp_c: 14, sky: 'clear' } })).toBe(
      '<|tool_response>response:get_weather{sky:<|"|>clear<|"|>,temp_c:14}<tool_response|>',
    );
    expect(result({ type: 'text', value: 'Sunny' })).toBe(
      '<|tool_response>response:get_weather{value:<|"|>Sunny<|"|>}<tool_response|>',
    );
    expect(result({ type: 'error-text', value: 'No such city' })).toBe(
      '<|tool_response>response:get_weather{error:<|"|>No such city<|"|>}<tool_response|>',
    );
  });
});

describeProtocolProperties(
  [
    '<|tool_call>call:get_weather{city:<|"|>Oslo<|"|>,days:3}<tool_call|><|tool_response>',
    '<|channel>thought\nBoth cities.<channel|>On it.<|tool_call>call:get_weather{city:<|"|>Lyon<|"|>}<tool_call|><|tool_call>call:get_time{}<tool_call|>',
    '<|channel>thought\nMaybe <|tool_call>call:get_time{}<tool_call|><channel|>No call.',
    `<|tool_call>call:get_weather{city:"Seoul",detailed:true,tags:[<|"|>rain<|"|>,'sun']}<tool_call|>`,
    '<|tool_call>call:write_file{path:<|"|>lt.ts<|"|>,content:<|"|>a < b && "<ok/>" 😀 naïve 中文<|"|>}<tool_call|> Written.',
    'call:get_weather{city:Lyon}',
    'Make a call: later, or recall:get_weather.',
    '<|tool_call>call:get_weather{city:<|"|>Cut off mid',
    '<|tool_call>call:get_weather{city:,days:1}<tool_call|>after',
    '<|tool_call>call:no_such_tool{x:1}<tool_call|><tool_call|>',
  ].map((reply, index) => ({ name: `gemma4 #${index}`, protocol, reply })),
  reasoningTags,
);
