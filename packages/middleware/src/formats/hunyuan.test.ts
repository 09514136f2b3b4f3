import { describe, expect, it, vi } from 'vitest';
import { autoProtocol } from '../auto/auto-protocol';
import { autoToolMiddleware } from '../auto/auto-tool-middleware';
import { toolMiddlewareFor } from '../auto/tool-middleware-for';
import { toolbridgeOptions } from '../middleware/toolbridge-options';
import { hunyuanToolMiddleware } from '../presets/presets';
import { typedTools } from '../testing/fixtures';
import { describeProtocolProperties } from '../testing/protocol-properties';
import { expectCleanReply, readThroughMiddleware } from '../testing/read-through-middleware';
import { readEveryWay, streamChunks } from '../testing/run-parser';
import {
  hunyuanFormat,
  hunyuanProtocol,
  hunyuanSystemPromptTemplate,
  hunyuanReasoningTags as reasoningTags,
} from './hunyuan';

const protocol = hunyuanProtocol();
const tools = typedTools;

/** The tokens of a checkpoint with `suffix` (`:opensource` for tencent/Hy3 and Hy4-preview, none for Hy3-preview). */
function tokens(suffix: string) {
  const t = (name: string) => `<${name}${suffix}>`;
  const c = (name: string) => `</${name}${suffix}>`;
  return {
    /** HY v3: `<tool_sep>` after the name, each tag on a line of its own. */
    v3: (name: string, pairs: Record<string, string> = {}) =>
      `${t('tool_call')}${name}${t('tool_sep')}\n${Object.entries(pairs)
        .map(
          ([k, v]) =>
            `${t('arg_key')}${k}${c('arg_key')}\n${t('arg_value')}${v}${c('arg_value')}\n`,
        )
        .join('')}${c('tool_call')}\n`,
    /** HY v4: no `<tool_sep>`, no whitespace inside a call. */
    v4: (name: string, pairs: Record<string, string> = {}) =>
      `${t('tool_call')}${name}${Object.entries(pairs)
        .map(([k, v]) => `${t('arg_key')}${k}${c('arg_key')}${t('arg_value')}${v}${c('arg_value')}`)
        .join('')}${c('tool_call')}`,
    block: (...calls: string[]) => `${t('tool_calls')}\n${calls.join('')}${c('tool_calls')}`,
    open: t('tool_calls'),
  };
}

const hy3 = tokens(':opensource');
const preview = tokens('');

