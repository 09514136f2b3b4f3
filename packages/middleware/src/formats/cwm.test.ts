import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { describe, expect, it, vi } from 'vitest';
import { autoProtocol } from '../auto/auto-protocol';
import { autoToolMiddleware } from '../auto/auto-tool-middleware';
import { toolMiddlewareFor } from '../auto/tool-middleware-for';
import { toolbridgeOptions } from '../middleware/toolbridge-options';
import { cwmToolMiddleware } from '../presets/presets';
import { fixtureTools, typedTools } from '../testing/fixtures';
import { describeProtocolProperties } from '../testing/protocol-properties';
import { expectCleanReply, readThroughMiddleware } from '../testing/read-through-middleware';
import { rewrittenPrompt } from '../testing/rewritten-prompt';
import { readEveryWay } from '../testing/run-parser';
import { timeCallHistory } from '../testing/time-call-history';
import { cwmProtocol, cwmSystemPromptTemplate } from './cwm';

const protocol = cwmProtocol();
/** CWM's agent tool: one string argument, which a raw body fills. */
const bash: LanguageModelV4FunctionTool = {
  type: 'function',
  name: 'bash',
  inputSchema: { type: 'object', properties: { command: { type: 'string' } } },
};
/** A raw body could be either argument of this one: it never gets one. */
const create: LanguageModelV4FunctionTool = {
  type: 'function',
  name: 'create',
  inputSchema: {
    type: 'object',
    properties: { path: { type: 'string' }, content: { type: 'string' } },
  },
};
const tools = [...typedTools, bash, create];

/** A call as CWM writes it: the body on its own lines. */
const block = (name: string, body: string) => `<tool: ${name}>\n${body}\n</tool>`;

describe('cwmProtocol', () => {
  it('reads JSON bodies, with prose around them and several calls in a row', () => {
    const text = `Let me check.\n${block('get_weather', '{"city": "Lyon", "days": 2}')}\n${block('get_time', '{}')}\nDone.`;
    expect(readEveryWay(protocol, text, { tools })).toMatchObject({
      text: 'Let me check.\n\n\nDone.',
      calls: [
        { toolName: 'get_weather', input: '{"city":"Lyon","days":2}' },
        { toolName: 'get_time', input: '{}' },
      ],
    });
  });

  it("reads a raw body into the tool's one string argument, exactly", () => {
    for (const command of [
      'ls -la',
      'cd /repo && grep -rn "<tool" src | head\necho "done"',
      '  indented\tline',
    ]) {
      expect(readEveryWay(protocol, block('bash', command), { tools }).calls).toEqual([
        { toolName: 'bash', input: JSON.stringify({ command: command.trimStart() }) },
      ]);
    }
  });

  it('reads a raw body closed on its own line or right after it', () => {
    expect(readEveryWay(protocol, '<tool: bash>pwd</tool>tail', { tools })).toMatchObject({
      text: 'tail',
      calls: [{ toolName: 'bash', input: '{"command":"pwd"}' }],
    });
  });

  it('reads JSON bodies of a one-string tool as JSON', () => {
    expect(readEveryWay(protocol, block('bash', '{"command": "ls"}'), { tools }).calls).toEqual([
      { toolName: 'bash', input: '{"command":"ls"}' },
    ]);
  });

  it('never runs a raw body whose tool has no single string argument, and says so', () => {
    const onError = vi.fn();
    for (const [name, body] of [
      ['create', 'a.py\nprint(1)'],
      ['get_weather', 'Lyon'],
      ['no_such_tool', 'x'],
    ] as const) {
      onError.mockClear();
      const { text, calls } = readEveryWay(protocol, `${block(name, body)}\nAfter.`, {
        tools,
        onError,
      });
      expect(text).toBe('\nAfter.');
      expect(calls).toHaveLength(1);
      expect(calls[0]?.toolName).toBe(name);
      expect(() => JSON.parse(calls[0]?.input ?? '')).toThrow();
      expect(onError).toHaveBeenCalledWith(
        expect.any(String),
        expect.objectContaining({ reason: 'invalid-call' }),
      );
    }
  });

  it('never runs a raw body cut off before its </tool>', () => {
    const onError = vi.fn();
    for (const text of ['<tool: bash>\nrm -rf /tmp/bu', '<tool: bash>\nrm -rf /tmp/build\n</to']) {
      onError.mockClear();
      const [cut] = readEveryWay(protocol, text, { tools, onError }).calls;
      expect(cut?.toolName).toBe('bash');
      expect(() => JSON.parse(cut?.input ?? '')).toThrow();
      expect(onError).toHaveBeenCalledWith(
        expect.any(String),
        expect.objectContaining({ reason: 'call-cut-off' }),
      );
    }
  });

  it('never runs JSON arguments cut off, and runs complete ones whose </tool> never came', () => {
    const [cut] = readEveryWay(protocol, '<tool: write_file>\n{"path": "a", "content": "hal', {
      tools,
    }).calls;
    expect(cut).toEqual({ toolName: 'write_file', input: '{"path":"a","content":"hal' });
    expect(
      readEveryWay(protocol, '<tool: get_weather>\n{"city": "Oslo"}', { tools }).calls,
    ).toEqual([{ toolName: 'get_weather', input: '{"city":"Oslo"}' }]);
  });

  it('types relaxed JSON by the schema', () => {
    const [call] = readEveryWay(
      protocol,
      block('configure', "{'ids': [1, 2], 'enabled': True, 'ratio': 0.5,}"),
      { tools },
    ).calls;
    expect(JSON.parse(call?.input ?? '')).toEqual({ ids: [1, 2], enabled: true, ratio: 0.5 });
  });

  it('keeps an opener whose name is not an identifier as text', () => {
    for (const text of [
      'Write <tool: the bash tool> to run a command.',
      'A call looks like <tool: NAME',
    ]) {
      expect(readEveryWay(protocol, text, { tools })).toMatchObject({ text, calls: [] });
    }
  });

  it('writes past calls as JSON blocks that read back, and results as their content', () => {
    const input = { path: 'a </tool>.txt', content: 'x\n' };
    const past = protocol.formatToolCall({ toolCallId: 'c', toolName: 'write_file', input });
    expect(past).toBe(
      '<tool: write_file>\n{"path":"a \\u003c/tool\\u003e.txt","content":"x\\n"}\n</tool>',
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
    ).toBe('{"temp_c":14}');
  });

  it("prompts with each tool's block, description and schema", () => {
    const prompt = cwmSystemPromptTemplate(protocol.formatTools(fixtureTools.slice(1)));
    expect(prompt).toContain(
      'You have access to the following tools:\n\n<tool: write_file>\n[JSON arguments]\n</tool>\nWrites a file.\nArguments (JSON Schema): {"type":"object","properties":{"path":{"type":"string"},"content":{"type":"string"}},"required":["path","content"]}\n\n<tool: get_time>\n[JSON arguments]\n</tool>\nArguments (JSON Schema): {"type":"object","properties":{}}\n\n',
    );
    expect(prompt).toContain('<tool: TOOL_NAME>\n{"argument_name": "value"}\n</tool>');
  });
});

