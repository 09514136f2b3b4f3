import { describe, expect, it } from 'vitest';
import { longcatToolMiddleware } from '../presets/presets';
import { typedTools } from '../testing/fixtures';
import { describeProtocolProperties } from '../testing/protocol-properties';
import { readThroughMiddleware } from '../testing/read-through-middleware';
import { firstCallInput, readEveryWay } from '../testing/run-parser';
import { longcatProtocol, longcatSystemPromptTemplate } from './longcat';

const protocol = longcatProtocol();
const tools = typedTools;

const json = (body: string) => `<longcat_tool_call>\n${body}\n</longcat_tool_call>`;
const pairs = (name: string, ...kv: Array<[string, string]>) =>
  `<longcat_tool_call>${name}\n${kv.map(([k, v]) => `<longcat_arg_key>${k}</longcat_arg_key>\n<longcat_arg_value>${v}</longcat_arg_value>\n`).join('')}</longcat_tool_call>`;

describe('longcatProtocol', () => {
  it('reads a JSON call after prose', () => {
    expect(
      readEveryWay(
        protocol,
        `Let me check.\n${json('{"name": "get_weather", "arguments": {"city": "Lyon", "days": 2}}')}`,
        { tools },
      ),
    ).toMatchObject({
      text: 'Let me check.\n',
      calls: [{ toolName: 'get_weather', input: '{"city":"Lyon","days":2}' }],
    });
  });

  it('reads calls back to back, no separator between them', () => {
    const text = `${json('{"name": "get_weather", "arguments": {"city": "Lyon"}}')}${json('{"name": "get_time", "arguments": {}}')}`;
    expect(readEveryWay(protocol, text, { tools }).calls).toEqual([
      { toolName: 'get_weather', input: '{"city":"Lyon"}' },
      { toolName: 'get_time', input: '{}' },
    ]);
  });

  it('reads the key/value layout, values typed by the schema', () => {
    const text = `${pairs('configure', ['options', '{"deep": true}'], ['ids', '[1, 2]'], ['enabled', 'true'])}${pairs('write_file', ['content', 'a\n<b>\n'])}`;
    expect(readEveryWay(protocol, text, { tools }).calls).toEqual([
      { toolName: 'configure', input: '{"options":{"deep":true},"ids":[1,2],"enabled":true}' },
      { toolName: 'write_file', input: '{"content":"a\\n<b>\\n"}' },
    ]);
  });

  it('reads a call after reasoning', () => {
    expect(
      readEveryWay(
        protocol,
        `<think>Need it.</think>${json('{"name": "get_time", "arguments": {}}')}`,
        {
          tools,
          reasoningTags: [['<think>', '</think>']],
        },
      ),
    ).toMatchObject({ reasoning: 'Need it.', text: '', calls: [{ toolName: 'get_time' }] });
  });

  it('never runs a call cut off inside its arguments', () => {
    expect(
      readEveryWay(
        protocol,
        '<longcat_tool_call>\n{"name": "write_file", "arguments": {"content": "ha',
        {
          tools,
        },
      ).calls,
    ).toEqual([{ toolName: 'write_file', input: '{"content":"ha' }]);
  });

  it('keeps prose that names the tags as text', () => {
    const text = 'Calls go in <longcat_tool_call> tags.';
    expect(readEveryWay(protocol, text, { tools })).toMatchObject({ text, calls: [] });
  });

  it('writes a past call that reads back, and a result in its response tags', () => {
    const input = { path: 'a.ts', content: 'x\n"y"\n' };
    const text = protocol.formatToolCall({ toolCallId: 'c', toolName: 'write_file', input });
    expect(text).toBe(
      '<longcat_tool_call>\n{"name": "write_file", "arguments": {"path": "a.ts", "content": "x\\n\\"y\\"\\n"}}\n</longcat_tool_call>',
    );
    expect(firstCallInput(protocol, text, { tools })).toEqual(input);
    expect(
      protocol.formatToolResponse({
        toolCallId: 'c',
        toolName: 'get_weather',
        output: { type: 'json', value: { temp_c: 14 } },
      }),
    ).toBe('<longcat_tool_response>\n{"temp_c":14}\n</longcat_tool_response>');
    expect(longcatSystemPromptTemplate(protocol.formatTools(tools.slice(0, 1)))).toContain(
      '<tools>\n{"type":"function","function":{"name":"get_weather"',
    );
  });
});

describe('longcatToolMiddleware', () => {
  it('reads both layouts the same in generate and any stream chunking', async () => {
    expect(
      await readThroughMiddleware(
        longcatToolMiddleware,
        `On it.\n${json('{"name": "get_weather", "arguments": {"city": "Oslo"}}')}${pairs('get_time')}`,
        { tools },
      ),
    ).toEqual({
      text: 'On it.\n',
      reasoning: '',
      calls: [
        { toolName: 'get_weather', input: '{"city":"Oslo"}' },
        { toolName: 'get_time', input: '{}' },
      ],
    });
  });
});

describeProtocolProperties(
  [
    json('{"name": "get_weather", "arguments": {"city": "Oslo", "days": 3}}'),
    `<think>Need weather.</think>\n${json('{"name": "get_weather", "arguments": {"city": "Rome"}}')}`,
    `${json('{"name": "get_time", "arguments": {}}')}${pairs('get_weather', ['city', 'Paris'])} Done.`,
    pairs('write_file', ['path', 'a.ts'], ['content', 'const x = "<tag>";\n\n']),
    '<longcat_tool_call>\n{"name": "write_file", "arguments": {"content": "cut',
    json('{"name": "no_such_tool", "arguments": {"x": 1}}'),
    'Prose with <longcat_tool_call> and no call.',
    '<longcat_tool_call>get_weather\n<longcat_arg_key>city</longcat_arg_key>\n<longcat_arg_value>Li',
  ].map((reply, index) => ({ name: `longcat #${index}`, protocol, reply })),
);
