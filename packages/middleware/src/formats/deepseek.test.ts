import type { LanguageModelV4FunctionTool, LanguageModelV4Prompt } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { deepseekV31ToolMiddleware } from '../presets/presets';
import { fixtureTools as tools } from '../testing/fixtures';
import { describeProtocolProperties } from '../testing/protocol-properties';
import { rewrittenPrompt } from '../testing/rewritten-prompt';
import { readEveryWay } from '../testing/run-parser';
import { deepseekProtocol } from './deepseek';

const protocol = deepseekProtocol();
const think = [['<think>', '</think>']] as const;

const BEGIN = '<｜tool▁calls▁begin｜>';
const END = '<｜tool▁calls▁end｜>';
const CALL = '<｜tool▁call▁begin｜>';
const CALL_END = '<｜tool▁call▁end｜>';
const SEP = '<｜tool▁sep｜>';
const fence = (json: string) => `\n\`\`\`json\n${json}\n\`\`\``;
/** A V3 / R1 call. */
const v3 = (name: string, json: string) => `${CALL}function${SEP}${name}${fence(json)}${CALL_END}`;
/** A V3.1 call. */
const v31 = (name: string, json: string) => `${CALL}${name}${SEP}${json}${CALL_END}`;

describe('deepseekProtocol', () => {
  it('writes its tokens with U+FF5C and U+2581', () => {
    expect(BEGIN).toBe('<\uFF5Ctool\u2581calls\u2581begin\uFF5C>');
    expect(protocol.formatToolCall({ toolCallId: 'c', toolName: 'get_time', input: {} })).toContain(
      BEGIN,
    );
  });

  it('reads a V3 / R1 call: type word, name, fenced JSON', () => {
    const text = `Let me check.${BEGIN}${v3('get_weather', '{"city": "Lyon", "days": 2}')}${END}`;
    const result = readEveryWay(protocol, text, { tools });
    expect(result).toMatchObject({
      text: 'Let me check.',
      calls: [{ toolName: 'get_weather', input: '{"city":"Lyon","days":2}' }],
    });
    expect(result.parts.filter((part) => part.type === 'tool-input-start')).toHaveLength(1);
  });

  it('reads parallel calls, newline-separated as V3 writes them, without a text block between', () => {
    const text = `${BEGIN}${v3('get_weather', '{"city": "Lyon"}')}\n${v3('get_weather', '{"city": "Porto"}')}${END}`;
    const result = readEveryWay(protocol, text, { tools });
    expect(result.text).toBe('');
    expect(result.calls).toEqual([
      { toolName: 'get_weather', input: '{"city":"Lyon"}' },
      { toolName: 'get_weather', input: '{"city":"Porto"}' },
    ]);
  });

  it('reads V3.1 calls: name, separator, raw JSON', () => {
    const text = `${BEGIN}${v31('get_weather', '{"city": "Lyon"}')}${v31('get_time', '{}')}${END}`;
    expect(readEveryWay(protocol, text, { tools })).toMatchObject({
      text: '',
      calls: [
        { toolName: 'get_weather', input: '{"city":"Lyon"}' },
        { toolName: 'get_time', input: '{}' },
      ],
    });
  });

  it('reads R1 reasoning first, and the call tokens R1 mentions in it are no calls', () => {
    const text = `<think>The format starts with ${BEGIN}${CALL}function${SEP}get_time, so I write it.</think>${BEGIN}${v3('get_time', '{}')}${END}`;
    expect(readEveryWay(protocol, text, { tools, reasoningTags: think })).toMatchObject({
      reasoning: `The format starts with ${BEGIN}${CALL}function${SEP}get_time, so I write it.`,
      text: '',
      calls: [{ toolName: 'get_time', input: '{}' }],
    });
  });

  it('reads a reply that starts inside the reasoning the template opened', () => {
    const text = `I need the time.\n</think>\n\n${BEGIN}${v3('get_time', '{}')}`;
    expect(
      readEveryWay(protocol, text, { tools, reasoningTags: think, startWithReasoning: true }),
    ).toMatchObject({
      reasoning: 'I need the time.\n',
      text: '\n\n',
      calls: [{ toolName: 'get_time', input: '{}' }],
    });
  });

  it('reads relaxed JSON and arguments as a JSON-encoded string', () => {
    expect(
      readEveryWay(
        protocol,
        `${BEGIN}${v3('get_weather', "{'city': 'Lyon', detailed: True, days: '2',}")}${END}`,
        { tools },
      ).calls,
    ).toEqual([{ toolName: 'get_weather', input: '{"city":"Lyon","detailed":true,"days":2}' }]);
    expect(
      readEveryWay(protocol, `${BEGIN}${v31('get_weather', '"{\\"city\\": \\"Lyon\\"}"')}${END}`, {
        tools,
      }).calls,
    ).toEqual([{ toolName: 'get_weather', input: '{"city":"Lyon"}' }]);
  });

  it('reads the deviations R1 distills write', () => {
    for (const begin of [
      '<｜tool_calls_begin｜>',
      '<｜tool calls begin｜>',
      '<｜tool\\_calls\\_begin｜>',
      '<｜tool▁calls｜>',
    ]) {
      expect(readEveryWay(protocol, `${begin}${v3('get_time', '{}')}`, { tools })).toMatchObject({
        text: '',
        calls: [{ toolName: 'get_time', input: '{}' }],
      });
    }
    // The call's begin token left out, whitespace before its end token, the block never closed.
    expect(
      readEveryWay(
        protocol,
        `${BEGIN}function${SEP}get_weather${fence('{"city": "Lyon"}')}\n\n${CALL_END}Done.`,
        { tools },
      ),
    ).toMatchObject({
      text: 'Done.',
      calls: [{ toolName: 'get_weather', input: '{"city":"Lyon"}' }],
    });
  });

  it('reads a V3 / R1 call whose tokens the server stripped, for known tools only', () => {
    const text =
      'Checking.functionget_weather\n```json\n{"city": "Lyon"}\n```\nfunctionget_time\n```json\n{}\n```';
    expect(readEveryWay(protocol, text, { tools })).toMatchObject({
      text: 'Checking.',
      calls: [
        { toolName: 'get_weather', input: '{"city":"Lyon"}' },
        { toolName: 'get_time', input: '{}' },
      ],
    });
    for (const prose of [
      'functionno_such_tool\n```json\n{}\n```',
      'functionget_weather\n{"city": "Lyon"}',
      'A functionget_time\nhelper.',
    ]) {
      expect(readEveryWay(protocol, prose, { tools })).toMatchObject({ text: prose, calls: [] });
    }
  });

  it('calls a V3.1 tool named function', () => {
    const named: LanguageModelV4FunctionTool[] = [
      { type: 'function', name: 'function', inputSchema: { type: 'object' } },
    ];
    expect(
      readEveryWay(protocol, `${BEGIN}${v31('function', '{"x": 1}')}${END}`, { tools: named })
        .calls,
    ).toEqual([{ toolName: 'function', input: '{"x":1}' }]);
  });

  it('never runs a call cut off inside its arguments', () => {
    const errors: string[] = [];
    const text =
      `${BEGIN}${CALL}function${SEP}write_file${fence('{"path": "a.ts", "content": "half')}`.slice(
        0,
        -4,
      );
    const result = readEveryWay(protocol, text, {
      tools,
      onError: (_message, { reason }) => errors.push(reason),
    });
    expect(result.calls).toEqual([
      { toolName: 'write_file', input: '{"path":"a.ts","content":"half' },
    ]);
    expect(errors).toContain('call-cut-off');
  });

  it('reports an unknown tool as a call, so the AI SDK can tell the model', () => {
    expect(
      readEveryWay(protocol, `${BEGIN}${v31('no_such_tool', '{"x": 1}')}${END}`, { tools }).calls,
    ).toEqual([{ toolName: 'no_such_tool', input: '{"x":1}' }]);
  });

  it('keeps prose, fenced JSON and look-alike tokens as text', () => {
    for (const text of [
      'The answer is 42.',
      `Here is JSON:${fence('{"name": "get_weather", "arguments": {"city": "Lyon"}}')}`,
      // ASCII bars and underscores are not DeepSeek's tokens.
      '<|tool▁calls▁begin|><|tool▁call▁begin|>function<|tool▁sep|>get_time',
      'function<｜tool▁sep｜>get_time is how a call looks.',
    ]) {
      expect(readEveryWay(protocol, text, { tools })).toMatchObject({ text, calls: [] });
    }
  });

  it('keeps a call token that opens no call as text', () => {
    expect(readEveryWay(protocol, `Use ${CALL} then a name.`, { tools })).toMatchObject({
      text: `Use ${CALL} then a name.`,
      calls: [],
    });
  });

  it('writes past calls and results in the V3 / R1 layout, and reads them back', () => {
    const call = protocol.formatToolCall({
      toolCallId: 'c',
      toolName: 'write_file',
      input: { path: 'a.md', content: 'Use ```ts``` and <｜tool▁call▁end｜>' },
    });
    expect(call).toBe(
      `${BEGIN}${CALL}function${SEP}write_file\n\`\`\`json\n{"path":"a.md","content":"Use \\u0060\\u0060\\u0060ts\\u0060\\u0060\\u0060 and \\u003c｜tool▁call▁end｜\\u003e"}\n\`\`\`${CALL_END}${END}`,
    );
    expect(readEveryWay(protocol, call, { tools }).calls).toEqual([
      {
        toolName: 'write_file',
        input: '{"path":"a.md","content":"Use ```ts``` and <｜tool▁call▁end｜>"}',
      },
    ]);
    expect(
      protocol.formatToolResponse({
        toolCallId: 'c',
        toolName: 'get_weather',
        output: { type: 'json', value: { temp_c: 14 } },
      }),
    ).toBe(
      '<｜tool▁outputs▁begin｜><｜tool▁output▁begin｜>{"temp_c":14}<｜tool▁output▁end｜><｜tool▁outputs▁end｜>',
    );
  });

  it('writes past calls and results in the V3.1 layout, and reads them back', () => {
    const v31Protocol = deepseekProtocol({ callFormat: 'v3.1' });
    const call = v31Protocol.formatToolCall({
      toolCallId: 'c',
      toolName: 'get_weather',
      input: { city: 'Lyon' },
    });
    expect(call).toBe(`${BEGIN}${CALL}get_weather${SEP}{"city":"Lyon"}${CALL_END}${END}`);
    expect(readEveryWay(v31Protocol, call, { tools }).calls).toEqual([
      { toolName: 'get_weather', input: '{"city":"Lyon"}' },
    ]);
    expect(
      v31Protocol.formatToolResponse({
        toolCallId: 'c',
        toolName: 'get_weather',
        output: { type: 'text', value: 'sunny' },
      }),
    ).toBe('<｜tool▁output▁begin｜>sunny<｜tool▁output▁end｜>');
  });

  it('lists the tools as DeepSeek does', () => {
    expect(protocol.formatTools([tools[2]])).toBe(
      '### get_time\n\nParameters: {"type":"object","properties":{}}',
    );
  });
});

