import type { LanguageModelV4FunctionTool, LanguageModelV4Prompt } from '@ai-sdk/provider';
import { generateText, stepCountIs, streamText, tool, wrapLanguageModel } from 'ai';
import { assert, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { toolMiddlewareFor } from '../auto/tool-middleware-for';
import type { ToolbridgeErrorReason } from '../engine/text-stream-parser';
import { toolbridgeOptions } from '../middleware/toolbridge-options';
import { harmonyToolMiddleware } from '../presets/presets';
import { fixtureTools as tools } from '../testing/fixtures';
import { scriptedModel } from '../testing/mock-model';
import { describeProtocolProperties } from '../testing/protocol-properties';
import { type ReplyMeaning, readThroughMiddleware } from '../testing/read-through-middleware';
import { rewrittenPrompt } from '../testing/rewritten-prompt';
import { readEveryWay } from '../testing/run-parser';
import { harmonyProtocol, harmonyReasoningTags, harmonySystemPromptTemplate } from './harmony';

const protocol = harmonyProtocol();
const reasoningTags = harmonyReasoningTags;

/** Reads a reply every way, and what `onError` is told when it is read whole. */
function read(text: string, given: readonly LanguageModelV4FunctionTool[] = tools) {
  const reasons: ToolbridgeErrorReason[] = [];
  protocol.parseGeneratedText({
    text,
    tools: given,
    reasoningTags,
    generateId: () => 'id',
    onError: (_message, { reason }) => reasons.push(reason),
  });
  return { ...readEveryWay(protocol, text, { tools: given, reasoningTags }), reasons };
}

const call = (name: string, json: string) =>
  `<|start|>assistant<|channel|>commentary to=functions.${name} <|constrain|>json<|message|>${json}<|call|>`;

/** Harmony's tools besides the functions: gpt-oss calls them when its system message lists them. */
const builtInTools: LanguageModelV4FunctionTool[] = [
  {
    type: 'function',
    name: 'python',
    inputSchema: { type: 'object', properties: { code: { type: 'string' } }, required: ['code'] },
  },
  {
    type: 'function',
    name: 'container.exec',
    inputSchema: {
      type: 'object',
      properties: { cmd: { type: 'array', items: { type: 'string' } } },
      required: ['cmd'],
    },
  },
  {
    type: 'function',
    name: 'browser.search',
    inputSchema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
  },
];

describe('harmonyProtocol', () => {
  it('reads the analysis channel as reasoning and a commentary message to=functions.NAME as a call', () => {
    const text = `<|channel|>analysis<|message|>User wants the weather in Lyon. Use the tool.<|end|>${call('get_weather', '{"city":"Lyon","days":2}')}`;
    expect(read(text)).toMatchObject({
      text: '',
      reasoning: 'User wants the weather in Lyon. Use the tool.',
      calls: [{ toolName: 'get_weather', input: '{"city":"Lyon","days":2}' }],
      reasons: [],
    });
  });

  it('announces the call once its header ends, and streams the arguments', () => {
    const { parts } = read(call('write_file', '{"path":"a.txt","content":"hello"}'));
    const types = parts.map((part) => part.type);
    expect(types.filter((type) => type === 'tool-input-delta').length).toBeGreaterThan(2);
    expect(types.indexOf('tool-input-start')).toBeLessThan(types.indexOf('tool-input-delta'));
  });

  it('reads the final channel and a commentary preamble as text, headers and end tokens as markup', () => {
    expect(
      read(
        '<|channel|>analysis<|message|>Easy.<|end|><|start|>assistant<|channel|>final<|message|>It is mild in Lyon.<|return|>',
      ),
    ).toMatchObject({ text: 'It is mild in Lyon.', reasoning: 'Easy.', calls: [] });
    expect(
      read(
        `<|channel|>analysis<|message|>Two cities.<|end|><|start|>assistant<|channel|>commentary<|message|>Checking both cities.<|end|>${call('get_weather', '{"city":"Rome"}')}`,
      ),
    ).toMatchObject({ text: 'Checking both cities.', calls: [{ toolName: 'get_weather' }] });
  });

  it('reads several call messages in one reply, with or without <|call|> between them', () => {
    const text = `<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"city":"Rome"}<|start|>assistant<|channel|>commentary to=functions.get_weather json<|message|>{"city":"Paris"}<|call|>${call('get_time', '{}')}`;
    expect(read(text).calls).toEqual([
      { toolName: 'get_weather', input: '{"city":"Rome"}' },
      { toolName: 'get_weather', input: '{"city":"Paris"}' },
      { toolName: 'get_time', input: '{}' },
    ]);
  });

  it('reads the recipient in the role, a call on the analysis channel, and headers without a space or <|constrain|>', () => {
    for (const text of [
      '<|start|>assistant to=functions.get_weather<|channel|>commentary json<|message|>{"city":"Oslo"}<|call|>',
      '<|start|>assistant to=functions.get_weather<|channel|>analysis <|constrain|>json<|message|>{"city":"Oslo"}',
      '<|channel|>analysis to=functions.get_weather<|constrain|>json<|message|>{"city":"Oslo"}<|call|>',
      '<|channel|>commentary to=functions.get_weather<|message|> {"city":"Oslo"}',
    ]) {
      expect(read(text)).toMatchObject({
        text: '',
        calls: [{ toolName: 'get_weather', input: '{"city":"Oslo"}' }],
      });
    }
  });

  it('reads a reply that begins mid-header, with the recipient before the channel', () => {
    expect(
      read(
        ' to=functions.get_weather<|channel|>commentary <|constrain|>json<|message|>{"city":"Oslo"}<|call|>',
      ),
    ).toMatchObject({
      text: '',
      calls: [{ toolName: 'get_weather', input: '{"city":"Oslo"}' }],
      reasons: [],
    });
    expect(read('<|channel|>final<|message|>Mild.<|return|>')).toMatchObject({
      text: 'Mild.',
      calls: [],
    });
    // Structured output: the JSON is the answer.
    expect(
      read('<|channel|>final <|constrain|>json<|message|>{"temp_c":14}<|return|>'),
    ).toMatchObject({
      text: '{"temp_c":14}',
      calls: [],
    });
  });

  it('reads the spaced dialect, dropping the one space after <|message|>', () => {
    expect(
      read(
        '<|channel|> analysis<|message|> think<|end|><|start|> assistant<|channel|> commentary<|message|> Checking.<|end|><|start|> assistant to=functions.get_weather<|channel|> commentary <|constrain|>  json<|message|> {"city": "Oslo"}<|end|><|start|> assistant<|channel|> final<|message|>  Two spaces, one kept.<|end|><|start|> assistant<|channel|> final <|constrain|>  json<|message|> {"a":1}',
      ),
    ).toMatchObject({
      text: 'Checking. Two spaces, one kept.{"a":1}',
      reasoning: 'think',
      calls: [{ toolName: 'get_weather', input: '{"city":"Oslo"}' }],
      reasons: [],
    });
  });

  it('reads a built-in recipient as a call only when the tool was given', () => {
    const python =
      '<|start|>assistant to=python<|channel|>analysis code<|message|>print(1)<|call|>';
    expect(read(python)).toMatchObject({ text: '', calls: [], reasons: ['foreign-call'] });
    expect(read(python, [...tools, ...builtInTools])).toMatchObject({
      text: '',
      calls: [{ toolName: 'python', input: '{"code":"print(1)"}' }],
      reasons: [],
    });
    // A recipient that names a given tool without `functions.` calls it.
    expect(
      read('<|channel|>commentary to=get_time <|constrain|>json<|message|>{}<|call|>').calls,
    ).toEqual([{ toolName: 'get_time', input: '{}' }]);
    // `functions.python` is a function: its arguments are JSON.
    expect(
      read('<|channel|>commentary to=functions.python json<|message|>{"code":"1"}', [
        ...builtInTools,
      ]).calls,
    ).toEqual([{ toolName: 'python', input: '{"code":"1"}' }]);
  });

  it('keeps to= in prose as text, deciding from the next few characters', () => {
    for (const text of [
      'Pass from=1 to=10, then auto=true and to=python to run it.',
      'Set to= and to=x<|end|> or to=functions.get_weather json{"city":"Oslo"} here.',
      `Write ${'to='.repeat(50)} and to=${'a'.repeat(300)}<|message|>.`,
    ]) {
      expect(read(text)).toMatchObject({
        text: text.replace('<|end|>', ''),
        calls: [],
        reasons: [],
      });
    }
  });

  it('skips a stray commentary header before another channel', () => {
    expect(
      read(
        '<|channel|>commentary to=assistant<|channel|>analysis<|message|>Think.<|end|><|start|>assistant<|channel|>commentary<|channel|>final<|message|>Done.',
      ),
    ).toMatchObject({ text: 'Done.', reasoning: 'Think.', calls: [] });
  });

  it('reads relaxed JSON and arguments given as a JSON-encoded string', () => {
    expect(
      read(call('get_weather', "{'city': 'Seoul', days: '2', detailed: True,}")).calls,
    ).toEqual([{ toolName: 'get_weather', input: '{"city":"Seoul","days":2,"detailed":true}' }]);
    expect(read(call('get_weather', '"{\\"city\\": \\"Lima\\"}"')).calls).toEqual([
      { toolName: 'get_weather', input: '{"city":"Lima"}' },
    ]);
  });

  it('never runs a call cut off inside its arguments, nor one whose arguments are unreadable', () => {
    expect(
      read(
        '<|channel|>commentary to=functions.write_file <|constrain|>json<|message|>{"path":"a.ts","content":"half',
      ),
    ).toMatchObject({
      calls: [{ toolName: 'write_file', input: '{"path":"a.ts","content":"half' }],
      reasons: ['call-cut-off'],
    });
    expect(read(`${call('get_weather', 'not json')} then text`)).toMatchObject({
      text: ' then text',
      calls: [{ toolName: 'get_weather', input: '{' }],
      reasons: ['invalid-call'],
    });
  });

  it('passes a call of an unknown function on, so that the AI SDK reports it to the model', () => {
    expect(read(call('not_a_tool', '{"x":1}')).calls).toEqual([
      { toolName: 'not_a_tool', input: '{"x":1}' },
    ]);
  });

  it('reads a call whose special tokens the server stripped, only for a known tool', () => {
    expect(
      read(
        'analysisUser wants the weather.assistantcommentary to=functions.get_weather json{"city":"Lyon"}',
      ),
    ).toMatchObject({
      text: 'analysisUser wants the weather.',
      calls: [{ toolName: 'get_weather', input: '{"city":"Lyon"}' }],
    });
    // The recipient in the role: the channel name runs into the tool name.
    expect(read('assistant to=functions.get_weathercommentary json{"city":"Lyon"}').calls).toEqual([
      { toolName: 'get_weather', input: '{"city":"Lyon"}' },
    ]);
    // The channel written as words, the rest of the tokens kept.
    expect(
      read(
        '<|call|>commentary to=functions.get_weather <|constrain|>json<|message|>{"city":"Rome"}<|call|>',
      ).calls,
    ).toEqual([{ toolName: 'get_weather', input: '{"city":"Rome"}' }]);
    for (const text of [
      'assistantcommentary to=functions.not_a_tool json{"x":1}',
      'commentary to=functions.get_weather is how I would call it {"city":"Lyon"}',
    ]) {
      expect(read(text)).toMatchObject({ text, calls: [] });
    }
  });

  it('keeps headers and call-shaped text in prose as text', () => {
    for (const text of [
      'A call starts with <|channel|>commentary to=functions. and the name.',
      'Write commentary to=functions.get_weather then the JSON.',
      'gpt-oss writes {"city":"Lyon"} after <|message|> on the commentary channel.',
    ]) {
      expect(read(text)).toMatchObject({ text, calls: [] });
    }
  });

  it('keeps a tool result the model wrote itself as text, and reports it', () => {
    const result =
      '<|start|>functions.get_weather to=assistant<|channel|>commentary<|message|>{"temp_c":30}<|end|>';
    expect(
      read(
        `${call('get_weather', '{"city":"Lyon"}')}${result}<|start|>assistant<|channel|>final<|message|>Hot.`,
      ),
    ).toMatchObject({
      text: `${result}Hot.`,
      calls: [{ toolName: 'get_weather', input: '{"city":"Lyon"}' }],
      reasons: ['malformed-call'],
    });
  });

  it('writes a past call as the chat template renders it, and reads it back', () => {
    const written = protocol.formatToolCall({
      toolCallId: 'c',
      toolName: 'write_file',
      input: { path: 'a.html', content: '<p>a <|end|> b</p>' },
    });
    expect(written).toBe(
      '<|start|>assistant to=functions.write_file<|channel|>commentary json<|message|>{"path":"a.html","content":"<p>a <\\u007cend|> b</p>"}<|call|>',
    );
    expect(read(written).calls).toEqual([
      {
        toolName: 'write_file',
        input: JSON.stringify({ path: 'a.html', content: '<p>a <|end|> b</p>' }),
      },
    ]);
  });

  it('writes a result as the message of the tool, addressed to the assistant', () => {
    const result = (output: Parameters<typeof protocol.formatToolResponse>[0]['output']) =>
      protocol.formatToolResponse({ toolCallId: 'c', toolName: 'get_weather', output });
    expect(result({ type: 'json', value: { temp_c: 14 } })).toBe(
      '<|start|>functions.get_weather to=assistant<|channel|>commentary<|message|>{"temp_c":14}<|end|>',
    );
    expect(result({ type: 'text', value: 'Sunny, 14 °C' })).toBe(
      '<|start|>functions.get_weather to=assistant<|channel|>commentary<|message|>Sunny, 14 °C<|end|>',
    );
    expect(result({ type: 'error-text', value: 'City not found' })).toBe(
      '<|start|>functions.get_weather to=assistant<|channel|>commentary<|message|>{"error":"City not found"}<|end|>',
    );
  });

  it('declares the tools as the TypeScript-like namespace of the developer message', () => {
    const declared: LanguageModelV4FunctionTool[] = [
      ...tools,
      {
        type: 'function',
        name: 'book',
        description: 'Books a table.\nConfirms by e-mail.',
        inputSchema: {
          type: 'object',
          properties: {
            when: { type: 'string', description: 'ISO date' },
            party: { type: ['integer', 'null'], default: 2 },
            'seat-type': { anyOf: [{ type: 'string' }, { type: 'number' }] },
            guest: {
              type: 'object',
              properties: { name: { type: 'string' }, vip: { type: 'boolean' } },
              required: ['name'],
            },
            notes: { type: 'array', items: { enum: ['quiet', 'window'] } },
            extra: {},
          },
          required: ['when'],
        },
      },
    ];
    expect(protocol.formatTools(declared)).toBe(`namespace functions {

// Current weather and a forecast for a city.
type get_weather = (_: {
city: string,
days?: number,
units?: "metric" | "imperial",
detailed?: boolean,
tags?: string[],
}) => any;

// Writes a file.
type write_file = (_: {
path: string,
content: string,
}) => any;

type get_time = () => any;

// Books a table.
// Confirms by e-mail.
type book = (_: {
// ISO date
when: string,
party?: number | null, // default: 2
"seat-type"?: string | number,
guest?: {
    name: string,
    vip?: boolean,
},
notes?: ("quiet" | "window")[],
extra?: any,
}) => any;

} // namespace functions`);
    expect(harmonySystemPromptTemplate('TOOLS')).toMatch(/^# Tools\n\n## functions\n\nTOOLS\n\n/);
  });
});

describe('harmonyToolMiddleware with the AI SDK', () => {
  const getWeather = async ({ city }: { city: string }) => ({ city, temp_c: 14 });
  const weather = tool({ inputSchema: z.object({ city: z.string() }), execute: getWeather });
  const reply = `<|channel|>analysis<|message|>Need the weather.<|end|>${call('get_weather', '{"city":"Lyon"}')}`;
  const final =
    '<|channel|>analysis<|message|>It is 14.<|end|><|start|>assistant<|channel|>final<|message|>It is 14 °C in Lyon.<|return|>';

  function promptText(prompt: LanguageModelV4Prompt): string {
    return prompt
      .map((message) =>
        typeof message.content === 'string'
          ? message.content
          : message.content.map((part) => ('text' in part ? part.text : '')).join(''),
      )
      .join('\n');
  }

  it('runs a tool loop with generateText: reasoning, the call, its result in the history', async () => {
    const model = scriptedModel([reply, final]);
    const execute = vi.fn(getWeather);
    const result = await generateText({
      model: wrapLanguageModel({ model, middleware: harmonyToolMiddleware }),
      tools: { get_weather: { ...weather, execute } },
      prompt: 'Weather in Lyon?',
      stopWhen: stepCountIs(3),
    });
    expect(execute).toHaveBeenCalledWith({ city: 'Lyon' }, expect.anything());
    expect(result.steps[0]?.reasoningText).toBe('Need the weather.');
    expect(result.text).toBe('It is 14 °C in Lyon.');
    const [, second] = model.doGenerateCalls;
    assert.isDefined(second);
    const history = promptText(second.prompt);
    expect(history).toContain('namespace functions {');
    // As gpt-oss's chat template writes them: arguments with `tojson`, the result as a JSON string.
    expect(history).toContain(
      '<|start|>assistant to=functions.get_weather<|channel|>commentary json<|message|>{"city": "Lyon"}<|call|>',
    );
    expect(history).toContain(
      '<|start|>functions.get_weather to=assistant<|channel|>commentary<|message|>"{\\"city\\":\\"Lyon\\",\\"temp_c\\":14}"',
    );
  });

  it('streams the reasoning, the tool input and the answer with streamText', async () => {
    const model = scriptedModel([reply, final]);
    const result = streamText({
      model: wrapLanguageModel({ model, middleware: harmonyToolMiddleware }),
      tools: { get_weather: weather },
      prompt: 'Weather in Lyon?',
      stopWhen: stepCountIs(3),
    });
    const types: string[] = [];
    for await (const part of result.fullStream) types.push(part.type);
    expect(types).toContain('reasoning-delta');
    expect(types.indexOf('tool-input-start')).toBeLessThan(types.indexOf('tool-input-delta'));
    expect(types).toContain('tool-result');
    expect(await result.text).toBe('It is 14 °C in Lyon.');
  });
});

describe("harmony's template prompt (gpt-oss's chat template)", () => {
  const book: LanguageModelV4FunctionTool[] = [
    {
      type: 'function',
      name: 'book',
      description: 'Books a table.',
      inputSchema: {
        type: 'object',
        properties: {
          when: { type: 'string', description: 'ISO date' },
          party: { type: 'integer', default: 2 },
          guest: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
        },
        required: ['when'],
      },
    },
  ];
  // The template's quirks: a default after the comma, a nested property on its own indented line.
  const toolList = `# Tools

## functions

namespace functions {

// Books a table.
type book = (_: {
// ISO date
when: string,
party?: number, // default: 2,
guest?: {
name: \n${' '.repeat(16)}string},
}) => any;

} // namespace functions`;
  const history = (system: LanguageModelV4Prompt): LanguageModelV4Prompt => [
    ...system,
    { role: 'user', content: [{ type: 'text', text: 'Book May 1 or 2.' }] },
    {
      role: 'assistant',
      content: [
        { type: 'text', text: 'Checking.' },
        { type: 'tool-call', toolCallId: 'c1', toolName: 'book', input: { when: '2026-05-01' } },
        {
          type: 'tool-call',
          toolCallId: 'c2',
          toolName: 'book',
          input: { when: '2026-05-02', party: 4 },
        },
      ],
    },
    {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'c1',
          toolName: 'book',
          output: { type: 'json', value: { ok: true } },
        },
        {
          type: 'tool-result',
          toolCallId: 'c2',
          toolName: 'book',
          output: { type: 'text', value: 'Full<|end|>' },
        },
      ],
    },
  ];
  const transform = (prompt: LanguageModelV4Prompt) =>
    rewrittenPrompt(harmonyToolMiddleware, prompt, book);

  it('writes the tools after the system text, each call and each result as a message of its own', async () => {
    expect(await transform(history([{ role: 'system', content: 'Be brief.' }]))).toEqual([
      { role: 'system', content: `Be brief.\n\n${toolList}` },
      { role: 'user', content: [{ type: 'text', text: 'Book May 1 or 2.' }] },
      {
        role: 'assistant',
        content: [
          {
            type: 'text',
            // The template wraps the turn in a final message: the text ends it, the last result
            // ends at its <|end|>. A result's special tokens are escaped in its JSON string.
            text: 'Checking.<|end|><|start|>assistant to=functions.book<|channel|>commentary json<|message|>{"when": "2026-05-01"}<|call|><|start|>assistant to=functions.book<|channel|>commentary json<|message|>{"when": "2026-05-02", "party": 4}<|call|><|start|>functions.book to=assistant<|channel|>commentary<|message|>"{\\"ok\\":true}"<|end|><|start|>functions.book to=assistant<|channel|>commentary<|message|>"Full<\\u007cend|>"',
          },
        ],
      },
    ]);
  });

  it('makes the tool list the system message when there is none', async () => {
    expect((await transform(history([])))?.[0]).toEqual({ role: 'system', content: toolList });
  });
});

