import type { LanguageModelV4Prompt } from '@ai-sdk/provider';
import { describe, expect, it, vi } from 'vitest';
import { autoProtocol } from '../auto/auto-protocol';
import { autoToolMiddleware } from '../auto/auto-tool-middleware';
import { modelFamily } from '../auto/model-registry';
import { toolMiddlewareFor } from '../auto/tool-middleware-for';
import { toolbridgeOptions } from '../middleware/toolbridge-options';
import { openPanguToolMiddleware } from '../presets/presets';
import { rewriteForTemplate } from '../prompt/template-prompt';
import { fixtureTools, typedTools } from '../testing/fixtures';
import { describeProtocolProperties } from '../testing/protocol-properties';
import { expectCleanReply, readThroughMiddleware } from '../testing/read-through-middleware';
import { rewrittenPrompt } from '../testing/rewritten-prompt';
import { readEveryWay } from '../testing/run-parser';
import { timeCallHistory } from '../testing/time-call-history';
import { openPanguFormat, openPanguProtocol, openPanguSystemPromptTemplate } from './openpangu';
import { pythonicProtocol } from './pythonic';

const protocol = openPanguProtocol();
const tools = typedTools;
const reasoningTags = openPanguFormat.reasoningTags;

const START = '<|tool_call_start|>';
const END = '<|tool_call_end|>';
const V1_START = '[unused11]';
const V1_END = '[unused12]';

/** A call object as openPangu writes it. */
const call = (name: string, args: string) => `{"name": "${name}", "arguments": ${args}}`;
/** openPangu 2.0's call list, a newline inside each token as its template writes it. */
const v2 = (...calls: string[]) => `${START}\n[${calls.join(', ')}]\n${END}`;
/** openPangu v1's call list. */
const v1 = (...calls: string[]) => `${V1_START}[${calls.join(', ')}]${V1_END}`;

const LYON = { toolName: 'get_weather', input: '{"city":"Lyon","days":2}' };
const TIME = { toolName: 'get_time', input: '{}' };

/** The format each call of a reply was read in. */
const formatsOf = (parts: ReturnType<typeof readEveryWay>['parts']) =>
  parts.flatMap((part) =>
    part.type === 'tool-call' ? [part.providerMetadata?.toolbridge?.format] : [],
  );

