import type { LanguageModelV4FunctionTool, LanguageModelV4Prompt } from '@ai-sdk/provider';
import { describe, expect, it, vi } from 'vitest';
import { autoToolMiddleware } from '../auto/auto-tool-middleware';
import { toolMiddlewareFor } from '../auto/tool-middleware-for';
import { toolbridgeOptions } from '../middleware/toolbridge-options';
import { k2HorizonToolMiddleware } from '../presets/presets';
import { typedTools } from '../testing/fixtures';
import { describeProtocolProperties } from '../testing/protocol-properties';
import { expectCleanReply, readThroughMiddleware } from '../testing/read-through-middleware';
import { rewrittenPrompt } from '../testing/rewritten-prompt';
import { readEveryWay } from '../testing/run-parser';
import { getTimeTool, twoCallHistory } from '../testing/two-call-history';
import {
  k2HorizonFormat,
  k2HorizonProtocol,
  k2HorizonReasoningTags as reasoningTags,
} from './k2-horizon';

const protocol = k2HorizonProtocol();
const lookup: LanguageModelV4FunctionTool = {
  type: 'function',
  name: 'lookup',
  inputSchema: {
    type: 'object',
    properties: { id: { anyOf: [{ type: 'string' }, { type: 'integer' }] } },
  },
};
const tools = [...typedTools, lookup];

/** An argument as the template writes it; `type` makes it the typed layout's. */
const pair = (key: string, value: string, type?: string) =>
  `<ifm|arg_key>${key}</ifm|arg_key>\n${type === undefined ? '' : `<ifm|arg_type>${type}</ifm|arg_type>\n`}<ifm|arg_value>${value}</ifm|arg_value>\n`;
const call = (name: string, pairs = '') => `<ifm|tool_call>${name}\n${pairs}</ifm|tool_call>`;
const group = (...calls: string[]) => `<ifm|tool_calls>\n${calls.join('\n')}\n</ifm|tool_calls>`;
const read = (text: string, options: { startWithReasoning?: boolean } = {}) =>
  readEveryWay(protocol, text, { tools, reasoningTags, ...options });

