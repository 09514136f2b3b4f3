import { describe, expect, it, vi } from 'vitest';
import { autoToolMiddleware } from '../auto/auto-tool-middleware';
import { toolMiddlewareFor } from '../auto/tool-middleware-for';
import { telechatToolMiddleware } from '../presets/presets';
import { fixtureTools, typedTools } from '../testing/fixtures';
import { describeProtocolProperties } from '../testing/protocol-properties';
import { expectCleanReply, readThroughMiddleware } from '../testing/read-through-middleware';
import { readEveryWay } from '../testing/run-parser';
import { telechatFormat, telechatProtocol, telechatSystemPromptTemplate } from './telechat';

const protocol = telechatProtocol();
const tools = typedTools;
const think: Array<[string, string]> = [['<think>', '</think>']];
const preset = telechatToolMiddleware;

const pair = (key: string, value: string) =>
  `<param_key>${key}</param_key><param_value>${value}</param_value>`;
/** A call as TeleChat4's template writes it (the vLLM and SGLang telechat4 parsers read it). */
const call = (name: string, pairs = '') => `<tool_call>${name}${pairs}</tool_call>`;

describe('telechatProtocol', () => {
  it('reads calls back to back after prose, values typed by the schema', () => {
    const text = `Let me check.${call('get_weather', pair('city', 'Lyon') + pair('days', '2') + pair('tags', '["a", "b"]'))}${call('get_time')}\nDone.`;
    expect(readEveryWay(protocol, text, { tools })).toMatchObject({
      text: 'Let me check.\nDone.',
      calls: [
        { toolName: 'get_weather', input: '{"city":"Lyon","days":2,"tags":["a","b"]}' },
        { toolName: 'get_time', input: '{}' },
      ],
    });
  });

  it('keeps string values exactly, code and its own closers included', () => {
    const content = '\nif (a < b) {\n  return "</param_key>";\n}\n';
    const text = call('write_file', pair('path', 'a.ts') + pair('content', content));
    expect(readEveryWay(protocol, text, { tools }).calls).toEqual([
      { toolName: 'write_file', input: JSON.stringify({ path: 'a.ts', content }) },
    ]);
  });

  it('reads space around the name and between the tags, as the servers that strip it do', () => {
    for (const text of [
      '<tool_call>\nget_weather\n<param_key>city</param_key>\n<param_value>Lyon</param_value>\n</tool_call>',
      '<tool_call>get_weather <param_key> city </param_key> <param_value>Lyon</param_value></tool_call>',
      '<tool_call> get_weather \n</tool_call>'.replace('get_weather', 'get_time'),
    ]) {
      const { calls } = readEveryWay(protocol, text, { tools });
      expect(calls, text).toHaveLength(1);
    }
    expect(
      readEveryWay(
        protocol,
        '<tool_call>\nget_weather\n<param_key>city</param_key>\n<param_value>Lyon</param_value>\n</tool_call>',
        { tools },
      ).calls,
    ).toEqual([{ toolName: 'get_weather', input: '{"city":"Lyon"}' }]);
  });

  it('reads the name followed by its arguments as JSON, streamed, and a Hermes JSON body', () => {
    for (const text of [
      '<tool_call>get_weather{"city": "Lyon", "days": 2}</tool_call>',
      '<tool_call>get_weather\n{"city": "Lyon", "days": 2}\n</tool_call>',
      '<tool_call>{"name": "get_weather", "arguments": {"city": "Lyon", "days": 2}}</tool_call>',
    ]) {
      expect(readEveryWay(protocol, text, { tools }), text).toMatchObject({
        text: '',
        calls: [{ toolName: 'get_weather', input: '{"city":"Lyon","days":2}' }],
      });
    }
    const content = 'x = "</tool_call>"\n';
    expect(
      readEveryWay(
        protocol,
        `<tool_call>write_file${JSON.stringify({ path: 'a', content })}</tool_call>`,
        {
          tools,
        },
      ).calls,
    ).toEqual([{ toolName: 'write_file', input: JSON.stringify({ path: 'a', content }) }]);
  });

  it('never runs a call cut off inside a value', () => {
    const onError = vi.fn();
    const text = `<tool_call>write_file${pair('path', 'a.py')}<param_key>content</param_key><param_value>half a fi`;
    const [cut] = readEveryWay(protocol, text, { tools, onError }).calls;
    expect(cut?.toolName).toBe('write_file');
    expect(() => JSON.parse(cut?.input ?? '')).toThrow();
    expect(onError).toHaveBeenCalledWith(
      expect.any(String),
      expect.objectContaining({ reason: 'call-cut-off' }),
    );
  });

  it('runs a call whose values all closed when </tool_call> never came', () => {
    expect(
      readEveryWay(protocol, `<tool_call>get_weather${pair('city', 'Oslo')}`, { tools }),
    ).toMatchObject({ text: '', calls: [{ toolName: 'get_weather', input: '{"city":"Oslo"}' }] });
  });

  it('reports an unknown tool inside the tags as a call', () => {
    // Without a schema a value stays the text it is.
    expect(readEveryWay(protocol, call('no_such_tool', pair('x', '1')), { tools }).calls).toEqual([
      { toolName: 'no_such_tool', input: '{"x":"1"}' },
    ]);
  });

  it('keeps a body of another layout as text, and says so', () => {
    const onError = vi.fn();
    for (const text of [
      '<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>SF</arg_value>\n</tool_call>',
      '<tool_call>get_weather<arg_key>city</arg_key><arg_value>SF</arg_value></tool_call>',
      '<tool_call>function\nget_weather\n{"city": "SF"}</tool_call>',
      '<tool_call>get weather now</tool_call>',
    ]) {
      onError.mockClear();
      expect(readEveryWay(protocol, text, { tools, onError }), text).toMatchObject({
        text,
        calls: [],
      });
      expect(onError).toHaveBeenCalledWith(
        expect.any(String),
        expect.objectContaining({ reason: 'malformed-call' }),
      );
    }
  });

  it('keeps a tag never followed by a call as text', () => {
    expect(readEveryWay(protocol, 'The tag is <tool_call>get_time', { tools })).toMatchObject({
      text: 'The tag is <tool_call>get_time',
      calls: [],
    });
  });

  it('reads <think> reasoning, and calls mentioned in it stay reasoning', () => {
    const mention = `A call is ${call('get_time')}.`;
    const text = `<think>${mention}</think>\n\n${call('get_time')}`;
    expect(readEveryWay(protocol, text, { tools, reasoningTags: think })).toMatchObject({
      reasoning: mention,
      text: '\n\n',
      calls: [{ toolName: 'get_time', input: '{}' }],
    });
  });

  it('writes past calls as the template does, and they read back; results in <tool_response>', () => {
    const input = { note: 'a <b>.txt', ratio: 0.5, options: { deep: true } };
    const past = protocol.formatToolCall({ toolCallId: 'c', toolName: 'configure', input });
    expect(past).toBe(
      '<tool_call>configure<param_key>note</param_key><param_value>a <b>.txt</param_value><param_key>ratio</param_key><param_value>0.5</param_value><param_key>options</param_key><param_value>{"deep":true}</param_value></tool_call>',
    );
    expect(readEveryWay(protocol, past, { tools }).calls).toEqual([
      { toolName: 'configure', input: JSON.stringify(input) },
    ]);
    expect(
      protocol.formatToolResponse({
        toolCallId: 'c',
        toolName: 'get_weather',
        output: { type: 'json', value: { temp_c: 14 } },
      }),
    ).toBe('<tool_response>{"temp_c":14}</tool_response>');
  });

  it('prompts with the tools as JSON lines and the call layout', () => {
    const prompt = telechatSystemPromptTemplate(protocol.formatTools(fixtureTools.slice(2)));
    expect(prompt).toContain(
      '<tools>\n{"type":"function","function":{"name":"get_time","parameters":{"type":"object","properties":{}}}}\n</tools>',
    );
    expect(prompt).toContain(call('function_name', pair('argument_name', 'value')));
  });
});