describe('hunyuanProtocol', () => {
  it('reads Hy3 calls with suffixed tokens after prose, several in one block, typed by the schema', () => {
    const text = `Checking both.\n${hy3.block(
      hy3.v3('get_weather', { city: 'Lyon', days: '2' }),
      hy3.v3('get_weather', { city: 'Porto', tags: '["a", "b"]' }),
    )}`;
    expect(readEveryWay(protocol, text, { tools })).toMatchObject({
      text: 'Checking both.\n',
      calls: [
        { toolName: 'get_weather', input: '{"city":"Lyon","days":2}' },
        { toolName: 'get_weather', input: '{"city":"Porto","tags":["a","b"]}' },
      ],
    });
  });

  it('reads Hy3-preview calls without a suffix, a call without arguments among them', () => {
    const text = preview.block(preview.v3('get_time'), preview.v3('get_weather', { city: 'Oslo' }));
    const { calls, parts } = readEveryWay(protocol, text, { tools });
    expect(calls).toEqual([
      { toolName: 'get_time', input: '{}' },
      { toolName: 'get_weather', input: '{"city":"Oslo"}' },
    ]);
    // Every tag was the call's own: nothing was repaired.
    for (const part of parts) {
      if (part.type === 'tool-call')
        expect(part.providerMetadata?.toolbridge).not.toHaveProperty('repairs');
    }
  });

  it('reads HY v4 calls (no <tool_sep>, no newlines), with whatever suffix the vocabulary has', () => {
    for (const suffix of [':opensource', ':6124c78e', '']) {
      const { v4, block } = tokens(suffix);
      const text = block(v4('get_weather', { city: 'Quito', detailed: 'true' }), v4('get_time'));
      expect(readEveryWay(protocol, text, { tools }).calls, suffix).toEqual([
        { toolName: 'get_weather', input: '{"city":"Quito","detailed":true}' },
        { toolName: 'get_time', input: '{}' },
      ]);
    }
  });

  it('keeps string values exactly as written, and reads past space between a key and its value', () => {
    const content = '\nif (a < b && c) {\n  return "</x>";\n}\n';
    const text = `${hy3.open}\n<tool_call:opensource>write_file<tool_sep:opensource>\n<arg_key:opensource>path</arg_key:opensource>\n\n<arg_value:opensource>a.ts</arg_value:opensource>\n<arg_key:opensource>content</arg_key:opensource><arg_value:opensource>${content}</arg_value:opensource>\n</tool_call:opensource>\n</tool_calls:opensource>`;
    expect(readEveryWay(protocol, text, { tools }).calls).toEqual([
      { toolName: 'write_file', input: JSON.stringify({ path: 'a.ts', content }) },
    ]);
  });

  it("reads Hunyuan-A13B's JSON list after <tool_calls>, and only after the unsuffixed token", () => {
    const a13b =
      '<tool_calls>[{"name": "get_weather", "arguments": {"city": "Lyon"}}, {"name": "get_time", "arguments": {}}]</tool_calls>';
    expect(readEveryWay(protocol, a13b, { tools }).calls).toEqual([
      { toolName: 'get_weather', input: '{"city":"Lyon"}' },
      { toolName: 'get_time', input: '{}' },
    ]);
    const suffixed = '<tool_calls:opensource>[{"name": "get_time", "arguments": {}}]';
    expect(readEveryWay(protocol, suffixed, { tools })).toMatchObject({
      text: suffixed,
      calls: [],
    });
  });

  it('never runs a call cut off inside a value; runs one whose values all closed', () => {
    const cut = `${hy3.open}\n<tool_call:opensource>write_file<tool_sep:opensource>\n<arg_key:opensource>content</arg_key:opensource>\n<arg_value:opensource>half`;
    expect(readEveryWay(protocol, cut, { tools }).calls).toEqual([
      { toolName: 'write_file', input: '{"content":"half' },
    ]);
    const unclosed = `${hy3.open}\n<tool_call:opensource>get_weather<tool_sep:opensource>\n<arg_key:opensource>city</arg_key:opensource>\n<arg_value:opensource>Lyon</arg_value:opensource>\n`;
    expect(readEveryWay(protocol, unclosed, { tools }).calls).toEqual([
      { toolName: 'get_weather', input: '{"city":"Lyon"}' },
    ]);
  });

  it('reports an unknown tool inside the block as a call, for the SDK to answer', () => {
    expect(
      readEveryWay(protocol, hy3.block(hy3.v3('no_such_tool', { x: '1' })), { tools }).calls,
    ).toEqual([{ toolName: 'no_such_tool', input: '{"x":"1"}' }]);
  });

  it('keeps the tokens in prose, and calls without their <tool_calls> block, as text', () => {
    for (const text of [
      'Calls go in a <tool_calls> block.',
      'Tokens such as <tool_calls: are special.',
      'A <tool_calls:opensource > token.',
      // Without the block's token nothing is a call (servers read none either).
      '<tool_call>get_weather<tool_sep>\n<arg_key>city</arg_key>\n<arg_value>Lyon</arg_value>\n</tool_call>',
    ]) {
      expect(readEveryWay(protocol, text, { tools }), text).toMatchObject({
        text,
        calls: [],
      });
    }
  });

  it('says so when <tool_calls> holds no call: the token only ever opens calls', () => {
    const onError = vi.fn();
    const text = 'See <tool_calls> here.';
    streamChunks(protocol, [text], { tools, onError });
    expect(onError).toHaveBeenCalledWith(
      expect.any(String),
      expect.objectContaining({ reason: 'malformed-call' }),
    );
  });

  it('reads suffixed reasoning, and a reply that starts inside it, a call ending it', () => {
    const call = hy3.block(hy3.v4('get_time'));
    expect(
      readEveryWay(protocol, `<think:opensource>Need the time.</think:opensource>${call}`, {
        tools,
        reasoningTags,
      }),
    ).toMatchObject({ reasoning: 'Need the time.', text: '', calls: [{ toolName: 'get_time' }] });
    // Hy4's template opens <think:opensource> in the prompt: only its closer comes.
    expect(
      readEveryWay(protocol, `Need the time.</think:opensource>${call}`, {
        tools,
        reasoningTags,
        startWithReasoning: true,
      }),
    ).toMatchObject({ reasoning: 'Need the time.', text: '', calls: [{ toolName: 'get_time' }] });
    // A call ends reasoning the template opened, when the model left its closer out.
    expect(
      readEveryWay(protocol, `Need the time.${call}`, {
        tools,
        reasoningTags,
        startWithReasoning: true,
      }),
    ).toMatchObject({ reasoning: 'Need the time.', calls: [{ toolName: 'get_time' }] });
  });

  it('writes a past call and a result with the released tokens, as Hy3 lays them out', () => {
    const input = { city: 'Lyon', days: 2, tags: ['a'] };
    const text = protocol.formatToolCall({ toolCallId: 'c', toolName: 'get_weather', input });
    expect(text).toBe(
      '<tool_calls:opensource>\n<tool_call:opensource>get_weather<tool_sep:opensource>\n<arg_key:opensource>city</arg_key:opensource>\n<arg_value:opensource>Lyon</arg_value:opensource>\n<arg_key:opensource>days</arg_key:opensource>\n<arg_value:opensource>2</arg_value:opensource>\n<arg_key:opensource>tags</arg_key:opensource>\n<arg_value:opensource>["a"]</arg_value:opensource>\n</tool_call:opensource>\n</tool_calls:opensource>',
    );
    const [call] = readEveryWay(protocol, text, { tools }).calls;
    expect(JSON.parse(call?.input ?? 'null')).toEqual(input);
    expect(
      protocol.formatToolResponse({
        toolCallId: 'c',
        toolName: 'get_weather',
        output: { type: 'json', value: { temp_c: 14 } },
      }),
    ).toBe(
      '<tool_responses:opensource>\n<tool_response:opensource>\n{"temp_c":14}\n</tool_response:opensource>\n</tool_responses:opensource>',
    );
  });

  it('asks for the layout it reads back', () => {
    const prompt = hunyuanSystemPromptTemplate('{"name": "get_time"}');
    const example = prompt.slice(
      prompt.indexOf('<tool_calls:opensource>\n'),
      prompt.lastIndexOf('</tool_calls:opensource>') + '</tool_calls:opensource>'.length,
    );
    expect(
      readEveryWay(protocol, example.replace('function_name', 'get_time'), { tools }).calls,
    ).toEqual([{ toolName: 'get_time', input: '{"argument_name":"value"}' }]);
  });
});