describe('k2HorizonProtocol', () => {
  it('reads the template layout after the reasoning it opened, every tag markup', () => {
    const onError = vi.fn();
    const reply = `Two lookups.</ifm|think>\n${group(
      call('get_weather', pair('city', 'Tokyo') + pair('days', '2')),
      call('get_time'),
    )}`;
    const { parts, ...meaning } = readEveryWay(protocol, reply, {
      tools,
      reasoningTags,
      startWithReasoning: true,
      onError,
    });
    // The newline after the reasoning is the reply's; the group's own newlines are markup.
    expect(meaning).toEqual({
      text: '\n',
      reasoning: 'Two lookups.',
      calls: [
        { toolName: 'get_weather', input: '{"city":"Tokyo","days":2}' },
        { toolName: 'get_time', input: '{}' },
      ],
    });
    expect(onError).not.toHaveBeenCalled();
    for (const part of parts) {
      if (part.type === 'tool-call')
        expect(part.providerMetadata?.toolbridge).not.toHaveProperty('repairs');
    }
  });

  it('reads the compact layout, and a call without arguments or group', () => {
    expect(
      read(
        '<ifm|tool_calls><ifm|tool_call>get_weather<ifm|arg_key>city</ifm|arg_key><ifm|arg_value>Boston</ifm|arg_value></ifm|tool_call></ifm|tool_calls>',
      ),
    ).toMatchObject({ text: '', calls: [{ toolName: 'get_weather', input: '{"city":"Boston"}' }] });
    expect(read('Checking.<ifm|tool_call>get_time</ifm|tool_call>')).toMatchObject({
      text: 'Checking.',
      calls: [{ toolName: 'get_time', input: '{}' }],
    });
  });

  it('keeps values exactly as written between their tags, and types the others by the schema', () => {
    const code = '\n  if (a < b && c) {\n    return "</x>";\n  }\n';
    expect(
      read(group(call('write_file', pair('path', '  a b.ts ') + pair('content', code)))).calls,
    ).toEqual([
      { toolName: 'write_file', input: JSON.stringify({ path: '  a b.ts ', content: code }) },
    ]);
    const text = group(
      call(
        'configure',
        pair('options', "{'deep': True}") +
          pair('ids', '[1, 2]') +
          pair('ratio', '2.5') +
          pair('note', 'null') +
          pair('extra', '7'),
      ),
    );
    expect(JSON.parse(read(text).calls[0]?.input ?? '')).toEqual({
      options: { deep: true },
      ids: [1, 2],
      ratio: 2.5,
      note: null,
      // An argument the schema does not declare is text.
      extra: '7',
    });
  });

  it("reads the typed layout: a value's <ifm|arg_type> says whether it is text or JSON", () => {
    const text = group(
      call(
        'configure',
        pair('note', 'null', 'string') +
          pair('count', '7', 'integer') +
          pair('names', '["a"]', 'array[string]') +
          pair('ratio', '2.5', 'number'),
      ),
      call('lookup', pair('id', '123', 'integer')),
      call('lookup', pair('id', '123', 'string')),
      call('get_weather', pair('city', '123', 'integer') + pair('days', '2', 'string')),
    );
    expect(read(text).calls.map((parsed) => JSON.parse(parsed.input))).toEqual([
      // `null` typed as text is the string; arguments the schema leaves out take the tag's type.
      { note: 'null', count: 7, names: ['a'], ratio: 2.5 },
      // For a union, the tag says which member the value is.
      { id: 123 },
      { id: '123' },
      // For a field of one type, the schema has the last word.
      { city: '123', days: 2 },
    ]);
  });

  it('reads the JSON layout inside <ifm|tool_call>', () => {
    const text =
      '<ifm|tool_calls>\n<ifm|tool_call>{"name": "get_weather", "arguments": {"city": "Tokyo", "days": 2}}</ifm|tool_call>\n<ifm|tool_call>{"name": "get_time", "arguments": "{}"}</ifm|tool_call>\n</ifm|tool_calls>';
    const { text: prose, calls } = read(text);
    expect(calls).toEqual([
      { toolName: 'get_weather', input: '{"city":"Tokyo","days":2}' },
      { toolName: 'get_time', input: '{}' },
    ]);
    expect(prose.trim()).toBe('');
  });

  it('reads each reasoning effort, and no call inside reasoning the model opened', () => {
    const mention = `Consider ${call('get_weather', pair('city', 'Boston'))} as an example.`;
    expect(read(`<ifm|think>${mention}</ifm|think>\nThe answer is 42.`)).toMatchObject({
      reasoning: mention,
      text: '\nThe answer is 42.',
      calls: [],
    });
    // Medium and low effort open <ifm|think_fast> and <ifm|think_faster>; the 3.7B closes them
    // with </ifm|think>. Any closer ends the block the template opened.
    for (const closer of ['</ifm|think_fast>', '</ifm|think_faster>', '</ifm|think>']) {
      expect(read(`Quick.${closer}Hi`, { startWithReasoning: true })).toMatchObject({
        reasoning: 'Quick.',
        text: 'Hi',
      });
    }
    expect(read('<ifm|think_faster>Quick.</ifm|think_faster>Hi')).toMatchObject({
      reasoning: 'Quick.',
      text: 'Hi',
    });
  });

  it('ends reasoning the template opened at the group, none of it left in the reasoning', () => {
    expect(
      read(`Need the time. ${group(call('get_time'))}`, { startWithReasoning: true }),
    ).toMatchObject({ reasoning: 'Need the time. ', text: '', calls: [{ toolName: 'get_time' }] });
  });

  it('never runs a call cut off inside a value, and runs one whose values all closed', () => {
    const onError = vi.fn();
    expect(
      readEveryWay(
        protocol,
        `<ifm|tool_calls>\n${call('write_file', pair('path', 'a.ts')).replace('</ifm|tool_call>', '')}<ifm|arg_key>content</ifm|arg_key>\n<ifm|arg_value>half`,
        { tools, reasoningTags, onError },
      ).calls,
    ).toEqual([{ toolName: 'write_file', input: '{"path":"a.ts","content":"half' }]);
    expect(onError).toHaveBeenCalledWith(
      expect.any(String),
      expect.objectContaining({ reason: 'call-cut-off' }),
    );
    expect(read(`<ifm|tool_calls>\n<ifm|tool_call>get_weather\n${pair('city', 'Lyon')}`)).toEqual(
      expect.objectContaining({ calls: [{ toolName: 'get_weather', input: '{"city":"Lyon"}' }] }),
    );
  });

  it('reports an unknown tool inside the tags as a call, for the SDK to answer', () => {
    expect(read(group(call('no_such_tool', pair('x', '1')))).calls).toEqual([
      { toolName: 'no_such_tool', input: '{"x":"1"}' },
    ]);
  });

  it('keeps the tags in prose, and call-shaped text without them, as text', () => {
    const onError = vi.fn();
    readEveryWay(protocol, 'Use <ifm|tool_calls> here.', { tools, reasoningTags, onError });
    expect(onError).toHaveBeenCalledWith(
      expect.any(String),
      expect.objectContaining({ reason: 'malformed-call' }),
    );
    for (const text of [
      'Wrap all calls in one <ifm|tool_calls> block.',
      'Each call goes in <ifm|tool_call> tags.',
      'Use <ifm|tool_calls> <b>tags</b>.',
      'get_weather\n<ifm|arg_key>city</ifm|arg_key>\n<ifm|arg_value>Lyon</ifm|arg_value>',
    ]) {
      expect(read(text)).toMatchObject({ text, calls: [] });
    }
  });

  it("drops a stray close of the group: it is the group's markup", () => {
    expect(read('Done.</ifm|tool_calls>')).toMatchObject({ text: 'Done.', calls: [] });
  });

  it('writes a past call and a result as the template does, and reads the call back', () => {
    const input = { city: 'Lyon', days: 2, tags: ['a'] };
    const text = protocol.formatToolCall({ toolCallId: 'c', toolName: 'get_weather', input });
    expect(text).toBe(
      group(call('get_weather', pair('city', 'Lyon') + pair('days', '2') + pair('tags', '["a"]'))),
    );
    expect(JSON.parse(read(text).calls[0]?.input ?? '')).toEqual(input);
    expect(
      protocol.formatToolResponse({
        toolCallId: 'c',
        toolName: 'get_weather',
        output: { type: 'json', value: { temp_c: 14 } },
      }),
    ).toBe('{"temp_c":14}');
  });
});

