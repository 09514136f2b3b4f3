import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { describe, expect, it, vi } from 'vitest';
import { autoProtocol } from '../auto/auto-protocol';
import { autoToolMiddleware } from '../auto/auto-tool-middleware';
import { toolMiddlewareFor } from '../auto/tool-middleware-for';
import { granite20bFcToolMiddleware } from '../presets/presets';
import { fixtureTools, typedTools } from '../testing/fixtures';
import { describeProtocolProperties } from '../testing/protocol-properties';
import { expectCleanReply, readThroughMiddleware } from '../testing/read-through-middleware';
import { rewrittenPrompt } from '../testing/rewritten-prompt';
import { readEveryWay } from '../testing/run-parser';
import { timeCallHistory } from '../testing/time-call-history';
import { granite20bFcProtocol, granite20bFcSystemPromptTemplate } from './granite-20b-fc';

const protocol = granite20bFcProtocol();
const tools = typedTools;
const middleware = granite20bFcToolMiddleware;

/** A call as the model writes it (and vLLM's template writes past ones): the tag, a space, the object. */
const call = (name: string, args: string) =>
  `<function_call> {"name": "${name}", "arguments": ${args}}`;
const NO_FUNCTION = call('no_function', '{}');

describe('granite20bFcProtocol', () => {
  it('reads calls one after another, each after its own tag, with prose before them', () => {
    for (const between of ['\n', '', ' ']) {
      const text = `Let me check.\n${call('get_weather', '{"city": "Lyon", "days": 2}')}${between}${call('get_time', '{}')}`;
      expect(readEveryWay(protocol, text, { tools })).toMatchObject({
        text: `Let me check.${between === ' ' ? ' ' : ''}`,
        calls: [
          { toolName: 'get_weather', input: '{"city":"Lyon","days":2}' },
          { toolName: 'get_time', input: '{}' },
        ],
      });
    }
  });

  it('ends a call at its closing brace, as there is no closing tag: what follows is text', () => {
    expect(
      readEveryWay(protocol, `${call('get_time', '{}')} Then I will answer.`, { tools }),
    ).toMatchObject({
      text: ' Then I will answer.',
      calls: [{ toolName: 'get_time', input: '{}' }],
    });
  });

  it('reads the object without the space after the tag, relaxed JSON and string-encoded arguments', () => {
    expect(
      readEveryWay(
        protocol,
        `<function_call>{'name': 'get_weather', 'arguments': {'city': 'Lyon', 'detailed': True,}}<function_call> {"name": "get_weather", "arguments": "{\\"city\\": \\"Porto\\"}"}`,
        { tools },
      ).calls,
    ).toEqual([
      { toolName: 'get_weather', input: '{"city":"Lyon","detailed":true}' },
      { toolName: 'get_weather', input: '{"city":"Porto"}' },
    ]);
  });

  it('keeps string values exactly, a tag inside one included', () => {
    const content = 'if (a < b) {\n  x = "<function_call> {}";\n}\n';
    const text = call('write_file', JSON.stringify({ path: 'a.ts', content }));
    expect(readEveryWay(protocol, text, { tools }).calls).toEqual([
      { toolName: 'write_file', input: JSON.stringify({ path: 'a.ts', content }) },
    ]);
  });

  it('never runs a call cut off inside its arguments', () => {
    const onError = vi.fn();
    const [cut] = readEveryWay(
      protocol,
      '<function_call> {"name": "write_file", "arguments": {"path": "a.ts", "content": "half a fi',
      { tools, onError },
    ).calls;
    expect(cut?.toolName).toBe('write_file');
    expect(() => JSON.parse(cut?.input ?? '')).toThrow();
    expect(onError).toHaveBeenCalledWith(
      expect.any(String),
      expect.objectContaining({ reason: 'call-cut-off' }),
    );
  });

  it('runs a call whose arguments closed though the object around them did not', () => {
    expect(
      readEveryWay(
        protocol,
        '<function_call> {"name": "get_weather", "arguments": {"city": "Oslo"}',
        {
          tools,
        },
      ),
    ).toMatchObject({ text: '', calls: [{ toolName: 'get_weather', input: '{"city":"Oslo"}' }] });
  });

  it('reports an unknown tool after the tag as a call', () => {
    expect(readEveryWay(protocol, call('no_such_tool', '{"x": 1}'), { tools }).calls).toEqual([
      { toolName: 'no_such_tool', input: '{"x":1}' },
    ]);
  });

  it('keeps a tag followed by no JSON object as text, and says so', () => {
    const onError = vi.fn();
    const text = 'I would write <function_call> and then the call.';
    expect(readEveryWay(protocol, text, { tools, onError })).toMatchObject({ text, calls: [] });
    expect(onError).toHaveBeenCalledWith(
      expect.any(String),
      expect.objectContaining({ reason: 'malformed-call' }),
    );
  });

  describe('no_function, the answer that no function fits', () => {
    it('runs nothing and leaves nothing in the text, and onError is told', () => {
      const onError = vi.fn();
      for (const text of [
        NO_FUNCTION,
        '<function_call> {"name": "no_function"}',
        '<function_call> {"arguments": {}, "name": "no_function"}',
        `${NO_FUNCTION}<|endoftext|>`,
      ]) {
        onError.mockClear();
        const {
          text: read,
          calls,
          parts,
        } = readEveryWay(protocol, text, {
          tools,
          onError,
          controlTokens: ['<|endoftext|>'],
        });
        expect(read).toBe('');
        expect(calls).toEqual([]);
        expect(parts.some((part) => part.type.startsWith('tool-input'))).toBe(false);
        expect(onError).toHaveBeenCalledWith(
          expect.stringContaining('no_function'),
          expect.objectContaining({ reason: 'foreign-call', rawText: expect.any(String) }),
        );
      }
    });

    it('drops it beside real calls, which run', () => {
      const onError = vi.fn();
      expect(
        readEveryWay(protocol, `${call('get_time', '{}')}\n${NO_FUNCTION}`, { tools, onError }),
      ).toMatchObject({ text: '', calls: [{ toolName: 'get_time', input: '{}' }] });
      expect(
        readEveryWay(
          protocol,
          '<function_call> [{"name": "no_function", "arguments": {}}, {"name": "get_time", "arguments": {}}]',
          { tools, onError },
        ),
      ).toMatchObject({ text: '', calls: [{ toolName: 'get_time', input: '{}' }] });
      expect(onError).not.toHaveBeenCalledWith(
        expect.any(String),
        expect.objectContaining({ reason: 'malformed-call' }),
      );
    });

    it('never runs, cut off, and leaves no markup in the text', () => {
      const { text, calls } = readEveryWay(
        protocol,
        'Hmm.\n<function_call> {"name": "no_function", "arguments": {',
        { tools },
      );
      expect({ text, calls }).toEqual({ text: 'Hmm.', calls: [] });
    });

    it('is a call when a tool of that name was given', () => {
      const noFunction: LanguageModelV4FunctionTool = {
        type: 'function',
        name: 'no_function',
        inputSchema: { type: 'object', properties: {} },
      };
      expect(readEveryWay(protocol, NO_FUNCTION, { tools: [...tools, noFunction] }).calls).toEqual([
        { toolName: 'no_function', input: '{}' },
      ]);
    });
  });

  it('writes past calls and results in the layout the template shows, and calls read back', () => {
    const input = { path: 'a <b>.txt', content: 'x\n' };
    const past = protocol.formatToolCall({ toolCallId: 'c', toolName: 'write_file', input });
    expect(past).toBe(
      '<function_call> {"name": "write_file", "arguments": {"path": "a \\u003cb\\u003e.txt", "content": "x\\n"}}',
    );
    expect(readEveryWay(protocol, past, { tools }).calls).toEqual([
      { toolName: 'write_file', input: JSON.stringify(input) },
    ]);
    expect(
      protocol.formatToolResponse({
        toolCallId: 'c',
        toolName: 'get_weather',
        output: { type: 'json', value: { temp_c: 14 } },
      }),
    ).toBe('<function_response> {"temp_c": 14}');
  });

  it('prompts with the function library, one object per line, and the call and no_function shapes', () => {
    const prompt = granite20bFcSystemPromptTemplate(protocol.formatTools(fixtureTools.slice(1)));
    expect(prompt).toContain(
      '<|function_call_library|>\n{"name": "write_file", "description": "Writes a file.", "parameters": {"type": "object", "properties": {"path": {"type": "string"}, "content": {"type": "string"}}, "required": ["path", "content"]}}\n{"name": "get_time", "parameters": {"type": "object", "properties": {}}}\n',
    );
    expect(prompt).toContain(
      '<function_call> {"name": "function_name", "arguments": {"parameter": "value"}}',
    );
    expect(prompt).toContain(NO_FUNCTION);
  });
});