describe('openPanguProtocol', () => {
  it("reads openPangu 2.0's list of calls, with prose before it", () => {
    const text = `Thought: I need to check weather.${v2(call('get_weather', '{"city": "Lyon", "days": 2}'), call('get_time', '{}'))}`;
    expect(readEveryWay(protocol, text, { tools })).toMatchObject({
      text: 'Thought: I need to check weather.',
      calls: [LYON, TIME],
    });
  });

  it("reads openPangu v1's list in [unused11] and [unused12]", () => {
    const text = `Sure.${v1(call('get_weather', '{"city": "Lyon", "days": 2}'), call('get_time', '{}'))}`;
    expect(readEveryWay(protocol, text, { tools })).toMatchObject({
      text: 'Sure.',
      calls: [LYON, TIME],
    });
  });

  it('reads a list in each pair of tokens of one reply', () => {
    const text = `${v2(call('get_time', '{}'))}\nThen:${v1(call('get_weather', '{"city": "Lyon", "days": 2}'))}`;
    expect(readEveryWay(protocol, text, { tools })).toMatchObject({
      text: '\nThen:',
      calls: [TIME, LYON],
    });
  });

  it('reads one call object written without the list, and arguments under `parameters`', () => {
    for (const text of [
      `${START}${call('get_weather', '{"city": "Lyon", "days": 2}')}${END}`,
      `${START}[{"name": "get_weather", "parameters": {"city": "Lyon", "days": 2}}]${END}`,
    ]) {
      expect(readEveryWay(protocol, text, { tools })).toMatchObject({ text: '', calls: [LYON] });
    }
  });

  it('keeps string values exactly, a call token inside one included', () => {
    const content = `if (a < b) {\n  return "${END}";\n}\n中文`;
    const text = v2(call('write_file', JSON.stringify({ path: 'a.ts', content })));
    expect(readEveryWay(protocol, text, { tools }).calls).toEqual([
      { toolName: 'write_file', input: JSON.stringify({ path: 'a.ts', content }) },
    ]);
  });

  it('never runs a call cut off inside its arguments', () => {
    const onError = vi.fn();
    const text = `${START}\n[{"name": "write_file", "arguments": {"path": "a.ts", "content": "half a fi`;
    const [cut] = readEveryWay(protocol, text, { tools, onError }).calls;
    expect(cut?.toolName).toBe('write_file');
    expect(() => JSON.parse(cut?.input ?? '')).toThrow();
    expect(onError).toHaveBeenCalledWith(
      expect.any(String),
      expect.objectContaining({ reason: 'call-cut-off' }),
    );
  });

  it('runs a call whose arguments closed when the list or the closing token never came', () => {
    const head = `${START}\n[${call('get_weather', '{"city": "Lyon", "days": 2}')}`;
    for (const text of [head, `${head}]`, `${head}]\n`]) {
      expect(readEveryWay(protocol, text, { tools })).toMatchObject({ text: '', calls: [LYON] });
    }
  });

  it('reports an unknown tool inside the tokens as a call', () => {
    expect(readEveryWay(protocol, v2(call('no_such_tool', '{"x": 1}')), { tools }).calls).toEqual([
      { toolName: 'no_such_tool', input: '{"x":1}' },
    ]);
  });

  it('keeps a pythonic list after the token as text, and says so', () => {
    const onError = vi.fn();
    const text = `${START}[get_weather(city="Lyon")]${END}`;
    expect(readEveryWay(protocol, text, { tools, onError })).toMatchObject({ text, calls: [] });
    expect(onError).toHaveBeenCalledWith(
      expect.any(String),
      expect.objectContaining({ reason: 'malformed-call' }),
    );
  });

  it('never shows a stray closing token as text', () => {
    expect(readEveryWay(protocol, `Done.${END}${V1_END}`, { tools })).toMatchObject({
      text: 'Done.',
      calls: [],
    });
  });

  it('reads a reply that opens with the bare list (v1 tokens stripped) when it names a known tool', () => {
    expect(
      readEveryWay(protocol, `[${call('get_weather', '{"city": "Lyon", "days": 2}')}]`, { tools }),
    ).toMatchObject({ text: '', calls: [LYON] });
    for (const text of [
      `[${call('no_such_tool', '{}')}]`,
      `See [${call('get_weather', '{"city": "Lyon"}')}]`,
    ]) {
      expect(readEveryWay(protocol, text, { tools })).toMatchObject({ text, calls: [] });
    }
  });

  it("reads openPangu 2.0's <think> and v1's [unused16] reasoning; calls mentioned there stay reasoning", () => {
    expect(
      readEveryWay(protocol, `<think>Use ${START}.</think>${v2(call('get_time', '{}'))}`, {
        tools,
        reasoningTags,
      }),
    ).toMatchObject({ reasoning: `Use ${START}.`, text: '', calls: [TIME] });
    expect(
      readEveryWay(protocol, `[unused16]Need the time.[unused17]${v1(call('get_time', '{}'))}`, {
        tools,
        reasoningTags,
      }),
    ).toMatchObject({ reasoning: 'Need the time.', text: '', calls: [TIME] });
  });

  it('writes past calls in the tokens, and they read back; results as their text', () => {
    const input = { path: 'a <b>.txt', content: `x${END}\n`, options: { deep: true } };
    const past = protocol.formatToolCall({ toolCallId: 'c', toolName: 'configure', input });
    expect(past.startsWith(`${START}\n[{"name": "configure", "arguments": {`)).toBe(true);
    expect(past).not.toContain(`${END}\\n`);
    expect(readEveryWay(protocol, past, { tools }).calls).toEqual([
      { toolName: 'configure', input: JSON.stringify(input) },
    ]);
    expect(
      protocol.formatToolResponse({
        toolCallId: 'c',
        toolName: 'get_weather',
        output: { type: 'json', value: { temp_c: 14 } },
      }),
    ).toBe('{"temp_c": 14}');
  });

  it("prompts with the tools in <tools> and openPangu 2.0's call list", () => {
    const prompt = openPanguSystemPromptTemplate(protocol.formatTools(fixtureTools.slice(2)));
    expect(prompt).toContain(
      '<tools>\n[\n{"name":"get_time","parameters":{"type":"object","properties":{}}}\n]\n</tools>',
    );
    expect(prompt).toContain(
      `${START}\n[{"name": "function_name", "arguments": {"parameter": "value"}}, {"name": "another_function", "arguments": {}}]\n${END}`,
    );
  });
});