describe('k2HorizonToolMiddleware', () => {
  const getTime = getTimeTool();
  const through = (reply: string, options: { reasoning?: 'high' } = {}) =>
    readThroughMiddleware(k2HorizonToolMiddleware, reply, { tools: getTime, ...options });

  it('reads the reply as starting inside the reasoning block the template opens', async () => {
    expect(
      await through(
        `Need the time.</ifm|think>\n${group(call('get_time', pair('zone', 'JST')))}<|ifm|im_end|>`,
      ),
    ).toEqual({
      text: '\n',
      reasoning: 'Need the time.',
      calls: [{ toolName: 'get_time', input: '{"zone":"JST"}' }],
    });
    expect(await through('Still thinking', { reasoning: 'high' })).toEqual({
      text: '',
      reasoning: 'Still thinking',
      calls: [],
    });
  });

  it('keeps an answer with no reasoning closer as text, and the end tokens out of it', async () => {
    // Thinking may be off (the template then closes the block in the prompt), or the server took the reasoning out.
    expect(await through('Hello<|ifm|im_end|>')).toEqual({
      text: 'Hello',
      reasoning: '',
      calls: [],
    });
    expect(await through('Hello<|ifm|endoftext|>')).toEqual({
      text: 'Hello',
      reasoning: '',
      calls: [],
    });
  });
});

/** K2 Horizon's markup and end tokens: none of it may be left in the text a user reads. */
const MARKUP = ['ifm|', '<|', '|>'];