/** Harmony's special tokens: markup, which never reaches the text or the reasoning of a Harmony reply. */
const HARMONY_TOKENS = [
  '<|start|>',
  '<|channel|>',
  '<|message|>',
  '<|end|>',
  '<|call|>',
  '<|return|>',
  '<|constrain|>',
];

/**
 * What a reply reads as through a middleware, failing if a Harmony token is left in its text or
 * reasoning. `auto` (`toolMiddlewareFor`) writes the whitespace a reply begins with as text
 * before it reads anything, in every format: where a reply begins with a space, compare the
 * trimmed text.
 */
async function readHarmony(
  middleware: Parameters<typeof readThroughMiddleware>[0],
  reply: string,
  given: readonly LanguageModelV4FunctionTool[] = tools,
  options: { emitRawToolCallTextOnError?: boolean } = {},
): Promise<ReplyMeaning & { reasons: Set<ToolbridgeErrorReason>; reported: Set<string> }> {
  const reasons = new Set<ToolbridgeErrorReason>();
  const reported = new Set<string>();
  const meaning = await readThroughMiddleware(middleware, reply, {
    tools: given,
    providerOptions: toolbridgeOptions({
      ...options,
      onError: (_message, { reason, rawText }) => {
        reasons.add(reason);
        reported.add(rawText);
      },
    }),
  });
  for (const token of HARMONY_TOKENS) {
    expect(meaning.text).not.toContain(token);
    expect(meaning.reasoning).not.toContain(token);
  }
  return { ...meaning, reasons, reported };
}

