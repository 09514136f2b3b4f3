import type { LanguageModelV4FunctionTool, LanguageModelV4Prompt } from '@ai-sdk/provider';
import { describe, expect, it, vi } from 'vitest';
import { apertusToolMiddleware } from '../presets/presets';
import { fixtureTools as tools } from '../testing/fixtures';
import { describeProtocolProperties } from '../testing/protocol-properties';
import { rewrittenPrompt } from '../testing/rewritten-prompt';
import { readEveryWay } from '../testing/run-parser';
import { getTimeTool, twoCallHistory } from '../testing/two-call-history';
import { apertusProtocol } from './apertus';

const protocol = apertusProtocol();
const inner = [['<|inner_prefix|>', '<|inner_suffix|>']] as const;
const calls = (list: string) => `<|tools_prefix|>${list}<|tools_suffix|>`;

describe('apertusProtocol', () => {
  it('reads a call whose name is the key', () => {
    expect(
      readEveryWay(
        protocol,
        `Checking.${calls('[{"get_weather": {"city": "Lyon", "days": 2}}]')}`,
        {
          tools,
        },
      ),
    ).toMatchObject({
      text: 'Checking.',
      calls: [{ toolName: 'get_weather', input: '{"city":"Lyon","days":2}' }],
    });
  });

  it('announces the call as soon as its key is read, and streams its arguments', () => {
    const { parts } = readEveryWay(protocol, calls('[{"get_weather": {"city": "Lyon"}}]'), {
      tools,
    });
    const start = parts.findIndex((part) => part.type === 'tool-input-start');
    const deltas = parts.filter((part) => part.type === 'tool-input-delta');
    expect(start).toBeGreaterThanOrEqual(0);
    expect(deltas.length).toBeGreaterThan(1);
  });

  it('reads parallel calls: list items, and members of one object', () => {
    expect(
      readEveryWay(protocol, calls('[{"get_weather": {"city": "Lyon"}}, {"get_time": {}}]'), {
        tools,
      }).calls,
    ).toEqual([
      { toolName: 'get_weather', input: '{"city":"Lyon"}' },
      { toolName: 'get_time', input: '{}' },
    ]);
    expect(
      readEveryWay(protocol, calls('{"get_weather": {"city": "Lyon"}, "get_time": null}'), {
        tools,
      }).calls,
    ).toEqual([
      { toolName: 'get_weather', input: '{"city":"Lyon"}' },
      { toolName: 'get_time', input: '{}' },
    ]);
  });

  it('reads the inner (reasoning) section first', () => {
    const text = `<|inner_prefix|>The time.<|inner_suffix|>${calls('[{"get_time": {}}]')}`;
    expect(readEveryWay(protocol, text, { tools, reasoningTags: inner })).toMatchObject({
      reasoning: 'The time.',
      text: '',
      calls: [{ toolName: 'get_time', input: '{}' }],
    });
  });

  it('reads relaxed JSON, arguments as a JSON-encoded string, and a missing suffix', () => {
    expect(
      readEveryWay(
        protocol,
        "<|tools_prefix|>[{'get_weather': {'city': 'Lyon', detailed: True, days: '2',}}]",
        { tools },
      ).calls,
    ).toEqual([{ toolName: 'get_weather', input: '{"city":"Lyon","detailed":true,"days":2}' }]);
    expect(
      readEveryWay(protocol, calls('[{"get_weather": "{\\"city\\": \\"Lyon\\"}"}]'), { tools })
        .calls,
    ).toEqual([{ toolName: 'get_weather', input: '{"city":"Lyon"}' }]);
  });

  it('never runs a call cut off inside its arguments', () => {
    const errors: string[] = [];
    const result = readEveryWay(
      protocol,
      '<|tools_prefix|>[{"write_file": {"path": "a.ts", "content": "half',
      { tools, onError: (_message, { reason }) => errors.push(reason) },
    );
    expect(result.calls).toEqual([
      { toolName: 'write_file', input: '{"path":"a.ts","content":"half' },
    ]);
    expect(errors).toContain('call-cut-off');
  });

  it('reports an unknown tool between the tokens as a call', () => {
    expect(readEveryWay(protocol, calls('[{"no_such_tool": {"x": 1}}]'), { tools }).calls).toEqual([
      { toolName: 'no_such_tool', input: '{"x":1}' },
    ]);
  });

  it('reads a reply that opens with the list when the tokens were stripped, for known tools only', () => {
    expect(
      readEveryWay(protocol, '[{"get_weather": {"city": "Lyon"}}, {"get_time": {}}]', { tools }),
    ).toMatchObject({
      text: '',
      calls: [
        { toolName: 'get_weather', input: '{"city":"Lyon"}' },
        { toolName: 'get_time', input: '{}' },
      ],
    });
    for (const text of [
      '[{"no_such_tool": {"x": 1}}]',
      '[1, 2, 3]',
      '{"city": "Lyon"}',
      '[Markdown](link) is not a call.',
      'Here: [{"get_weather": {"city": "Lyon"}}]',
    ]) {
      expect(readEveryWay(protocol, text, { tools })).toMatchObject({ text, calls: [] });
    }
  });

  it('keeps a prefix token that opens no list as text', () => {
    const text = 'The list goes after <|tools_prefix|> in the reply.';
    expect(readEveryWay(protocol, text, { tools })).toMatchObject({ text, calls: [] });
  });

  it('writes a past call as Apertus does and reads it back', () => {
    const written = protocol.formatToolCall({
      toolCallId: 'c',
      toolName: 'get_weather',
      input: { city: 'Lyon' },
    });
    expect(written).toBe(calls('[{"get_weather":{"city":"Lyon"}}]'));
    expect(readEveryWay(protocol, written, { tools }).calls).toEqual([
      { toolName: 'get_weather', input: '{"city":"Lyon"}' },
    ]);
    expect(
      protocol.formatToolResponse({
        toolCallId: 'c',
        toolName: 'get_weather',
        output: { type: 'json', value: { temp_c: 14 } },
      }),
    ).toBe('[{"temp_c":14}]');
  });

  it('declares the tools as TypeScript-like types, as its template does', () => {
    const documented: LanguageModelV4FunctionTool = {
      type: 'function',
      name: 'search',
      description: 'Searches the docs.',
      inputSchema: {
        type: 'object',
        properties: {
          query: { type: 'string', description: 'What to look for.' },
          limit: { type: 'integer', default: 5 },
          sort: { type: 'string', enum: ['new', 'top'] },
          filters: {
            type: 'object',
            properties: { tags: { type: 'array', items: { type: 'string' } } },
          },
          after: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        },
        required: ['query'],
      },
    };
    expect(protocol.formatTools([documented, tools[2]])).toBe(
      [
        '// Searches the docs.',
        'type search = (_: {',
        '// What to look for.',
        'query: string,',
        'limit?: number, // default: 5,',
        'sort?: "new" | "top",',
        'filters?: {tags?: string[]},',
        'after?: string | null',
        '}) => any;',
        'type get_time = () => any;',
      ].join('\n'),
    );
  });
});