describe.each([
  ['k2HorizonToolMiddleware', k2HorizonToolMiddleware],
  ['autoToolMiddleware', autoToolMiddleware],
  ["toolMiddlewareFor('IFM/K2-Horizon-7B')", toolMiddlewareFor('IFM/K2-Horizon-7B')],
])("K2 Horizon's typical replies, through %s", (_name, middleware) => {
  // The template opened <ifm|think> in the generation prompt: only its closer comes.
  const opened = toolbridgeOptions({ startWithReasoning: true });
  const TOKYO = { toolName: 'get_weather', input: '{"city":"Tokyo","days":2}' };
  const TIME = { toolName: 'get_time', input: '{}' };

  it('reads the reasoning, parallel calls in one group, and drops the end of turn', async () => {
    const reply = `Two lookups.</ifm|think>\n${group(
      call('get_weather', pair('city', 'Tokyo') + pair('days', '2')),
      call('get_time'),
    )}<|ifm|im_end|>`;
    const meaning = await readThroughMiddleware(middleware, reply, {
      tools,
      providerOptions: opened,
    });
    // The newline after the reasoning is the reply's; the group's own newlines are markup.
    expect(meaning).toEqual({ reasoning: 'Two lookups.', text: '\n', calls: [TOKYO, TIME] });
    expectCleanReply(meaning, [TOKYO, TIME], MARKUP);
  });

  it('reads the typed layout and lower efforts the same way', async () => {
    for (const closer of ['</ifm|think_fast>', '</ifm|think_faster>', '</ifm|think>']) {
      const reply = `Quick.${closer}${group(
        call('get_weather', pair('city', 'Tokyo', 'string') + pair('days', '2', 'integer')),
      )}<|ifm|endoftext|>`;
      const meaning = await readThroughMiddleware(middleware, reply, {
        tools,
        providerOptions: opened,
      });
      expect(meaning, closer).toEqual({ reasoning: 'Quick.', text: '', calls: [TOKYO] });
      expectCleanReply(meaning, [TOKYO], MARKUP);
    }
  });

  it('reads an answer with thinking off as text, the end tokens left out', async () => {
    for (const end of ['<|ifm|im_end|>', '<|ifm|endoftext|>']) {
      const meaning = await readThroughMiddleware(middleware, `Hello${end}`, { tools });
      expect(meaning, end).toEqual({ text: 'Hello', reasoning: '', calls: [] });
      expectCleanReply(meaning, [], MARKUP);
    }
  });

  it('never runs a call cut off inside a value, and leaves no markup in the text', async () => {
    const { text, reasoning, calls } = await readThroughMiddleware(
      middleware,
      'Plan.</ifm|think>Writing.<ifm|tool_calls>\n<ifm|tool_call>write_file\n<ifm|arg_key>content</ifm|arg_key>\n<ifm|arg_value>half',
      { tools, providerOptions: opened },
    );
    expect({ text, reasoning }).toEqual({ text: 'Writing.', reasoning: 'Plan.' });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.toolName).toBe('write_file');
    expect(() => JSON.parse(calls[0]?.input ?? '')).toThrow();
  });
});

describe('where the K2 Horizon preset and row open the reasoning and auto does not', () => {
  const reply = `Need the time.</ifm|think>\n${group(call('get_time'))}<|ifm|im_end|>`;
  const TIME = { toolName: 'get_time', input: '{}' };

  it('the preset and the row start inside the reasoning without being told; auto starts in text', async () => {
    for (const [middleware, expected] of [
      [k2HorizonToolMiddleware, { reasoning: 'Need the time.', text: '\n', calls: [TIME] }],
      [
        toolMiddlewareFor('IFM/K2-Horizon-7B'),
        { reasoning: 'Need the time.', text: '\n', calls: [TIME] },
      ],
      // Read from the start as text: the lone closer is still markup, kept out of it.
      [autoToolMiddleware, { reasoning: '', text: 'Need the time.\n', calls: [TIME] }],
    ] as const) {
      const meaning = await readThroughMiddleware(middleware, reply, { tools });
      expect(meaning).toEqual(expected);
      expectCleanReply(meaning, [TIME], MARKUP);
    }
  });
});

