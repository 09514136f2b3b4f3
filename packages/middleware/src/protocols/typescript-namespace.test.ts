import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { typeScriptNamespace } from './typescript-namespace';

const book: LanguageModelV4FunctionTool = {
  type: 'function',
  name: 'book',
  description: 'Books a table.\nConfirms by e-mail.',
  inputSchema: {
    type: 'object',
    required: ['when'],
    properties: {
      when: { type: 'string', description: 'ISO date' },
      party: { type: 'integer', nullable: true, default: 2 },
      extras: { type: 'object' },
    },
    // `nullable` is OpenAPI's, not JSON Schema 7's.
  } as LanguageModelV4FunctionTool['inputSchema'],
};

describe('typeScriptNamespace', () => {
  it("writes gpt-oss's comments line by line, defaults after, and reads nullable", () => {
    expect(
      typeScriptNamespace([book], {
        comments: 'lines',
        nullable: true,
        objectWithoutProperties: 'object',
      }),
    ).toBe(`namespace functions {

// Books a table.
// Confirms by e-mail.
type book = (_: {
// ISO date
when: string,
party?: number | null, // default: 2
extras?: object,
}) => any;

} // namespace functions`);
  });

  it("folds Functionary's comments and defaults into one line, and ignores nullable", () => {
    expect(
      typeScriptNamespace([book], {
        comments: 'one-line',
        nullable: false,
        objectWithoutProperties: 'any',
      }),
    ).toBe(`namespace functions {

// Books a table. Confirms by e-mail.
type book = (_: {
// ISO date
when: string,
// Default: 2.
party?: number,
extras?: any,
}) => any;

} // namespace functions`);
  });

  it('writes a schema nested deeper than it reads as any', () => {
    let deep: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 20; level++) deep = { type: 'array', items: deep };
    const tool = { ...book, inputSchema: { type: 'object' as const, properties: { deep } } };
    expect(
      typeScriptNamespace([tool], {
        comments: 'lines',
        nullable: true,
        objectWithoutProperties: 'object',
      }),
    ).toContain(`deep?: any${'[]'.repeat(16)},`);
  });
});
