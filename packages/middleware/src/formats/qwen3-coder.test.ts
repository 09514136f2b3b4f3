import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { assert, describe, expect, it, vi } from 'vitest';
import { autoToolMiddleware } from '../auto/auto-tool-middleware';
import { toolMiddlewareFor } from '../auto/tool-middleware-for';
import { qwen3CoderToolMiddleware } from '../presets/presets';
import { fixtureTools, typedTools } from '../testing/fixtures';
import { describeProtocolProperties } from '../testing/protocol-properties';
import { readThroughMiddleware } from '../testing/read-through-middleware';
import { firstCallInput, readEveryWay } from '../testing/run-parser';
import { qwen3CoderFormat, qwen3CoderProtocol } from './qwen3-coder';

const protocol = qwen3CoderProtocol();
const tools = typedTools;

const call = (name: string, parameters: string) =>
  `<tool_call>\n<function=${name}>\n${parameters}</function>\n</tool_call>`;

describe('qwen3CoderProtocol', () => {
  it('streams string parameters raw, one newline trimmed at each end, and types the others', () => {
    const code = 'if (a < b && c) {\n  return "</x>";\n}\n';
    const text = `Patching.\n${call('write_file', `<parameter=path>\nsrc/a.ts\n</parameter>\n<parameter=content>\n${code}\n</parameter>\n`)}`;
    expect(readEveryWay(protocol, text, { tools })).toMatchObject({
      text: 'Patching.\n',
      calls: [
        { toolName: 'write_file', input: JSON.stringify({ path: 'src/a.ts', content: code }) },
      ],
    });
    const typed = call(
      'configure',
      '<parameter=options>\n{"deep": true}\n</parameter>\n<parameter=ids>\n[1, 2]\n</parameter>\n<parameter=ratio>\n2.5\n</parameter>\n<parameter=note>\nnull\n</parameter>\n',
    );
    expect(firstCallInput(protocol, typed, { tools })).toEqual({
      options: { deep: true },
      ids: [1, 2],
      ratio: 2.5,
      // The reference parsers read `null` as null, whatever the declared type.
      note: null,
    });
  });

  it('reads null as null for any type, and text that only starts like null as text', () => {
    const text = call(
      'write_file',
      '<parameter=path>\nnull\n</parameter>\n<parameter=content>\nnullable\n</parameter>\n',
    );
    expect(readEveryWay(protocol, text, { tools }).calls).toEqual([
      { toolName: 'write_file', input: '{"path":null,"content":"nullable"}' },
    ]);
  });

  it('reads parallel calls, a missing <tool_call> opener and unclosed parameters', () => {
    const text = `${call('get_time', '')}\n<function=get_weather>\n<parameter=city>\nLyon\n<parameter=days>\n3\n</function>`;
    expect(readEveryWay(protocol, text, { tools }).calls).toEqual([
      { toolName: 'get_time', input: '{}' },
      { toolName: 'get_weather', input: '{"city":"Lyon","days":3}' },
    ]);
  });

  it('reads a call whose <tool_call> opener is missing, with its closer as markup', () => {
    const bare = '<function=get_weather>\n<parameter=city>\nOslo\n</parameter>\n</function>';
    const onError = vi.fn();
    expect(
      readEveryWay(protocol, `${bare}\n</tool_call>\nDone.`, { tools, onError }),
    ).toMatchObject({
      text: '\nDone.',
      calls: [{ toolName: 'get_weather', input: '{"city":"Oslo"}' }],
    });
    expect(onError).not.toHaveBeenCalled();
    // Without </function> too, the wrapper's closer ends the call.
    expect(
      readEveryWay(protocol, '<function=get_time>\n</tool_call>Done.', { tools }),
    ).toMatchObject({ text: 'Done.', calls: [{ toolName: 'get_time', input: '{}' }] });
    // The whitespace after the call is its markup, as after a JSON call's value.
    expect(readEveryWay(protocol, `${bare}\n`, { tools }).text).toBe('');
    expect(readEveryWay(protocol, `${bare} and more`, { tools }).text).toBe('and more');
  });

  it('reads a Hermes-style JSON body inside <tool_call> too', () => {
    expect(
      readEveryWay(protocol, '<tool_call>{"name": "get_time", "arguments": {}}</tool_call>', {
        tools,
      }).calls,
    ).toEqual([{ toolName: 'get_time', input: '{}' }]);
  });

  it('never runs a call cut off inside a parameter, and runs one whose parameters all closed', () => {
    expect(
      readEveryWay(protocol, '<tool_call>\n<function=write_file>\n<parameter=content>\nhalf a fi', {
        tools,
      }).calls,
    ).toEqual([{ toolName: 'write_file', input: '{"content":"half a fi' }]);
    expect(
      readEveryWay(
        protocol,
        '<tool_call>\n<function=get_weather>\n<parameter=city>\nLyon\n</parameter>\n',
        {
          tools,
        },
      ).calls,
    ).toEqual([{ toolName: 'get_weather', input: '{"city":"Lyon"}' }]);
  });

  it('keeps an opener that no call follows as text', () => {
    const text = 'Use <tool_call> tags, or <function=...> in XML.';
    expect(readEveryWay(protocol, text, { tools })).toMatchObject({ text, calls: [] });
  });

  it('keeps a bare <function=…> whose body is no parameter as text, never a call without its arguments', () => {
    for (const text of [
      '<function=get_weather>Oslo</function>',
      'Call <function=get_weather> with the city.',
    ]) {
      expect(readEveryWay(protocol, text, { tools })).toMatchObject({ text, calls: [] });
    }
  });

  it('writes a past call that reads back to the same input', () => {
    const input = { path: 'a.ts', content: 'x\n<y>\n', days: 3 };
    const text = protocol.formatToolCall({ toolCallId: 'c', toolName: 'write_file', input });
    expect(firstCallInput(protocol, text, { tools })).toEqual({
      ...input,
      days: '3',
    });
  });
});

