import { describe, expect, it } from 'vitest';
import { formatNames } from './analyze.ts';
import {
  formatMiddlewares,
  loadTokenCounter,
  messageText,
  samplePrompt,
  sampleValue,
} from './prompt.ts';
import { parseToolsFile, ToolsFileError } from './tools-file.ts';

const tools = [
  {
    name: 'get_weather',
    inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
];

describe('toolbridge prompt', () => {
  it('has a ready-made middleware for every format inspect reads', () => {
    expect(Object.keys(formatMiddlewares())).toEqual(expect.arrayContaining(formatNames()));
  });

  it("writes the sample call in each format's own way, after its system prompt", async () => {
    for (const [name, middleware] of Object.entries(formatMiddlewares())) {
      const prompt = await samplePrompt(middleware, tools);
      const text = prompt.map(messageText).join('\n');
      expect(prompt[0]?.role, name).toBe('system');
      expect(text, name).toContain('get_weather');
      expect(text, name).toContain('Please help me');
      expect(text, name).toContain('the tool’s result');
    }
  });

  it('makes a sample input that fits the schema', () => {
    expect(
      sampleValue({
        type: 'object',
        properties: {
          city: { type: 'string' },
          days: { type: 'integer' },
          unit: { enum: ['c', 'f'] },
          tags: { type: 'array', items: { type: 'string' } },
          near: { anyOf: [{ type: 'boolean' }, { type: 'null' }] },
          when: { type: 'string', examples: ['today'] },
        },
      }),
    ).toEqual({ city: 'text', days: 1, unit: 'c', tags: ['text'], near: true, when: 'today' });
  });

  it('counts no tokens when the tokenizer is not installed', async () => {
    const missing = Object.assign(new Error('Cannot find package'), {
      code: 'ERR_MODULE_NOT_FOUND',
    });
    expect(await loadTokenCounter(() => Promise.reject(missing))).toBeUndefined();
    const counter = await loadTokenCounter(async () => ({
      fromPreTrained: () => ({ encode: (text: string) => text.split(' ') }),
    }));
    expect(counter?.count('a b c')).toBe(3);
  });
});

describe('parseToolsFile', () => {
  it('reads a list, OpenAI tools, and an object of schemas by name', () => {
    const schema = { type: 'object', properties: {} };
    expect(
      parseToolsFile(JSON.stringify([{ name: 'a', description: 'A', inputSchema: schema }])),
    ).toEqual([{ name: 'a', description: 'A', inputSchema: schema }]);
    expect(
      parseToolsFile(
        JSON.stringify([{ type: 'function', function: { name: 'b', parameters: schema } }]),
      ),
    ).toEqual([{ name: 'b', inputSchema: schema }]);
    expect(parseToolsFile(JSON.stringify({ c: schema }))).toEqual([
      { name: 'c', inputSchema: schema },
    ]);
  });

  it('says what is wrong with a file that holds no tools', () => {
    expect(() => parseToolsFile('nope')).toThrow(ToolsFileError);
    expect(() => parseToolsFile('[{"description": "x"}]')).toThrow('Tool 1 has no "name".');
    expect(() => parseToolsFile('"tools"')).toThrow(/neither a list of tools/);
  });
});