const OSLO = [{ toolName: 'get_weather', input: '{"city":"Oslo"}' }];

describe.each([
  ['harmonyToolMiddleware', harmonyToolMiddleware],
  ["toolMiddlewareFor('gpt-oss:20b')", toolMiddlewareFor('gpt-oss:20b')],
  ["toolMiddlewareFor('openai/gpt-oss-120b')", toolMiddlewareFor('openai/gpt-oss-120b')],
])('Harmony headers as models and servers write them, through %s', (_name, middleware) => {
  it('reads a call whose recipient comes before the channel, the reply starting mid-header', async () => {
    const read = await readHarmony(
      middleware,
      ' to=functions.get_weather<|channel|>commentary <|constrain|>json<|message|>{"city":"Oslo"}<|call|>',
    );
    expect(read).toMatchObject({ reasoning: '', calls: OSLO, reasons: new Set() });
    expect(read.text.trim()).toBe('');
  });

  it('reads a reply that starts mid-header, after the generation prompt <|start|>assistant', async () => {
    expect(
      await readHarmony(
        middleware,
        '<|channel|>analysis<|message|>Need the weather.<|end|><|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"city":"Oslo"}<|call|>',
      ),
    ).toMatchObject({ text: '', reasoning: 'Need the weather.', calls: OSLO });
    expect(
      await readHarmony(middleware, '<|channel|>final<|message|>It is mild in Oslo.<|return|>'),
    ).toMatchObject({ text: 'It is mild in Oslo.', reasoning: '', calls: [] });
  });

  it('reads the spaced dialect: a space after each token, and spaces around the content type', async () => {
    expect(
      await readHarmony(
        middleware,
        '<|channel|> analysis<|message|> think<|end|><|start|>assistant<|channel|>final<|message|>Hi',
      ),
    ).toMatchObject({ text: 'Hi', reasoning: 'think', calls: [] });
    expect(
      await readHarmony(
        middleware,
        '<|channel|>commentary to=functions.get_weather <|constrain|>  json<|message|>{"city":"Oslo"}<|call|>',
      ),
    ).toMatchObject({ text: '', calls: OSLO, reasons: new Set() });
    expect(
      await readHarmony(
        middleware,
        '<|channel|> analysis<|message|> I need the weather in Oslo.<|end|><|start|> assistant to=functions.get_weather<|channel|> commentary <|constrain|>  json<|message|> {"city": "Oslo"}',
      ),
    ).toMatchObject({ text: '', reasoning: 'I need the weather in Oslo.', calls: OSLO });
    expect(
      await readHarmony(
        middleware,
        '<|channel|> analysis<|message|> Just answer.<|end|><|start|> assistant<|channel|> final<|message|> 144',
      ),
    ).toMatchObject({ text: '144', reasoning: 'Just answer.', calls: [] });
  });

  it('reads several messages in one reply: analysis, a call, analysis, final', async () => {
    const calls = [...OSLO, { toolName: 'get_time', input: '{}' }];
    for (const reply of [
      '<|channel|>analysis<|message|>Need Oslo.<|end|><|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"city":"Oslo"}<|call|><|start|>assistant<|channel|>analysis<|message|>Now the time.<|end|><|start|>assistant<|channel|>commentary to=functions.get_time <|constrain|>json<|message|>{}<|call|><|start|>assistant<|channel|>final<|message|>Done.<|return|>',
      // The recipient before the channel, the reply starting mid-header.
      ' to=functions.get_weather<|channel|>commentary json<|message|>{"city":"Oslo"}<|end|><|start|>assistant<|channel|>analysis<|message|>Need Oslo.Now the time.<|end|><|start|>assistant to=functions.get_time<|channel|>commentary <|constrain|>json<|message|>{}<|call|><|start|>assistant<|channel|>final<|message|>Done.',
      // The spaced dialect, calls closed by <|end|> as LLM-jp closes all but the last.
      '<|channel|> analysis<|message|> Need Oslo.<|end|><|start|> assistant to=functions.get_weather<|channel|> commentary <|constrain|>  json<|message|> {"city": "Oslo"}<|end|><|start|> assistant<|channel|> analysis<|message|> Now the time.<|end|><|start|> assistant<|channel|> commentary to=functions.get_time <|constrain|>  json<|message|> {}<|end|><|start|> assistant<|channel|> final<|message|> Done.',
    ]) {
      const read = await readHarmony(middleware, reply);
      expect(read).toMatchObject({
        reasoning: 'Need Oslo.Now the time.',
        calls,
        reasons: new Set(),
      });
      expect(read.text.trim()).toBe('Done.');
    }
    expect(
      await readHarmony(
        middleware,
        '<|channel|>analysis<|message|>Two steps.<|end|><|start|>assistant<|channel|>commentary<|message|>Checking Oslo.<|end|><|start|>assistant<|channel|>commentary to=functions.get_weather<|constrain|>json<|message|>{"city":"Oslo"}<|call|><|start|>assistant<|channel|>final<|message|>Mild.',
      ),
    ).toMatchObject({ text: 'Checking Oslo.Mild.', reasoning: 'Two steps.', calls: OSLO });
  });

  it('ends an analysis message whose <|end|> is missing where the next message starts', async () => {
    for (const next of [
      '<|start|>assistant<|channel|>final<|message|>',
      '<|channel|>final<|message|>',
    ]) {
      expect(
        await readHarmony(middleware, `<|channel|>analysis<|message|>Think.${next}Hi`),
      ).toMatchObject({ reasoning: 'Think.', text: 'Hi', calls: [] });
    }
    expect(
      await readHarmony(
        middleware,
        '<|channel|>analysis<|message|>Need the weather.<|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"city":"Oslo"}<|call|>',
      ),
    ).toMatchObject({ reasoning: 'Need the weather.', text: '', calls: OSLO });
  });

  it('keeps a call of a built-in tool that was not given out of the text and the reasoning, and reports it', async () => {
    const python = ' to=python<|channel|>analysis<|message|>print(1)<|call|>';
    const search =
      '<|channel|>analysis to=browser.search code<|message|>{"query":"Oslo weather"}<|call|>';
    const exec =
      '<|channel|>analysis to=container.exec code<|message|>{"cmd":["ls","-la"]}<|call|>';
    const open =
      '<|channel|>commentary to=browser.open <|constrain|>json<|message|>{"id":3}<|end|>';
    for (const { reply, message, reasoning, text } of [
      {
        reply: `<|channel|>analysis<|message|>Need code<|end|><|start|>assistant${python}`,
        message: python,
        reasoning: 'Need code',
        text: '',
      },
      {
        reply: `<|channel|>analysis<|message|>Search.<|end|><|start|>assistant${search}`,
        message: search,
        reasoning: 'Search.',
        text: '',
      },
      { reply: exec, message: exec, reasoning: '', text: '' },
      {
        reply: `<|start|>assistant${open}<|start|>assistant<|channel|>final<|message|>Opened.`,
        message: open,
        reasoning: '',
        text: 'Opened.',
      },
    ]) {
      // A call for the server's own tool is markup, never text; it is reported with its raw text.
      expect(await readThroughMiddleware(middleware, reply, { tools })).toMatchObject({
        text,
        reasoning,
        calls: [],
      });
      const read = await readHarmony(middleware, reply, tools);
      expect(read).toMatchObject({
        text,
        reasoning,
        calls: [],
        reasons: new Set(['foreign-call']),
      });
      expect([...read.reported].map((raw) => raw.trim())).toEqual([message.trim()]);
    }
  });

  it('calls a built-in tool that was given: python with its code, the others with JSON', async () => {
    const given = [...tools, ...builtInTools];
    expect(
      await readHarmony(
        middleware,
        '<|channel|>analysis<|message|>Need code<|end|><|start|>assistant to=python<|channel|>analysis<|message|>print(1)<|call|>',
        given,
      ),
    ).toMatchObject({
      text: '',
      reasoning: 'Need code',
      calls: [{ toolName: 'python', input: '{"code":"print(1)"}' }],
    });
    expect(
      await readHarmony(
        middleware,
        '<|channel|>analysis to=python code<|message|>import math\nprint("<|", math.pi)<|call|>',
        given,
      ),
    ).toMatchObject({
      calls: [
        {
          toolName: 'python',
          input: JSON.stringify({ code: 'import math\nprint("<|", math.pi)' }),
        },
      ],
    });
    // The spaced dialect's space after <|message|> is no indentation.
    expect(
      await readHarmony(
        middleware,
        '<|start|> assistant to=python<|channel|> analysis<|message|> print(2)',
        given,
      ),
    ).toMatchObject({ calls: [{ toolName: 'python', input: '{"code":"print(2)"}' }] });
    expect(
      await readHarmony(
        middleware,
        '<|channel|>analysis to=container.exec code<|message|>{"cmd":["ls","-la"]}<|call|>',
        given,
      ),
    ).toMatchObject({ calls: [{ toolName: 'container.exec', input: '{"cmd":["ls","-la"]}' }] });
    expect(
      await readHarmony(
        middleware,
        '<|channel|>analysis<|message|>Search.<|end|><|start|>assistant<|channel|>analysis to=browser.search code<|message|>{"query":"Oslo weather"}<|call|>',
        given,
      ),
    ).toMatchObject({
      reasoning: 'Search.',
      calls: [{ toolName: 'browser.search', input: '{"query":"Oslo weather"}' }],
    });
  });

  it("puts python's code in the tool's one string property", async () => {
    const run: LanguageModelV4FunctionTool = {
      type: 'function',
      name: 'python',
      inputSchema: {
        type: 'object',
        properties: { source: { type: 'string' }, timeout: { type: 'number' } },
      },
    };
    expect(
      await readHarmony(
        middleware,
        ' to=python<|channel|>analysis code<|message|>print(3)<|call|>',
        [run],
      ),
    ).toMatchObject({ calls: [{ toolName: 'python', input: '{"source":"print(3)"}' }] });
  });
});