describe("openPangu 2.0's template", () => {
  const template = openPanguFormat.template;
  const weatherHistory: LanguageModelV4Prompt = [
    { role: 'system', content: '  Be brief.\n' },
    { role: 'user', content: [{ type: 'text', text: 'Weather in Lyon, and the time?' }] },
    {
      role: 'assistant',
      content: [
        { type: 'text', text: 'Checking.' },
        { type: 'tool-call', toolCallId: 'a', toolName: 'get_weather', input: { city: '里昂' } },
        { type: 'tool-call', toolCallId: 'b', toolName: 'get_time', input: {} },
      ],
    },
    {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'a',
          toolName: 'get_weather',
          output: { type: 'json', value: { temp_c: 14 } },
        },
        {
          type: 'tool-result',
          toolCallId: 'b',
          toolName: 'get_time',
          output: { type: 'text', value: 'noon<|message_end|>' },
        },
      ],
    },
  ];

  it('writes the tool prompt after the trimmed system text, the tools as one tojson list', () => {
    if (template === undefined) throw new Error('openPangu has a template');
    const [system] = rewriteForTemplate(weatherHistory, fixtureTools.slice(2), template);
    expect(system?.role).toBe('system');
    const text = typeof system?.content === 'string' ? system.content : '';
    expect(text.startsWith('Be brief.\n你是一个能够调用外部工具解决问题的专家')).toBe(true);
    expect(text).toContain(
      '\n你将在<tools></tools>标签对内获得每个工具的描述：\n<tools>\n[{"type": "function", "function": {"name": "get_time", "parameters": {"type": "object", "properties": {}}}}]\n</tools>\n对于每个函数调用',
    );
    expect(text).toContain(
      `格式如下：\n${START}\n[{"name": "<函数名1>", "arguments": <args1 json对象>}, {"name": "<函数名2>", "arguments": <args2 json对象>}, ...]\n${END}\n<工具使用原则>\n`,
    );
    expect(text.endsWith('</工具使用原则>')).toBe(true);
    // Without a system message, the made one starts with the template's persona.
    const [made] = rewriteForTemplate(timeCallHistory, fixtureTools.slice(2), template);
    expect(made).toMatchObject({ role: 'system' });
    expect(String(made?.content).startsWith('你是一个能够调用外部工具解决问题的专家')).toBe(true);
  });

  it("writes calls after the turn's text and each result as a tool turn the calling turn opens", () => {
    if (template === undefined) throw new Error('openPangu has a template');
    const rewritten = rewriteForTemplate(weatherHistory, fixtureTools, template);
    expect(rewritten.slice(2)).toEqual([
      {
        role: 'assistant',
        content: [
          {
            type: 'text',
            text: `Checking.${START}\n[{"name": "get_weather", "arguments": {"city": "里昂"}}, {"name": "get_time", "arguments": {}}]\n${END}<|message_end|><|message_start|>tool\n{"temp_c":14}<|message_end|><|message_start|>tool\nnoon<\\|message_end|>`,
          },
        ],
      },
    ]);
  });

  it('is what the preset writes', async () => {
    const rewritten = await rewrittenPrompt(
      openPanguToolMiddleware,
      timeCallHistory,
      fixtureTools.slice(2),
    );
    expect(rewritten?.slice(1)).toEqual([
      timeCallHistory[0],
      {
        role: 'assistant',
        content: [
          {
            type: 'text',
            text: `${START}\n[{"name": "get_time", "arguments": {}}]\n${END}<|message_end|><|message_start|>tool\n12:00`,
          },
        ],
      },
    ]);
  });
});