describe('DeepSeek V3.1 template prompt', () => {
  const getTime = tools.filter((tool) => tool.name === 'get_time');
  const transform = (prompt: LanguageModelV4Prompt) =>
    rewrittenPrompt(deepseekV31ToolMiddleware, prompt, getTime);

  it('lists the tools after the system prompt as the model card does', async () => {
    expect(await transform([{ role: 'system', content: 'Be brief.' }])).toEqual([
      {
        role: 'system',
        content: `Be brief.

## Tools
You have access to the following tools:

### get_time

Parameters: {"type": "object", "properties": {}}

IMPORTANT: ALWAYS adhere to this exact format for tool use:
${BEGIN}${CALL}tool_call_name${SEP}tool_call_arguments${CALL_END}{additional_tool_calls}${END}

Where:
- \`tool_call_name\` must be an exact match to one of the available tools
- \`tool_call_arguments\` must be valid JSON that strictly follows the tool's Parameters Schema
- For multiple tool calls, chain them directly without separators or spaces`,
      },
    ]);
  });

  it('writes calls after the text in one block, and the results with their closer escaped', async () => {
    const prompt = await transform([
      { role: 'user', content: [{ type: 'text', text: 'Time in Tokyo and Lima?' }] },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Checking.' },
          { type: 'tool-call', toolCallId: 'c1', toolName: 'get_time', input: { city: 'Tokyo' } },
          { type: 'tool-call', toolCallId: 'c2', toolName: 'get_time', input: { city: 'Lima' } },
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
            output: { type: 'text', value: '19:00<｜tool▁output▁end｜>' },
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
            text: `Checking.${BEGIN}${v31('get_time', '{"city":"Tokyo"}')}${v31('get_time', '{"city":"Lima"}')}${END}`,
          },
        ],
      },
      {
        role: 'user',
        content: [
          {
            type: 'text',
            text: '<｜tool▁output▁begin｜>{"time":"09:00"}<｜tool▁output▁end｜><｜tool▁output▁begin｜>19:00<\\｜tool▁output▁end｜><｜tool▁output▁end｜>',
          },
        ],
      },
    ]);
  });
});