describe('the TeleChat preset', () => {
  /** The request turns thinking off, as `enable_thinking: false` does for the template. */
  const thinkingOff = { sglang: { chat_template_kwargs: { enable_thinking: false } } };

  it('keeps the end of turn and role tokens out of the text', async () => {
    const reply = `Looking.${call('get_weather', pair('city', 'Lyon'))}<_end><_user>`;
    expect(
      await readThroughMiddleware(preset, reply, { tools, providerOptions: thinkingOff }),
    ).toEqual({
      reasoning: '',
      text: 'Looking.',
      calls: [{ toolName: 'get_weather', input: '{"city":"Lyon"}' }],
    });
  });

  it('reads <think> as reasoning and no other tag', async () => {
    expect(
      await readThroughMiddleware(preset, '<think>Plan.</think><thinking>x</thinking>', { tools }),
    ).toEqual({ reasoning: 'Plan.', text: '<thinking>x</thinking>', calls: [] });
  });

  it('reads a reply that starts inside the <think> its template opens by default', async () => {
    expect(
      await readThroughMiddleware(preset, `Need it.\n</think>\n\n${call('get_time')}`, { tools }),
    ).toEqual({
      reasoning: 'Need it.\n',
      text: '\n\n',
      calls: [{ toolName: 'get_time', input: '{}' }],
    });
  });

  it('reads an answer as text when thinking was turned off, or never closed', async () => {
    for (const providerOptions of [thinkingOff, undefined]) {
      expect(
        await readThroughMiddleware(preset, 'It is 391.<_end>', { tools, providerOptions }),
      ).toEqual({ reasoning: '', text: 'It is 391.', calls: [] });
    }
  });
});

