import { describe, expect, it, vi } from 'vitest';
import { autoProtocol } from '../auto/auto-protocol';
import { autoToolMiddleware } from '../auto/auto-tool-middleware';
import { toolMiddlewareFor } from '../auto/tool-middleware-for';
import { toolbridgeOptions } from '../middleware/toolbridge-options';
import { plamoToolMiddleware } from '../presets/presets';
import { fixtureTools, typedTools } from '../testing/fixtures';
import { describeProtocolProperties } from '../testing/protocol-properties';
import { expectCleanReply, readThroughMiddleware } from '../testing/read-through-middleware';
import { readEveryWay } from '../testing/run-parser';
import { plamoFormat, plamoProtocol, plamoReasoningTags, plamoSystemPromptTemplate } from './plamo';

const protocol = plamoProtocol();
const tools = typedTools;

const BEGIN = '<|plamo:begin_tool_requests:plamo|>';
const END = '<|plamo:end_tool_requests:plamo|>';
const REQUEST = '<|plamo:begin_tool_request:plamo|>';
const REQUEST_END = '<|plamo:end_tool_request:plamo|>';
const NAME = '<|plamo:begin_tool_name:plamo|>';
const NAME_END = '<|plamo:end_tool_name:plamo|>';
/** The arguments' opening as vLLM's parser expects it. */
const ARGS = '<|plamo:begin_tool_arguments:plamo|><|plamo:constrain|>json<|plamo:msg|>';
/** The same without the JSON constraint, as PLaMo API output shows it. */
const BARE_ARGS = '<|plamo:begin_tool_arguments:plamo|><|plamo:msg|>';
const ARGS_END = '<|plamo:end_tool_arguments:plamo|>';
const EOT = '<|plamo:tag|>';
const THINK = '<|plamo:begin_think:plamo|>';
const THINK_END = '<|plamo:end_think:plamo|>';

const call = (name: string, args: string, opening = ARGS) =>
  `${REQUEST}${NAME}${name}${NAME_END}${opening}${args}${ARGS_END}${REQUEST_END}`;
const section = (...calls: string[]) => `${BEGIN}${calls.join('')}${END}`;
const reasoningTags = plamoReasoningTags;

