import { describe, expect, it } from 'vitest';
import { typedTools } from '../testing/fixtures';
import { describeProtocolProperties } from '../testing/protocol-properties';
import { firstCallInput, readEveryWay } from '../testing/run-parser';
import { seedOssReasoningTags as reasoningTags, seedOssProtocol } from './seed-oss';

const protocol = seedOssProtocol();
const tools = typedTools;

const call = (name: string, parameters: string) =>
  `<seed:tool_call>\n<function=${name}>\n${parameters}</function>\n</seed:tool_call>`;
const param = (key: string, value: string) => `<parameter=${key}>${value}</parameter>\n`;

describe('seedOssProtocol', () => {
  it('reads a call after reasoning and prose, values exactly as written', () => {
    const content = 'line one\nline two\n';
    const text = `<seed:think>Write it. <seed:cot_budget_reflect>Used 20 tokens.</seed:cot_budget_reflect></seed:think>Writing.\n${call('write_file', param('path', 'a.md') + param('content', content))}`;
    expect(readEveryWay(protocol, text, { tools, reasoningTags })).toMatchObject({
      reasoning: 'Write it. <seed:cot_budget_reflect>Used 20 tokens.</seed:cot_budget_reflect>',
      text: 'Writing.\n',
      calls: [{ toolName: 'write_file', input: JSON.stringify({ path: 'a.md', content }) }],
    });
  });

  it('reads parallel calls, one or several per wrapper', () => {
    const text = `${call('get_weather', param('city', 'Lyon') + param('days', '2'))}\n<seed:tool_call>\n<function=get_time>\n</function>\n<function=get_weather>\n${param('city', 'Porto')}</function>\n</seed:tool_call>`;
    expect(readEveryWay(protocol, text, { tools }).calls).toEqual([
      { toolName: 'get_weather', input: '{"city":"Lyon","days":2}' },
      { toolName: 'get_time', input: '{}' },
      { toolName: 'get_weather', input: '{"city":"Porto"}' },
    ]);
  });

  it('types values by the schema, Python literals included (the template writes them so)', () => {
    const text = call(
      'configure',
      param('options', "{'deep': True}") + param('ids', '[1, 2]') + param('enabled', 'True'),
    );
    expect(firstCallInput(protocol, text, { tools })).toEqual({
      options: { deep: true },
      ids: [1, 2],
      enabled: true,
    });
  });

  it('reads an object given as encoded JSON', () => {
    const text = call('configure', param('options', '"{\\"deep\\": true}"'));
    expect(readEveryWay(protocol, text, { tools }).calls).toEqual([
      { toolName: 'configure', input: '{"options":{"deep":true}}' },
    ]);
  });

  it('never runs a call cut off inside a parameter', () => {
    expect(
      readEveryWay(protocol, '<seed:tool_call>\n<function=write_file>\n<parameter=content>half', {
        tools,
      }).calls,
    ).toEqual([{ toolName: 'write_file', input: '{"content":"half' }]);
  });

  it('reports an unknown tool inside <seed:tool_call> as a call', () => {
    expect(readEveryWay(protocol, call('no_such_tool', param('x', '1')), { tools }).calls).toEqual([
      { toolName: 'no_such_tool', input: '{"x":"1"}' },
    ]);
  });

  it('reads a call whose wrapper was stripped only for a known tool', () => {
    expect(
      readEveryWay(protocol, `<function=get_weather>\n${param('city', 'Quito')}</function>`, {
        tools,
      }).calls,
    ).toEqual([{ toolName: 'get_weather', input: '{"city":"Quito"}' }]);
    const unknown = `<function=lookup>\n${param('q', 'x')}</function>`;
    expect(readEveryWay(protocol, unknown, { tools })).toMatchObject({ text: unknown, calls: [] });
  });

  it('reads a call after a wrapper that held no call, however the text is cut', () => {
    const text = `<seed:tool_call>junk</seed:tool_call>\n${call('get_time', '')}`;
    const { calls, text: prose } = readEveryWay(protocol, text, { tools });
    expect(calls).toEqual([{ toolName: 'get_time', input: '{}' }]);
    expect(prose).toBe('<seed:tool_call>junk</seed:tool_call>\n');
  });

  it('keeps the tags in prose as text', () => {
    const text = 'Calls go in <seed:tool_call> tags, each with a <function=NAME> block.';
    expect(readEveryWay(protocol, text, { tools })).toMatchObject({ text, calls: [] });
  });

  it('writes a past call that reads back, and a result as the tool turn holds it', () => {
    const input = { path: 'a.ts', content: 'x\n<y>\n' };
    const text = protocol.formatToolCall({ toolCallId: 'c', toolName: 'write_file', input });
    expect(text).toBe(
      '<seed:tool_call>\n<function=write_file>\n<parameter=path>a.ts</parameter>\n<parameter=content>x\n<y>\n</parameter>\n</function>\n</seed:tool_call>',
    );
    expect(firstCallInput(protocol, text, { tools })).toEqual(input);
    expect(
      protocol.formatToolResponse({
        toolCallId: 'c',
        toolName: 'get_weather',
        output: { type: 'json', value: { temp_c: 14 } },
      }),
    ).toBe('{"temp_c":14}');
  });
});

describeProtocolProperties(
  [
    call('get_weather', param('city', 'Oslo') + param('days', '3')),
    `<seed:think>Need weather.</seed:think>\n${call('get_weather', param('city', 'Rome'))}`,
    `${call('get_time', '')}\n${call('get_weather', param('city', 'Paris'))} Done.`,
    `<function=get_weather>\n${param('city', 'Quito')}</function>`,
    call('write_file', param('path', 'a.ts') + param('content', 'const x = "<tag>" && y;\n\n')),
    '<seed:tool_call>\n<function=write_file>\n<parameter=content>cut off',
    call('no_such_tool', param('x', '1')),
    'Prose with <seed:tool_call> and no call, and <function=nothing>.',
    `<seed:tool_call>\n<function=get_weather>\n${param('city', 'Lima')}`,
  ].map((reply, index) => ({ name: `seedOss #${index}`, protocol, reply })),
  reasoningTags,
);
