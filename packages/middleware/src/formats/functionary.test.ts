import type { LanguageModelV4FunctionTool, LanguageModelV4Prompt } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { autoProtocol } from '../auto/auto-protocol';
import { formatToolMiddleware } from '../auto/format-tool-middleware';
import { toolMiddlewareFor } from '../auto/tool-middleware-for';
import { functionaryToolMiddleware } from '../presets/presets';
import { fixtureTools as tools } from '../testing/fixtures';
import { scriptedModel } from '../testing/mock-model';
import { describeProtocolProperties } from '../testing/protocol-properties';
import { readThroughMiddleware } from '../testing/read-through-middleware';
import { rewrittenPrompt } from '../testing/rewritten-prompt';
import { readEveryWay } from '../testing/run-parser';
import { functionaryProtocol } from './functionary';

const protocol = functionaryProtocol();
const python: LanguageModelV4FunctionTool = {
  type: 'function',
  name: 'python',
  description: 'Runs Python code.',
  inputSchema: { type: 'object', properties: { code: { type: 'string' } }, required: ['code'] },
};
const withPython = [...tools, python];

describe('functionaryProtocol', () => {
  it('reads a reply that opens with a call, the >>> written by the generation prompt', () => {
    expect(readEveryWay(protocol, 'get_weather\n{"city": "Lyon"}', { tools })).toMatchObject({
      text: '',
      calls: [{ toolName: 'get_weather', input: '{"city":"Lyon"}' }],
    });
  });

  it('reads the text channel as text, its all marker as markup, and parallel calls after it', () => {
    const text =
      'all\nLet me check both cities.>>>get_weather\n{"city": "Lyon"}>>>get_weather\n{"city": "Porto"}';
    expect(readEveryWay(protocol, text, { tools })).toMatchObject({
      text: 'Let me check both cities.',
      calls: [
        { toolName: 'get_weather', input: '{"city":"Lyon"}' },
        { toolName: 'get_weather', input: '{"city":"Porto"}' },
      ],
    });
    expect(readEveryWay(protocol, 'get_time\n{}\n>>>all\nIt is noon.', { tools })).toMatchObject({
      text: 'It is noon.',
      calls: [{ toolName: 'get_time', input: '{}' }],
    });
    expect(readEveryWay(protocol, 'all\nall\nSure.', { tools }).text).toBe('all\nSure.');
  });

  it('reads <function=…> calls of v3.1 and Llama 3.1, in both spellings', () => {
    const text =
      'Checking.<function=get_weather>{"city": "Lyon"}</function><function name="get_time">{}</function>';
    expect(readEveryWay(protocol, text, { tools })).toMatchObject({
      text: 'Checking.',
      calls: [
        { toolName: 'get_weather', input: '{"city":"Lyon"}' },
        { toolName: 'get_time', input: '{}' },
      ],
    });
  });

  it('reads a call after reasoning', () => {
    expect(
      readEveryWay(protocol, '<think>The time.</think>get_time\n{}', {
        tools,
        reasoningTags: [['<think>', '</think>']],
      }),
    ).toMatchObject({ reasoning: 'The time.', calls: [{ toolName: 'get_time', input: '{}' }] });
  });

  it('reads relaxed JSON and arguments written as a JSON string', () => {
    expect(
      readEveryWay(protocol, ">>>get_weather\n{'city': 'Lyon', days: '2', detailed: True,}", {
        tools,
      }).calls,
    ).toEqual([{ toolName: 'get_weather', input: '{"city":"Lyon","days":2,"detailed":true}' }]);
    expect(
      readEveryWay(protocol, 'get_weather\n"{\\"city\\": \\"Lyon\\"}"', { tools }).calls,
    ).toEqual([{ toolName: 'get_weather', input: '{"city":"Lyon"}' }]);
  });

  it('sends raw code to a tool named python, and leaves it as text without one', () => {
    const text = 'python\nprint(">>> not a recipient")\nprint(1)>>>all\nDone.';
    expect(readEveryWay(protocol, text, { tools: withPython })).toMatchObject({
      text: 'Done.',
      calls: [
        {
          toolName: 'python',
          input: JSON.stringify({ code: 'print(">>> not a recipient")\nprint(1)' }),
        },
      ],
    });
    expect(
      readEveryWay(protocol, 'Computing.>>>python\nx = 2\n>>>get_time\n{}', { tools: withPython })
        .calls,
    ).toEqual([
      { toolName: 'python', input: JSON.stringify({ code: 'x = 2\n' }) },
      { toolName: 'get_time', input: '{}' },
    ]);
    expect(
      readEveryWay(protocol, '<|python_tag|>import math\nprint(math.pi)<|eom_id|>', {
        tools: withPython,
      }).calls,
    ).toEqual([
      { toolName: 'python', input: JSON.stringify({ code: 'import math\nprint(math.pi)' }) },
    ]);
    // A built-in's call after the tag is that tool's, not code for python.
    const search: LanguageModelV4FunctionTool = {
      type: 'function',
      name: 'brave_search',
      inputSchema: { type: 'object', properties: { query: { type: 'string' } } },
    };
    for (const reader of [protocol, autoProtocol()]) {
      expect(
        readEveryWay(reader, '<|python_tag|>brave_search.call(query="x")<|eom_id|>', {
          tools: [...withPython, search],
        }).calls,
      ).toEqual([{ toolName: 'brave_search', input: '{"query":"x"}' }]);
    }
    for (const text of ['python\nprint(1)', 'Run it.>>>python\nprint(1)']) {
      expect(readEveryWay(protocol, text, { tools })).toMatchObject({ text, calls: [] });
    }
  });

  it('never runs a call cut off inside its arguments', () => {
    expect(
      readEveryWay(protocol, '>>>write_file\n{"path": "a.ts", "content": "abc', { tools }).calls,
    ).toEqual([{ toolName: 'write_file', input: '{"path":"a.ts","content":"abc' }]);
    expect(readEveryWay(protocol, '<function=write_file>{"path": "a', { tools }).calls).toEqual([
      { toolName: 'write_file', input: '{"path":"a' },
    ]);
  });

  it('reports an unknown tool inside <function=…>, and keeps an unknown recipient as text', () => {
    expect(
      readEveryWay(protocol, '<function=not_a_tool>{"x": 1}</function>', { tools }).calls,
    ).toEqual([{ toolName: 'not_a_tool', input: '{"x":1}' }]);
    for (const text of ['not_a_tool\n{"x": 1}', 'Sure.>>>not_a_tool\n{"x": 1}']) {
      expect(readEveryWay(protocol, text, { tools })).toMatchObject({ text, calls: [] });
    }
  });

  it('keeps prose, Python prompts and opener mentions as text', () => {
    for (const text of [
      'The weather in Lyon is mild.',
      'In the REPL:\n>>> print(1)\n1',
      'Write <function=name> then the JSON.',
      'Sure.>>>get_weather\nis the tool I would use.',
      'get_weather\nis the tool I would use.',
      'Sure.>>>get_weather\nnow, or [later](#later).',
      '<function=get_weather> [is] the tag.',
      'all good',
      'all',
    ]) {
      expect(readEveryWay(protocol, text, { tools })).toMatchObject({ text, calls: [] });
    }
  });

  it('writes past calls and results as v3.2 reads them, and as v3.1 reads them', () => {
    const call = { toolCallId: 'c', toolName: 'get_weather', input: { city: 'Lyon' } };
    expect(protocol.formatToolCall(call)).toBe('>>>get_weather\n{"city":"Lyon"}');
    expect(readEveryWay(protocol, protocol.formatToolCall(call), { tools }).calls).toEqual([
      { toolName: 'get_weather', input: '{"city":"Lyon"}' },
    ]);
    const code = { toolCallId: 'd', toolName: 'python', input: { code: 'print(1)' } };
    expect(protocol.formatToolCall(code)).toBe('>>>python\nprint(1)');
    const v31 = functionaryProtocol({ version: 'v3.1' });
    expect(v31.formatToolCall(call)).toBe('<function=get_weather>{"city":"Lyon"}</function>');
    expect(readEveryWay(v31, v31.formatToolCall(call), { tools }).calls).toHaveLength(1);
    expect(v31.formatToolCall(code)).toBe('<|python_tag|>print(1)');
    expect(readEveryWay(v31, v31.formatToolCall(code), { tools: withPython }).calls).toEqual([
      { toolName: 'python', input: '{"code":"print(1)"}' },
    ]);
    expect(
      protocol.formatToolResponse({
        toolCallId: 'c',
        toolName: 'get_weather',
        output: { type: 'json', value: { temp_c: 14 } },
      }),
    ).toBe('{"temp_c":14}');
  });

  it('lists the tools as v3.2 reads them: a TypeScript namespace', () => {
    expect(
      protocol.formatTools(tools.slice(0, 1).concat(tools[2])),
    ).toBe(`// Supported function definitions that should be called when necessary.
namespace functions {

// Current weather and a forecast for a city.
type get_weather = (_: {
city: string,
days?: number,
units?: "metric" | "imperial",
detailed?: boolean,
tags?: string[],
}) => any;

type get_time = () => any;

} // namespace functions`);
    expect(functionaryProtocol({ version: 'v3.1' }).formatTools([tools[2]])).toBe(
      `Use the function 'get_time' to ''\n{"name":"get_time","parameters":{"type":"object","properties":{}}}`,
    );
  });
});