describe("openPangu v1's row template", () => {
  const template = openPanguFormat.models[1]?.template;

  it('asks for calls in [unused11], writes them so, and each result as a 工具 turn', () => {
    if (template === undefined) throw new Error('the v1 row has a template');
    const [system, ...rest] = rewriteForTemplate(
      [{ role: 'system', content: 'Be brief.' }, ...timeCallHistory],
      fixtureTools.slice(2),
      template,
    );
    expect(String(system?.content)).toContain(
      `Be brief.\n\nYou can call the functions described in this JSON list:\n<tools>\n[\n{"name":"get_time"`,
    );
    expect(String(system?.content)).toContain(
      `${V1_START}[{"name": "function_name", "arguments": {"parameter": "value"}}, {"name": "another_function", "arguments": {}}]${V1_END}`,
    );
    expect(rest.slice(1)).toEqual([
      {
        role: 'assistant',
        content: [
          {
            type: 'text',
            text: `${V1_START}[{"name": "get_time", "arguments": {}}]${V1_END}[unused10][unused9]工具：12:00`,
          },
        ],
      },
    ]);
  });
});

describe('openPangu calls read by auto', () => {
  const LFM2 = `${START}[get_weather(city="Lyon", days=2)]${END}`;

  it('reads both lists after the shared token when openpangu is tried before pythonic', () => {
    const auto = autoProtocol({
      formats: { openpangu: openPanguProtocol(), pythonic: pythonicProtocol() },
    });
    const json = readEveryWay(
      auto,
      `Sure.${v2(call('get_weather', '{"city": "Lyon", "days": 2}'))}`,
      {
        tools,
      },
    );
    expect({ text: json.text, calls: json.calls }).toEqual({ text: 'Sure.', calls: [LYON] });
    expect(formatsOf(json.parts)).toEqual(['openpangu']);
    const pythonic = readEveryWay(auto, `Sure.${LFM2}`, { tools });
    expect({ text: pythonic.text, calls: pythonic.calls }).toEqual({
      text: 'Sure.',
      calls: [LYON],
    });
    expect(formatsOf(pythonic.parts)).toEqual(['pythonic']);
  });

  it('loses the JSON list when pythonic is tried first: it calls the list malformed, not prose', () => {
    const auto = autoProtocol({
      formats: { pythonic: pythonicProtocol(), openpangu: openPanguProtocol() },
    });
    const text = v2(call('get_weather', '{"city": "Lyon", "days": 2}'));
    expect(readEveryWay(auto, text, { tools }).calls).toEqual([]);
  });

  // Pass once openPanguFormat is in FORMATS, before pythonicFormat.
  it('the built-in auto reads openPangu 2.0, v1 and LFM2 lists', () => {
    const auto = autoProtocol();
    for (const [text, format] of [
      [v2(call('get_weather', '{"city": "Lyon", "days": 2}')), 'openpangu'],
      [v1(call('get_weather', '{"city": "Lyon", "days": 2}')), 'openpangu'],
      [LFM2, 'pythonic'],
    ] as const) {
      const { calls, parts } = readEveryWay(auto, text, { tools });
      expect(calls).toEqual([LYON]);
      expect(formatsOf(parts)).toEqual([format]);
    }
  });
});

/** openPangu's markup and ends of turn: none of it may be left in the text a user reads. */
const MARKUP = [
  START,
  END,
  V1_START,
  V1_END,
  '[unused10]',
  '<|message_end|>',
  '<|pangu_text_end|>',
];