describe("k2-horizon's template prompt (the chat template K2 Horizon's GGUF files carry)", () => {
  const getTime = getTimeTool();
  const instructions = `When calling tools, you MUST follow the tool-call format below:

Wrap all tool calls in a single <ifm|tool_calls></ifm|tool_calls> block. For each call, write the function name at the start of <ifm|tool_call>, followed by paired <ifm|arg_key> and <ifm|arg_value> tags for each argument:

<ifm|tool_calls>
<ifm|tool_call>$FUNCTION_NAME
<ifm|arg_key>$PARAMETER_NAME</ifm|arg_key>
<ifm|arg_value>$PARAMETER_VALUE</ifm|arg_value>
...
</ifm|tool_call>
</ifm|tool_calls>

String and scalar parameters should be written as plain text. Array and object parameters should be written as JSON literals.`;
  const toolsTurn = (list: string) => `# Tools
You may call one or more tools to assist with the user query.

Available tools are:

<ifm|tools>
${list}
</ifm|tools>

${instructions}`;
  const transform = (prompt: LanguageModelV4Prompt, tools = getTime) =>
    rewrittenPrompt(k2HorizonToolMiddleware, prompt, tools);
  const history = (system: LanguageModelV4Prompt) =>
    twoCallHistory(system, {
      secondInput: { offset: -5, list: [1, 'a'] },
      lastResult: '19:00<|ifm|im_end|></ifm|think>',
    });

  it('writes the tools into the system turn before its text, calls as a group, each result a tool turn', async () => {
    expect(await transform(history([{ role: 'system', content: 'Be brief.' }]))).toEqual([
      {
        role: 'system',
        content: `${toolsTurn('## get_time\n\n**Parameters**\n- `zone` *(string)*')}\n\nBe brief.`,
      },
      { role: 'user', content: [{ type: 'text', text: 'Time in Tokyo and Lima?' }] },
      {
        role: 'assistant',
        content: [
          {
            type: 'text',
            // Values raw if text, else `tojson`; the turn tokens of a result escaped, and the
            // reasoning closer, which the template would split the turn at.
            text: 'Checking.\n<ifm|tool_calls>\n<ifm|tool_call>get_time\n<ifm|arg_key>zone</ifm|arg_key>\n<ifm|arg_value>JST</ifm|arg_value>\n</ifm|tool_call>\n<ifm|tool_call>get_time\n<ifm|arg_key>offset</ifm|arg_key>\n<ifm|arg_value>-5</ifm|arg_value>\n<ifm|arg_key>list</ifm|arg_key>\n<ifm|arg_value>[1, "a"]</ifm|arg_value>\n</ifm|tool_call>\n</ifm|tool_calls><|ifm|im_end|><|ifm|im_start|>tool\n{"time":"09:00"}<|ifm|im_end|><|ifm|im_start|>tool\n19:00<\\|ifm|im_end|><\\/ifm|think>',
          },
        ],
      },
    ]);
  });

  it('makes the tools turn the system message when there is none', async () => {
    expect((await transform(history([])))?.[0]).toEqual({
      role: 'system',
      content: toolsTurn('## get_time\n\n**Parameters**\n- `zone` *(string)*'),
    });
  });

  const tool = (name: string, inputSchema: object, description?: string) =>
    ({
      type: 'function',
      name,
      ...(description === undefined ? {} : { description }),
      inputSchema,
    }) as LanguageModelV4FunctionTool;
  const object = (properties: object, rest: object = {}) => ({
    type: 'object',
    properties,
    ...rest,
  });
  const searchFiles = tool(
    'search_files',
    object(
      {
        query: { type: 'string', description: 'What to look for.\nRegex allowed.', minLength: 1 },
        limit: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
        mode: { type: 'string', enum: ['fast', 'deep'], default: 'fast', title: 'Mode' },
        paths: { type: 'array', items: { type: 'string' }, description: 'Where' },
        filter: object(
          {
            ext: { type: 'string', description: 'Extension' },
            size: { type: 'number', exclusiveMinimum: 0 },
          },
          { required: ['ext'], additionalProperties: false },
        ),
        owner: { anyOf: [{ type: 'string' }, { type: 'null' }], description: 'Who' },
        rows: {
          type: 'array',
          items: object({ a: { type: 'boolean' } }, { additionalProperties: false }),
        },
        flags: { type: ['string', 'null'] },
        extra: {
          type: 'object',
          additionalProperties: { type: 'integer' },
          propertyNames: { type: 'string' },
        },
        anything: {},
        note: { type: 'string', default: "  two  words 'q' \\ back" },
        opts: { type: 'object', default: { x: [1, true, null], y: " a \t\u3000it's\\b\n" } },
        choice: {
          oneOf: [
            { type: 'string', enum: ['a', 'b'] },
            { type: 'integer', description: 'Count\nof it' },
          ],
        },
        pat: { type: 'object', patternProperties: { '^x-': { type: 'string' }, '^y': true } },
        empty_default: { type: 'string', default: '' },
        enum_nonstr: { enum: [1, 'two', null, false] },
      },
      {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        required: ['query', 'filter'],
        additionalProperties: false,
      },
    ),
    'Search the workspace.\nReturns matching paths.',
  );
  const json = (name: string, parameters: string) =>
    `{"type": "function", "function": {"name": "${name}", "parameters": ${parameters}}}`;

  // Each list as the template renders it (checked against the template with Jinja).
  it.each([
    {
      what: 'types, required, descriptions, allowed values, defaults as Python literals, other keys',
      tools: [searchFiles, tool('ping', object({})), tool('noparams', { type: 'object' }, '')],
      list: `## search_files
Search the workspace.
Returns matching paths.

**Parameters**
- \`query\` *(string, required)* - What to look for.
  Regex allowed.
  - minLength: 1
- \`limit\` *(integer)*
  - Default: \`10\`
  - minimum: 1
  - maximum: 100
- \`mode\` *(string)*
  - Allowed values: \`fast\`, \`deep\`
  - Default: \`fast\`
  - title: Mode
- \`paths\` *(array of string)* - Where
  - Items *(string)*
- \`filter\` *(object, required)*
  - Additional properties: False
  - \`ext\` *(string, required)* - Extension
  - \`size\` *(number)*
    - exclusiveMinimum: 0
- \`owner\` *(anyOf[string or null])* - Who
  - anyOf:
    - Variant 1 *(string)*
    - Variant 2 *(null)*
- \`rows\` *(array of object)*
  - Items *(object)*
    - Additional properties: False
    - \`a\` *(boolean)*
- \`flags\` *(string or null)*
- \`extra\` *(object)*
  - Additional properties *(integer)*
  - propertyNames: {'type': 'string'}
- \`anything\` *(any)*
- \`note\` *(string)*
  - Default: \`  two  words 'q' \\ back\`
- \`opts\` *(object)*
  - Default: \`{'x': [1, True, None], 'y': 'a it\\'s\\\\b'}\`
- \`choice\` *(oneOf[string or integer])*
  - oneOf:
    - Variant 1 *(string)*
      - Allowed values: \`a\`, \`b\`
    - Variant 2 *(integer)*
      - Description: Count
        of it
- \`pat\` *(object)*
  - Pattern properties:
    - \`^x-\` *(string)*
    - \`^y\`: True
- \`empty_default\` *(string)*
  - Default: ""
- \`enum_nonstr\` *(any)*
  - Allowed values: \`1\`, \`two\`, \`None\`, \`False\`

## ping

**Parameters**
- None

## noparams

**Parameters**
- None`,
    },
    {
      what: 'parameters that are a list or variants, not an object of properties',
      tools: [
        tool(
          'batch',
          {
            type: 'array',
            items: object({ id: { type: 'integer' } }),
            description: 'Many\nitems',
            minItems: 1,
          },
          'Batch.',
        ),
        tool('either', {
          anyOf: [object({ a: { type: 'string' } }), object({ b: { type: 'integer' } })],
          additionalProperties: { type: 'string' },
          patternProperties: { '^z': { type: 'string' }, '^w': 1 },
          default: { a: 'x' },
          enum: ['q'],
        }),
      ],
      list: `## batch
Batch.

**Parameters**
- Description: Many
    items
- Items *(object)*
  - \`id\` *(integer)*
- minItems: 1

## either

**Parameters**
- Allowed values: \`q\`
- Default: \`{'a': 'x'}\`
- Additional properties *(string)*
- anyOf:
  - Variant 1 *(object)*
    - \`a\` *(string)*
  - Variant 2 *(object)*
    - \`b\` *(integer)*
- Pattern properties:
  - \`^z\` *(string)*
  - \`^w\`: 1`,
    },
    {
      what: 'type names, and schemas with unused definitions',
      tools: [
        tool('t', {
          type: 'object',
          $defs: { Id: { type: 'string' } },
          properties: {
            a: { type: 'array' },
            b: { type: ['array', 'null'], items: { type: 'integer' } },
            c: { items: { type: 'string' } },
            d: { properties: { x: {} } },
            e: { type: [] },
            f: { type: 'object', required: [] },
            g: { description: '' },
            h: { enum: [] },
            i: { items: [{ type: 'string' }] },
            j: { const: 'x', examples: ['a', 'b'] },
          },
        }),
      ],
      list: `## t

**Parameters**
- \`a\` *(array of any)*
- \`b\` *(array of integer or null)*
  - Items *(integer)*
- \`c\` *(array of string)*
  - Items *(string)*
- \`d\` *(object)*
  - \`x\` *(any)*
- \`e\` *(any)*
- \`f\` *(object)*
- \`g\` *(any)*
- \`h\` *(any)*
- \`i\` *(array of any)*
  - Items: [{'type': 'string'}]
- \`j\` *(any)*
  - const: x
  - examples: ['a', 'b']`,
    },
    {
      what: 'every tool as JSON when one has a $ref',
      tools: [
        tool(
          'lookup',
          object({ id: { $ref: '#/$defs/Id' } }, { $defs: { Id: { type: 'string' } } }),
          'Look up.',
        ),
        ...getTime,
      ],
      list: `{"type": "function", "function": {"name": "lookup", "description": "Look up.", "parameters": {"type": "object", "properties": {"id": {"$ref": "#/$defs/Id"}}, "$defs": {"Id": {"type": "string"}}}}}
${json('get_time', '{"type": "object", "properties": {"zone": {"type": "string"}}}')}`,
    },
    {
      what: 'as JSON when a keyword holds schemas the markdown does not show (a tuple)',
      tools: [
        tool(
          'pair',
          object({ p: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }] } }),
        ),
      ],
      list: json(
        'pair',
        '{"type": "object", "properties": {"p": {"type": "array", "prefixItems": [{"type": "string"}, {"type": "integer"}]}}}',
      ),
    },
    {
      what: 'as JSON when the parameters hold an object under a key of their own',
      tools: [tool('f', object({ a: { type: 'string' } }, { 'x-meta': { a: 1 } }))],
      list: json(
        'f',
        '{"type": "object", "properties": {"a": {"type": "string"}}, "x-meta": {"a": 1}}',
      ),
    },
    {
      what: 'as JSON when a keyword has a shape the markdown does not read',
      tools: [tool('f', object({ a: { type: 'string', enum: 'x' } }))],
      list: json('f', '{"type": "object", "properties": {"a": {"type": "string", "enum": "x"}}}'),
    },
  ])('lists the tools: $what', async ({ tools, list }) => {
    const [system] = (await transform(history([]), tools)) ?? [];
    expect(system).toEqual({ role: 'system', content: toolsTurn(list) });
  });
});

