import { describe, expect, it } from 'vitest';
import { toolMiddlewareFor } from '../auto/tool-middleware-for';
import { olmo3ToolMiddleware } from '../presets/presets';
import { typedTools } from '../testing/fixtures';
import { describeProtocolProperties } from '../testing/protocol-properties';
import { readThroughMiddleware } from '../testing/read-through-middleware';
import { firstCallInput, readEveryWay } from '../testing/run-parser';
import { olmo3Protocol, olmo3SystemPromptTemplate } from './olmo3';

const protocol = olmo3Protocol();
const tools = typedTools;
const calls = (...lines: string[]) => `<function_calls>${lines.join('\n')}</function_calls>`;

describe('olmo3Protocol', () => {
  it('reads a call after prose', () => {
    expect(
      readEveryWay(protocol, `Let me check.\n${calls('get_weather(city="Lyon", days=2)')}`, {
        tools,
      }),
    ).toMatchObject({
      text: 'Let me check.\n',
      calls: [{ toolName: 'get_weather', input: '{"city":"Lyon","days":2}' }],
    });
  });

  it('reads parallel calls, one per line', () => {
    const text = calls('get_weather(city="Lyon")', 'get_time()', 'get_weather(city="Porto")');
    expect(readEveryWay(protocol, text, { tools }).calls).toEqual([
      { toolName: 'get_weather', input: '{"city":"Lyon"}' },
      { toolName: 'get_time', input: '{}' },
      { toolName: 'get_weather', input: '{"city":"Porto"}' },
    ]);
  });

  it('reads values as JSON, the way the template writes them, and as Python literals', () => {
    const json = calls(
      'configure(enabled=true, ids=[1, 2], note=null, options={"deep": false, "names": ["a"]})',
    );
    const python = calls(
      "configure(enabled=True, ids=[1, 2], note=None, options={'deep': False, 'names': ['a']})",
    );
    for (const text of [json, python]) {
      expect(firstCallInput(protocol, text, { tools })).toEqual({
        enabled: true,
        ids: [1, 2],
        note: null,
        options: { deep: false, names: ['a'] },
      });
    }
  });

  it('reads a call after reasoning, as the Think models reply', () => {
    expect(
      readEveryWay(protocol, `Need the time.</think>${calls('get_time()')}`, {
        tools,
        reasoningTags: [['<think>', '</think>']],
        startWithReasoning: true,
      }),
    ).toMatchObject({ reasoning: 'Need the time.', text: '', calls: [{ toolName: 'get_time' }] });
  });

  it('reports an unknown function inside the tags as a call', () => {
    expect(readEveryWay(protocol, calls('lookup(q="x")'), { tools }).calls).toEqual([
      { toolName: 'lookup', input: '{"q":"x"}' },
    ]);
  });

  it('never runs a call cut off before its closing parenthesis', () => {
    // The input stays unfinished JSON, so the SDK reports the call invalid and never runs it.
    expect(
      readEveryWay(protocol, '<function_calls>write_file(path="a.md", content="ha', { tools })
        .calls,
    ).toEqual([{ toolName: 'write_file', input: '{"path":"a.md","content":"ha' }]);
  });

  it('keeps prose that names the tags, and calls outside them, as text', () => {
    for (const text of [
      'Olmo writes calls between <function_calls> tags.',
      'get_weather(city="Lyon") is what I would call.',
    ]) {
      expect(readEveryWay(protocol, text, { tools })).toMatchObject({ text, calls: [] });
    }
  });

  it('writes past calls that read back, tools and results as the template holds them', () => {
    const input = { path: 'a.ts', content: 'x\n"y"\n', mode: null, flags: [true, 2] };
    const text = protocol.formatToolCall({ toolCallId: 'c', toolName: 'write_file', input });
    expect(text).toBe(
      '<function_calls>write_file(path="a.ts", content="x\\n\\"y\\"\\n", mode=null, flags=[true, 2])</function_calls>',
    );
    expect(firstCallInput(protocol, text, { tools })).toEqual(input);
    expect(
      protocol.formatToolResponse({
        toolCallId: 'c',
        toolName: 'get_weather',
        output: { type: 'json', value: { temp_c: 14 } },
      }),
    ).toBe('{"temp_c":14}');
    const prompt = olmo3SystemPromptTemplate(protocol.formatTools(tools.slice(0, 1)));
    expect(prompt).toContain('<functions>[{"type": "function", "function": {"name": "get_weather"');
    expect(prompt).toContain('</functions>');
  });
});

describe('olmo3ToolMiddleware', () => {
  it('reads calls the same in generate and any stream chunking', async () => {
    expect(
      await readThroughMiddleware(
        olmo3ToolMiddleware,
        `On it.${calls('get_weather(city="Oslo")', 'get_time()')}`,
        { tools },
      ),
    ).toEqual({
      text: 'On it.',
      reasoning: '',
      calls: [
        { toolName: 'get_weather', input: '{"city":"Oslo"}' },
        { toolName: 'get_time', input: '{}' },
      ],
    });
  });

  it('starts inside the reasoning the Think template opens', async () => {
    expect(
      await readThroughMiddleware(
        toolMiddlewareFor('allenai/Olmo-3-7B-Think'),
        `Oslo first.</think>${calls('get_weather(city="Oslo")')}`,
        { tools },
      ),
    ).toEqual({
      text: '',
      reasoning: 'Oslo first.',
      calls: [{ toolName: 'get_weather', input: '{"city":"Oslo"}' }],
    });
  });
});

describeProtocolProperties(
  [
    calls('get_weather(city="Oslo", days=3)'),
    `<think>Need weather.</think>\n${calls('get_weather(city="Rome")')}`,
    `${calls('get_time()', 'get_weather(city="Paris")')} Done.`,
    calls('write_file(path="a.ts", content="const x = \\"<tag>\\" && y;\\n\\n")'),
    '<function_calls>write_file(content="cut off',
    calls('no_such_tool(x=1)'),
    'Prose with <function_calls> and no call.',
    `<function_calls>get_weather(city="Lima")`,
  ].map((reply, index) => ({ name: `olmo3 #${index}`, protocol, reply })),
);
