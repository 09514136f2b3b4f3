import { describe, expect, it, vi } from 'vitest';
import { autoToolMiddleware } from '../auto/auto-tool-middleware';
import { toolMiddlewareFor } from '../auto/tool-middleware-for';
import { toolbridgeOptions } from '../middleware/toolbridge-options';
import { solarOpenToolMiddleware } from '../presets/presets';
import { fixtureTools, typedTools } from '../testing/fixtures';
import { describeProtocolProperties } from '../testing/protocol-properties';
import { expectCleanReply, readThroughMiddleware } from '../testing/read-through-middleware';
import { rewrittenPrompt } from '../testing/rewritten-prompt';
import { firstCallInput, readEveryWay } from '../testing/run-parser';
import { timeCallHistory } from '../testing/time-call-history';
import {
  solarOpenReasoningTags as reasoningTags,
  solarOpenFormat,
  solarOpenProtocol,
  solarOpenSystemPromptTemplate,
} from './solar-open';

const protocol = solarOpenProtocol();
const tools = typedTools;

const START = '<|tool_call:start|>';
const END = '<|tool_call:end|>';
const arg = (key: string, value: string) =>
  `<|tool_arg:start|>${key}<|tool_arg:value|>${value}<|tool_arg:end|>\n`;
/** A Solar Open 2 call as vLLM's tests write it: the name on the opener's line, an argument per line. */
const call = (name: string, ...args: string[]) => `${START}${name}\n${args.join('')}${END}`;
/** A Solar Open (v1) call: an id, the name, JSON arguments. */
const v1Call = (id: string, name: string, args: string) =>
  `<|tool_call:begin|>${id}<|tool_call:name|>${name}<|tool_call:args|>${args}<|tool_call:end|>`;

