import type { LanguageModelV4Middleware } from '@ai-sdk/provider';
import { assert, describe, expect, it } from 'vitest';
import { autoToolMiddleware } from '../auto/auto-tool-middleware';
import { modelFamily } from '../auto/model-registry';
import { toolMiddlewareFor } from '../auto/tool-middleware-for';
import { hermesToolMiddleware } from '../presets/presets';
import type { TemplatePrompt } from '../prompt/template-prompt';
import { fixtureTools as tools } from '../testing/fixtures';
import { readThroughMiddleware } from '../testing/read-through-middleware';

/** The Hermes preset, and the middlewares a Qwen model gets when its format is not named. */
const readers: [string, LanguageModelV4Middleware][] = [
  ['hermesToolMiddleware', hermesToolMiddleware],
  ["toolMiddlewareFor('qwen2.5:7b')", toolMiddlewareFor('qwen2.5:7b')],
  ['autoToolMiddleware', autoToolMiddleware],
];

const oslo = { toolName: 'get_weather', input: '{"city":"Oslo"}' };

describe.each(readers)('%s reads the JSON-call slips models make', (_name, middleware) => {
  const read = (reply: string) => readThroughMiddleware(middleware, reply, { tools });

  it.each([
    ['args', '{"name": "get_weather", "args": {"city": "Oslo"}}'],
    ['params', '{"name": "get_weather", "params": {"city": "Oslo"}}'],
    ['parameters', '{"name": "get_weather", "parameters": {"city": "Oslo"}}'],
    ['input', '{"type": "tool_use", "name": "get_weather", "input": {"city": "Oslo"}}'],
    ['function for the name', '{"function": "get_weather", "arguments": {"city": "Oslo"}}'],
    ['tool for the name', '{"tool": "get_weather", "args": {"city": "Oslo"}}'],
    ['tool_name for the name', '{"tool_name": "get_weather", "arguments": {"city": "Oslo"}}'],
    ['arguments before the name', '{"args": {"city": "Oslo"}, "name": "get_weather"}'],
    [
      'arguments as a JSON string',
      '{"name": "get_weather", "arguments": "{\\"city\\": \\"Oslo\\"}"}',
    ],
    ['arguments in single quotes', `{"name": "get_weather", "arguments": '{"city": "Oslo"}'}`],
  ])('arguments under %s', async (_slip, call) => {
    expect(await read(`<tool_call>\n${call}\n</tool_call>`)).toStrictEqual({
      text: '',
      reasoning: '',
      calls: [oslo],
    });
  });

  it('never runs a call whose arguments sit under a key it does not know', async () => {
    for (const call of [
      '{"name": "get_weather", "arguments_json": {"city": "Oslo"}}',
      '{"name": "get_weather", "kwargs": [["city", "Oslo"]]}',
      // Arguments written beside the name.
      '{"name": "get_weather", "city": "Oslo"}',
    ]) {
      const { calls } = await read(`<tool_call>${call}</tool_call>`);
      expect(calls).toHaveLength(1);
      const [toolCall] = calls;
      assert.isDefined(toolCall);
      expect(toolCall.toolName).toBe('get_weather');
      expect(() => JSON.parse(toolCall.input)).toThrow();
    }
  });

  it.each([
    ['as the whole reply', '{"name": "get_weather", "arguments": {"city": "Oslo"}}', ''],
    [
      'at a line start after prose',
      'Let me check.\n{"name": "get_weather", "arguments": {"city": "Oslo"}}',
      'Let me check.',
    ],
    [
      'in a json fence',
      'Checking.\n```json\n{"name": "get_weather", "arguments": {"city": "Oslo"}}\n```',
      'Checking.\n',
    ],
    ['as a list', '[{"name": "get_weather", "arguments": {"city": "Oslo"}}]', ''],
    [
      'in a fence as the whole reply',
      '```json\n{"name": "get_weather", "arguments": {"city": "Oslo"}}\n```',
      '',
    ],
  ])('a bare call of a declared tool %s', async (_where, reply, text) => {
    expect(await read(reply)).toStrictEqual({ text, reasoning: '', calls: [oslo] });
  });

  it.each([
    ['of an unknown tool', '{"name": "get_forecast", "arguments": {"city": "Oslo"}}'],
    ['in a fence, of an unknown tool', '```json\n{"name": "my-app", "version": "1.0.0"}\n```'],
    [
      'mid-line in prose',
      'Call it as {"name": "get_weather", "arguments": {"city": "Oslo"}} when needed.',
    ],
    ['that is no call', 'The config:\n{"name": "my-app", "version": "1.0.0"}'],
    ['inside code', 'Like this:\n```js\nconst call = {"name": "get_time", "arguments": {}};\n```'],
  ])('keeps JSON %s as text', async (_what, reply) => {
    expect(await read(reply)).toStrictEqual({ text: reply, reasoning: '', calls: [] });
  });

  it.each([
    ['alone', '<tools>\n{"name": "get_weather", "arguments": {"city": "Oslo"}}\n</tools>'],
    [
      'inside <tool_call>',
      '<tool_call>\n<tools>\n{"name": "get_weather", "arguments": {"city": "Oslo"}}\n</tools>\n</tool_call>',
    ],
    [
      'around <tool_call>',
      '<tools>\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Oslo"}}\n</tool_call>\n</tools>',
    ],
    [
      'inside <tool_call>, never closed',
      '<tool_call><tools>{"name": "get_weather", "arguments": {"city": "Oslo"}}</tool_call>',
    ],
  ])(
    "reads Qwen's <tools> for <tool_call> %s, leaving no markup in the text",
    async (_how, reply) => {
      expect(await read(`Checking. ${reply} Done.`)).toStrictEqual({
        text: 'Checking.  Done.',
        reasoning: '',
        calls: [oslo],
      });
    },
  );

  it('reads calls written as JSON lines in <tools>', async () => {
    const reply =
      '<tools>\n{"name": "get_weather", "arguments": {"city": "Oslo"}}\n{"name": "get_time", "arguments": {}}\n</tools>';
    expect(await read(reply)).toStrictEqual({
      text: '',
      reasoning: '',
      calls: [oslo, { toolName: 'get_time', input: '{}' }],
    });
  });

  it.each([
    ['in prose', 'The tools come in <tools></tools> tags, one per line.'],
    ['of an unknown tool', '<tools>\n{"name": "get_forecast", "arguments": {}}\n</tools>'],
  ])('keeps <tools> %s as text', async (_what, reply) => {
    expect(await read(reply)).toStrictEqual({ text: reply, reasoning: '', calls: [] });
  });

  it("reads Glaive's <functioncall>, arguments in single quotes", async () => {
    expect(
      await read(
        `<functioncall> {"name": "get_weather", "arguments": '{"city": "Oslo"}'} </functioncall>`,
      ),
    ).toStrictEqual({ text: '', reasoning: '', calls: [oslo] });
  });

  it('reads the closer of a <tool_call> whose opener was left out as markup, not text', async () => {
    const call = '{"name": "get_weather", "arguments": {"city": "Oslo"}}';
    expect(await read(`${call}</tool_call>`)).toStrictEqual({
      text: '',
      reasoning: '',
      calls: [oslo],
    });
    // The line break before the closer stays text, as it does after any bare call on its line.
    expect(await read(`Checking.\n${call}\n</tool_call>\nDone.`)).toStrictEqual({
      text: 'Checking.\n\nDone.',
      reasoning: '',
      calls: [oslo],
    });
    // A closer with no call before it is prose's.
    const prose = 'Close a call with </tool_call>.';
    expect(await read(prose)).toStrictEqual({ text: prose, reasoning: '', calls: [] });
    expect(await read(`\`\`\`json\n${call}\n\`\`\`\n</tool_call>`)).toStrictEqual({
      text: '\n',
      reasoning: '',
      calls: [oslo],
    });
  });

  it('reads <tool_call> closed by </tools>, and <tools> by </tool_call>, leaving no tag', async () => {
    const call = '{"name": "get_weather", "arguments": {"city": "Oslo"}}';
    expect(await read(`<tool_call>\n${call}\n</tools>\nDone.`)).toStrictEqual({
      text: '\nDone.',
      reasoning: '',
      calls: [oslo],
    });
    expect(await read(`<tools>${call}</tool_call>`)).toStrictEqual({
      text: '',
      reasoning: '',
      calls: [oslo],
    });
    // Another tag after the call is no closer: it stays text.
    expect(await read(`<tool_call>${call}</tool>`)).toStrictEqual({
      text: '</tool>',
      reasoning: '',
      calls: [oslo],
    });
  });

  it('runs a call without arguments beside members that hold none', async () => {
    expect(
      await read('<tool_call>{"type": "function", "name": "get_time", "id": "c1"}</tool_call>'),
    ).toMatchObject({ calls: [{ toolName: 'get_time', input: '{}' }] });
  });
});

