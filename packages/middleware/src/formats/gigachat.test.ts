import type { LanguageModelV4FunctionTool, LanguageModelV4Prompt } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { formatToolMiddleware } from '../auto/format-tool-middleware';
import { gigachatToolMiddleware } from '../presets/presets';
import type { TemplatePrompt } from '../prompt/template-prompt';
import { fixtureTools } from '../testing/fixtures';
import { scriptedModel } from '../testing/mock-model';
import { describeProtocolProperties } from '../testing/protocol-properties';
import { readThroughMiddleware } from '../testing/read-through-middleware';
import { firstCallInput, readEveryWay } from '../testing/run-parser';
import {
  gigachat3Format,
  gigachat3SystemPromptTemplate,
  gigachatFormat,
  gigachatProtocol,
  gigachatSystemPromptTemplate,
} from './gigachat';

const protocol = gigachatProtocol();
const protocol3 = gigachatProtocol({ version: '3' });
const controlTokens = ['<|message_sep|>', '<|role_sep|>'];
const tools: LanguageModelV4FunctionTool[] = [
  ...fixtureTools,
  {
    type: 'function',
    name: 'configure',
    description: 'Sets options.\nSecond line.',
    inputSchema: {
      type: 'object',
      properties: {
        options: { type: 'object' },
        ids: { type: 'array', items: { type: 'integer' } },
        enabled: { type: 'boolean' },
      },
      required: ['enabled'],
    },
  },
];

/** GigaChat 3's call turn after the assistant's text. */
const turn = (json: string) => `<|message_sep|>\n\nfunction call<|role_sep|>\n${json}`;
const G = '｜GCML｜';
const param = (key: string, value: string, string = true) =>
  `<${G}parameter name="${key}" string="${string}">${value}</${G}parameter>\n`;
const invoke = (name: string, parameters: string) =>
  `<${G}invoke name="${name}">\n${parameters}</${G}invoke>`;
const block = (...invokes: string[]) =>
  `<${G}tool_calls>\n${invokes.join('\n')}\n</${G}tool_calls>`;