describe('the granite-20b-fc preset', () => {
  it('writes the tools into the system message, past calls and results as the model reads them', async () => {
    const prompt = timeCallHistory;
    const rewritten = await rewrittenPrompt(middleware, prompt, fixtureTools.slice(2));
    expect(rewritten?.[0]).toEqual({
      role: 'system',
      content: granite20bFcSystemPromptTemplate(protocol.formatTools(fixtureTools.slice(2))),
    });
    expect(rewritten?.slice(1)).toEqual([
      prompt[0],
      {
        role: 'assistant',
        content: [{ type: 'text', text: call('get_time', '{}') }],
      },
      { role: 'user', content: [{ type: 'text', text: '<function_response> 12:00' }] },
    ]);
  });
});

// Until the lead registers the format: auto over the built-in formats and this one.
const auto = autoProtocol();

describe('granite-20b-fc calls read by auto', () => {
  it('reads them as granite-20b-fc, and drops no_function', () => {
    const { text, calls, parts } = readEveryWay(
      auto,
      `Checking.\n${call('get_weather', '{"city": "Lima"}')}\n${NO_FUNCTION}`,
      { tools },
    );
    expect({ text, calls }).toEqual({
      text: 'Checking.',
      calls: [{ toolName: 'get_weather', input: '{"city":"Lima"}' }],
    });
    expect(
      parts.flatMap((part) =>
        part.type === 'tool-call' ? [part.providerMetadata?.toolbridge?.format] : [],
      ),
    ).toEqual(['granite-20b-fc']);
  });

  it("still reads Olmo 3's <function_calls> as Olmo 3's", () => {
    const { calls, parts } = readEveryWay(
      auto,
      '<function_calls>\nget_weather(city="Lima")\n</function_calls>',
      { tools },
    );
    expect(calls).toEqual([{ toolName: 'get_weather', input: '{"city":"Lima"}' }]);
    expect(
      parts.flatMap((part) =>
        part.type === 'tool-call' ? [part.providerMetadata?.toolbridge?.format] : [],
      ),
    ).toEqual(['olmo3']);
  });
});