describe("apertus' template prompt (Apertus' chat template)", () => {
  const getTime = getTimeTool('The time in a zone.');
  const developerTurn =
    '<|system_end|><|developer_start|>Deliberation: disabled\nTool Capabilities:\n// The time in a zone.\ntype get_time = (_: {\nzone?: string\n}) => any;<|developer_end|><|system_start|>';
  const history = (system: LanguageModelV4Prompt) => twoCallHistory(system);
  const transform = (prompt: LanguageModelV4Prompt) =>
    rewrittenPrompt(apertusToolMiddleware, prompt, getTime);

  it('writes the developer turn after the system text, and the calls and results list in the calling turn', async () => {
    expect(await transform(history([{ role: 'system', content: 'Be brief.' }]))).toEqual([
      { role: 'system', content: `Be brief.${developerTurn}` },
      { role: 'user', content: [{ type: 'text', text: 'Time in Tokyo and Lima?' }] },
      {
        role: 'assistant',
        content: [
          {
            type: 'text',
            // The arguments compact, as the server receives them; the results one list, as the template joins them.
            text: 'Checking.<|tools_prefix|>[{"get_time": {"zone":"JST"}}, {"get_time": {"zone":"PET"}}]<|tools_suffix|>[{"time":"09:00"}, 19:00]',
          },
        ],
      },
    ]);
  });

  it("writes the template's dated default system message when there is none", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2025, 0, 5, 12));
    try {
      const prompt = await transform(history([]));
      expect(prompt?.[0]).toEqual({
        role: 'system',
        content: `You are Apertus, a helpful assistant created by the SwissAI initiative.\nKnowledge cutoff: 2024-04\nCurrent date: 2025-01-05${developerTurn}`,
      });
    } finally {
      vi.useRealTimers();
    }
  });
});

describeProtocolProperties(
  [
    `I'll check.${calls('[{"get_weather": {"city": "Lyon", "days": 2}}, {"get_time": {}}]')}`,
    `<|inner_prefix|>Need the time.<|inner_suffix|>${calls('[{"get_time": {}}]')}\nWaiting.`,
    '[{"get_weather": {"city": "Porto", "tags": ["a", "b"]}}]',
    calls(
      `[${JSON.stringify({ write_file: { path: 'a.md', content: 'Use <|tools_suffix|> and "quotes"' } })}]`,
    ),
    '<|tools_prefix|>[{"write_file": {"path": "a", "content": "cut off',
    calls('[{"no_such_tool": {"x": 1}}]'),
    'No call: [{"no_such_tool": {}}] and <|tools_prefix|> alone.',
    "<|tools_prefix|>{'get_weather': {'city': 'Seoul', detailed: True}}",
    `${calls('[{"get_weather": not json}]')} after`,
    calls('[{"get_weather": {"__proto__": {"polluted": 1}, "city": "Proto"}}]'),
  ].map((reply, index) => ({ name: `apertus #${index}`, protocol, reply })),
  [['<|inner_prefix|>', '<|inner_suffix|>']],
);
