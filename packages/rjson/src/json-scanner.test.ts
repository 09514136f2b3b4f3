import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitAt } from '../../../testing/split-at';
import { createJsonScanner, type JsonScanHandler } from './json-scanner';
import { JsonValueBuilder } from './json-value-builder';
import { parse } from './parse';

/** Records events, merging consecutive string chunks (their split depends on chunking). */
function recorder() {
  const events: unknown[] = [];
  const handler: JsonScanHandler = {
    objectStart: () => events.push('{'),
    objectEnd: () => events.push('}'),
    arrayStart: () => events.push('['),
    arrayEnd: () => events.push(']'),
    key: (key) => events.push({ key }),
    stringStart: () => events.push({ string: '' }),
    stringChunk: (text) => {
      (events[events.length - 1] as { string: string }).string += text;
    },
    stringEnd: () => events.push('"'),
    primitive: (value) => events.push({ value }),
  };
  return { events, handler };
}

function scanChunks(chunks: string[], handler: JsonScanHandler) {
  const scanner = createJsonScanner(handler);
  let consumed = 0;
  for (const chunk of chunks) {
    if (scanner.done) break;
    consumed += scanner.write(chunk);
  }
  if (!scanner.done) scanner.end();
  return consumed;
}

const relaxedSamples = fc.constantFrom(
  '{"a": [1, 2.5e3, -0.25, true, None], b: \'x\\ty\', "c": {"d": "\\u00e9\\ud83d\\ude00"},}',
  '[ /* c */ \'it\\\'s\', "q\\"", {k: False}, // tail\n ]',
  '{"code": "for (let i = 0; i < n; i++) {\\n  sum += a[i];\\n}", "emoji": "😀👍🏽"}',
);

describe('createJsonScanner', () => {
  it('reports the same events and value under every chunking', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.jsonValue().map((value) => JSON.stringify(value, null, 1)),
          relaxedSamples,
        ),
        fc.array(fc.nat(), { maxLength: 30 }),
        (text, cuts) => {
          const whole = recorder();
          scanChunks([text], whole.handler);
          const pieces = recorder();
          scanChunks(splitAt(text, cuts), pieces.handler);
          expect(pieces.events).toStrictEqual(whole.events);

          const builder = new JsonValueBuilder();
          scanChunks(splitAt(text, cuts), builder);
          expect(builder.value).toStrictEqual(parse(text));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('stops at the end of the value and says how much of the chunk it read', () => {
    const scanner = createJsonScanner();
    expect(scanner.write('{"a": [1')).toBe(8);
    expect(scanner.done).toBe(false);
    expect(scanner.depth).toBe(2);
    expect(scanner.write(']}</tool_call> after')).toBe(2);
    expect(scanner.done).toBe(true);
    expect(scanner.offset).toBe(10);
    expect(scanner.write('more')).toBe(0);
  });

  it('completes a top-level number only when the input ends or a delimiter follows', () => {
    const values: unknown[] = [];
    const scanner = createJsonScanner({ primitive: (value) => values.push(value) });
    scanner.write('12');
    scanner.write('.5');
    expect(values).toEqual([]);
    scanner.end();
    expect(values).toEqual([12.5]);
  });

  it('never ends a string piece inside a surrogate pair', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', minLength: 1 }),
        fc.array(fc.nat(), { maxLength: 20 }),
        (content, cuts) => {
          const text = JSON.stringify({ s: content });
          const pieces: string[] = [];
          scanChunks(splitAt(text, cuts), { stringChunk: (piece) => pieces.push(piece) });
          for (const piece of pieces.slice(0, -1)) {
            const last = piece.charCodeAt(piece.length - 1);
            expect(last >= 0xd800 && last <= 0xdbff).toBe(false);
          }
          expect(pieces.join('')).toBe(content);
        },
      ),
    );
  });

  it('reads a million one-character chunks', () => {
    const text = JSON.stringify({
      items: Array.from({ length: 50_000 }, (_, i) => ({ i, s: 'ab' })),
    });
    const builder = new JsonValueBuilder();
    const scanner = createJsonScanner(builder);
    for (const char of text) scanner.write(char);
    expect(text.length).toBeGreaterThan(1_000_000);
    expect((builder.value as { items: unknown[] }).items).toHaveLength(50_000);
  });

  it('throws on an incomplete value at the end', () => {
    const scanner = createJsonScanner();
    scanner.write('{"a": "open');
    expect(() => scanner.end()).toThrow(/Unexpected end of input at offset 11/);
  });
});
