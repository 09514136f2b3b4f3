import type { LanguageModelV4FunctionTool, LanguageModelV4Prompt } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { autoToolMiddleware } from '../auto/auto-tool-middleware';
import { formatToolMiddleware } from '../auto/format-tool-middleware';
import { toolMiddlewareFor } from '../auto/tool-middleware-for';
import { toolbridgeOptions } from '../middleware/toolbridge-options';
import { llama3JsonToolMiddleware } from '../presets/presets';
import { fixtureTools as tools } from '../testing/fixtures';
import { scriptedModel } from '../testing/mock-model';
import { describeProtocolProperties } from '../testing/protocol-properties';
import { readThroughMiddleware } from '../testing/read-through-middleware';
import { rewrittenPrompt } from '../testing/rewritten-prompt';
import { readEveryWay } from '../testing/run-parser';
import { llama3JsonFormat, llama3JsonProtocol } from './llama3-json';

const protocol = llama3JsonProtocol();

describe('llama3JsonProtocol', () => {
  it('reads a reply that is one call, with parameters or arguments', () => {
    expect(
      readEveryWay(protocol, '{"name": "get_weather", "parameters": {"city": "Lyon"}}', { tools }),
    ).toMatchObject({ text: '', calls: [{ toolName: 'get_weather', input: '{"city":"Lyon"}' }] });
    expect(
      readEveryWay(protocol, '  {"type": "function", "name": "get_time", "arguments": {}}', {
        tools,
      }).calls,
    ).toEqual([{ toolName: 'get_time', input: '{}' }]);
  });

  it('reads a reply that opens with a call after its reasoning', () => {
    expect(
      readEveryWay(protocol, '<think>The time.</think>\n{"name": "get_time", "parameters": {}}', {
        tools,
        reasoningTags: [['<think>', '</think>']],
      }),
    ).toMatchObject({ reasoning: 'The time.', calls: [{ toolName: 'get_time', input: '{}' }] });
  });

  it('reads calls after <|python_tag|>, separated by ; or newlines', () => {
    const text =
      '<|python_tag|>{"name": "get_weather", "parameters": {"city": "Lyon"}}; {"name": "get_weather", "parameters": {"city": "Porto"}}\n{"name": "get_time", "parameters": {}}';
    expect(readEveryWay(protocol, text, { tools }).calls).toEqual([
      { toolName: 'get_weather', input: '{"city":"Lyon"}' },
      { toolName: 'get_weather', input: '{"city":"Porto"}' },
      { toolName: 'get_time', input: '{}' },
    ]);
  });

  it('keeps prose, JSON of unknown tools and JSON that does not start with a name as text', () => {
    for (const text of [
      'The weather in Lyon is mild.',
      '{"name": "Alice", "parameters": {"age": 3}}',
      '{"city": "Lyon", "name": "get_weather"}',
      'Here: {"name": "get_weather", "parameters": {"city": "Lyon"}}',
    ]) {
      expect(readEveryWay(protocol, text, { tools })).toMatchObject({ text, calls: [] });
    }
  });

  it('never runs a call cut off inside its parameters', () => {
    expect(
      readEveryWay(protocol, '{"name": "write_file", "parameters": {"path": "a', { tools }).calls,
    ).toEqual([{ toolName: 'write_file', input: '{"path":"a' }]);
  });

  it('writes a past call and a result as Llama 3 reads them', () => {
    const call = protocol.formatToolCall({
      toolCallId: 'c',
      toolName: 'get_weather',
      input: { city: 'Lyon' },
    });
    expect(call).toBe('{"name":"get_weather","parameters":{"city":"Lyon"}}');
    expect(readEveryWay(protocol, call, { tools }).calls).toHaveLength(1);
    expect(
      protocol.formatToolResponse({
        toolCallId: 'c',
        toolName: 'get_weather',
        output: { type: 'json', value: { temp_c: 14 } },
      }),
    ).toBe('{"temp_c":14}');
  });
});