describeProtocolProperties(
  [
    `<|channel|>analysis<|message|>User wants Lyon.<|end|>${call('get_weather', '{"city":"Lyon","days":2}')}`,
    '<|channel|>analysis<|message|>Plan.<|end|><|start|>assistant<|channel|>commentary<|message|>Checking two cities.<|end|><|start|>assistant<|channel|>commentary to=functions.get_weather<|constrain|>json<|message|>{"city":"Rome","tags":["a","b"]}<|call|><|start|>assistant to=functions.get_weather<|channel|>commentary json<|message|>{"city":"Paris"}',
    '<|channel|>analysis<|message|>Simple.<|end|><|start|>assistant<|channel|>final<|message|>The answer is 42.<|return|>',
    `<|channel|>commentary to=functions.write_file <|constrain|>json<|message|>${JSON.stringify({ path: 'x.ts', content: 'if (a < b) { return "<|call|>"; }\n😀' })}<|call|>`,
    "<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{'city': 'Seoul', days: '2', detailed: True,}<|call|>",
    '<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>"{\\"city\\": \\"Lima\\"}"<|call|>',
    '<|channel|>commentary to=functions.write_file <|constrain|>json<|message|>{"path":"a","content":"cut off',
    '<|channel|>commentary to=functions.not_a_tool <|constrain|>json<|message|>{"x":1}<|call|>',
    'analysisUser wants Lyon.assistantcommentary to=functions.get_weather json{"city":"Lyon"}',
    'Prose: <|channel|>commentary to=functions. then commentary to=functions.not_a_tool json{} and <|message|>.',
    `${call('get_weather', '{"city":"Lyon"}')}<|start|>functions.get_weather to=assistant<|channel|>commentary<|message|>{"temp_c":30}<|end|><|start|>assistant<|channel|>final<|message|>Hot.`,
    `${call('get_weather', 'not json')} then text`,
    '<|channel|>commentary to=assistant<|channel|>analysis<|message|>Think.<|end|><|start|>assistant<|channel|>commentary<|channel|>final<|message|>Done.',
    '<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"__proto__": {"polluted": 1}, "city": "Proto"}<|call|>',
    ' to=functions.get_weather<|channel|>commentary <|constrain|>json<|message|>{"city":"Oslo"}<|call|>',
    // The spaced dialect (its reasoning tag is another spelling, which this check cannot rebuild).
    '<|start|> assistant to=functions.get_weather<|channel|> commentary <|constrain|>  json<|message|> {"city": "Oslo"}<|end|><|start|> assistant<|channel|> final<|message|> Done.',
    '<|channel|>analysis<|message|>Need code<|end|><|start|>assistant to=python<|channel|>analysis<|message|>print(1)<|call|>',
    '<|channel|>analysis to=browser.search code<|message|>{"query":"Oslo"}<|call|><|start|>assistant<|channel|>final<|message|>Found.',
    'Pass from=1 to=10 and to=functions.get_weather json, then to=x<|message|>.',
  ].map((reply, index) => ({ name: `harmony #${index}`, protocol, reply })),
  harmonyReasoningTags,
);
