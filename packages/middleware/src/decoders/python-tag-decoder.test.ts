import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { fixtureTools } from '../testing/fixtures';
import { readEveryWay, streamChunks } from '../testing/run-parser';
import { defineTextProtocol } from '../text-protocol';
import { createJsonCallDecoder } from './json-call-decoder';
import { createPythonTagDecoder } from './python-tag-decoder';

/** What follows `<|python_tag|>`, read as Llama 3.1's template has it. */
const protocol = defineTextProtocol({
  grammar: (tools) => ({
    openers: ['<|python_tag|>'],
    startCall: (_opener, sink) =>
      createPythonTagDecoder({
        tools,
        sink,
        json: () =>
          createJsonCallDecoder({
            keys: { name: ['name'], arguments: ['parameters'] },
            closer: undefined,
            tools,
            sink,
          }),
        endOfTurn: ['<|eom_id|>', '<|eot_id|>'],
      }),
  }),
  formatTools: () => '',
  formatToolCall: () => '',
  formatToolResponse: () => '',
});

const tool = (name: string, properties: Record<string, unknown>): LanguageModelV4FunctionTool => ({
  type: 'function',
  name,
  inputSchema: { type: 'object', properties } as LanguageModelV4FunctionTool['inputSchema'],
});
const search = tool('brave_search', { query: { type: 'string' } });
const interpreter = tool('code_interpreter', { source: { type: 'string' } });

describe('createPythonTagDecoder', () => {
  it("reads a built-in tool's call of a given tool, and a JSON call", () => {
    expect(
      readEveryWay(protocol, 'Looking.<|python_tag|>brave_search.call(query="Oslo")<|eom_id|>', {
        tools: [search],
      }),
    ).toMatchObject({
      text: 'Looking.<|eom_id|>',
      calls: [{ toolName: 'brave_search', input: '{"query":"Oslo"}' }],
    });
    expect(
      readEveryWay(protocol, '<|python_tag|> {"name": "brave_search", "parameters": {}}', {
        tools: [search],
      }).calls,
    ).toEqual([{ toolName: 'brave_search', input: '{}' }]);
  });

  it("streams code to the code tool's one string property, up to the end of the turn", () => {
    expect(
      readEveryWay(protocol, '<|python_tag|>import math\nmath.sqrt(2)<|eom_id|>After.', {
        tools: [interpreter, search],
      }),
    ).toMatchObject({
      text: 'After.',
      calls: [{ toolName: 'code_interpreter', input: '{"source":"import math\\nmath.sqrt(2)"}' }],
    });
    // A name that only begins like a built-in call is code.
    expect(
      readEveryWay(protocol, '<|python_tag|>brave_search.calls(1)', {
        tools: [interpreter, search],
      }).calls,
    ).toEqual([{ toolName: 'code_interpreter', input: '{"source":"brave_search.calls(1)"}' }]);
  });

  it('keeps a built-in call of a tool not given, and code without a code tool, as text, reported', () => {
    for (const [text, tools] of [
      ['<|python_tag|>wolfram_alpha.call(query="2+2")', [search, interpreter]],
      ['<|python_tag|>print(1)', [search]],
      ['<|python_tag|>', [interpreter]],
    ] as const) {
      const errors: string[] = [];
      expect(
        readEveryWay(protocol, text, {
          tools: [...tools],
          onError: (message) => errors.push(message),
        }),
      ).toMatchObject({ text, calls: [] });
      expect([text, errors.length > 0]).toEqual([text, true]);
    }
  });

  it('reads 10 MB of code in small chunks in linear time', () => {
    const code = 'x = 1\n'.repeat(2_000_000);
    const text = `<|python_tag|>${code}<|eom_id|>`;
    const chunks: string[] = [];
    for (let i = 0; i < text.length; i += 7) chunks.push(text.slice(i, i + 7));
    const started = performance.now();
    const parts = streamChunks(protocol, chunks, { tools: [interpreter, ...fixtureTools] });
    expect(performance.now() - started).toBeLessThan(15_000);
    const call = parts.find((part) => part.type === 'tool-call');
    expect(call?.type === 'tool-call' && JSON.parse(call.input).source).toBe(code);
  });
});