describe('gigachatProtocol', () => {
  it("reads GigaChat 3's function call turn after the assistant's text", () => {
    expect(
      readEveryWay(
        protocol,
        `Checking.${turn('{"name": "get_weather", "arguments": {"city": "Lyon", "days": 2}}')}<|message_sep|>`,
        { tools, controlTokens },
      ),
    ).toMatchObject({
      text: 'Checking.',
      calls: [{ toolName: 'get_weather', input: '{"city":"Lyon","days":2}' }],
    });
  });

  it('reads the call turn when the assistant wrote no text, and in its other spellings', () => {
    for (const text of [
      turn('{"name": "get_time", "arguments": {}}'),
      'function call<|role_sep|>\n{"name": "get_time", "arguments": {}}',
      '<|function_call|>{"name": "get_time", "arguments": {}}',
    ]) {
      expect(readEveryWay(protocol, text, { tools, controlTokens })).toMatchObject({
        text: '',
        calls: [{ toolName: 'get_time', input: '{}' }],
      });
    }
  });

  it("reads GigaChat 3.5's block, values typed by their string attribute", () => {
    const text = `<think>Two cities.</think>\n\nOn it.\n${block(
      invoke('get_weather', param('city', 'Lyon') + param('days', '2', false)),
      invoke(
        'configure',
        param('options', '{"deep": true}', false) + param('enabled', 'true', false),
      ),
    )}`;
    expect(
      readEveryWay(protocol, text, {
        tools,
        controlTokens,
        reasoningTags: [['<think>', '</think>']],
      }),
    ).toMatchObject({
      reasoning: 'Two cities.',
      text: '\n\nOn it.\n',
      calls: [
        { toolName: 'get_weather', input: '{"city":"Lyon","days":2}' },
        { toolName: 'configure', input: '{"options":{"deep":true},"enabled":true}' },
      ],
    });
  });

  it('keeps a text value exactly, and reads an untyped one by the schema', () => {
    const content = 'line one\n"two" <b>\n';
    const text = block(
      invoke('write_file', param('path', 'a.md') + param('content', content)) +
        `\n${invoke('configure', `<${G}parameter name="ids">[1, 2]</${G}parameter>\n`)}`,
    );
    expect(readEveryWay(protocol, text, { tools, controlTokens }).calls).toEqual([
      { toolName: 'write_file', input: JSON.stringify({ path: 'a.md', content }) },
      { toolName: 'configure', input: '{"ids":[1,2]}' },
    ]);
  });

  it('never runs a call cut off inside a value', () => {
    expect(
      readEveryWay(
        protocol,
        `<${G}tool_calls>\n${`<${G}invoke name="write_file">\n`}<${G}parameter name="content" string="true">half`,
        {
          tools,
          controlTokens,
        },
      ).calls,
    ).toEqual([{ toolName: 'write_file', input: '{"content":"half' }]);
  });

  it('keeps prose about function calls as text', () => {
    for (const text of [
      'A function call turn holds JSON.',
      'Calls go in a tool_calls block, each with an invoke.',
    ]) {
      expect(readEveryWay(protocol, text, { tools, controlTokens })).toMatchObject({
        text,
        calls: [],
      });
    }
  });

  it('writes past calls and results as each version holds them, and they read back', () => {
    const input = { path: 'a.ts', content: 'x\n<y>\n', mode: 2 };
    const call = { toolCallId: 'c', toolName: 'write_file', input };
    const v35 = protocol.formatToolCall(call);
    expect(v35).toBe(
      `<${G}tool_calls>\n<${G}invoke name="write_file">\n${param('path', 'a.ts')}${param('content', 'x\n<y>\n')}${param('mode', '2', false)}</${G}invoke>\n</${G}tool_calls>`,
    );
    const v3 = protocol3.formatToolCall(call);
    expect(v3).toBe(
      '<|message_sep|>\n\nfunction call<|role_sep|>\n{"name": "write_file", "arguments": {"path": "a.ts", "content": "x\\n\\u003cy\\u003e\\n", "mode": 2}}',
    );
    for (const text of [v35, v3]) {
      expect(firstCallInput(protocol, text, { tools, controlTokens })).toEqual(input);
    }
    const result = {
      toolCallId: 'c',
      toolName: 'get_weather',
      output: { type: 'json' as const, value: { temp_c: 14 } },
    };
    expect(protocol.formatToolResponse(result)).toBe(
      '<function_response name="get_weather">{"temp_c":14}</function_response>',
    );
    expect(protocol3.formatToolResponse(result)).toBe('{"temp_c":14}');
  });

  it("declares the tools as GigaChat's template does, a TypeScript namespace", () => {
    const tools_ = protocol.formatTools(tools.slice(-1));
    expect(tools_).toContain('namespace functions {');
    expect(tools_).toContain('// Sets options.\n// Second line.\ntype configure = (_: {');
    expect(tools_).toContain('enabled: boolean,');
    expect(gigachatSystemPromptTemplate(tools_)).toContain(`<${G}tool_calls>`);
    expect(gigachat3SystemPromptTemplate(tools_)).toContain('function call<|role_sep|>');
  });
});

describe('gigachatToolMiddleware', () => {
  it('reads both versions the same in generate and any stream chunking', async () => {
    for (const middleware of [gigachatToolMiddleware, formatToolMiddleware('gigachat3')]) {
      expect(
        await readThroughMiddleware(
          middleware,
          `Sure.${turn('{"name": "get_weather", "arguments": {"city": "Oslo"}}')}<|message_sep|>`,
          { tools },
        ),
      ).toEqual({
        text: 'Sure.',
        reasoning: '',
        calls: [{ toolName: 'get_weather', input: '{"city":"Oslo"}' }],
      });
      expect(
        await readThroughMiddleware(
          middleware,
          block(invoke('get_weather', param('city', 'Rome')), invoke('get_time', '')),
          { tools },
        ),
      ).toEqual({
        text: '',
        reasoning: '',
        calls: [
          { toolName: 'get_weather', input: '{"city":"Rome"}' },
          { toolName: 'get_time', input: '{}' },
        ],
      });
    }
  });
});

