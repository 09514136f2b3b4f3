import type { LanguageModelV4FunctionTool, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { assert, describe, expect, it, vi } from 'vitest';
import { autoToolMiddleware } from '../auto/auto-tool-middleware';
import { toolMiddlewareFor } from '../auto/tool-middleware-for';
import { gemmaProtocol } from '../formats/gemma';
import { toolCallTagProtocol } from '../formats/tool-call-tag';
import { hermesToolMiddleware } from '../presets/presets';
import { fixtureTools } from '../testing/fixtures';
import { readThroughMiddleware } from '../testing/read-through-middleware';
import { counterIds, meaningOfParts, readEveryWay, streamChunks } from '../testing/run-parser';
import { jsonMixProtocol } from './json-mix-protocol';

const protocol = jsonMixProtocol();
const tools = fixtureTools;

function parse(
  text: string,
  options: {
    onError?: (message: string, metadata: unknown) => void;
    emitRawToolCallTextOnError?: boolean;
    cutOffCalls?: 'reject' | 'close';
  } = {},
) {
  return protocol.parseGeneratedText({ text, tools, generateId: counterIds(), ...options });
}

describe('jsonMixProtocol', () => {
  it('streams a call part by part: start as soon as the name is known, string values as they arrive', () => {
    const parts: LanguageModelV4StreamPart[] = [];
    const parser = protocol.createStreamParser({ tools, generateId: counterIds() }, (part) =>
      parts.push(part),
    );
    parser.push('Checking. <tool_call>{"name": "get_weather", "argu');
    expect(parts.map((part) => part.type)).toEqual([
      'text-start',
      'text-delta',
      'text-end',
      'tool-input-start',
    ]);
    parser.push('ments": {"city": "Os');
    expect(parts.slice(4)).toEqual([
      { type: 'tool-input-delta', id: 'id-1', delta: '{' },
      { type: 'tool-input-delta', id: 'id-1', delta: '"city":' },
      { type: 'tool-input-delta', id: 'id-1', delta: '"' },
      { type: 'tool-input-delta', id: 'id-1', delta: 'Os' },
    ]);
    parser.push('lo", "days": 3}}</tool_call>');
    parser.finish();
    expect(parts.slice(8)).toEqual([
      { type: 'tool-input-delta', id: 'id-1', delta: 'lo' },
      { type: 'tool-input-delta', id: 'id-1', delta: '"' },
      { type: 'tool-input-delta', id: 'id-1', delta: ',"days":' },
      { type: 'tool-input-delta', id: 'id-1', delta: '3' },
      { type: 'tool-input-delta', id: 'id-1', delta: '}' },
      { type: 'tool-input-end', id: 'id-1' },
      {
        type: 'tool-call',
        toolCallId: 'id-1',
        toolName: 'get_weather',
        input: '{"city":"Oslo","days":3}',
        providerMetadata: {
          toolbridge: {
            rawToolCallText:
              '<tool_call>{"name": "get_weather", "arguments": {"city": "Oslo", "days": 3}}</tool_call>',
          },
        },
      },
    ]);
  });

  it('holds back only what could still become the opener', () => {
    const parts: LanguageModelV4StreamPart[] = [];
    const parser = protocol.createStreamParser({ tools, generateId: counterIds() }, (part) =>
      parts.push(part),
    );
    const text = 'a < b, <b>bold</b>, <tool_ca';
    let sent = 0;
    for (const char of text) {
      parser.push(char);
      sent++;
      const emitted = meaningOfParts(parts).text.length;
      expect(sent - emitted).toBeLessThan('<tool_call>'.length);
    }
    expect(meaningOfParts(parts).text).toBe('a < b, <b>bold</b>, ');
    parser.finish();
    expect(meaningOfParts(parts).text).toBe(text);
  });

  it('reads the deviations models write', () => {
    const calls = (text: string) =>
      parse(text)
        .filter((part) => part.type === 'tool-call')
        .map((part) => JSON.parse(part.input));
    expect(
      calls(
        "<tool_call>{'name': 'get_weather', 'arguments': {city: 'Oslo', /* c */ days: '3',}}</tool_call>",
      ),
    ).toEqual([{ city: 'Oslo', days: 3 }]);
    expect(
      calls(
        '<tool_call>{"name": "get_weather", "arguments": "{\\"city\\": \\"Lima\\"}"}</tool_call>',
      ),
    ).toEqual([{ city: 'Lima' }]);
    expect(
      calls('<tool_call>{"name": "get_weather", "parameters": {"city": "Quito"}}</tool_call>'),
    ).toEqual([{ city: 'Quito' }]);
    expect(
      calls(
        '<tool_call>\n```json\n{"name": "get_weather", "arguments": {"city": "Fenced"}}\n```\n</tool_call>',
      ),
    ).toEqual([{ city: 'Fenced' }]);
    expect(calls('<tool_call>{"name": "get_weather", "arguments": {"city": "No closer"}}')).toEqual(
      [{ city: 'No closer' }],
    );
    expect(
      calls(
        '<tool_call>{"name": "get_time"}</tool_call><tool_call>{"name": "get_time", "arguments": null}</tool_call>',
      ),
    ).toEqual([{}, {}]);
    expect(
      calls(
        '<tool_call>{"name": "get_weather", "arguments": {"city": "A", "unknown_key": [1]}}</tool_call>',
      ),
    ).toEqual([{ city: 'A', unknown_key: [1] }]);
  });

  it('emits an unknown tool name inside the delimiters as a call', () => {
    const [call] = parse(
      '<tool_call>{"name": "launch_rockets", "arguments": {"n": 3}}</tool_call>',
    );
    expect(call).toMatchObject({ type: 'tool-call', toolName: 'launch_rockets', input: '{"n":3}' });
  });

  it('keeps malformed markup as text and reports it, or suppresses the text on request', () => {
    const onError = vi.fn();
    expect(parse('a <tool_call>{"nam": 1}</tool_call> b', { onError })).toEqual([
      { type: 'text', text: 'a <tool_call>{"nam": 1}</tool_call> b' },
    ]);
    expect(onError).toHaveBeenCalledWith(
      expect.any(String),
      expect.objectContaining({
        reason: 'malformed-call',
        rawText: '<tool_call>{"nam": 1}</tool_call>',
      }),
    );
    const suppressed = vi.fn();
    expect(
      parse('a <tool_call>{"nam": 1}</tool_call> b', {
        onError: suppressed,
        emitRawToolCallTextOnError: false,
      }),
    ).toEqual([{ type: 'text', text: 'a  b' }]);
    expect(suppressed).toHaveBeenCalledWith(
      expect.any(String),
      expect.objectContaining({ rawText: '<tool_call>{"nam": 1}</tool_call>' }),
    );
  });

  it('keeps an opener that no call follows as text, reports it, and scans on at the next opener', () => {
    const onError = vi.fn();
    const text =
      'I\'ll use a <tool_call> block:\n<tool_call>{"name": "get_time", "arguments": {}}</tool_call>';
    expect(parse(text, { onError })).toEqual([
      { type: 'text', text: "I'll use a <tool_call> block:\n" },
      expect.objectContaining({ type: 'tool-call', toolName: 'get_time', input: '{}' }),
    ]);
    expect(parse('<tool_call>oops</tool_call> b', { onError })).toEqual([
      { type: 'text', text: '<tool_call>oops</tool_call> b' },
    ]);
    // The opener announced a call: silence is kept for text without one (issue 19).
    expect(onError.mock.calls.map(([, metadata]) => metadata)).toEqual([
      expect.objectContaining({ reason: 'malformed-call', rawText: '<tool_call> block:\n' }),
      expect.objectContaining({ reason: 'malformed-call', rawText: '<tool_call>oops</tool_call>' }),
    ]);
  });

  it('never runs a call cut off inside its arguments: its input is the unfinished deltas', () => {
    const onError = vi.fn();
    const text =
      '<tool_call>{"name": "write_file", "arguments": {"path": "a.ts", "content": "line 1\\nli';
    const [call] = parse(text, { onError });
    expect(call).toEqual({
      type: 'tool-call',
      toolCallId: 'id-0',
      toolName: 'write_file',
      input: '{"path":"a.ts","content":"line 1\\nli',
      providerMetadata: {
        toolbridge: {
          rawToolCallText: text,
          error: 'The call was cut off before its end',
          rejected: true,
        },
      },
    });
    expect(onError).toHaveBeenCalledWith(
      expect.any(String),
      expect.objectContaining({
        reason: 'call-cut-off',
        rawText: text,
        toolName: 'write_file',
        toolCallId: 'id-0',
      }),
    );
    // Closed best effort only on request.
    expect(parse(text, { cutOffCalls: 'close' })[0]).toMatchObject({
      input: '{"path":"a.ts","content":"line 1\\nli"}',
      providerMetadata: { toolbridge: { rejected: false } },
    });
  });

  it('gives a call cut before its first argument a non-empty input that is no JSON', () => {
    for (const text of [
      '<tool_call>{"name": "write_file", "arguments": ',
      '<tool_call>{"name": "write_file"',
      '<tool_call>{"name": "write_file", "arguments": "{\\"path\\": \\"a',
    ]) {
      const [call] = parse(text);
      expect(call).toMatchObject({ type: 'tool-call', input: '{' });
    }
  });

  it('runs a call whose arguments are complete though its closing never came', () => {
    for (const text of [
      '<tool_call>{"name": "get_weather", "arguments": {"city": "Oslo"}}',
      '<tool_call>{"name": "get_weather", "arguments": {"city": "Oslo"}',
      '<tool_call>{"name": "get_weather", "arguments": {"city": "Oslo"}, "reasoning": "the user asked',
    ]) {
      const [call] = parse(text);
      expect(call).toMatchObject({ type: 'tool-call', input: '{"city":"Oslo"}' });
    }
  });

  it('never runs a call whose arguments break after it was announced', () => {
    const onError = vi.fn();
    const content = parse(
      '<tool_call>{"name": "get_weather", "arguments": {"city": "Oslo", "days": }}</tool_call> rest',
      { onError },
    );
    expect(content[0]).toMatchObject({ type: 'tool-call', input: '{"city":"Oslo","days":' });
    expect(content[1]).toEqual({ type: 'text', text: ' rest' });
    expect(onError).toHaveBeenCalledWith(
      expect.stringMatching(/Unexpected/),
      expect.objectContaining({ reason: 'invalid-call' }),
    );
    expect(
      parse('<tool_call>{"name": "get_weather", "arguments": not valid json}</tool_call>')[0],
    ).toMatchObject({ type: 'tool-call', input: '{' });
  });

  it('takes only an object as input: null is {}, arrays, numbers and plain strings are invalid', () => {
    const inputs = (text: string) =>
      parse(text).flatMap((part) => (part.type === 'tool-call' ? [part.input] : []));
    expect(
      inputs(
        '<tool_call>{"name": "get_time", "arguments": null}</tool_call><tool_call>{"arguments": null, "name": "get_time"}</tool_call>',
      ),
    ).toEqual(['{}', '{}']);
    for (const value of ['[1, 2]', '5', '"hello"', 'true', '"[1]"']) {
      expect(inputs(`<tool_call>{"name": "get_time", "arguments": ${value}}</tool_call>`)).toEqual([
        '{',
      ]);
    }
    expect(inputs('<tool_call>{"arguments": [1], "name": "get_time"}</tool_call>')).toEqual([]);
  });

  it('keeps __proto__, constructor and prototype as data, never touching a prototype', () => {
    const [call] = parse(
      '<tool_call>{"name": "get_weather", "arguments": {"__proto__": {"polluted": true}, "constructor": {"prototype": 1}}}</tool_call>',
    );
    expect(call).toMatchObject({
      input: '{"__proto__":{"polluted":true},"constructor":{"prototype":1}}',
    });
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('writes a past call in its own format, which parses back to the same call', () => {
    const input = { path: 'x.ts', content: 'a </tool_call> b ``` c' };
    const text = protocol.formatToolCall({ toolCallId: 'c', toolName: 'write_file', input });
    expect(text.match(/<\/tool_call>/g)).toHaveLength(1);
    const [call] = parse(text);
    expect(call).toMatchObject({ toolName: 'write_file' });
    expect(JSON.parse((call as { input: string }).input)).toEqual(input);
  });

  it.each([
    ['hermes', protocol],
    ['gemma', gemmaProtocol()],
    ['tool-call-tag', toolCallTagProtocol()],
  ])(
    '%s reads a call of a known tool written without its delimiters, as auto does',
    (_name, preset) => {
      const call = '{"name": "get_weather", "arguments": {"city": "Oslo"}}';
      const oslo = [{ toolName: 'get_weather', input: '{"city":"Oslo"}' }];
      expect(readEveryWay(preset, call, { tools })).toMatchObject({ text: '', calls: oslo });
      expect(readEveryWay(preset, `Sure.\n${call}`, { tools })).toMatchObject({
        text: 'Sure.',
        calls: oslo,
      });
      expect(readEveryWay(preset, `Sure.\n\`\`\`json\n${call}\n\`\`\``, { tools })).toMatchObject({
        text: 'Sure.\n',
        calls: oslo,
      });
      for (const text of [
        `Write ${call} to call it.`,
        '{"name": "get_forecast", "arguments": {"city": "Oslo"}}',
        '```json\n{"name": "my-app", "version": "1.0.0"}\n```',
      ]) {
        expect(readEveryWay(preset, text, { tools })).toMatchObject({ text, calls: [] });
      }
    },
  );

  it('reads <tool_call> written twice as one opener', () => {
    const text =
      '<tool_call>\n<tool_call>\n{"name": "get_time", "arguments": {}}\n</tool_call> Done.';
    // The whitespace after the value is the call's, as after any call.
    expect(readEveryWay(protocol, text, { tools })).toMatchObject({
      text: 'Done.',
      calls: [{ toolName: 'get_time', input: '{}' }],
    });
  });

  it('reads the tags Hermes-trained models slip into only with the default delimiters', () => {
    const text = '<tools>{"name": "get_time", "arguments": {}}</tools>';
    expect(readEveryWay(protocol, text, { tools }).calls).toHaveLength(1);
    const custom = jsonMixProtocol({ toolCallStart: '<call>', toolCallEnd: '</call>' });
    expect(readEveryWay(custom, `Text ${text}`, { tools })).toMatchObject({
      text: `Text ${text}`,
      calls: [],
    });
  });

  it('leaves bare calls out of the grammar auto combines, which reads them itself', () => {
    assert.isDefined(protocol.grammar);
    const grammar = protocol.grammar(new Map(tools.map((tool) => [tool.name, tool])));
    expect(grammar.openers).toEqual(['<tool_call>', '<tools>', '<functioncall>', '<tool_call ']);
    expect(grammar.leadingCall).toBeUndefined();
  });

  it('keeps a configured opener that a fence for bare calls would overlap', () => {
    const fenced = jsonMixProtocol({ toolCallStart: '```json', toolCallEnd: '```' });
    expect(
      readEveryWay(fenced, '```json\n{"name": "launch_rockets", "arguments": {}}\n```', { tools }),
    ).toMatchObject({ text: '', calls: [{ toolName: 'launch_rockets', input: '{}' }] });
  });

  it("reads the closer after a call whose opener was left out as markup, the protocol's own", () => {
    const onError = vi.fn();
    expect(
      readEveryWay(protocol, '{"name": "get_time", "arguments": {}}\nDone.</tool_call> Bye.', {
        tools,
        onError,
      }),
    ).toMatchObject({ text: '\nDone. Bye.', calls: [{ toolName: 'get_time', input: '{}' }] });
    // The wrapper's closer, like the wrapper, is markup and not a slip to report.
    expect(onError).not.toHaveBeenCalled();
    const custom = jsonMixProtocol({ toolCallStart: '[[call]]', toolCallEnd: '[[/call]]' });
    expect(
      readEveryWay(custom, '{"name": "get_time", "arguments": {}}[[/call]]</tool_call>', { tools }),
    ).toMatchObject({ text: '</tool_call>', calls: [{ toolName: 'get_time', input: '{}' }] });
  });

  it('uses the configured delimiters and keys', () => {
    const custom = jsonMixProtocol({
      toolCallStart: '[[call]]',
      toolCallEnd: '[[/call]]',
      nameKey: 'fn',
      argumentsKey: 'with',
    });
    const parts = streamChunks(custom, ['x [[call]]{"fn": "get_time", "with": {}}[[/call]] y'], {
      tools,
    });
    expect(meaningOfParts(parts)).toEqual({
      text: 'x  y',
      reasoning: '',
      calls: [{ toolName: 'get_time', input: '{}' }],
    });
    expect(custom.formatToolCall({ toolCallId: 'c', toolName: 'get_time', input: {} })).toBe(
      '[[call]]\n{"fn":"get_time","with":{}}\n[[/call]]',
    );
  });
});

describe('<tool_call> with the name (and id) in attributes and the arguments as its body', () => {
  const TOKYO = { toolName: 'get_weather', input: '{"city":"Tokyo"}' };
  const middlewares = [
    ['the Hermes preset', hermesToolMiddleware],
    ['auto', autoToolMiddleware],
    ['toolMiddlewareFor("qwen2.5:7b")', toolMiddlewareFor('qwen2.5:7b')],
  ] as const;
  const read = (middleware: (typeof middlewares)[number][1], reply: string) =>
    readThroughMiddleware(middleware, reply, { tools });

  describe.each(middlewares)('through %s', (_name, middleware) => {
    it('reads a call of a known tool, after prose, several in a row', async () => {
      expect(
        await read(
          middleware,
          '<tool_call id="call_1" name="get_weather">{"city": "Tokyo"}</tool_call>',
        ),
      ).toEqual({ text: '', reasoning: '', calls: [TOKYO] });
      expect(
        await read(
          middleware,
          'Checking.\n<tool_call name=\'get_weather\' id=\'call_2\'>\n{"city": "Tokyo"}\n</tool_call>\n<tool_call name="get_time">{}</tool_call>',
        ),
      ).toEqual({
        text: 'Checking.\n\n',
        reasoning: '',
        calls: [TOKYO, { toolName: 'get_time', input: '{}' }],
      });
    });

    it('never runs a call cut off inside its arguments', async () => {
      const { calls } = await read(
        middleware,
        '<tool_call name="write_file">{"path": "a.ts", "content": "half a fi',
      );
      expect(calls).toHaveLength(1);
      const [call] = calls;
      assert.isDefined(call);
      expect(() => JSON.parse(call.input)).toThrow();
    });

    it('keeps the tag in prose, and one naming an unknown tool, as text', async () => {
      for (const prose of [
        'Wrap calls in <tool_call name="get_weather"> tags.',
        'An example: <tool_call id="call_1" name="lookup">{"q": "x"}</tool_call>.',
        'A <tool_call id="7"> tag with no name.',
      ]) {
        expect(await read(middleware, prose)).toEqual({ text: prose, reasoning: '', calls: [] });
      }
    });
  });

  it('reads a call object as the body, with the id of the tag, but not a parameter named like a key', () => {
    const calls = (text: string) => readEveryWay(protocol, text, { tools }).calls;
    expect(
      calls(
        '<tool_call name="get_weather">{"name": "get_weather", "arguments": {"city": "Tokyo"}}</tool_call>',
      ),
    ).toEqual([TOKYO]);
    const { parts } = readEveryWay(
      protocol,
      '<tool_call id="call_1">{"name": "get_weather", "arguments": {"city": "Tokyo"}}</tool_call>',
      { tools },
    );
    expect(parts.find((part) => part.type === 'tool-call')).toMatchObject({
      toolCallId: 'call_1',
      input: '{"city":"Tokyo"}',
    });
    const named: LanguageModelV4FunctionTool[] = [
      ...tools,
      {
        type: 'function' as const,
        name: 'rename',
        inputSchema: { type: 'object', properties: { name: { type: 'string' } } },
      },
    ];
    expect(
      readEveryWay(protocol, '<tool_call name="rename">{"name": "Ada"}</tool_call>', {
        tools: named,
      }).calls,
    ).toEqual([{ toolName: 'rename', input: '{"name":"Ada"}' }]);
  });

  it('gives the call the id the model wrote', () => {
    const { parts } = readEveryWay(
      protocol,
      '<tool_call id="call_1" name="get_weather">{"city": "Tokyo"}</tool_call>',
      { tools },
    );
    expect(parts.find((part) => part.type === 'tool-call')).toMatchObject({ toolCallId: 'call_1' });
  });
});
