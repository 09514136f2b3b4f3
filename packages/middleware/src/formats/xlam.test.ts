import { describe, expect, it } from 'vitest';
import { modelFamily } from '../auto/model-registry';
import type { TemplatePrompt, TemplateToolResult } from '../prompt/template-prompt';
import { stringifySpacedJson } from '../safe-json';
import { fixtureTools as tools } from '../testing/fixtures';
import { describeProtocolProperties } from '../testing/protocol-properties';
import { readEveryWay } from '../testing/run-parser';
import { type JsonArrayWrapper, jsonArrayProtocol, jsonArraySystemPromptTemplate } from './xlam';

const protocol = jsonArrayProtocol();
const LYON_AND_TIME =
  '[{"name": "get_weather", "arguments": {"city": "Lyon"}}, {"name": "get_time", "arguments": {}}]';
const BOTH = [
  { toolName: 'get_weather', input: '{"city":"Lyon"}' },
  { toolName: 'get_time', input: '{}' },
];

describe('jsonArrayProtocol (xLAM: bare)', () => {
  it('reads a reply that is a list of calls, fenced or not', () => {
    expect(readEveryWay(protocol, LYON_AND_TIME, { tools })).toMatchObject({
      text: '',
      calls: BOTH,
    });
    expect(
      readEveryWay(protocol, `\`\`\`json\n${LYON_AND_TIME}\n\`\`\`\nDone.`, { tools }),
    ).toMatchObject({ text: '\nDone.', calls: BOTH });
  });

  it('reads the list after reasoning', () => {
    expect(
      readEveryWay(protocol, `<think>Two tools.</think>\n${LYON_AND_TIME}`, {
        tools,
        reasoningTags: [['<think>', '</think>']],
      }),
    ).toMatchObject({ reasoning: 'Two tools.', calls: BOTH });
  });

  it('reads relaxed JSON, parameters for arguments and arguments as a JSON-encoded string', () => {
    expect(
      readEveryWay(
        protocol,
        `[{'name': 'get_weather', 'parameters': {city: 'Lyon', detailed: True,}}, {"name": "get_time", "arguments": "{}"}]`,
        { tools },
      ).calls,
    ).toEqual([
      { toolName: 'get_weather', input: '{"city":"Lyon","detailed":true}' },
      { toolName: 'get_time', input: '{}' },
    ]);
  });

  it('never runs a call cut off inside its arguments', () => {
    const reasons: string[] = [];
    expect(
      readEveryWay(
        protocol,
        '[{"name": "write_file", "arguments": {"path": "a.ts", "content": "half',
        { tools, onError: (_, { reason }) => reasons.push(reason) },
      ).calls,
    ).toEqual([{ toolName: 'write_file', input: '{"path":"a.ts","content":"half' }]);
    expect(reasons).toContain('call-cut-off');
  });

  it('keeps lists of unknown tools, other JSON, prose and code as text, and loses none of it', () => {
    for (const text of [
      '[{"name": "no_such_tool", "arguments": {}}]',
      '[]',
      '[1, 2, 3] are numbers.',
      '[Docs](https://example.com) first.',
      'Here is the list: [{"name": "get_time", "arguments": {}}]',
      '```json\n{"name": "Alice", "age": 3}\n```',
      '```python\nprint([1])\n```',
      '`code` first',
      '{"arguments": {}, "name": "get_time"}',
    ]) {
      expect(
        readEveryWay(protocol, text, { tools, emitRawToolCallTextOnError: false }),
      ).toMatchObject({ text, calls: [] });
    }
  });

  it('writes past calls as the list and reads them back; results as the tool turn content', () => {
    const call = protocol.formatToolCall({
      toolCallId: 'c',
      toolName: 'get_weather',
      input: { city: 'Lyon' },
    });
    expect(call).toBe('[{"name": "get_weather", "arguments": {"city": "Lyon"}}]');
    expect(readEveryWay(protocol, call, { tools }).calls).toEqual([
      { toolName: 'get_weather', input: '{"city":"Lyon"}' },
    ]);
    expect(
      protocol.formatToolResponse({
        toolCallId: 'c',
        toolName: 'get_weather',
        output: { type: 'json', value: { temp_c: 14 } },
      }),
    ).toBe('{"temp_c": 14}');
  });
});