describe("the prompt in Llama 3.3's template's words", () => {
  const getTime: LanguageModelV4FunctionTool[] = [
    {
      type: 'function',
      name: 'get_time',
      description: 'The time.',
      inputSchema: { type: 'object', properties: { zone: { type: 'string' } } },
    },
  ];
  const transform = (prompt: LanguageModelV4Prompt) =>
    rewrittenPrompt(llama3JsonToolMiddleware, prompt, getTime);

  it('writes the tools before the first question, a call as the whole turn, a result as an ipython turn', async () => {
    const prompt = await transform([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: [{ type: 'text', text: ' Time in Tokyo? ' }] },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Checking.' },
          { type: 'tool-call', toolCallId: 'c1', toolName: 'get_time', input: { zone: 'JST' } },
        ],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c1',
            toolName: 'get_time',
            output: { type: 'json', value: { time: '09:00' } },
          },
        ],
      },
    ]);
    expect(prompt).toEqual([
      // The system text stays: the template writes the tools into the first user message.
      { role: 'system', content: 'Be brief.' },
      {
        role: 'user',
        content: [
          {
            type: 'text',
            text: `Given the following functions, please respond with a JSON for a function call with its proper arguments that best answers the given prompt.

Respond in the format {"name": function name, "parameters": dictionary of argument name and its value}.Do not use variables.

{
    "type": "function",
    "function": {
        "name": "get_time",
        "description": "The time.",
        "parameters": {
            "type": "object",
            "properties": {
                "zone": {
                    "type": "string"
                }
            }
        }
    }
}

Time in Tokyo?`,
          },
        ],
      },
      {
        role: 'assistant',
        content: [
          {
            type: 'text',
            // The template writes only the call, and the result's content as a JSON string.
            text: '{"name": "get_time", "parameters": {"zone": "JST"}}<|eot_id|><|start_header_id|>ipython<|end_header_id|>\n\n"{\\"time\\":\\"09:00\\"}"',
          },
        ],
      },
    ]);
  });

  it("escapes a result's <|eot_id|>, so it cannot end the ipython turn", () => {
    expect(
      llama3JsonFormat.template?.results([
        {
          toolCallId: 'c1',
          toolName: 'get_time',
          output: { type: 'text', value: '09:00<|eot_id|>' },
          content: '09:00<|eot_id|>',
        },
        {
          toolCallId: 'c2',
          toolName: 'get_time',
          output: { type: 'text', value: '19:00' },
          content: '19:00',
        },
      ]),
    ).toBe(
      '<|eot_id|><|start_header_id|>ipython<|end_header_id|>\n\n"09:00<\\|eot_id|>"<|eot_id|><|start_header_id|>ipython<|end_header_id|>\n\n"19:00"',
    );
  });

  it('keeps the compact prompt on request', async () => {
    const compact = formatToolMiddleware('llama3-json', { prompt: 'compact' });
    const prompt = await compact.transformParams?.({
      type: 'generate',
      params: {
        prompt: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
        tools: getTime,
      },
      model: scriptedModel([]),
    });
    expect(prompt?.prompt[0]).toMatchObject({ role: 'system' });
    expect(JSON.stringify(prompt?.prompt)).toContain('You have access to the functions below.');
  });
});

const stringTool = (name: string, key: string): LanguageModelV4FunctionTool => ({
  type: 'function',
  name,
  inputSchema: { type: 'object', properties: { [key]: { type: 'string' } }, required: [key] },
});
const builtIns = [
  stringTool('brave_search', 'query'),
  stringTool('wolfram_alpha', 'query'),
  stringTool('code_interpreter', 'code'),
];
const OSLO_SEARCH = { toolName: 'brave_search', input: '{"query":"weather in Oslo"}' };