describe('the shared <tool_calls> opener, read by auto (json-array-tool-calls before hunyuan)', () => {
  const auto = autoProtocol();
  const formatsOf = (text: string) =>
    streamChunks(auto, [...text], { tools }).flatMap((part) =>
      part.type === 'tool-call'
        ? [
            [
              part.toolName,
              (part.providerMetadata?.toolbridge as { format?: string } | undefined)?.format,
            ],
          ]
        : [],
    );

  it('gives a JSON list to json-array-tool-calls and key/value calls to hunyuan', () => {
    expect(formatsOf('<tool_calls>[{"name": "get_time", "arguments": {}}]</tool_calls>')).toEqual([
      ['get_time', 'json-array-tool-calls'],
    ]);
    expect(formatsOf(preview.block(preview.v3('get_time')))).toEqual([['get_time', 'hunyuan']]);
    expect(formatsOf(hy3.block(hy3.v4('get_time')))).toEqual([['get_time', 'hunyuan']]);
  });
});

/** Hunyuan's markup and end of turn: none of it may be left in the text a user reads. */
const MARKUP = ['tool_call', 'tool_sep', 'arg_key', 'arg_value', 'think', 'hy_eos', ':opensource'];

describe.each([
  ['hunyuanToolMiddleware', hunyuanToolMiddleware],
  ['autoToolMiddleware', autoToolMiddleware],
  ["toolMiddlewareFor('tencent/Hy3')", toolMiddlewareFor('tencent/Hy3')],
])("Hunyuan's typical replies, through %s", (_name, middleware) => {
  // Thinking on: the template opened <think:opensource>, only its closer comes.
  const opened = toolbridgeOptions({ startWithReasoning: true });
  const LYON = { toolName: 'get_weather', input: '{"city":"Lyon","days":2}' };
  const TIME = { toolName: 'get_time', input: '{}' };

  it('reads Hy3 reasoning, parallel calls in one block, and drops the end of turn', async () => {
    const reply = `Two lookups.</think:opensource>${hy3.block(
      hy3.v3('get_weather', { city: 'Lyon', days: '2' }),
      hy3.v3('get_time'),
    )}<｜hy_eos:opensource｜>`;
    const meaning = await readThroughMiddleware(middleware, reply, {
      tools,
      providerOptions: opened,
    });
    expect(meaning).toEqual({ reasoning: 'Two lookups.', text: '', calls: [LYON, TIME] });
    expectCleanReply(meaning, [LYON, TIME], MARKUP);
  });

  it('reads HY v4 calls and Hy3-preview tokens the same way', async () => {
    for (const { v3, v4, block } of [hy3, preview]) {
      for (const write of [v3, v4]) {
        const reply = `Two lookups.</think:opensource>${block(
          write('get_weather', { city: 'Lyon', days: '2' }),
          write('get_time'),
        )}<｜hy_eos｜>`;
        const meaning = await readThroughMiddleware(middleware, reply, {
          tools,
          providerOptions: opened,
        });
        expect(meaning).toEqual({ reasoning: 'Two lookups.', text: '', calls: [LYON, TIME] });
        expectCleanReply(meaning, [LYON, TIME], MARKUP);
      }
    }
  });

  it('reads an answer with thinking off as text, the end of turn left out', async () => {
    const meaning = await readThroughMiddleware(
      middleware,
      'The time is noon.<｜hy_eos:opensource｜>',
      { tools },
    );
    expect(meaning).toEqual({ text: 'The time is noon.', reasoning: '', calls: [] });
    expectCleanReply(meaning, [], MARKUP);
  });

  it('never runs a call cut off inside a value, and leaves no markup in the text', async () => {
    const { text, calls } = await readThroughMiddleware(
      middleware,
      `Writing.\n${hy3.open}\n<tool_call:opensource>write_file<tool_sep:opensource>\n<arg_key:opensource>content</arg_key:opensource>\n<arg_value:opensource>half`,
      { tools },
    );
    expect(text).toBe('Writing.\n');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.toolName).toBe('write_file');
    expect(() => JSON.parse(calls[0]?.input ?? '')).toThrow();
  });
});

