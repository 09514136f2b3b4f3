import { readFileSync } from 'node:fs';
import { formatToolMiddleware, type ToolbridgeErrorHandler } from '@toolbridge/middleware';
import { generateText, jsonSchema, streamText, tool, wrapLanguageModel } from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { bracketFormat } from './bracket-format.ts';

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};
const finishReason = { unified: 'stop', raw: 'stop' } as const;

/** A model that writes `reply`: whole when generating, in `chunks` when streaming. */
function modelWriting(reply: string, chunks: readonly string[], onError?: ToolbridgeErrorHandler) {
  return wrapLanguageModel({
    model: new MockLanguageModelV4({
      doGenerate: async () => ({
        content: [{ type: 'text', text: reply }],
        finishReason,
        usage,
        warnings: [],
      }),
      doStream: async () => ({
        stream: convertArrayToReadableStream([
          { type: 'text-start', id: 't' },
          ...chunks.map((delta) => ({ type: 'text-delta' as const, id: 't', delta })),
          { type: 'text-end', id: 't' },
          { type: 'finish', finishReason, usage },
        ]),
      }),
    }),
    middleware: formatToolMiddleware(bracketFormat, onError === undefined ? {} : { onError }),
  });
}

/** Cuts `text` into pieces of 1 to 8 characters, the same pieces for the same seed. */
function randomChunks(text: string, seed: number): string[] {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const chunks: string[] = [];
  for (let at = 0; at < text.length; ) {
    const size = 1 + Math.floor(next() * 8);
    chunks.push(text.slice(at, at + size));
    at += size;
  }
  return chunks;
}

const tools = {
  lookup: tool({
    inputSchema: jsonSchema<Record<string, unknown>>({ type: 'object' }),
  }),
};

const inputs: Record<string, unknown>[] = [
  { city: 'Cairo' },
  { query: 'a closer inside a string: [/CALL] and [CALL lookup]', limit: 3 },
  { nested: { list: [1, 2.5, -3e2, null, true], quote: 'say "hi"' }, emoji: 'نعم ☀️' },
  {},
];

describe('the custom format of docs/custom-protocol.md', () => {
  it('is the code the page shows', () => {
    const page = readFileSync(new URL('../../../docs/custom-protocol.md', import.meta.url), 'utf8');
    const code = readFileSync(new URL('./bracket-format.ts', import.meta.url), 'utf8');
    expect(page).toContain(`\`\`\`ts\n${code}\`\`\``);
  });

  it.each(inputs.map((input) => [JSON.stringify(input), input]))(
    'reads back the call it writes, %s, in generate and in any chunking of a stream',
    async (_label, input) => {
      const protocol = bracketFormat.protocol();
      const call = protocol.formatToolCall({ toolCallId: 'c1', toolName: 'lookup', input });
      const reply = `Let me look. ${call}`;

      const generated = await generateText({
        model: modelWriting(reply, [reply]),
        tools,
        prompt: 'Look it up.',
      });
      expect(generated.text).toBe('Let me look. ');
      expect(generated.toolCalls.map((part) => [part.toolName, part.input])).toEqual([
        ['lookup', input],
      ]);

      for (let seed = 1; seed <= 40; seed++) {
        const streamed = streamText({
          model: modelWriting(reply, randomChunks(reply, seed)),
          tools,
          prompt: 'Look it up.',
        });
        expect(await streamed.text, `seed ${seed}`).toBe('Let me look. ');
        const calls = await streamed.toolCalls;
        expect(
          calls.map((part) => [part.toolName, part.input]),
          `seed ${seed}`,
        ).toEqual([['lookup', input]]);
      }
    },
  );

  it('reports a call the model did not finish, and does not run it', async () => {
    const reasons: string[] = [];
    const reply = 'Cut off: [CALL lookup]{"city": "Ca';
    const generated = await generateText({
      model: modelWriting(reply, [reply], (_message, { reason }) => reasons.push(reason)),
      tools,
      prompt: 'Look it up.',
    });
    expect(generated.toolCalls.map((call) => [call.toolName, call.invalid])).toEqual([
      ['lookup', true],
    ]);
    expect(generated.text).toBe('Cut off: ');
    expect(reasons.length).toBeGreaterThan(0);
  });
});