describe('solarOpenProtocol: Solar Open 2', () => {
  it('reads a call after prose, string values exactly as written', () => {
    const code = '\nif (a < b && c) {\n  return "<|x|>";\n}\n';
    const text = `I'll write it.\n${call('write_file', arg('path', 'src/a.ts'), arg('content', code))}`;
    expect(readEveryWay(protocol, text, { tools })).toMatchObject({
      text: "I'll write it.\n",
      calls: [
        { toolName: 'write_file', input: JSON.stringify({ path: 'src/a.ts', content: code }) },
      ],
    });
  });

  it('reads calls back to back, a call without arguments, and the first argument on the name line', () => {
    const text = `${call('get_weather', arg('city', 'Seoul'), arg('days', '2'))}\n${START}get_time\n${END}\n${START}get_weather<|tool_arg:start|>city<|tool_arg:value|>Busan<|tool_arg:end|>${END}`;
    const { calls, parts } = readEveryWay(protocol, text, { tools });
    expect(calls).toEqual([
      { toolName: 'get_weather', input: '{"city":"Seoul","days":2}' },
      { toolName: 'get_time', input: '{}' },
      { toolName: 'get_weather', input: '{"city":"Busan"}' },
    ]);
    // <|tool_call:end|> is each call's own close: nothing was repaired.
    for (const part of parts) {
      if (part.type === 'tool-call')
        expect(part.providerMetadata?.toolbridge).not.toHaveProperty('repairs');
    }
  });

  it('ends a call left without its closer at the next call, as vLLM does', () => {
    const text = `${START}get_weather\n${arg('city', 'Seoul')}${START}get_time\n${END}`;
    const { calls, parts } = readEveryWay(protocol, text, { tools });
    expect(calls).toEqual([
      { toolName: 'get_weather', input: '{"city":"Seoul"}' },
      { toolName: 'get_time', input: '{}' },
    ]);
    const first = parts.find((part) => part.type === 'tool-call');
    expect(JSON.stringify(first?.providerMetadata?.toolbridge)).toContain('not closed');
  });

  it('ends a value left open at the next call, and keeps the next call apart', () => {
    const text = `${START}get_weather\n<|tool_arg:start|>city<|tool_arg:value|>Seoul${START}get_weather\n${arg('city', 'Busan')}${END}`;
    expect(readEveryWay(protocol, text, { tools }).calls).toEqual([
      { toolName: 'get_weather', input: '{"city":"Seoul"}' },
      { toolName: 'get_weather', input: '{"city":"Busan"}' },
    ]);
  });

  it('types non-string values by the schema: JSON, Python literals, null', () => {
    const text = call(
      'configure',
      arg('options', "{'deep': True, 'list': [1, 2,]}"),
      arg('ids', '[1, 2]'),
      arg('ratio', '2.5'),
      arg('enabled', 'false'),
      arg('note', 'null'),
    );
    expect(firstCallInput(protocol, text, { tools })).toEqual({
      options: { deep: true, list: [1, 2] },
      ids: [1, 2],
      ratio: 2.5,
      enabled: false,
      note: null,
    });
  });

  it('never runs a call cut off inside a value, and runs one whose values all closed', () => {
    expect(
      readEveryWay(
        protocol,
        `${START}write_file\n<|tool_arg:start|>content<|tool_arg:value|>half`,
        { tools },
      ).calls,
    ).toEqual([{ toolName: 'write_file', input: '{"content":"half' }]);
    expect(
      readEveryWay(protocol, `${START}get_weather\n${arg('city', 'Seoul')}`, { tools }).calls,
    ).toEqual([{ toolName: 'get_weather', input: '{"city":"Seoul"}' }]);
  });

  it('reports an unknown tool after the call token as a call, for the SDK to answer', () => {
    expect(readEveryWay(protocol, call('no_such_tool', arg('x', '1')), { tools }).calls).toEqual([
      { toolName: 'no_such_tool', input: '{"x":"1"}' },
    ]);
  });

  it('keeps the call token before prose as text, and reports it', () => {
    const onError = vi.fn();
    const text = `Calls open with ${START} and a name, then arguments.`;
    expect(readEveryWay(protocol, text, { tools, onError })).toMatchObject({ text, calls: [] });
    expect(onError).toHaveBeenCalled();
  });

  it('reads reasoning the template opened, ended by its closer or by a call', () => {
    const options = { tools, reasoningTags, startWithReasoning: true };
    expect(
      readEveryWay(
        protocol,
        `Need the weather.<|think:end|>${call('get_weather', arg('city', 'Seoul'))}`,
        options,
      ),
    ).toMatchObject({
      reasoning: 'Need the weather.',
      text: '',
      calls: [{ toolName: 'get_weather', input: '{"city":"Seoul"}' }],
    });
    // Solar Open 2 sometimes calls before <|think:end|>: the call ends the reasoning.
    expect(readEveryWay(protocol, `Need the time.\n${call('get_time')}`, options)).toMatchObject({
      reasoning: 'Need the time.\n',
      text: '',
      calls: [{ toolName: 'get_time', input: '{}' }],
    });
  });

  it('writes a past call and a result in Solar Open 2 tokens, and reads the call back', () => {
    const input = { city: 'Seoul', days: 2, tags: ['a'] };
    const text = protocol.formatToolCall({ toolCallId: 'c', toolName: 'get_weather', input });
    expect(text).toBe(
      `${START}get_weather\n${arg('city', 'Seoul')}${arg('days', '2')}${arg('tags', '["a"]')}${END}`,
    );
    expect(firstCallInput(protocol, text, { tools })).toEqual(input);
    expect(
      protocol.formatToolResponse({
        toolCallId: 'c',
        toolName: 'get_weather',
        output: { type: 'json', value: { temp_c: 14 } },
      }),
    ).toBe('<|tool_response:start|>{"temp_c":14}<|tool_response:end|>');
  });

  it('prompts with each tool in a tool block and the call layout', () => {
    const prompt = solarOpenSystemPromptTemplate(protocol.formatTools(fixtureTools.slice(2)));
    expect(prompt).toContain(
      '<|tool:start|>{"type":"function","function":{"name":"get_time","parameters":{"type":"object","properties":{}}}}<|tool:end|>',
    );
    expect(prompt).toContain(
      `${START}tool_name\n<|tool_arg:start|>argument_name<|tool_arg:value|>value<|tool_arg:end|>\n${END}`,
    );
  });
});