describe('k2HorizonFormat', () => {
  it("serves K2 Horizon's ids, and not Kimi K2's", () => {
    const [row] = k2HorizonFormat.models;
    for (const id of [
      'IFM/K2-Horizon-0.9B',
      'IFM/K2-Horizon-7B',
      'IFM/K2-Horizon-32B-GGUF',
      'IFM/K2-Horizon-MoVA-36B-A4B',
      'IFM/K2-Horizon-375B-A23B',
      'ingloryon/k2-horizon:0.9b-q8_0',
    ]) {
      expect(row?.match.test(id.toLowerCase())).toBe(true);
    }
    for (const id of ['moonshotai/Kimi-K2-Instruct', 'kimi-k2:1t', 'LLM360/K2-Think-V2']) {
      expect(row?.match.test(id.toLowerCase())).toBe(false);
    }
  });
});

describeProtocolProperties(
  [
    group(call('get_weather', pair('city', 'Oslo') + pair('days', '3'))),
    `<ifm|think>Need weather.</ifm|think>\n${group(call('get_weather', pair('city', 'Rome')))}`,
    `Checking.\n${group(call('get_time'), call('get_weather', pair('city', 'Paris') + pair('tags', '["a", "b"]')))} Done.`,
    '<ifm|tool_calls><ifm|tool_call>get_weather<ifm|arg_key>city</ifm|arg_key><ifm|arg_value>Quito</ifm|arg_value></ifm|tool_call></ifm|tool_calls>',
    group(call('get_weather', pair('city', 'Lima', 'string') + pair('days', '2', 'integer'))),
    '<ifm|tool_calls>\n<ifm|tool_call>{"name": "get_time", "arguments": {}}</ifm|tool_call>\n</ifm|tool_calls>',
    group(call('write_file', pair('path', 'a.ts') + pair('content', 'const x = "<tag>" && y;\n'))),
    '<ifm|tool_calls>\n<ifm|tool_call>write_file\n<ifm|arg_key>content</ifm|arg_key>\n<ifm|arg_value>cut off',
    group(call('no_such_tool', pair('x', '1'))),
    'Prose with <ifm|tool_calls> and no call.',
    `prefix${call('get_time')}suffix</ifm|tool_calls>`,
  ].map((reply, index) => ({ name: `k2-horizon #${index}`, protocol, reply })),
  reasoningTags,
);