/** A row's template prompt, as the registry finds it for a model id. */
function rowTemplate(modelId: string): TemplatePrompt {
  const template = modelFamily(modelId)?.template;
  if (template === undefined) throw new Error(`no row template for ${modelId}`);
  return template;
}

const result = (content: string) => ({
  toolCallId: 'call_0',
  toolName: 'get_weather',
  output: { type: 'text' as const, value: content },
  content,
});

describe("Granite 4's template prompt (its chat template)", () => {
  const template = rowTemplate('ibm-granite/granite-4.0-h-tiny');

  it('writes its tool instructions after the system text, or alone', () => {
    const alone = template.tools(tools.slice(0, 1), undefined);
    expect(alone).toMatch(
      /^You are a helpful assistant with access to the following tools\. .*\n<tools>\n\{"type": "function", "function": \{"name": "get_weather", /s,
    );
    expect(template.tools(tools.slice(0, 1), 'Be brief.')).toBe(`Be brief.\n\n${alone}`);
  });

  it('writes a run of results each on a new line of one turn, the closer escaped', () => {
    expect(template.results([result('{"temp":18}'), result('a </tool_response> b')])).toBe(
      '\n<tool_response>\n{"temp":18}\n</tool_response>\n<tool_response>\na <\\/tool_response> b\n</tool_response>',
    );
  });
});

describe("EXAONE 4's template prompt (its chat template)", () => {
  const template = rowTemplate('LGAI-EXAONE/EXAONE-4.0-32B');

  it('lists each tool in <tool> tags and writes calls on their own lines after the text', () => {
    expect(template.tools(tools.slice(0, 1), undefined)).toMatch(
      /^# Available Tools\n.*\n<tool>\{"type": "function", "function": \{"name": "get_weather", .*\}\}<\/tool>\n\nFor each function call/s,
    );
    expect(
      template.calls('Let me check.', [
        { toolCallId: 'a', toolName: 'get_weather', input: { city: 'Oslo' } },
        { toolCallId: 'b', toolName: 'get_time', input: {} },
      ]),
    ).toBe(
      'Let me check.\n<tool_call>{"name": "get_weather", "arguments": {"city": "Oslo"}}</tool_call>\n<tool_call>{"name": "get_time", "arguments": {}}</tool_call>',
    );
  });

  it('opens the [|tool|] turn at the end of the calling turn, each result a JSON string', () => {
    expect(template.resultsIn).toBe('assistant');
    expect(template.results([result('{"temp":18}'), result('a </tool_result> b')])).toBe(
      '[|endofturn|]\n[|tool|]\n<tool_result>{"result": "{\\"temp\\":18}"}</tool_result>\n<tool_result>{"result": "a <\\/tool_result> b"}</tool_result>',
    );
  });
});