describe('solarOpenProtocol: Solar Open (v1)', () => {
  it('reads calls in a section, keeping the ids the model wrote', () => {
    const text = `<|tool_calls|>${v1Call('a1b2c3d4e5', 'get_weather', '{"city": "Seoul"}')}${v1Call('f6g7h8i9j0', 'get_time', '{}')}<|calls|>`;
    const { calls, parts, text: prose } = readEveryWay(protocol, text, { tools });
    expect(prose).toBe('');
    expect(calls).toEqual([
      { toolName: 'get_weather', input: '{"city":"Seoul"}' },
      { toolName: 'get_time', input: '{}' },
    ]);
    expect(parts.flatMap((part) => (part.type === 'tool-call' ? [part.toolCallId] : []))).toEqual([
      'a1b2c3d4e5',
      'f6g7h8i9j0',
    ]);
  });

  it('reads a call without its section, and Python-literal arguments', () => {
    expect(
      readEveryWay(protocol, v1Call('a1b2c3d4e5', 'get_weather', "{'city': 'Seoul', 'days': 3}"), {
        tools,
      }).calls,
    ).toEqual([{ toolName: 'get_weather', input: '{"city":"Seoul","days":3}' }]);
  });

  it('reads reasoning, then content and a call in the messages after it, no markup in the text', () => {
    const text = `<|think|>Check first.<|end|><|begin|>assistant<|content|>Let me check.<|end|><|begin|>assistant<|tool_calls|>${v1Call('a1b2c3d4e5', 'get_weather', '{"city": "Seoul"}')}`;
    expect(readEveryWay(protocol, text, { tools, reasoningTags })).toMatchObject({
      reasoning: 'Check first.',
      calls: [{ toolName: 'get_weather', input: '{"city":"Seoul"}' }],
    });
  });

  it('never runs a call cut off in its arguments', () => {
    expect(
      readEveryWay(
        protocol,
        '<|tool_call:begin|>a1<|tool_call:name|>write_file<|tool_call:args|>{"content": "hal',
        {
          tools,
        },
      ).calls,
    ).toEqual([{ toolName: 'write_file', input: '{"content":"hal' }]);
  });
});

describeProtocolProperties(
  [
    call('get_weather', arg('city', 'Oslo'), arg('days', '3')),
    `Need weather.<|think:end|>${call('get_weather', arg('city', 'Rome'))}`,
    `${call('get_time')}\n${call('get_weather', arg('city', 'Paris'))} Done.`,
    `${START}get_weather\n${arg('city', 'Quito')}${START}get_time\n${END}`,
    call('write_file', arg('path', 'a.ts'), arg('content', 'const x = "<tag>" && y;\n\n')),
    `${START}write_file\n<|tool_arg:start|>content<|tool_arg:value|>cut off`,
    call('no_such_tool', arg('x', '1')),
    `Prose with ${START} and no call.`,
    `<|tool_calls|>${v1Call('a1b2c3d4e5', 'get_weather', '{"city": "Lima"}')}<|calls|>`,
    `Checking.<|tool_calls|>${v1Call('a1b2c3d4e5', 'get_time', '{}')}<|calls|> Done.`,
  ].map((reply, index) => ({ name: `solarOpen #${index}`, protocol, reply })),
  reasoningTags,
);

describe('the Solar Open preset', () => {
  const preset = solarOpenToolMiddleware;
  const opened = toolbridgeOptions({ startWithReasoning: true });

  it('keeps the end of turn and v1 message markers out of the text', async () => {
    expect(await readThroughMiddleware(preset, 'Hello.<|im:end|>', { tools })).toEqual({
      reasoning: '',
      text: 'Hello.',
      calls: [],
    });
    expect(
      await readThroughMiddleware(
        preset,
        '<|think|>Easy.<|end|><|begin|>assistant<|content|>Hello.<|end|>',
        { tools },
      ),
    ).toEqual({ reasoning: 'Easy.', text: 'Hello.', calls: [] });
  });

  it('writes the tool list into the system message, past calls and results in Solar Open 2 tokens', async () => {
    const rewritten = await rewrittenPrompt(preset, timeCallHistory, fixtureTools.slice(2));
    expect(rewritten?.[0]).toEqual({
      role: 'system',
      content: solarOpenSystemPromptTemplate(protocol.formatTools(fixtureTools.slice(2))),
    });
    expect(rewritten?.slice(1)).toEqual([
      timeCallHistory[0],
      { role: 'assistant', content: [{ type: 'text', text: `${START}get_time\n${END}` }] },
      {
        role: 'user',
        content: [{ type: 'text', text: '<|tool_response:start|>12:00<|tool_response:end|>' }],
      },
    ]);
  });

  it('reads reasoning opened by the template when told so', async () => {
    expect(
      await readThroughMiddleware(preset, `Need it.<|think:end|>${call('get_time')}<|im:end|>`, {
        tools,
        providerOptions: opened,
      }),
    ).toEqual({ reasoning: 'Need it.', text: '', calls: [{ toolName: 'get_time', input: '{}' }] });
  });
});