/** TeleChat's markup, reasoning and end of turn: none of it may be left in the text. */
const MARKUP = [
  '<tool_call>',
  '</tool_call>',
  '<param_key>',
  '<param_value>',
  '<think>',
  '</think>',
  '<_end>',
  '<_user>',
];

// Needs integration: autoToolMiddleware and toolMiddlewareFor read the format list and registry.
describe.each([
  ['the TeleChat preset', preset],
  ['autoToolMiddleware', autoToolMiddleware],
  [
    "toolMiddlewareFor('XingChen-AGI/Xing4.0-29B-A4B')",
    toolMiddlewareFor('XingChen-AGI/Xing4.0-29B-A4B'),
  ],
])("TeleChat's typical reply, through %s", (_name, middleware) => {
  const LYON = { toolName: 'get_weather', input: '{"city":"Lyon","days":2}' };
  const TIME = { toolName: 'get_time', input: '{}' };

  it('reads reasoning, then parallel calls, and drops the end-of-turn token', async () => {
    const reply = `<think>\nTwo lookups.\n</think>\n\n${call('get_weather', pair('city', 'Lyon') + pair('days', '2'))}${call('get_time')}<_end>`;
    const meaning = await readThroughMiddleware(middleware, reply, { tools });
    expect(meaning).toEqual({ reasoning: '\nTwo lookups.\n', text: '\n\n', calls: [LYON, TIME] });
    expectCleanReply(meaning, [LYON, TIME], MARKUP);
  });

  it('reads an answer without calls', async () => {
    const meaning = await readThroughMiddleware(middleware, 'It is 391.<_end>', { tools });
    expect(meaning).toEqual({ reasoning: '', text: 'It is 391.', calls: [] });
    expectCleanReply(meaning, [], MARKUP);
  });

  it('never runs a call cut off inside a value, and leaves no markup in the text', async () => {
    const { text, calls } = await readThroughMiddleware(
      middleware,
      `Writing.<tool_call>write_file${pair('path', 'a.py')}<param_key>content</param_key><param_value>half a fi`,
      { tools },
    );
    for (const marker of MARKUP) expect(text, marker).not.toContain(marker);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.toolName).toBe('write_file');
    expect(() => JSON.parse(calls[0]?.input ?? '')).toThrow();
  });
});

describe("TeleChat's model rows", () => {
  const matches = (id: string) =>
    telechatFormat.models.some((row) => row.match.test(id.toLowerCase()));

  it('serves TeleChat4 and Xing4.0 as Hugging Face and servers name them', () => {
    for (const id of [
      'XingChen-AGI/Xing4.0-29B-A4B',
      'Venastine-Research/Xing4.0-29B-A4B-GGUF',
      'xing4.0-29b-a4b',
      'xingchen4',
      'telechat4',
    ]) {
      expect(matches(id), id).toBe(true);
    }
  });

  it('leaves earlier TeleChat models alone', () => {
    for (const id of ['Tele-AI/TeleChat2-7B', 'Tele-AI/TeleChat3-36B-Thinking', 'Tele-AI/T1-35B']) {
      expect(matches(id), id).toBe(false);
    }
  });
});

describeProtocolProperties(
  [
    call('get_weather', pair('city', 'Oslo') + pair('days', '3')),
    `<think>Need weather.</think>\n\n${call('get_weather', pair('city', 'Rome'))}`,
    `Both.${call('get_time')}${call('get_weather', pair('city', 'Paris') + pair('tags', '["a"]'))}\nDone.`,
    call('write_file', pair('path', 'a.ts') + pair('content', 'const x = "</param_key>" && y;\n')),
    '<tool_call>get_weather{"city": "Lima", "days": 1}</tool_call>',
    '<tool_call>{"name": "get_time", "arguments": {}}</tool_call>',
    `<tool_call>write_file${pair('path', 'a.py')}<param_key>content</param_key><param_value>cut off`,
    call('no_such_tool', pair('x', '1')),
    '<tool_call>get_weather\n<arg_key>city</arg_key><arg_value>SF</arg_value></tool_call> tail',
    'Prose with <tool_call> and no call.',
  ].map((reply, index) => ({ name: `telechat #${index}`, protocol, reply })),
);