describe("functionary's template prompt (Functionary v3.2's chat template)", () => {
  const getTime: LanguageModelV4FunctionTool[] = [
    {
      type: 'function',
      name: 'get_time',
      description: 'Current time',
      inputSchema: {
        type: 'object',
        properties: {
          zone: { type: 'string', description: 'IANA zone', default: 'UTC' },
          at: { type: 'object', properties: { hour: { type: 'integer', maximum: 23 } } },
        },
        required: ['at'],
      },
    },
  ];
  // The template's own system text and namespace, as it writes them given these tools.
  const toolsSystem = `You are capable of executing available function(s) if required.
Only execute function(s) when absolutely necessary.
Ask for the required input to:recipient==all
Use JSON for function arguments.
Respond in this format:
>>>\${recipient}
\${content}
Available functions:
// Supported function definitions that should be called when necessary.
namespace functions {

// Current time
type get_time = (_: {
// IANA zone. Default="UTC".
zone?: string,
at: {
    // Maximum=23
    hour?: number,
},
}) => any;

} // namespace functions`;
  const transform = (prompt: LanguageModelV4Prompt) =>
    rewrittenPrompt(functionaryToolMiddleware, prompt, getTime);
  const ask: LanguageModelV4Prompt = [
    { role: 'user', content: [{ type: 'text', text: 'Time in Tokyo and Lima?' }] },
  ];

  it('writes its tools turn again, as a system turn before the system message', async () => {
    expect((await transform([{ role: 'system', content: 'Be brief.' }, ...ask]))?.[0]).toEqual({
      role: 'system',
      content: `${toolsSystem}<|eot_id|><|start_header_id|>system<|end_header_id|>\n\nBe brief.`,
    });
    expect((await transform(ask))?.[0]).toEqual({ role: 'system', content: toolsSystem });
  });

  it('writes calls after the text as >>>NAME and the arguments, each result as a tool turn', async () => {
    const prompt = await transform([
      ...ask,
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Checking.' },
          { type: 'tool-call', toolCallId: 'c1', toolName: 'get_time', input: { zone: 'JST' } },
          { type: 'tool-call', toolCallId: 'c2', toolName: 'get_time', input: { zone: 'PET' } },
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
          {
            type: 'tool-result',
            toolCallId: 'c2',
            toolName: 'get_time',
            output: { type: 'text', value: '19:00' },
          },
        ],
      },
    ]);
    expect(prompt?.slice(2)).toEqual([
      {
        role: 'assistant',
        content: [
          {
            type: 'text',
            // The template writes `>>>all\n` before the text and the end of turn after the last result.
            text: 'Checking.>>>get_time\n{"zone":"JST"}>>>get_time\n{"zone":"PET"}<|eot_id|><|start_header_id|>tool<|end_header_id|>\n\n{"time":"09:00"}<|eot_id|><|start_header_id|>tool<|end_header_id|>\n\n19:00',
          },
        ],
      },
    ]);
  });

  it('keeps the compact prompt on request', async () => {
    const compact = formatToolMiddleware('functionary', { prompt: 'compact' });
    const prompt = (
      await compact.transformParams?.({
        type: 'generate',
        params: { prompt: ask, tools: getTime },
        model: scriptedModel([]),
      })
    )?.prompt;
    expect(prompt?.[0]?.content).toContain('You can call the functions below when they help.');
  });
});