/** Solar Open's markup and ends of turn: none of it may be left in what a user reads. */
const MARKUP = ['<|tool', '<|think', '<|im:', '<|end|>', '<|begin|>', '<|content|>', '<|calls|>'];

// autoToolMiddleware and toolMiddlewareFor read this format once it is in the format list and
// the model registry.
describe.each([
  ['solarOpenToolMiddleware', solarOpenToolMiddleware],
  ['autoToolMiddleware', autoToolMiddleware],
  ["toolMiddlewareFor('upstage/Solar-Open2-250B')", toolMiddlewareFor('upstage/Solar-Open2-250B')],
])("Solar Open 2's typical reply, through %s", (_name, middleware) => {
  const opened = toolbridgeOptions({ startWithReasoning: true });
  const SEOUL = { toolName: 'get_weather', input: '{"city":"Seoul","days":2}' };
  const TIME = { toolName: 'get_time', input: '{}' };

  it('reads the reasoning, parallel calls, and drops the end of turn', async () => {
    const reply = `Two lookups.\n<|think:end|>${call('get_weather', arg('city', 'Seoul'), arg('days', '2'))}\n${call('get_time')}<|im:end|>`;
    const meaning = await readThroughMiddleware(middleware, reply, {
      tools,
      providerOptions: opened,
    });
    expect(meaning).toEqual({ reasoning: 'Two lookups.\n', text: '\n', calls: [SEOUL, TIME] });
    expectCleanReply(meaning, [SEOUL, TIME], MARKUP);
  });

  it('reads an answer after the reasoning as text', async () => {
    const meaning = await readThroughMiddleware(
      middleware,
      'Easy.<|think:end|>It is 391.<|im:end|>',
      {
        tools,
        providerOptions: opened,
      },
    );
    expect(meaning).toEqual({ reasoning: 'Easy.', text: 'It is 391.', calls: [] });
    expectCleanReply(meaning, [], MARKUP);
  });

  it('never runs a call cut off inside a value, and leaves no markup in the text', async () => {
    const { text, calls } = await readThroughMiddleware(
      middleware,
      `Writing.<|think:end|>${START}write_file\n<|tool_arg:start|>content<|tool_arg:value|>half a fi`,
      { tools, providerOptions: opened },
    );
    for (const marker of MARKUP) expect(text, marker).not.toContain(marker);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.toolName).toBe('write_file');
    expect(() => JSON.parse(calls[0]?.input ?? '')).toThrow();
  });
});

describe("Solar Open's model rows", () => {
  const rowFor = (id: string) =>
    solarOpenFormat.models.find((row) => row.match.test(id.toLowerCase()));

  it('serves Solar Open 2 as Hugging Face and Upstage name it, its template opening the reasoning', () => {
    for (const id of ['upstage/Solar-Open2-250B', 'solar-open2']) {
      expect(rowFor(id)?.family, id).toBe('Solar Open 2');
    }
    expect(solarOpenFormat.opensReasoning).toBe('by-default');
    expect(rowFor('solar-open2')?.opensReasoning).toBeUndefined();
  });

  it('serves Solar Open (v1), whose template opens no reasoning', () => {
    expect(rowFor('upstage/Solar-Open-100B')).toMatchObject({
      family: 'Solar Open',
      opensReasoning: 'never',
    });
  });

  it("leaves Upstage's other Solar models alone", () => {
    for (const id of ['upstage/solar-pro-preview-instruct', 'solar-pro2', 'solar-mini']) {
      expect(rowFor(id), id).toBeUndefined();
    }
  });
});