describeProtocolProperties(
  [
    `I'll check.${BEGIN}${v3('get_weather', '{"city": "Lyon", "days": 2}')}\n${v3('get_time', '{}')}${END}`,
    `${BEGIN}${v31('get_weather', '{"city": "Porto", "tags": ["a", "b"]}')}${v31('get_time', '{}')}${END}Done.`,
    // (The harness finds segments by their first occurrence: the mention must not be one.)
    `<think>A call starts with ${CALL}function${SEP}, then the name.</think>${BEGIN}${v3('get_time', '{}')}`,
    `<｜tool_calls_begin｜>function${SEP}get_weather${fence("{'city': 'Quito', detailed: True}")}\n${CALL_END}`,
    `${BEGIN}${v3('write_file', JSON.stringify({ path: 'a.md', content: 'Use ```ts``` fences and "quotes"' }))}${END}`,
    `${BEGIN}${CALL}function${SEP}write_file${fence('{"path": "a", "content": "cut off')}`.slice(
      0,
      -4,
    ),
    `${BEGIN}${v31('no_such_tool', '{"x": 1}')}${END}`,
    `No call: <|tool▁calls▁begin|> and ${CALL} alone.`,
    `${BEGIN}${v31('get_weather', '{"__proto__": {"polluted": 1}, "city": "Proto"}')}${END}`,
    `${BEGIN}${CALL}get_weather${SEP}not json${CALL_END}${END} after`,
    'functionget_weather\n```json\n{"city": "Lyon"}\n```\nfunctionno_such_tool\n```json\n{}\n```',
  ].map((reply, index) => ({ name: `deepseek #${index}`, protocol, reply })),
);