// autoToolMiddleware and toolMiddlewareFor pass once openPanguFormat is in FORMATS.
describe.each([
  ['openPanguToolMiddleware', openPanguToolMiddleware],
  ['autoToolMiddleware', autoToolMiddleware],
  [
    "toolMiddlewareFor('FreedomIntelligence/openPangu-Embedded-7B-V1.1')",
    toolMiddlewareFor('FreedomIntelligence/openPangu-Embedded-7B-V1.1'),
  ],
])("openPangu's typical reply, through %s", (_name, middleware) => {
  const opened = toolbridgeOptions({ startWithReasoning: true });

  it('reads reasoning and parallel calls, and drops the end of turn', async () => {
    const reply = `<think>Two lookups.</think>${v2(call('get_weather', '{"city": "Lyon", "days": 2}'), call('get_time', '{}'))}<|pangu_text_end|>`;
    const meaning = await readThroughMiddleware(middleware, reply, { tools });
    expect(meaning).toEqual({ reasoning: 'Two lookups.', text: '', calls: [LYON, TIME] });
    expectCleanReply(meaning, [LYON, TIME], MARKUP);
  });

  it("reads v1's reasoning and calls, and its end of turn", async () => {
    const reply = `[unused16]Need the time.[unused17]Sure.${v1(call('get_time', '{}'))}[unused10]`;
    const meaning = await readThroughMiddleware(middleware, reply, { tools });
    expect(meaning).toEqual({ reasoning: 'Need the time.', text: 'Sure.', calls: [TIME] });
    expectCleanReply(meaning, [TIME], MARKUP);
  });

  it('reads a reply that starts inside the reasoning the template opened', async () => {
    const meaning = await readThroughMiddleware(
      middleware,
      `Need the time.</think>Sure.${v2(call('get_time', '{}'))}<|pangu_text_end|>`,
      { tools, providerOptions: opened },
    );
    expect(meaning).toEqual({ reasoning: 'Need the time.', text: 'Sure.', calls: [TIME] });
    expectCleanReply(meaning, [TIME], MARKUP);
  });

  it('ends that reasoning at a call when the model skips its closer', async () => {
    const meaning = await readThroughMiddleware(
      middleware,
      `Need the time.${v2(call('get_time', '{}'))}`,
      { tools, providerOptions: opened },
    );
    expect(meaning).toEqual({ reasoning: 'Need the time.', text: '', calls: [TIME] });
    expectCleanReply(meaning, [TIME], MARKUP);
  });

  it('keeps its ends of turn out of an answer', async () => {
    for (const end of ['<|pangu_text_end|>', '[unused10]', '<|message_end|>']) {
      const meaning = await readThroughMiddleware(middleware, `Hello.${end}`, { tools });
      expect(meaning).toEqual({ reasoning: '', text: 'Hello.', calls: [] });
    }
  });

  it('never runs a call cut off inside its arguments, and leaves no markup in the text', async () => {
    const meaning = await readThroughMiddleware(
      middleware,
      `Writing.</think>Now.${START}\n[{"name": "write_file", "arguments": {"path": "a.ts", "content": "half a fi`,
      { tools, providerOptions: opened },
    );
    const { reasoning, text, calls } = meaning;
    expect({ reasoning, text }).toEqual({ reasoning: 'Writing.', text: 'Now.' });
    for (const marker of MARKUP) expect(text, marker).not.toContain(marker);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.toolName).toBe('write_file');
    expect(() => JSON.parse(calls[0]?.input ?? '')).toThrow();
  });
});