describe('jsonArrayProtocol wrappers', () => {
  const cases: Array<{ wrapper: JsonArrayWrapper; reply: string; result: string }> = [
    {
      wrapper: 'tool_calls',
      reply: `Checking.<tool_calls>${LYON_AND_TIME}</tool_calls>`,
      result: '<tool_response>{"temp_c": 14}</tool_response>',
    },
    {
      wrapper: 'TOOLCALL',
      reply: `Checking.<TOOLCALL>${LYON_AND_TIME}</TOOLCALL>`,
      result: '<TOOL_RESPONSE>[{"temp_c": 14}]</TOOL_RESPONSE>',
    },
    {
      wrapper: 'functools',
      reply: `Checking. functools${LYON_AND_TIME}`,
      result: '{"temp_c": 14}',
    },
    {
      wrapper: { open: '<|tool_call|>', close: '<|/tool_call|>' },
      reply: `Checking.<|tool_call|>${LYON_AND_TIME}<|/tool_call|>`,
      result: '{"temp_c": 14}',
    },
  ];

  it.each(cases)('reads, writes and reads back $wrapper', ({ wrapper, reply, result }) => {
    const wrapped = jsonArrayProtocol({ wrapper });
    expect(readEveryWay(wrapped, reply, { tools })).toMatchObject({
      text: wrapper === 'functools' ? 'Checking. ' : 'Checking.',
      calls: BOTH,
    });
    // What a server leaves when it strips the markers.
    expect(readEveryWay(wrapped, LYON_AND_TIME, { tools }).calls).toEqual(BOTH);
    const call = wrapped.formatToolCall({ toolCallId: 'c', toolName: 'get_time', input: {} });
    expect(readEveryWay(wrapped, call, { tools })).toMatchObject({
      text: '',
      calls: [{ toolName: 'get_time', input: '{}' }],
    });
    expect(
      wrapped.formatToolResponse({
        toolCallId: 'c',
        toolName: 'get_weather',
        output: { type: 'json', value: { temp_c: 14 } },
      }),
    ).toBe(result);
    expect(jsonArraySystemPromptTemplate(wrapper)('[]')).toContain(
      wrapped.formatToolCall({ toolCallId: 'c', toolName: 'x', input: {} }).slice(0, 3),
    );
  });

  it('reads calls one object per line inside <tool_calls>, as MiniMax-Text-01 and M1 write them', () => {
    const reply =
      '<tool_calls>\n{"name": "get_weather", "arguments": {"city": "Lyon"}}\n{"name": "get_time", "arguments": {}}\n</tool_calls>';
    expect(
      readEveryWay(jsonArrayProtocol({ wrapper: 'tool_calls' }), reply, { tools }),
    ).toMatchObject({ text: '', calls: BOTH });
  });

  it('reports an unknown tool inside the markers as a call', () => {
    expect(
      readEveryWay(
        jsonArrayProtocol({ wrapper: 'tool_calls' }),
        '<tool_calls>[{"name": "no_such_tool", "arguments": {"x": 1}}]</tool_calls>',
        { tools },
      ).calls,
    ).toEqual([{ toolName: 'no_such_tool', input: '{"x":1}' }]);
  });

  it('keeps the marker word in prose as text', () => {
    const text = 'import functools\nfunctools.partial(f)';
    expect(
      readEveryWay(jsonArrayProtocol({ wrapper: 'functools' }), text, { tools }),
    ).toMatchObject({ text, calls: [] });
  });
});

describe('stringifySpacedJson', () => {
  it('spaces like json.dumps, outside strings only, and escapes closers', () => {
    expect(stringifySpacedJson({ a: [1, 2], 'b:c': 'x, y', d: '</tool_calls>' })).toBe(
      '{"a": [1, 2], "b:c": "x, y", "d": "\\u003c/tool_calls\\u003e"}',
    );
    expect(stringifySpacedJson({ q: 'say "a, b": \\' })).toBe('{"q": "say \\"a, b\\": \\\\"}');
  });
});

describeProtocolProperties([
  ...[
    '[{"name": "get_weather", "arguments": {"city": "Lyon", "days": 2}}, {"name": "get_time", "arguments": {}}]',
    '<think>Both. [{"name": "get_time", "arguments": {}}]</think>\n```json\n[{"name": "get_time", "arguments": {}}]\n```',
    "[{'name': 'get_weather', 'arguments': {city: 'Seoul', detailed: True, days: '2',}}]",
    '[{"name": "get_weather", "arguments": "{\\"city\\": \\"Lima\\"}"}] and some words',
    '[{"name": "write_file", "arguments": {"path": "a.ts", "content": "cut off',
    '[1, 2] and [links](x) are text',
    '[{"name": "no_such_tool", "arguments": {}}]',
    '[{"name": "get_weather", "arguments": {"__proto__": {"polluted": 1}, "city": "Proto"}}]',
  ].map((reply, index) => ({ name: `xlam #${index}`, protocol, reply })),
  ...(
    [
      [
        'tool_calls',
        `<think>Go.</think>\n<answer>\n<tool_calls>${LYON_AND_TIME}</tool_calls>\n</answer>`,
      ],
      [
        'tool_calls',
        '<tool_calls>[{"name": "get_time", "arguments": {}}, oops]</tool_calls> after',
      ],
      ['TOOLCALL', `<TOOLCALL>${LYON_AND_TIME}</TOOLCALL>`],
      ['functools', `Sure. functools${LYON_AND_TIME} then text`],
      ['functools', 'functools.reduce and functools[1]'],
    ] as const
  ).map(([wrapper, reply], index) => ({
    name: `json list ${wrapper} #${index}`,
    protocol: jsonArrayProtocol({ wrapper }),
    reply,
  })),
]);

