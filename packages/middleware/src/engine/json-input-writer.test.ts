import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createJsonInputWriter, type JsonInputWriter } from './json-input-writer';

/** Any UTF-16 code unit, lone surrogates included. */
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));

function written(write: (writer: JsonInputWriter) => void): string[] {
  const pieces: string[] = [];
  write(createJsonInputWriter((json) => pieces.push(json)));
  return pieces;
}

describe('JsonInputWriter', () => {
  it('writes string content exactly as JSON.stringify escapes it', () => {
    fc.assert(
      fc.property(fc.string({ unit: codeUnit }), (text) => {
        const pieces = written((writer) => writer.stringChunk(text));
        expect(pieces.join('')).toBe(JSON.stringify(text).slice(1, -1));
      }),
    );
    for (const text of [
      'a"b',
      'a\\b',
      'line\n',
      '\u0000',
      '\u001f',
      '\ud83d\ude00',
      '\ud83d',
      '\ude00x',
    ]) {
      expect(written((writer) => writer.stringChunk(text))).toEqual([
        JSON.stringify(text).slice(1, -1),
      ]);
    }
  });

  it('passes content that needs no escape through as it is, and nothing for empty content', () => {
    const text = 'const value = compute(alpha, beta); // é ü 中';
    expect(written((writer) => writer.stringChunk(text))[0]).toBe(text);
    expect(written((writer) => writer.stringChunk(''))).toEqual([]);
  });

  it('writes pieces that concatenate to valid JSON', () => {
    const pieces = written((writer) => {
      writer.openObject();
      writer.key('content');
      writer.stringStart();
      for (const piece of ['a', '"', 'b\n', '\\']) writer.stringChunk(piece);
      writer.stringEnd();
      writer.key('n');
      writer.value(1);
      writer.closeAll();
    });
    expect(JSON.parse(pieces.join(''))).toEqual({ content: 'a"b\n\\', n: 1 });
  });
});
