import { describe, expect, it } from 'vitest';
import { toolMiddlewareFor } from '../auto/tool-middleware-for';
import { hermesToolMiddleware } from '../presets/presets';
import { readThroughMiddleware } from './read-through-middleware';

const tools = [
  {
    type: 'function' as const,
    name: 'get_weather',
    inputSchema: { type: 'object' as const, properties: { city: { type: 'string' as const } } },
  },
];

describe('readThroughMiddleware', () => {
  it('reads a call the same way in generate and in any chunking', async () => {
    const meaning = await readThroughMiddleware(
      hermesToolMiddleware,
      'Let me look.<tool_call>{"name": "get_weather", "arguments": {"city": "Oslo"}}</tool_call>',
      { tools },
    );
    expect(meaning).toStrictEqual({
      text: 'Let me look.',
      reasoning: '',
      calls: [{ toolName: 'get_weather', input: '{"city":"Oslo"}' }],
    });
  });

  it('fails when the paths disagree', async () => {
    let calls = 0;
    const flaky = toolMiddlewareFor('qwen3:8b');
    await expect(
      readThroughMiddleware(
        {
          ...flaky,
          wrapStream: async ({ doStream }) => {
            calls++;
            const result = await doStream();
            return {
              ...result,
              stream: result.stream.pipeThrough(
                new TransformStream({
                  transform(part, controller) {
                    controller.enqueue(part.type === 'text-delta' ? { ...part, delta: 'x' } : part);
                  },
                }),
              ),
            };
          },
        },
        'Hello there',
        { tools, chunkings: 1 },
      ),
    ).rejects.toThrow();
    expect(calls).toBeGreaterThan(0);
  });
});