/** The format's markup and end of text: none of it may be left in the text a user reads. */
const MARKUP = ['<function_call>', 'no_function', '<|endoftext|>'];

describe.each([
  ['granite20bFcToolMiddleware', granite20bFcToolMiddleware],
  ['autoToolMiddleware', autoToolMiddleware],
  [
    "toolMiddlewareFor('ibm-granite/granite-20b-functioncalling')",
    toolMiddlewareFor('ibm-granite/granite-20b-functioncalling'),
  ],
])("granite-20b-functioncalling's typical reply, through %s", (_name, middleware) => {
  // The family has no reasoning: its template opens none, and every row starts in text.
  const LYON = { toolName: 'get_weather', input: '{"city":"Lyon","days":2}' };
  const TIME = { toolName: 'get_time', input: '{}' };

  it('reads parallel calls and drops the end of text', async () => {
    const reply = `${call('get_weather', '{"city": "Lyon", "days": 2}')}\n${call('get_time', '{}')}<|endoftext|>`;
    const meaning = await readThroughMiddleware(middleware, reply, { tools });
    expect(meaning).toEqual({ reasoning: '', text: '', calls: [LYON, TIME] });
    expectCleanReply(meaning, [LYON, TIME], MARKUP);
  });

  it('reads a call after prose, the end of text left out', async () => {
    const meaning = await readThroughMiddleware(
      middleware,
      `Let me check.\n${call('get_time', '{}')}<|endoftext|>`,
      { tools },
    );
    expect(meaning).toEqual({ reasoning: '', text: 'Let me check.', calls: [TIME] });
    expectCleanReply(meaning, [TIME], MARKUP);
  });

  it('reads no_function as no call at all', async () => {
    const meaning = await readThroughMiddleware(middleware, `${NO_FUNCTION}<|endoftext|>`, {
      tools,
    });
    expect(meaning).toEqual({ reasoning: '', text: '', calls: [] });
    expectCleanReply(meaning, [], MARKUP);
  });

  it('keeps its end-of-text token out of the text', async () => {
    const meaning = await readThroughMiddleware(middleware, 'It is noon. <|endoftext|>', {
      tools,
    });
    expect(meaning).toEqual({ reasoning: '', text: 'It is noon. ', calls: [] });
    expectCleanReply(meaning, [], MARKUP);
  });

  it('never runs a call cut off inside its arguments, and leaves no markup in the text', async () => {
    const { reasoning, text, calls } = await readThroughMiddleware(
      middleware,
      'Writing it.\n<function_call> {"name": "write_file", "arguments": {"path": "a.ts", "content": "half a fi',
      { tools },
    );
    expect({ reasoning, text }).toEqual({ reasoning: '', text: 'Writing it.' });
    for (const marker of MARKUP) expect(text, marker).not.toContain(marker);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.toolName).toBe('write_file');
    expect(() => JSON.parse(calls[0]?.input ?? '')).toThrow();
  });
});

describeProtocolProperties(
  [
    call('get_weather', '{"city": "Oslo", "days": 3}'),
    `Both.\n${call('get_time', '{}')}\n${call('get_weather', '{"city": "Paris", "tags": ["a"]}')}\nDone.`,
    call('write_file', JSON.stringify({ path: 'a.ts', content: 'const x = "<tag>" && y;\n\n' })),
    '<function_call> {"name": "write_file", "arguments": {"content": "cut off',
    NO_FUNCTION,
    `${call('get_time', '{}')} ${NO_FUNCTION} after`,
    call('no_such_tool', '{"x": 1}'),
    'Prose with <function_call> and no call.',
  ].map((reply, index) => ({ name: `granite-20b-fc #${index}`, protocol, reply })),
);
