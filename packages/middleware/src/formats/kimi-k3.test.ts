import { describe, expect, it } from 'vitest';
import { typedTools } from '../testing/fixtures';
import { describeProtocolProperties } from '../testing/protocol-properties';
import { firstCallInput, readEveryWay } from '../testing/run-parser';
import { kimiK3Protocol, kimiK3ReasoningTags as reasoningTags } from './kimi-k3';

const protocol = kimiK3Protocol();
const open = (tag: string) => `<|open|>${tag}<|sep|>`;
const close = (tag: string) => `<|close|>${tag}<|sep|>`;
const tools = typedTools;

const section = (...calls: string[]) => `${open('tools')}${calls.join('')}${close('tools')}`;
const call = (name: string, args: string, index = 1) =>
  `${open(`call tool="${name}" index="${index}"`)}${args}${close('call')}`;
const arg = (key: string, type: string, value: string) =>
  `${open(`argument key="${key}" type="${type}"`)}${value}${close('argument')}`;
const response = (text: string) => `${open('response')}${text}${close('response')}`;

describe('kimiK3Protocol', () => {
  it('reads the response channel as text and the tools channel as calls', () => {
    const text = `${response('Checking both.')}${section(
      call('get_weather', arg('city', 'string', 'Lyon') + arg('days', 'number', '2')),
      call('get_weather', arg('city', 'string', 'Porto'), 2),
    )}${close('message')}`;
    expect(readEveryWay(protocol, text, { tools })).toMatchObject({
      text: 'Checking both.',
      calls: [
        { toolName: 'get_weather', input: '{"city":"Lyon","days":2}' },
        { toolName: 'get_weather', input: '{"city":"Porto"}' },
      ],
    });
  });

  it('reads reasoning in the think channel, and output that starts inside it', () => {
    const body = `${response('')}${section(call('get_time', ''))}`;
    expect(
      readEveryWay(protocol, `${open('think')}The time.${close('think')}${body}`, {
        tools,
        reasoningTags,
      }),
    ).toMatchObject({ reasoning: 'The time.', text: '', calls: [{ toolName: 'get_time' }] });
    expect(
      readEveryWay(protocol, `The time.${close('think')}${body}`, {
        tools,
        reasoningTags,
        startWithReasoning: true,
      }),
    ).toMatchObject({ reasoning: 'The time.', text: '', calls: [{ toolName: 'get_time' }] });
  });

  it('reads typed arguments: string raw (null included), others JSON, relaxed too', () => {
    const text = section(
      call(
        'configure',
        arg('options', 'object', "{'deep': True}") +
          arg('ids', 'array', '[1, 2]') +
          arg('label', 'string', 'null') +
          arg('extra', 'number', '7'),
      ),
    );
    expect(firstCallInput(protocol, text, { tools })).toEqual({
      options: { deep: true },
      ids: [1, 2],
      label: 'null',
      extra: 7,
    });
  });

  it('keeps string values exactly, and unescapes attribute names', () => {
    const content = ' line\n<b>&amp;</b>\n';
    const text = section(
      call('write_file', arg('path', 'string', 'a.md') + arg('content', 'string', content)),
    );
    expect(readEveryWay(protocol, text, { tools }).calls).toEqual([
      { toolName: 'write_file', input: JSON.stringify({ path: 'a.md', content }) },
    ]);
    const quoted = section(call('configure', arg('say &quot;hi&quot;', 'string', 'x')));
    expect(readEveryWay(protocol, quoted, { tools }).calls).toEqual([
      { toolName: 'configure', input: '{"say \\"hi\\"":"x"}' },
    ]);
  });

  it('reads a JSON body, and an object argument given as encoded JSON', () => {
    const text = section(
      `${open('call tool="get_weather" index="1"')}${open('json type="object"')}{"city": "Lima"}${close('json')}${close('call')}`,
    );
    expect(readEveryWay(protocol, text, { tools }).calls).toEqual([
      { toolName: 'get_weather', input: '{"city":"Lima"}' },
    ]);
    const encoded = section(call('configure', arg('options', 'object', '"{\\"deep\\": true}"')));
    expect(readEveryWay(protocol, encoded, { tools }).calls).toEqual([
      { toolName: 'configure', input: '{"options":{"deep":true}}' },
    ]);
  });

  it('never runs a call cut off inside an argument, and runs one whose arguments closed', () => {
    expect(
      readEveryWay(
        protocol,
        `${open('tools')}${open('call tool="write_file" index="1"')}${open('argument key="content" type="string"')}half`,
        { tools },
      ).calls,
    ).toEqual([{ toolName: 'write_file', input: '{"content":"half' }]);
    expect(
      readEveryWay(
        protocol,
        `${open('tools')}${open('call tool="get_weather" index="1"')}${arg('city', 'string', 'Oslo')}`,
        { tools },
      ).calls,
    ).toEqual([{ toolName: 'get_weather', input: '{"city":"Oslo"}' }]);
  });

  it('reports an unknown tool in the tools channel as a call', () => {
    expect(
      readEveryWay(protocol, section(call('no_such_tool', arg('x', 'string', '1'))), { tools })
        .calls,
    ).toEqual([{ toolName: 'no_such_tool', input: '{"x":"1"}' }]);
  });

  it('keeps the channel syntax in prose, and calls whose tag tokens were stripped, as text', () => {
    for (const text of [
      'K3 opens its tools channel with <|open|>tools and a separator.',
      'tools call tool="get_weather" index="1" argument key="city" type="string" Lyon',
    ]) {
      expect(readEveryWay(protocol, text, { tools })).toMatchObject({ text, calls: [] });
    }
  });

  it('writes a past call that reads back, and a result as K3 tool message', () => {
    const input = { city: 'Lyon', days: 2, tags: ['a'], detailed: null };
    const past = protocol.formatToolCall({ toolCallId: 'c', toolName: 'get_weather', input });
    expect(past).toBe(
      section(
        call(
          'get_weather',
          arg('city', 'string', 'Lyon') +
            arg('days', 'number', '2') +
            arg('tags', 'array', '["a"]') +
            arg('detailed', 'null', 'null'),
        ),
      ),
    );
    expect(firstCallInput(protocol, past, { tools })).toEqual(input);
    expect(
      protocol.formatToolResponse({
        toolCallId: 'c',
        toolName: 'get_weather',
        output: { type: 'json', value: { temp_c: 14 } },
      }),
    ).toBe(`${open('message role="tool" tool="get_weather"')}{"temp_c":14}${close('message')}`);
  });
});

describeProtocolProperties(
  [
    section(call('get_weather', arg('city', 'string', 'Oslo') + arg('days', 'number', '3'))),
    `${open('think')}Need weather.${close('think')}${response('')}${section(call('get_weather', arg('city', 'string', 'Rome')))}${close('message')}`,
    `${response('Both.')}${section(call('get_time', ''), call('get_weather', arg('city', 'string', 'Paris'), 2))}`,
    section(
      call(
        'write_file',
        arg('path', 'string', 'a.ts') + arg('content', 'string', 'const x = "<tag>" && y;\n'),
      ),
    ),
    `${open('tools')}${open('call tool="write_file" index="1"')}${open('argument key="content" type="string"')}cut off`,
    section(call('no_such_tool', arg('x', 'string', '1'))),
    'Prose with <|open|>tools and no call.',
    section(
      `${open('call tool="get_weather" index="1"')}${open('json type="object"')}{"city": "Lima"}${close('json')}${close('call')}`,
    ),
    `Reasoning the template opened.${close('think')}${response('Done.')}${close('message')}`,
  ].map((reply, index) => ({ name: `kimiK3 #${index}`, protocol, reply })),
  reasoningTags,
);