describe('where the Hunyuan rows open the reasoning and the preset or auto does not', () => {
  const reply = `Need the time.</think:opensource>${hy3.block(hy3.v3('get_time'))}<｜hy_eos:opensource｜>`;
  const TIME = { toolName: 'get_time', input: '{}' };
  const inReasoning = { reasoning: 'Need the time.', text: '', calls: [TIME] };
  // Read from the start as text: the lone closer is still markup, kept out of it.
  const asText = { reasoning: '', text: 'Need the time.', calls: [TIME] };

  it('opens it when thinking is asked for, through the preset and the Hy3 row, not through auto', async () => {
    for (const [middleware, expected] of [
      [hunyuanToolMiddleware, inReasoning],
      [toolMiddlewareFor('tencent/Hy3'), inReasoning],
      [autoToolMiddleware, asText],
    ] as const) {
      const meaning = await readThroughMiddleware(middleware, reply, { tools, reasoning: 'high' });
      expect(meaning).toEqual(expected);
      expectCleanReply(meaning, [TIME], MARKUP);
    }
  });

  it("opens it by default for Hy4, whose template thinks unless told not to; Hy3's row and the preset do not", async () => {
    for (const [middleware, expected] of [
      [toolMiddlewareFor('tencent/Hy4-preview'), inReasoning],
      [toolMiddlewareFor('tencent/Hy3'), asText],
      [hunyuanToolMiddleware, asText],
      [autoToolMiddleware, asText],
    ] as const) {
      const meaning = await readThroughMiddleware(middleware, reply, { tools });
      expect(meaning).toEqual(expected);
      expectCleanReply(meaning, [TIME], MARKUP);
    }
  });
});