describeProtocolProperties(
  [
    'get_weather\n{"city": "Lyon", "days": 2}',
    'all\nLet me check both cities.>>>get_weather\n{"city": "Lyon"}>>>get_weather\n{"city": "Porto"}',
    'get_time\n{}\n>>>all\nIt is noon, and >>> quotes stay text.',
    'Checking.<function=get_weather>{"city": "Lyon"}</function>\n<function=get_time>{}</function>',
    '<think>I need the time.</think>get_time\n{}',
    ">>>get_weather\n{'city': 'Lyon', detailed: True}",
    '>>>write_file\n{"path": "a.ts", "content": "cut',
    'In the REPL:\n>>> print(1)\n1 and <function=name> mentions',
    'not_a_tool\n{"x": 1}',
    '<function=not_a_tool>{"x": 1}</function> then more text',
  ].map((reply, index) => ({ name: `functionary #${index}`, protocol, reply })),
);

describe.each([
  ['functionaryToolMiddleware', functionaryToolMiddleware],
  [
    "toolMiddlewareFor('meetkai/functionary-small-v3.2')",
    toolMiddlewareFor('meetkai/functionary-small-v3.2'),
  ],
])(
  'a reply opening with the text recipient the prompt left open, through %s',
  (_name, middleware) => {
    it('reads all\\n as markup, never text, and the calls after it', async () => {
      expect(await readThroughMiddleware(middleware, 'all\nHello, world!', { tools })).toEqual({
        text: 'Hello, world!',
        reasoning: '',
        calls: [],
      });
      expect(
        await readThroughMiddleware(middleware, 'all\nChecking.>>>get_time\n{}', { tools }),
      ).toEqual({
        text: 'Checking.',
        reasoning: '',
        calls: [{ toolName: 'get_time', input: '{}' }],
      });
      // Only at the start: later, `all` is a word.
      expect((await readThroughMiddleware(middleware, 'It is all\nfine.', { tools })).text).toBe(
        'It is all\nfine.',
      );
    });
  },
);