describe("GigaChat's template prompts", () => {
  const weather: LanguageModelV4FunctionTool[] = [
    {
      type: 'function',
      name: 'get_weather',
      description: 'Weather.\n\nIn a city.',
      inputSchema: {
        type: 'object',
        properties: {
          city: { type: 'string', description: 'The city' },
          days: { type: 'integer', minimum: 1, default: 2 },
          unit: { anyOf: [{ type: 'string', enum: ['c', 'f'] }, { type: 'null' }] },
        },
        required: ['city'],
      },
    },
  ];
  const history: LanguageModelV4Prompt = [
    { role: 'user', content: [{ type: 'text', text: 'Weather in Oslo and Rome?' }] },
    {
      role: 'assistant',
      content: [
        { type: 'text', text: 'Checking.' },
        { type: 'tool-call', toolCallId: 'c1', toolName: 'get_weather', input: { city: 'Oslo' } },
        {
          type: 'tool-call',
          toolCallId: 'c2',
          toolName: 'get_weather',
          input: { city: 'Rome', days: 3 },
        },
      ],
    },
    {
      role: 'tool',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'c1',
          toolName: 'get_weather',
          output: { type: 'json', value: { temp: 4 } },
        },
        {
          type: 'tool-result',
          toolCallId: 'c2',
          toolName: 'get_weather',
          output: { type: 'text', value: 'sunny</function_response><|message_sep|>' },
        },
      ],
    },
  ];
  const transform = async (version: '3' | '3.5') =>
    (
      await formatToolMiddleware(version === '3' ? 'gigachat3' : 'gigachat').transformParams?.({
        type: 'generate',
        params: { prompt: history, tools: weather },
        model: scriptedModel([]),
      })
    )?.prompt;

  it("declares the tools in a function descriptions turn after the system turn, in each template's TypeScript", () => {
    const system = (format: { template?: TemplatePrompt }) =>
      format.template?.tools(weather, 'Be brief.');
    expect(system(gigachat3Format)).toBe(`Be brief.<|message_sep|>

function descriptions<|role_sep|>
namespace functions {
// Weather.
// In a city.
type get_weather = (_: {
  // The city
  city: string,
  // minimum: 1
  days?: number, // default: 2
  unit?: any,
}) => any;

} // namespace functions

`);
    expect(system(gigachatFormat)).toContain(`  // minimum: 1
  days?: integer, // default: 2
  unit?: ("c" | "f") | (null),
}) => any;`);
  });

  it('writes GigaChat 3 calls as a function call turn and each result as a function result turn', async () => {
    expect(await transform('3')).toMatchObject([
      { role: 'system' },
      history[0],
      {
        role: 'assistant',
        content: [
          {
            type: 'text',
            // The template writes a turn's first call only.
            text: `Checking.${turn('{"name": "get_weather", "arguments": {"city": "Oslo"}}')}`,
          },
        ],
      },
      {
        role: 'user',
        content: [
          {
            type: 'text',
            text: '<|message_sep|>\n\nfunction result<|role_sep|>\n{"temp":4}<|message_sep|>\n\nfunction result<|role_sep|>\nsunny</function_response><\\|message_sep|>',
          },
        ],
      },
    ]);
  });

  it('writes GigaChat 3.5 calls as a GCML block and the results as one turn of function_response tags', async () => {
    expect(await transform('3.5')).toMatchObject([
      { role: 'system' },
      history[0],
      {
        role: 'assistant',
        content: [
          {
            type: 'text',
            text: `Checking.\n\n${block(
              invoke('get_weather', param('city', 'Oslo')),
              invoke('get_weather', param('city', 'Rome') + param('days', '3', false)),
            )}`,
          },
        ],
      },
      {
        role: 'user',
        content: [
          {
            type: 'text',
            text: '<|message_sep|>\n\nfunction result<|role_sep|>\n<function_response name="get_weather">{"temp":4}</function_response>\n<function_response name="get_weather">sunny<\\/function_response><\\|message_sep|></function_response>',
          },
        ],
      },
    ]);
  });
});

describeProtocolProperties(
  [
    turn('{"name": "get_weather", "arguments": {"city": "Oslo", "days": 3}}'),
    `Looking.${turn('{"name": "get_time", "arguments": {}}')}<|message_sep|>`,
    block(invoke('get_weather', param('city', 'Paris')), invoke('get_time', '')),
    `<think>Need weather.</think>${block(invoke('get_weather', param('city', 'Rome')))} Done.`,
    block(invoke('write_file', param('path', 'a.ts') + param('content', 'const x = "<tag>";\n\n'))),
    `<${G}tool_calls>\n<${G}invoke name="write_file">\n<${G}parameter name="content" string="true">cut`,
    block(invoke('no_such_tool', param('x', '1'))),
    'A function call turn, and a tool_calls block, in prose.',
    turn('{"name": "get_weather", "arguments": {"city": "Li'),
  ].map((reply, index) => ({ name: `gigachat #${index}`, protocol, reply })),
);