// The property tools have no one-string tool: the raw bodies here are calls that fail.
describeProtocolProperties([
  {
    name: 'cwm: prose, a JSON call and a raw call',
    protocol,
    reply: `Checking.\n${block('get_weather', '{"city": "Lyon", "tags": ["a"]}')}\n${block('bash', 'ls -la | grep "x"')}\nOK`,
  },
  {
    name: 'cwm: a raw call cut off',
    protocol,
    reply: `<think>Plan.</think>${block('write_file', '{"path": "p", "content": "a"}')}<tool: bash>\necho hi`,
  },
]);

describe('the CWM preset', () => {
  const middleware = cwmToolMiddleware;

  it('writes the tools into the system message, past calls and results as CWM reads them', async () => {
    const prompt = timeCallHistory;
    const rewritten = await rewrittenPrompt(middleware, prompt, fixtureTools.slice(2));
    expect(rewritten?.[0]).toEqual({
      role: 'system',
      content: cwmSystemPromptTemplate(protocol.formatTools(fixtureTools.slice(2))),
    });
    expect(rewritten?.slice(1)).toEqual([
      prompt[0],
      { role: 'assistant', content: [{ type: 'text', text: '<tool: get_time>\n{}\n</tool>' }] },
      { role: 'user', content: [{ type: 'text', text: '12:00' }] },
    ]);
  });
});

/** CWM's markup, reasoning tags and end of turn: none of it may be left in the text a user reads. */
const MARKUP = ['<tool', '</tool>', '<think>', '</think>', '<|eot_id|>', '<|end_of_text|>'];