describe('the Hunyuan preset', () => {
  const reply = `Need the time.</think:opensource>${hy3.block(hy3.v3('get_time'))}<｜hy_eos:opensource｜>`;

  it('reads the suffixed reasoning closer and leaves the end-of-turn token out of the text', async () => {
    expect(
      await readThroughMiddleware(hunyuanToolMiddleware, reply, {
        tools,
        providerOptions: toolbridgeOptions({ startWithReasoning: true }),
      }),
    ).toEqual({
      text: '',
      reasoning: 'Need the time.',
      calls: [{ toolName: 'get_time', input: '{}' }],
    });
  });

  it("starts in reasoning when the request asks for thinking (Hy3's template opens it only then)", async () => {
    expect(
      await readThroughMiddleware(hunyuanToolMiddleware, reply, { tools, reasoning: 'high' }),
    ).toMatchObject({ reasoning: 'Need the time.', text: '' });
    expect(
      await readThroughMiddleware(hunyuanToolMiddleware, 'The time is noon.', { tools }),
    ).toEqual({ text: 'The time is noon.', reasoning: '', calls: [] });
  });

  it('serves Hy3 and Hy4 ids, not Hunyuan-A13B (json-array-tool-calls)', () => {
    const family = (id: string) =>
      hunyuanFormat.models.find((row) => row.match.test(id.toLowerCase()))?.family;
    for (const id of [
      'tencent/Hy3',
      'tencent/Hy3-preview',
      'tencent/Hy3-FP8',
      'tencent/hy3:free',
      'tencent/hy3-preview:free',
    ])
      expect(family(id), id).toBe('Hunyuan Hy3');
    expect(family('tencent/Hy4-preview')).toBe('Hunyuan Hy4');
    for (const id of ['tencent/Hunyuan-A13B-Instruct', 'tencent/Hunyuan-7B-Instruct', 'why3'])
      expect(family(id), id).toBeUndefined();
  });
});

describeProtocolProperties(
  [
    hy3.block(hy3.v3('get_weather', { city: 'Oslo', days: '3' })),
    `<think:opensource>Need weather.</think:opensource>\n${hy3.block(hy3.v3('get_weather', { city: 'Rome' }))}`,
    `Checking.\n${preview.block(preview.v3('get_time'), preview.v3('get_weather', { city: 'Paris', tags: '["a"]' }))} Done.`,
    hy3.block(hy3.v4('get_weather', { city: 'Quito', detailed: 'true' }), hy3.v4('get_time')),
    hy3.block(hy3.v3('write_file', { path: 'a.ts', content: 'const x = "<tag>" && y;\n' })),
    `${hy3.open}\n<tool_call:opensource>write_file<tool_sep:opensource>\n<arg_key:opensource>content</arg_key:opensource>\n<arg_value:opensource>cut off`,
    hy3.block(hy3.v3('no_such_tool', { x: '1' })),
    'Prose with <tool_calls> and <tool_calls:x y> and no call.',
    '<tool_calls>[{"name": "get_time", "arguments": {}}]</tool_calls>',
    `${preview.open}\n<tool_call>get_time<tool_sep>\n</tool_call>\n<tool_call>get_weather<arg_key>city</arg_key><arg_value>null`,
  ].map((reply, index) => ({ name: `hunyuan #${index}`, protocol, reply })),
  reasoningTags,
);