/** The template prompt of the registry row that serves `modelId`. */
function rowTemplate(modelId: string): TemplatePrompt {
  const template = modelFamily(modelId)?.template;
  if (template === undefined) throw new Error(`no row template for ${modelId}`);
  return template;
}

const CALLS = [
  { toolCallId: 'call_0', toolName: 'get_weather', input: { city: 'Paris' } },
  { toolCallId: 'call_1', toolName: 'get_time', input: {} },
];
const result = (content: string): TemplateToolResult => ({
  toolCallId: 'call_0',
  toolName: 'get_weather',
  output: { type: 'text', value: content },
  content,
});

describe("the <TOOLCALL> rows' template prompts (NVIDIA's chat templates)", () => {
  it('Nemotron Nano v2: tools after the trimmed system text, calls after the trimmed text, results in one list', () => {
    const template = rowTemplate('nvidia/NVIDIA-Nemotron-Nano-9B-v2');
    expect(template.tools(tools.slice(0, 1), ' Be brief. ')).toMatch(
      /^Be brief\.\n\nYou can use the following tools to assist the user if required:\n<AVAILABLE_TOOLS>\[\{"name": "get_weather", "description": /,
    );
    expect(template.tools(tools.slice(0, 1), undefined)).toMatch(
      /^You can use the following tools/,
    );
    expect(template.calls(' Let me see. ', CALLS)).toBe(
      'Let me see.\n\n<TOOLCALL>[{"name": "get_weather", "arguments": {"city": "Paris"}}, {"name": "get_time", "arguments": {}}]</TOOLCALL>',
    );
    expect(template.results([result('{"a":1}'), result('a </TOOL_RESPONSE> b')])).toBe(
      '<TOOL_RESPONSE>[{"a":1}, a <\\/TOOL_RESPONSE> b]</TOOL_RESPONSE>',
    );
  });

  it('Llama Nemotron: calls right after the text, results as a tool turn the calling turn opens', () => {
    const template = rowTemplate('nvidia/Llama-3_3-Nemotron-Super-49B-v1_5');
    expect(template.calls('', CALLS.slice(0, 1))).toBe(
      '<TOOLCALL>[{"name": "get_weather", "arguments": {"city": "Paris"}}]</TOOLCALL>',
    );
    expect(template.resultsIn).toBe('assistant');
    expect(template.results([result('sunny')])).toBe(
      '<|eot_id|><|start_header_id|>tool<|end_header_id|>\n\n<TOOL_RESPONSE>[sunny]</TOOL_RESPONSE>',
    );
  });
});

describe("Apriel's template prompt (Apriel 1.5's chat template)", () => {
  const template = rowTemplate('ServiceNow-AI/Apriel-1.5-15b-Thinker');

  it('lists the tools as Python dicts after the system text, one a line', () => {
    expect(template.tools(tools.slice(0, 1), 'Be brief.')).toMatch(
      /^Be brief\.\nYou are provided with function signatures within <available_tools><\/available_tools> XML tags\. [^\n]*\n<available_tools>\n\{'type': 'function', 'function': \{'name': 'get_weather', [^\n]*\}\}\n<\/available_tools>$/,
    );
  });

  it('writes calls with their ids and Python-dict arguments, and a run of results as tool turns', () => {
    expect(template.calls('Checking.', CALLS)).toBe(
      'Checking.\n<tool_calls>[{"name": "get_weather", "arguments": {\'city\': \'Paris\'}, "id": "call_0"}, {"name": "get_time", "arguments": {}, "id": "call_1"}]</tool_calls>',
    );
    expect(template.results([result('sunny'), result('12:00')])).toBe(
      'sunny\n<|end|>\n<|tool_result|>\n12:00',
    );
  });
});