/** The family's preset, and what reads every format: auto, and toolMiddlewareFor with Llama 3.1 / 3.3 ids. */
const READERS = [
  ['the preset', llama3JsonToolMiddleware],
  ['autoToolMiddleware', autoToolMiddleware],
  ...['llama3.1:8b', 'meta-llama/Llama-3.3-70B-Instruct'].map(
    (id) => [`toolMiddlewareFor(${JSON.stringify(id)})`, toolMiddlewareFor(id)] as const,
  ),
] as const;

describe.each(READERS)("Llama 3.1's built-in tools, read through %s", (_name, middleware) => {
  it.each([
    ['brave_search', '<|python_tag|>brave_search.call(query="weather in Oslo")', OSLO_SEARCH],
    [
      'brave_search, then <|eom_id|>',
      '<|python_tag|>brave_search.call(query="weather in Oslo")<|eom_id|>',
      OSLO_SEARCH,
    ],
    [
      'wolfram_alpha',
      '<|python_tag|>wolfram_alpha.call(query="2+2")',
      { toolName: 'wolfram_alpha', input: '{"query":"2+2"}' },
    ],
    [
      'wolfram_alpha, then <|eom_id|>',
      '<|python_tag|>wolfram_alpha.call(query="2+2")<|eom_id|>',
      { toolName: 'wolfram_alpha', input: '{"query":"2+2"}' },
    ],
    [
      'code_interpreter: raw code',
      '<|python_tag|>import math\nprint(math.sqrt(2))<|eom_id|>',
      { toolName: 'code_interpreter', input: '{"code":"import math\\nprint(math.sqrt(2))"}' },
    ],
    [
      'brave_search, its tag dropped by the server',
      'brave_search.call(query="weather in Oslo")<|eom_id|>',
      OSLO_SEARCH,
    ],
  ])('calls %s when that tool is given', async (_what, reply, call) => {
    expect(await readThroughMiddleware(middleware, reply, { tools: builtIns })).toEqual({
      text: '',
      reasoning: '',
      calls: [call],
    });
  });

  it('keeps a tagless built-in call followed by prose as text', async () => {
    const reply = 'brave_search.call(query="weather in Oslo") searches the web.';
    expect(await readThroughMiddleware(middleware, reply, { tools: builtIns })).toEqual({
      text: reply,
      reasoning: '',
      calls: [],
    });
  });

  it('keeps a built-in call of a tool not given as text, reported, never run', async () => {
    const errors: unknown[] = [];
    const reply = '<|python_tag|>brave_search.call(query="weather in Oslo")<|eom_id|>';
    const meaning = await readThroughMiddleware(middleware, reply, {
      tools,
      providerOptions: toolbridgeOptions({
        onError: (_message, { reason }) => errors.push(reason),
      }),
    });
    // The engine keeps the markup of what is no call as it was written, opener included.
    expect(meaning).toEqual({
      text: '<|python_tag|>brave_search.call(query="weather in Oslo")',
      reasoning: '',
      calls: [],
    });
    expect(new Set(errors)).toEqual(new Set(['malformed-call']));
  });
});

describeProtocolProperties(
  [
    '{"name": "get_weather", "parameters": {"city": "Lyon", "days": 2}}',
    '<think>I need the time.</think>\n{"name": "get_time", "parameters": {}}',
    '<|python_tag|>{"name": "get_weather", "parameters": {"city": "Lyon"}}; {"name": "get_time", "arguments": {}}',
    'No call here: {"name": "get_weather", "parameters": {"city": "Lyon"}}',
    '{"name": "not_a_tool", "parameters": {}}',
    '{"name": "write_file", "parameters": {"path": "a", "content": "cut',
    "{'name': 'get_weather', 'parameters': {'city': 'Lyon', 'detailed': True}}",
    '<|python_tag|>get_weather.call(city="Oslo", days=2)<|eom_id|>',
    'get_weather.call(city="Oslo")\n',
    '<|python_tag|>brave_search.call(query="weather in Oslo")<|eom_id|>',
    '<|python_tag|>import math\nprint(math.pi)<|eom_id|>',
  ].map((reply, index) => ({ name: `llama3Json #${index}`, protocol, reply })),
);