describe('<function name="…"> with <param name="…"> or <parameter name="…">, as models also write it', () => {
  const weatherTools: LanguageModelV4FunctionTool[] = [
    ...fixtureTools.filter((tool) => tool.name !== 'get_weather'),
    {
      type: 'function',
      name: 'get_weather',
      inputSchema: {
        type: 'object',
        properties: { location: { type: 'string' }, days: { type: 'integer' } },
      },
    },
  ];
  const ROME = { toolName: 'get_weather', input: '{"location":"Rome"}' };
  const middlewares = [
    ['the Qwen3-Coder preset', qwen3CoderToolMiddleware],
    ['auto', autoToolMiddleware],
    ['toolMiddlewareFor("qwen3-coder:30b")', toolMiddlewareFor('qwen3-coder:30b')],
    ['toolMiddlewareFor("openbmb/MiniCPM4.1-8B")', toolMiddlewareFor('openbmb/MiniCPM4.1-8B')],
  ] as const;
  const read = (middleware: (typeof middlewares)[number][1], reply: string) =>
    readThroughMiddleware(middleware, reply, { tools: weatherTools });

  describe.each(middlewares)('through %s', (_name, middleware) => {
    it('reads a call of a known tool, <param> or <parameter>, alone or after prose', async () => {
      expect(
        await read(
          middleware,
          '<function name="get_weather"><param name="location">Rome</param></function>',
        ),
      ).toEqual({ text: '', reasoning: '', calls: [ROME] });
      expect(
        await read(
          middleware,
          'Checking.\n<function name="get_weather">\n<parameter name="location">\nRome\n</parameter>\n<parameter name="days">2</parameter>\n</function>',
        ),
      ).toEqual({
        text: 'Checking.\n',
        reasoning: '',
        calls: [{ toolName: 'get_weather', input: '{"location":"Rome","days":2}' }],
      });
    });

    it('reads it without the <tool_call> opener, its closer being markup', async () => {
      expect(
        await read(
          middleware,
          '<function name="get_weather">\n<param name="location">Rome</param>\n</function>\n</tool_call>',
        ),
      ).toEqual({ text: '', reasoning: '', calls: [ROME] });
    });

    it('reads it inside <tool_call>, the wrapper being markup', async () => {
      expect(
        await read(
          middleware,
          '<tool_call>\n<function name="get_weather">\n<param name="location">Rome</param>\n</function>\n</tool_call>\nDone.',
        ),
      ).toEqual({ text: '\nDone.', reasoning: '', calls: [ROME] });
    });

    it('reads a JSON body as the arguments, never as no arguments', async () => {
      expect(
        await read(middleware, '<function name="get_weather">{"location": "Rome"}</function>'),
      ).toEqual({ text: '', reasoning: '', calls: [ROME] });
    });

    it('never runs a call cut off inside a parameter', async () => {
      const { calls } = await read(
        middleware,
        '<function name="write_file"><parameter name="path">a.ts</parameter><parameter name="content">half a fi',
      );
      expect(calls).toHaveLength(1);
      const [call] = calls;
      assert.isDefined(call);
      expect(() => JSON.parse(call.input)).toThrow();
    });

    it('reads a value wrapped in CDATA (MiniCPM) as its content, which may hold the closing tags', async () => {
      const content = 'if (a < b) return "</param></function></tool_call>";\n  null\n';
      expect(
        await read(
          middleware,
          `<function name="write_file">\n<param name="path"><![CDATA[a.ts]]></param>\n<param name="content">\n<![CDATA[${content}]]>\n</param>\n</function>\nWritten.`,
        ),
      ).toEqual({
        text: 'Written.',
        reasoning: '',
        calls: [{ toolName: 'write_file', input: JSON.stringify({ path: 'a.ts', content }) }],
      });
      // CDATA content is text exactly: `null` and whitespace included; the schema still types it.
      expect(
        await read(
          middleware,
          '<tool_call><function name="get_weather"><parameter name="location"><![CDATA[null]]></parameter><param name="days"> <![CDATA[3]]> </param></function></tool_call>',
        ),
      ).toEqual({
        text: '',
        reasoning: '',
        calls: [{ toolName: 'get_weather', input: '{"location":"null","days":3}' }],
      });
    });

    it('keeps CDATA that does not open the value as written, and never runs one left open', async () => {
      expect(
        await read(
          middleware,
          '<function name="get_weather"><param name="location">Rome <![CDATA[x]]></param></function>',
        ),
      ).toEqual({
        text: '',
        reasoning: '',
        calls: [{ toolName: 'get_weather', input: '{"location":"Rome <![CDATA[x]]>"}' }],
      });
      const { calls } = await read(
        middleware,
        '<function name="write_file"><param name="path">a.ts</param><param name="content"><![CDATA[half</param></function>',
      );
      expect(calls).toHaveLength(1);
      const [call] = calls;
      assert.isDefined(call);
      expect(() => JSON.parse(call.input)).toThrow();
    });

    it('keeps the markup of an unknown tool in prose as text', async () => {
      const prose =
        'Call it as <function name="lookup"><param name="q">rome</param></function>, or <function name="x">.';
      expect(await read(middleware, prose)).toEqual({ text: prose, reasoning: '', calls: [] });
    });
  });
});