describe.each([
  ['cwmToolMiddleware', cwmToolMiddleware],
  ['autoToolMiddleware', autoToolMiddleware],
  ["toolMiddlewareFor('facebook/cwm')", toolMiddlewareFor('facebook/cwm')],
])("CWM's typical reply, through %s", (_name, middleware) => {
  // The server opened `<think>\n`, as it does when the request enables reasoning.
  const opened = toolbridgeOptions({ startWithReasoning: true });
  const LS = { toolName: 'bash', input: '{"command":"ls"}' };
  const LYON = { toolName: 'get_weather', input: '{"city":"Lyon","days":2}' };
  const TIME = { toolName: 'get_time', input: '{}' };

  it('reads reasoning the server opened, a call, and drops the end of turn', async () => {
    const meaning = await readThroughMiddleware(
      middleware,
      'Need the listing.\n</think>\n<tool: bash>\nls\n</tool><|eot_id|>',
      { tools, providerOptions: opened },
    );
    expect(meaning).toEqual({ reasoning: 'Need the listing.\n', text: '\n', calls: [LS] });
    expectCleanReply(meaning, [LS], MARKUP);
  });

  it('reads calls in a row, JSON and raw, after the reasoning', async () => {
    const reply = `Three things.\n</think>\n${block('get_weather', '{"city": "Lyon", "days": 2}')}\n${block('get_time', '{}')}\n${block('bash', 'ls')}<|eot_id|>`;
    const meaning = await readThroughMiddleware(middleware, reply, {
      tools,
      providerOptions: opened,
    });
    expect(meaning).toEqual({
      reasoning: 'Three things.\n',
      text: '\n\n\n',
      calls: [LYON, TIME, LS],
    });
    expectCleanReply(meaning, [LYON, TIME, LS], MARKUP);
  });

  it('reads a call without reasoning, prose before it', async () => {
    const meaning = await readThroughMiddleware(
      middleware,
      `Checking.\n${block('get_time', '{}')}<|eot_id|>`,
      { tools },
    );
    expect(meaning).toEqual({ reasoning: '', text: 'Checking.\n', calls: [TIME] });
    expectCleanReply(meaning, [TIME], MARKUP);
  });

  it('reads an answer without reasoning, the end of turn left out', async () => {
    const meaning = await readThroughMiddleware(middleware, 'It is 391.<|eot_id|>', { tools });
    expect(meaning).toEqual({ reasoning: '', text: 'It is 391.', calls: [] });
    expectCleanReply(meaning, [], MARKUP);
  });

  it('reads an answer after the reasoning as text', async () => {
    const meaning = await readThroughMiddleware(
      middleware,
      'Easy.\n</think>\nIt is 391.<|end_of_text|>',
      { tools, providerOptions: opened },
    );
    expect(meaning).toEqual({ reasoning: 'Easy.\n', text: '\nIt is 391.', calls: [] });
    expectCleanReply(meaning, [], MARKUP);
  });

  it.each([
    ['JSON arguments', '<tool: write_file>\n{"path": "a", "content": "hal'],
    ['a raw body', '<tool: bash>\nrm -rf /tmp/bu'],
  ])('never runs a call cut off in %s, and leaves no markup in the text', async (_kind, cut) => {
    const { reasoning, text, calls } = await readThroughMiddleware(
      middleware,
      `Writing.\n</think>\nOn it.\n${cut}`,
      { tools, providerOptions: opened },
    );
    expect({ reasoning, text }).toEqual({ reasoning: 'Writing.\n', text: '\nOn it.\n' });
    for (const marker of MARKUP) expect(text, marker).not.toContain(marker);
    expect(calls).toHaveLength(1);
    expect(() => JSON.parse(calls[0]?.input ?? '')).toThrow();
  });
});

describe("CWM's reasoning, opened when the request enables it", () => {
  const reply = 'Need the time.\n</think>\n<tool: get_time>\n{}\n</tool><|eot_id|>';
  const TIME = { toolName: 'get_time', input: '{}' };

  it.each([
    ['cwmToolMiddleware', cwmToolMiddleware],
    ["toolMiddlewareFor('facebook/cwm')", toolMiddlewareFor('facebook/cwm')],
  ])('%s starts inside the reasoning when the request asks for it', async (_name, middleware) => {
    const meaning = await readThroughMiddleware(middleware, reply, { tools, reasoning: 'high' });
    expect(meaning).toEqual({ reasoning: 'Need the time.\n', text: '\n', calls: [TIME] });
    expectCleanReply(meaning, [TIME], MARKUP);
  });

  it.each([
    ['cwmToolMiddleware', cwmToolMiddleware],
    ["toolMiddlewareFor('facebook/cwm')", toolMiddlewareFor('facebook/cwm')],
    ['autoToolMiddleware', autoToolMiddleware],
  ])('%s starts in text when the request does not ask for it', async (_name, middleware) => {
    const meaning = await readThroughMiddleware(middleware, reply, { tools });
    // The reasoning is read as text; its lone closer is still markup, kept out of it.
    expect(meaning).toEqual({ reasoning: '', text: 'Need the time.\n\n', calls: [TIME] });
    expectCleanReply(meaning, [TIME], MARKUP);
  });

  it('autoToolMiddleware starts in text even when the request asks for reasoning', async () => {
    const meaning = await readThroughMiddleware(autoToolMiddleware, reply, {
      tools,
      reasoning: 'high',
    });
    expect(meaning).toEqual({ reasoning: '', text: 'Need the time.\n\n', calls: [TIME] });
    expectCleanReply(meaning, [TIME], MARKUP);
  });
});

describe('CWM calls read by auto', () => {
  // Until the lead registers cwm in the format list, auto is given it here.
  const auto = autoProtocol();

  it('reads a CWM block as cwm', () => {
    const { calls, parts } = readEveryWay(auto, `On it.\n${block('bash', 'ls')}`, { tools });
    expect(calls).toEqual([{ toolName: 'bash', input: '{"command":"ls"}' }]);
    expect(
      parts.flatMap((part) =>
        part.type === 'tool-call' ? [part.providerMetadata?.toolbridge?.format] : [],
      ),
    ).toEqual(['cwm']);
  });
});