// Pass once the registry serves openPangu.
describe("openPangu 2.0's model row opens the reasoning by default, the preset does not", () => {
  const reply = `Need the time.</think>Sure.${v2(call('get_time', '{}'))}<|pangu_text_end|>`;
  const row = () => toolMiddlewareFor('openpangu/openPangu-2.0-Flash');

  it("toolMiddlewareFor('openpangu/openPangu-2.0-Flash') starts inside the reasoning", async () => {
    const meaning = await readThroughMiddleware(row(), reply, { tools });
    expect(meaning).toEqual({ reasoning: 'Need the time.', text: 'Sure.', calls: [TIME] });
    expectCleanReply(meaning, [TIME], MARKUP);
  });

  it('starts in text when the request turns thinking off', async () => {
    const meaning = await readThroughMiddleware(row(), `Sure.${v2(call('get_time', '{}'))}`, {
      tools,
      reasoning: 'none',
    });
    expect(meaning).toEqual({ reasoning: '', text: 'Sure.', calls: [TIME] });
  });

  it('the preset starts in text unless the call says the reasoning is open', async () => {
    const meaning = await readThroughMiddleware(openPanguToolMiddleware, reply, { tools });
    expect(meaning).toEqual({ reasoning: '', text: 'Need the time.Sure.', calls: [TIME] });
    expectCleanReply(meaning, [TIME], MARKUP);
  });
});

describe("openPangu's model rows", () => {
  const rowOf = (id: string) =>
    openPanguFormat.models.find((row) => row.match.test(id.toLowerCase()))?.family;

  it('serves openPangu 2.0 as Hugging Face names it, reasoning open by default', () => {
    for (const id of [
      'openpangu/openPangu-2.0-Flash',
      'openpangu/openPangu-2.0-Pro',
      'JANGQ-AI/openPangu-2.0-Flash-JANG_2L',
    ]) {
      expect(rowOf(id), id).toBe('openPangu 2.0');
    }
    expect(openPanguFormat.models[0]?.opensReasoning).toBe('by-default');
  });

  it('serves openPangu v1 models with their own call tokens', () => {
    for (const id of [
      'FreedomIntelligence/openPangu-Embedded-7B-V1.1',
      'FreedomIntelligence/openPangu-Embedded-1B',
      'openpangu/openPangu-R-72B-2512-Int8',
      'ascend-tribe/pangu-pro-moe-model',
    ]) {
      expect(rowOf(id), id).toBe('openPangu v1 (Embedded, R, Pro MoE)');
    }
  });

  // Passes once the registry serves openPangu: no other format's row takes these ids first.
  it('is what the registry gives these ids', () => {
    for (const id of [
      'openpangu/openPangu-2.0-Flash',
      'FreedomIntelligence/openPangu-Embedded-7B-V1.1',
      'FreedomIntelligence/openPangu-Embedded-1B',
      'openpangu/openPangu-R-72B-2512-Int8',
      'ascend-tribe/pangu-pro-moe-model',
    ]) {
      expect(modelFamily(id)?.format, id).toBe('openpangu');
    }
  });

  it('serves no other model', () => {
    for (const id of ['pangu-weather', 'LiquidAI/LFM2-1.2B', 'qwen3-8b']) {
      expect(rowOf(id), id).toBeUndefined();
    }
  });
});

describeProtocolProperties(
  [
    v2(call('get_weather', '{"city": "Oslo", "days": 3}')),
    `<think>Need weather.</think>\n\n${v2(call('get_weather', '{"city": "Rome"}'))}`,
    `Both.${v1(call('get_time', '{}'), call('get_weather', '{"city": "Paris", "tags": ["a"]}'))}\nDone.`,
    v2(call('write_file', '{"path": "a.ts", "content": "const x = \\"<tag>\\" && y;\\n\\n"}')),
    `${START}\n[{"name": "write_file", "arguments": {"content": "cut off`,
    v2(call('no_such_tool', '{"x": 1}')),
    `${START}[get_time()]${END}\ntail`,
    `[${call('get_time', '{}')}]`,
    `Prose with ${START} and no call.`,
  ].map((reply, index) => ({ name: `openpangu #${index}`, protocol, reply })),
  openPanguFormat.reasoningTags,
);
