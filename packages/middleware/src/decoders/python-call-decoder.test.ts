import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { fixtureTools as tools } from '../testing/fixtures';
import { firstCallInput, readEveryWay, streamChunks } from '../testing/run-parser';
import { defineTextProtocol } from '../text-protocol';
import { createPythonCallDecoder, formatPythonCall } from './python-call-decoder';

/** Calls at the reply start (known tools only), after `<py>` until `</py>`, and in a `tool_code` fence. */
const protocol = defineTextProtocol({
  grammar: (byName) => ({
    openers: ['<py>', '```tool_code'],
    leadingCall: true,
    startCall: (opener, sink) =>
      createPythonCallDecoder({
        tools: byName,
        sink,
        closer: opener === '<py>' ? '</py>' : opener === '' ? undefined : '```',
        knownToolsOnly: opener === '',
        sequence: opener !== '',
        proseWithoutCall: opener === '```tool_code',
      }),
  }),
  formatTools: () => '',
  formatToolCall: () => '',
  formatToolResponse: () => '',
});

describe('createPythonCallDecoder', () => {
  it('announces the tool at "(" and streams string values as they arrive', () => {
    const parts = streamChunks(
      protocol,
      ['<py>get_weather(', 'city="Ly', 'on", days=', '2)</py>'],
      {
        tools,
      },
    );
    expect(
      parts.map((part) => (part.type === 'tool-input-delta' ? part.delta : part.type)),
    ).toEqual([
      'tool-input-start',
      '{',
      '"city":',
      '"',
      'Ly',
      'on',
      '"',
      ',"days":',
      '2',
      '}',
      'tool-input-end',
      'tool-call',
    ]);
  });

  it('reads a list, print(…), dotted names, one call per line, ; and comments', () => {
    const text =
      '<py>[get_weather(city="Lyon"), get_time()]\nprint(default_api.get_time())\n# next\nget_weather(city="Rome"); get_time()</py>';
    expect(readEveryWay(protocol, text, { tools })).toMatchObject({
      text: '',
      calls: [
        { toolName: 'get_weather', input: '{"city":"Lyon"}' },
        { toolName: 'get_time', input: '{}' },
        { toolName: 'get_time', input: '{}' },
        { toolName: 'get_weather', input: '{"city":"Rome"}' },
        { toolName: 'get_time', input: '{}' },
      ],
    });
  });

  it('types values by the schema, as JSON formats do', () => {
    expect(
      readEveryWay(
        protocol,
        `<py>get_weather(city='Oslo', days='3', tags='rain', detailed='true')</py>`,
        {
          tools,
        },
      ).calls,
    ).toEqual([
      {
        toolName: 'get_weather',
        input: '{"city":"Oslo","days":3,"tags":["rain"],"detailed":true}',
      },
    ]);
  });

  it('at the reply start, reads only [ + a known tool + ( + a keyword or ), or a bare call that is the whole reply', () => {
    expect(readEveryWay(protocol, '[get_time()] then text', { tools })).toMatchObject({
      text: ' then text',
      calls: [{ toolName: 'get_time', input: '{}' }],
    });
    expect(readEveryWay(protocol, 'get_weather(city="Lyon") \n', { tools })).toMatchObject({
      text: '',
      calls: [{ toolName: 'get_weather', input: '{"city":"Lyon"}' }],
    });
    for (const text of [
      'get_weather(city="Lyon") then text',
      'get_weather(city) takes a city',
      'get_weather(city=CITY)',
      'get_weather is a tool',
      'unknown_tool(a=1)',
      '[unknown_tool(a=1)]',
      '[get_weather("Lyon")]',
      '[get_weather](https://example.com) is a tool',
      '[1] A citation.',
      '[get_weather(',
      'Sure: [get_weather(city="Lyon")]',
    ]) {
      expect(readEveryWay(protocol, text, { tools })).toMatchObject({ text, calls: [] });
    }
  });

  it("reads Llama 3.1's built-in call of a known tool, and past a statement's assignment", () => {
    const search: LanguageModelV4FunctionTool[] = [
      {
        type: 'function',
        name: 'brave_search',
        inputSchema: { type: 'object', properties: { query: { type: 'string' } } },
      },
    ];
    const read = readEveryWay(protocol, '<py>brave_search.call(query="Oslo")</py>', {
      tools: search,
    });
    expect(read.calls).toEqual([{ toolName: 'brave_search', input: '{"query":"Oslo"}' }]);
    // The built-in form is the wire format, not a slip: no repair is listed.
    expect(JSON.stringify(read.parts)).not.toContain('was read as');
    const assigned = readEveryWay(protocol, '```tool_code\nweather=get_weather(city="Oslo")\n```', {
      tools,
    });
    expect(assigned.calls).toEqual([{ toolName: 'get_weather', input: '{"city":"Oslo"}' }]);
    expect(JSON.stringify(assigned.parts)).toContain('Read past the assignment to weather');
    for (const text of [
      '```tool_code\nx = 1\n```',
      '```tool_code\nx == get_time()\n```',
      '```tool_code\na = b = get_time()\n```',
      '```tool_code\nself.x = get_time()\n```',
    ]) {
      expect(readEveryWay(protocol, text, { tools })).toMatchObject({ text, calls: [] });
    }
  });

  it('reads a positional argument only for a tool with one parameter', () => {
    const oneParameter: LanguageModelV4FunctionTool[] = [
      ...tools,
      {
        type: 'function',
        name: 'search',
        inputSchema: { type: 'object', properties: { query: { type: 'string' } } },
      },
    ];
    expect(
      readEveryWay(protocol, '<py>search("rate limits")</py>', { tools: oneParameter }).calls,
    ).toEqual([{ toolName: 'search', input: '{"query":"rate limits"}' }]);
    const errors: string[] = [];
    expect(
      readEveryWay(protocol, '<py>write_file("a.txt", "text")</py>after', {
        tools,
        onError: (message) => errors.push(message),
      }),
    ).toMatchObject({ text: 'after', calls: [{ toolName: 'write_file', input: '{' }] });
    expect(errors[0]).toMatch(/Positional arguments are not read/);
  });

  it('never runs a call cut off, or one whose syntax breaks after the name', () => {
    const reasons: string[] = [];
    const onError = (_: string, { reason }: { reason: string }) => reasons.push(reason);
    expect(
      readEveryWay(protocol, '<py>write_file(path="a.ts", content="half', { tools, onError }, 0)
        .calls,
    ).toEqual([{ toolName: 'write_file', input: '{"path":"a.ts","content":"half' }]);
    expect(reasons).toEqual(['call-cut-off', 'call-cut-off']);
    expect(readEveryWay(protocol, '<py>get_weather(city=CITY)</py>Next', { tools })).toMatchObject({
      text: 'Next',
      calls: [{ toolName: 'get_weather', input: '{"city":' }],
    });
    expect(
      readEveryWay(protocol, '<py>get_weather(city=lookup(x=1))</py>', { tools }).calls,
    ).toEqual([{ toolName: 'get_weather', input: '{"city":' }]);
  });

  it('runs the calls before a list breaks, and keeps a fence of ordinary code as text', () => {
    expect(readEveryWay(protocol, '<py>[get_time(), 42]</py>', { tools }).calls).toEqual([
      { toolName: 'get_time', input: '{}' },
    ]);
    for (const text of ['```tool_code\nx = 5\n```', '```tool_code\nprint("hi")\n```']) {
      expect(readEveryWay(protocol, text, { tools })).toMatchObject({ text, calls: [] });
    }
  });

  it('reads a 10 MB string argument in small chunks in linear time', () => {
    const content = 'x'.repeat(10_000_000);
    const text = `<py>write_file(path="big.txt", content="${content}")</py>`;
    const chunks: string[] = [];
    for (let i = 0; i < text.length; i += 7) chunks.push(text.slice(i, i + 7));
    const started = performance.now();
    const parts = streamChunks(protocol, chunks, { tools });
    expect(performance.now() - started).toBeLessThan(15_000);
    const call = parts.find((part) => part.type === 'tool-call');
    expect(call?.type === 'tool-call' && JSON.parse(call.input).content.length).toBe(10_000_000);
  });

  it('writes calls it reads back', () => {
    const input = { city: `It's "x"\n`, days: 2, tags: ['a'], detailed: false, extra: null };
    const text = formatPythonCall('get_weather', input);
    expect(text).toBe(
      'get_weather(city="It\'s \\"x\\"\\n", days=2, tags=["a"], detailed=False, extra=None)',
    );
    expect(firstCallInput(protocol, `<py>${text}</py>`, { tools })).toEqual(input);
  });
});