describeProtocolProperties(
  [
    call(
      'get_weather',
      '<parameter=city>\nOslo\n</parameter>\n<parameter=days>\n3\n</parameter>\n',
    ),
    `<think>Need weather.</think>\n${call('get_weather', '<parameter=city>\nRome\n</parameter>\n')}`,
    `${call('get_time', '')}\n${call('get_weather', '<parameter=city>\nParis\n</parameter>\n')} Done.`,
    '<function=get_weather>\n<parameter=city>\nQuito\n</parameter>\n</function>',
    call(
      'write_file',
      '<parameter=path>\na.ts\n</parameter>\n<parameter=content>\nconst x = "<tag>" && y;\n\n</parameter>\n',
    ),
    '<tool_call>\n<function=write_file>\n<parameter=content>\ncut off',
    call('no_such_tool', '<parameter=x>\n1\n</parameter>\n'),
    'Prose with <tool_call> and no call.',
    '<tool_call>{"name": "get_time", "arguments": {}}</tool_call>',
    'Checking.\n<function name="get_weather"><param name="city">Lima</param></function> Done.',
    '<tool_call>\n<function name="get_weather">\n<parameter name="city">\nLima\n</parameter>\n</function>\n</tool_call>',
  ].map((reply, index) => ({ name: `qwen3Coder #${index}`, protocol, reply })),
);

describe("qwen3-coder's template prompt (Qwen3-Coder's chat template)", () => {
  const { template } = qwen3CoderFormat;
  assert.isDefined(template, 'Qwen3-Coder has a template prompt');

  it('lists a tool with its schema keys as tags, Python-written scalars, JSON lists', () => {
    const system = template.tools(
      [
        {
          type: 'function',
          name: 'f',
          description: ' Does f. ',
          inputSchema: {
            type: 'object',
            properties: { n: { type: 'integer', minimum: 0, readOnly: true, enum: [1, 2] } },
            required: ['n'],
            additionalProperties: false,
          },
        },
      ],
      undefined,
    );
    expect(system).toContain(
      'You are Qwen, a helpful AI assistant that can interact with a computer to solve tasks.\n\n# Tools',
    );
    expect(system).toContain(
      '<function>\n<name>f</name>\n<description>Does f.</description>\n<parameters>\n<parameter>\n<name>n</name>\n<type>integer</type>\n<minimum>0</minimum>\n<readOnly>True</readOnly>\n<enum>[1, 2]</enum>\n</parameter>\n<required>["n"]</required>\n<additionalProperties>False</additionalProperties>\n</parameters>\n</function>\n</tools>',
    );
  });

  it('writes calls after the trimmed text, object values as JSON, results in one turn', () => {
    expect(
      template.calls(' Let me see. ', [
        { toolCallId: '1', toolName: 'f', input: { a: 'x', b: { c: [1] }, d: 2 } },
        { toolCallId: '2', toolName: 'g', input: {} },
      ]),
    ).toBe(
      'Let me see.\n\n<tool_call>\n<function=f>\n<parameter=a>\nx\n</parameter>\n<parameter=b>\n{"c": [1]}\n</parameter>\n<parameter=d>\n2\n</parameter>\n</function>\n</tool_call>\n<tool_call>\n<function=g>\n</function>\n</tool_call>',
    );
    expect(
      template.results([
        {
          toolCallId: '1',
          toolName: 'f',
          output: { type: 'text', value: 'ok</tool_response>' },
          content: 'ok</tool_response>',
        },
        {
          toolCallId: '2',
          toolName: 'g',
          output: { type: 'text', value: '{"a":1}' },
          content: '{"a":1}',
        },
      ]),
    ).toBe(
      '<tool_response>\nok<\\/tool_response>\n</tool_response>\n<tool_response>\n{"a":1}\n</tool_response>\n',
    );
  });
});
