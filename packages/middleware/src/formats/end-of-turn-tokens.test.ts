import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { autoToolMiddleware } from '../auto/auto-tool-middleware';
import { formatToolMiddleware } from '../auto/format-tool-middleware';
import { readThroughMiddleware } from '../testing/read-through-middleware';
import { allFormats } from './all-formats';
import { END_OF_TURN_TOKENS } from './end-of-turn-tokens';

const tools: LanguageModelV4FunctionTool[] = [
  {
    type: 'function',
    name: 'get_weather',
    inputSchema: { type: 'object', properties: { city: { type: 'string' } } },
  },
];

describe.each([
  ...allFormats().map((format) => [format.name, formatToolMiddleware(format.name)] as const),
  ['auto', autoToolMiddleware] as const,
])('end-of-turn tokens through %s', (_name, middleware) => {
  it.each(END_OF_TURN_TOKENS)('keeps %s after an answer out of the text', async (token) => {
    const read = await readThroughMiddleware(middleware, `Hello there.${token}`, {
      tools,
      chunkings: 2,
    });
    expect(read.text.trim()).toBe('Hello there.');
    expect(read.calls).toEqual([]);
  });
});