describe('plamoProtocol', () => {
  it('reads several calls in one section, with prose before it', () => {
    expect(
      readEveryWay(
        protocol,
        `Checking.${section(call('get_weather', '{"city": "Tokyo", "days": 3}'), call('get_time', '{}'))}`,
        { tools },
      ),
    ).toMatchObject({
      text: 'Checking.',
      calls: [
        { toolName: 'get_weather', input: '{"city":"Tokyo","days":3}' },
        { toolName: 'get_time', input: '{}' },
      ],
    });
  });

  it('reads arguments opened without the JSON constraint', () => {
    expect(
      readEveryWay(protocol, section(call('get_weather', '{"city":"Osaka"}', BARE_ARGS)), {
        tools,
      }),
    ).toMatchObject({ text: '', calls: [{ toolName: 'get_weather', input: '{"city":"Osaka"}' }] });
  });

  it('keeps string values exactly, tags and quotes included', () => {
    const content = `if (a < b) {\n  return "${ARGS_END}";\n}`;
    const text = section(call('write_file', JSON.stringify({ path: 'a.ts', content })));
    expect(readEveryWay(protocol, text, { tools }).calls).toEqual([
      { toolName: 'write_file', input: JSON.stringify({ path: 'a.ts', content }) },
    ]);
  });

  it('never runs a call cut off inside its arguments', () => {
    const onError = vi.fn();
    const text = `${BEGIN}${REQUEST}${NAME}write_file${NAME_END}${ARGS}{"content": "half a fi`;
    const [cut] = readEveryWay(protocol, text, { tools, onError }).calls;
    expect(cut).toEqual({ toolName: 'write_file', input: '{"content":"half a fi' });
    expect(onError).toHaveBeenCalledWith(
      expect.any(String),
      expect.objectContaining({ reason: 'call-cut-off' }),
    );
  });

  it('runs a call whose arguments closed when the closing tags never came', () => {
    const head = `${BEGIN}${REQUEST}${NAME}get_weather${NAME_END}${ARGS}{"city": "Oslo"}`;
    for (const text of [head, `${head}${ARGS_END}`, `${head}${ARGS_END}${REQUEST_END}`]) {
      expect(readEveryWay(protocol, text, { tools })).toMatchObject({
        text: '',
        calls: [{ toolName: 'get_weather', input: '{"city":"Oslo"}' }],
      });
    }
  });

  it('reports an unknown tool inside the tags as a call', () => {
    expect(
      readEveryWay(protocol, section(call('no_such_tool', '{"x": 1}')), { tools }).calls,
    ).toEqual([{ toolName: 'no_such_tool', input: '{"x":1}' }]);
  });

  it('keeps a request tag followed by no name tag as text, and says so', () => {
    const onError = vi.fn();
    const text = `${REQUEST}get_weather${ARGS}{"city": "SF"}${ARGS_END}`;
    expect(readEveryWay(protocol, text, { tools, onError })).toMatchObject({ text, calls: [] });
    expect(onError).toHaveBeenCalledWith(
      expect.any(String),
      expect.objectContaining({ reason: 'malformed-call' }),
    );
  });

  it('never shows the section tags as text, even without a call between them', () => {
    expect(readEveryWay(protocol, `Nothing to call.${BEGIN}${END}`, { tools })).toMatchObject({
      text: 'Nothing to call.',
      calls: [],
    });
  });

  it('reads PLaMo reasoning, and calls mentioned in it stay reasoning', () => {
    const text = `${THINK}A call opens with ${BEGIN}${REQUEST}.${THINK_END}${section(call('get_time', '{}'))}`;
    expect(readEveryWay(protocol, text, { tools, reasoningTags })).toMatchObject({
      reasoning: `A call opens with ${BEGIN}${REQUEST}.`,
      text: '',
      calls: [{ toolName: 'get_time', input: '{}' }],
    });
  });

  it('writes past calls in the tags, and they read back; results in <tool_response>', () => {
    const input = { path: 'a <b>.txt', content: `x${ARGS_END}\n`, options: { deep: true } };
    const past = protocol.formatToolCall({ toolCallId: 'c', toolName: 'configure', input });
    expect(past).toBe(
      section(
        call(
          'configure',
          '{"path":"a \\u003cb\\u003e.txt","content":"x\\u003c|plamo:end_tool_arguments:plamo|\\u003e\\n","options":{"deep":true}}',
        ),
      ),
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

  it('prompts with the tools as JSON lines and the call section', () => {
    const prompt = plamoSystemPromptTemplate(protocol.formatTools(fixtureTools.slice(2)));
    expect(prompt).toContain(
      '<tools>\n{"type":"function","function":{"name":"get_time","parameters":{"type":"object","properties":{}}}}\n</tools>',
    );
    expect(prompt).toContain(section(call('function_name', '{"parameter_name": "value"}')));
  });
});

/** PLaMo's markup and end of turn: none of it may be left in the text a user reads. */
const MARKUP = ['<|plamo:', 'plamo|>'];

describe.each([
  ['plamoToolMiddleware', plamoToolMiddleware],
  ['autoToolMiddleware', autoToolMiddleware],
  ["toolMiddlewareFor('plamo-3.0-prime')", toolMiddlewareFor('plamo-3.0-prime')],
])("PLaMo 3's typical reply, through %s", (_name, middleware) => {
  // The template opened `<|plamo:begin_think:plamo|>`: the reply starts inside the reasoning.
  const opened = toolbridgeOptions({ startWithReasoning: true });
  const LYON = { toolName: 'get_weather', input: '{"city":"Lyon","days":2}' };
  const TIME = { toolName: 'get_time', input: '{}' };

  it('reads reasoning, parallel calls and drops the end of turn', async () => {
    const reply = `${THINK}Two lookups.${THINK_END}${section(
      call('get_weather', '{"city": "Lyon", "days": 2}'),
      call('get_time', '{}'),
    )}${EOT}`;
    const meaning = await readThroughMiddleware(middleware, reply, { tools });
    expect(meaning).toEqual({ reasoning: 'Two lookups.', text: '', calls: [LYON, TIME] });
    expectCleanReply(meaning, [LYON, TIME], MARKUP);
  });

  it('reads a reply that starts inside the reasoning the template opened', async () => {
    const meaning = await readThroughMiddleware(
      middleware,
      `Need the time.${THINK_END}Sure.${section(call('get_time', '{}'))}${EOT}`,
      { tools, providerOptions: opened },
    );
    expect(meaning).toEqual({ reasoning: 'Need the time.', text: 'Sure.', calls: [TIME] });
    expectCleanReply(meaning, [TIME], MARKUP);
  });

  it('ends that reasoning at a call section when the model skips its closer', async () => {
    const meaning = await readThroughMiddleware(
      middleware,
      `Need the time.${section(call('get_time', '{}'))}`,
      { tools, providerOptions: opened },
    );
    expect(meaning).toEqual({ reasoning: 'Need the time.', text: '', calls: [TIME] });
    expectCleanReply(meaning, [TIME], MARKUP);
  });

  it('keeps its end-of-turn token out of an answer', async () => {
    const meaning = await readThroughMiddleware(middleware, `Hello.${EOT}`, { tools });
    expect(meaning).toEqual({ reasoning: '', text: 'Hello.', calls: [] });
    expectCleanReply(meaning, [], MARKUP);
  });

  it('reads an answer after the reasoning as text, the end of turn left out', async () => {
    const meaning = await readThroughMiddleware(middleware, `Easy.${THINK_END}It is 391.${EOT}`, {
      tools,
      providerOptions: opened,
    });
    expect(meaning).toEqual({ reasoning: 'Easy.', text: 'It is 391.', calls: [] });
    expectCleanReply(meaning, [], MARKUP);
  });

  it('never runs a call cut off inside its arguments, and leaves no markup in the text', async () => {
    const meaning = await readThroughMiddleware(
      middleware,
      `Writing.${THINK_END}Now.${BEGIN}${REQUEST}${NAME}write_file${NAME_END}${ARGS}{"path": "a.ts", "content": "half a fi`,
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

describe("PLaMo 3's model row opens the reasoning by default, the preset does not", () => {
  const TIME = { toolName: 'get_time', input: '{}' };
  const reply = `Need the time.${THINK_END}Sure.${section(call('get_time', '{}'))}${EOT}`;
  const row = () => toolMiddlewareFor('plamo-3.0-prime');

  it("toolMiddlewareFor('plamo-3.0-prime') starts inside the reasoning once its closer comes", async () => {
    const meaning = await readThroughMiddleware(row(), reply, { tools });
    expect(meaning).toEqual({ reasoning: 'Need the time.', text: 'Sure.', calls: [TIME] });
    expectCleanReply(meaning, [TIME], MARKUP);
  });

  it('and once a call section comes, when the model skips the closer', async () => {
    const meaning = await readThroughMiddleware(
      row(),
      `Need the time.${section(call('get_time', '{}'))}${EOT}`,
      { tools },
    );
    expect(meaning).toEqual({ reasoning: 'Need the time.', text: '', calls: [TIME] });
    expectCleanReply(meaning, [TIME], MARKUP);
  });

  it('starts in text when the request turns thinking off', async () => {
    const meaning = await readThroughMiddleware(row(), `Hello.${EOT}`, {
      tools,
      reasoning: 'none',
    });
    expect(meaning).toEqual({ reasoning: '', text: 'Hello.', calls: [] });
    const called = await readThroughMiddleware(row(), `Sure.${section(call('get_time', '{}'))}`, {
      tools,
      reasoning: 'none',
    });
    expect(called).toEqual({ reasoning: '', text: 'Sure.', calls: [TIME] });
  });

  it.each([
    ['plamoToolMiddleware', plamoToolMiddleware],
    ['autoToolMiddleware', autoToolMiddleware],
  ])('%s starts in text unless the call says the reasoning is open', async (_name, middleware) => {
    const meaning = await readThroughMiddleware(middleware, reply, { tools });
    // The reasoning is read as text; its lone closer is still markup, kept out of it.
    expect(meaning).toEqual({ reasoning: '', text: 'Need the time.Sure.', calls: [TIME] });
    expectCleanReply(meaning, [TIME], MARKUP);
  });
});

describe('PLaMo calls read by auto', () => {
  const auto = autoProtocol();

  it('reads a PLaMo section as plamo', () => {
    const { calls, text, parts } = readEveryWay(
      auto,
      `Checking.${section(call('get_weather', '{"city": "Lima"}'))}`,
      { tools },
    );
    expect({ text, calls }).toEqual({
      text: 'Checking.',
      calls: [{ toolName: 'get_weather', input: '{"city":"Lima"}' }],
    });
    expect(
      parts.flatMap((part) =>
        part.type === 'tool-call' ? [part.providerMetadata?.toolbridge?.format] : [],
      ),
    ).toEqual(['plamo']);
  });
});

describe("PLaMo's model row", () => {
  const [row] = plamoFormat.models;
  const matches = (id: string) => row?.match.test(id.toLowerCase());

  it('serves PLaMo 3 as PFN and Hugging Face name it, reasoning open by default', () => {
    for (const id of [
      'plamo-3.0-prime',
      'plamo-3.0-prime-beta',
      'pfnet/plamo-3-nict-8b-base',
      'pfnet/plamo-3-nict-31b-base',
    ]) {
      expect(matches(id), id).toBe(true);
    }
    expect(row?.opensReasoning).toBe('by-default');
  });

  it('leaves PLaMo 2 and other models alone', () => {
    for (const id of ['plamo-2.2-prime', 'pfnet/plamo-2-8b', 'pfnet/plamo-13b', 'plamo-30b']) {
      expect(matches(id), id).toBe(false);
    }
  });
});

describeProtocolProperties(
  [
    section(call('get_weather', '{"city": "Oslo", "days": 3}')),
    `${THINK}Need weather.${THINK_END}${section(call('get_weather', '{"city": "Rome"}'))}`,
    `Both.${section(call('get_time', '{}'), call('get_weather', '{"city": "Paris", "tags": ["a"]}', BARE_ARGS))}`,
    section(call('write_file', '{"path": "a.ts", "content": "const x = \\"<tag>\\" && y;\\n\\n"}')),
    `${BEGIN}${REQUEST}${NAME}write_file${NAME_END}${ARGS}{"content": "cut off`,
    section(call('no_such_tool', '{"x": 1}')),
    `${REQUEST}get_time${ARGS}{}${ARGS_END}\ntail`,
    `Prose with ${BEGIN} and no call.`,
  ].map((reply, index) => ({ name: `plamo #${index}`, protocol, reply })),
);
