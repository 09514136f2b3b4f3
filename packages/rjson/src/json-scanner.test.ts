import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitAt } from '../../../testing/split-at';
import { createJsonScanner, type JsonScanHandler } from './json-scanner';
import { JsonValueBuilder } from './json-value-builder';
import { parse } from './parse';
import { RJSONParseError } from './rjson-parse-error';

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

/** Writes `chunks` without calling end(); returns the scanner. */
function writeChunks(chunks: string[], handler: JsonScanHandler) {
  const scanner = createJsonScanner(handler);
  for (const chunk of chunks) {
    if (scanner.done) break;
    scanner.write(chunk);
  }
  return scanner;
}

function scanValue(chunks: string[]): unknown {
  const builder = new JsonValueBuilder();
  scanChunks(chunks, builder);
  return builder.value;
}

/** An error without its excerpt, which shows the chunk at hand. */
function describeError(error: unknown): string {
  return error instanceof RJSONParseError
    ? `${error.message.split(' at offset')[0]} @${error.offset}`
    : String(error);
}

function oneCharChunks(text: string): string[] {
  // One UTF-16 code unit per chunk: a character outside the BMP is cut in two.
  return text.split('');
}

/** Content a model may write inside a string, quotes and JSON punctuation included. */
const rawContent = fc
  .array(
    fc.constantFrom(
      'a',
      'b c',
      ' ',
      '\n',
      '"',
      "'",
      ',',
      ':',
      '{',
      '}',
      '[',
      ']',
      'x: ',
      '1',
      'true',
    ),
    { maxLength: 25 },
  )
  .map((parts) => parts.join(''));

describe('createJsonScanner: unescaped quotes inside strings', () => {
  it('reads a quote that cannot end the string as a literal quote', () => {
    const text = '{"content": "He said "hi" there", "n": 1}';
    expect(scanValue([text])).toStrictEqual({ content: 'He said "hi" there', n: 1 });
    expect(scanValue(oneCharChunks(text))).toStrictEqual({ content: 'He said "hi" there', n: 1 });
    expect(parse(text)).toStrictEqual({ content: 'He said "hi" there', n: 1 });
  });

  it.each([
    ['an object value before a quoted key', '{"a": "x "y" z", "b": 1}', { a: 'x "y" z', b: 1 }],
    ['an object value before an unquoted key', '{"a": "x "y" z", b : 1}', { a: 'x "y" z', b: 1 }],
    ['an object value before a trailing comma', '{"a": "x "y" z", }', { a: 'x "y" z' }],
    [
      'an object value before a comment',
      '{"a": "x" /* c */ , "b": "y" // c\n}',
      { a: 'x', b: 'y' },
    ],
    ['an object key', '{"a "b" c": 1}', { 'a "b" c': 1 }],
    ['an array item', '["x "y", z", "w", 1]', ['x "y", z', 'w', 1]],
    [
      'array items before every value start',
      '["a", {}, [], -1, .5, +2, true, None, "b",]',
      ['a', {}, [], -1, 0.5, 2, true, null, 'b'],
    ],
    ['an array item before a word that is no literal', '["a", nullish"]', ['a", nullish']],
    ['single quotes', "{'q': 'it's fine', 'r': 'x'}", { q: "it's fine", r: 'x' }],
    [
      'a quote before a word longer than the key lookahead',
      `{"a": "x", ${'k'.repeat(70)}: 1"}`,
      { a: `x", ${'k'.repeat(70)}: 1` },
    ],
    ['a top-level string (always ends)', '"x" y', 'x'],
  ])('decides by what follows: %s', (_name, text, expected) => {
    expect(scanValue([text])).toStrictEqual(expected);
    expect(scanValue(oneCharChunks(text))).toStrictEqual(expected);
  });

  it('ends the string at a quote still undecided when the input ends', () => {
    const events = recorder();
    const scanner = writeChunks(['{"a": "x"  '], events.handler);
    expect(events.events).toStrictEqual(['{', { key: 'a' }, { string: 'x' }]);
    expect(() => scanner.end()).toThrow(/Unexpected end of input at offset 11/);
    expect(events.events).toStrictEqual(['{', { key: 'a' }, { string: 'x' }, '"']);
  });

  it('streams the content before a held quote at once', () => {
    const pieces: string[] = [];
    const scanner = createJsonScanner({ stringChunk: (text) => pieces.push(text) });
    scanner.write('{"a": "He said "');
    expect(pieces).toStrictEqual(['He said ']);
    scanner.write('hi" ');
    expect(pieces.join('')).toBe('He said "hi');
    scanner.write('there"}');
    expect(pieces.join('')).toBe('He said "hi" there');
  });

  it('gives the same events under every chunking for raw content with quotes and punctuation', () => {
    fc.assert(
      fc.property(
        rawContent,
        fc.constantFrom('"', "'"),
        fc.constantFrom(
          '{"s": %, "n": 1}',
          '{%: 1, "n": 2}',
          '[%, "n", 1]',
          '{a: [%], b: {c: %}}',
          '%',
        ),
        fc.array(fc.nat(), { maxLength: 30 }),
        (content, quote, template, cuts) => {
          const text = template.replaceAll('%', quote + content + quote);
          const outcome = (chunks: string[]) => {
            const record = recorder();
            try {
              scanChunks(chunks, record.handler);
              return record.events;
            } catch (error) {
              return [...record.events, describeError(error)];
            }
          };
          const whole = outcome([text]);
          expect(outcome(splitAt(text, cuts))).toStrictEqual(whole);
          expect(outcome(oneCharChunks(text))).toStrictEqual(whole);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('keeps raw content whole when no quote in it is followed by what may follow a string', () => {
    fc.assert(
      fc.property(
        // Only a `"` followed by `,` or `}` may end a string value of an object.
        rawContent.filter((content) => !/"\s*[,}]/.test(content)),
        fc.array(fc.nat(), { maxLength: 30 }),
        (content, cuts) => {
          const text = `{"s": "${content}", "n": 1}`;
          expect(scanValue(splitAt(text, cuts))).toStrictEqual({ s: content, n: 1 });
          expect(parse(text)).toStrictEqual({ s: content, n: 1 });
        },
      ),
      { numRuns: 500 },
    );
  });

  it('reads strict JSON exactly as JSON.parse does under every chunking', () => {
    fc.assert(
      fc.property(fc.json(), fc.array(fc.nat(), { maxLength: 30 }), (text, cuts) => {
        expect(scanValue(splitAt(text, cuts))).toStrictEqual(JSON.parse(text));
      }),
      { numRuns: 500 },
    );
  });
});

describe('createJsonScanner: failure offsets', () => {
  /** Throws at the `trap`-th event other than stringChunk (whose split depends on chunking). */
  function trapped(trap: number): JsonScanHandler {
    let count = 0;
    const spring = () => {
      if (count++ === trap) throw new Error('rejected');
    };
    return {
      objectStart: spring,
      objectEnd: spring,
      arrayStart: spring,
      arrayEnd: spring,
      key: spring,
      stringStart: spring,
      stringEnd: spring,
      primitive: spring,
    };
  }

  function failure(chunks: string[], handler: JsonScanHandler) {
    const scanner = createJsonScanner(handler);
    try {
      for (const chunk of chunks) {
        if (scanner.done) break;
        scanner.write(chunk);
      }
      if (!scanner.done) scanner.end();
    } catch (error) {
      return {
        offset: scanner.offset,
        errorOffset: error instanceof RJSONParseError ? error.offset : undefined,
        message: describeError(error),
      };
    }
    return undefined;
  }

  it('puts the offset at the character being read when a handler throws, under every chunking', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.jsonValue().map((value) => JSON.stringify(value, null, 1)),
          relaxedSamples,
          rawContent.map((content) => `{"s": "${content}", t: ["${content}", 1e999]}`),
        ),
        fc.nat({ max: 40 }),
        fc.array(fc.nat(), { maxLength: 30 }),
        (text, trap, cuts) => {
          const whole = failure([text], trapped(trap));
          expect(failure(splitAt(text, cuts), trapped(trap))).toStrictEqual(whole);
          expect(failure(oneCharChunks(text), trapped(trap))).toStrictEqual(whole);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('puts the offset, and the error offset, at the character that cannot be read', () => {
    const fragments = fc.constantFrom(
      '{',
      '}',
      '[',
      ']',
      ',',
      ':',
      '"',
      "'",
      '\\',
      '/',
      '*',
      'a',
      '1',
      'True',
      ' ',
      '\n',
      '-',
      'e',
      '\\u12',
    );
    fc.assert(
      fc.property(
        fc.array(fragments, { maxLength: 30 }).map((parts) => parts.join('')),
        fc.array(fc.nat(), { maxLength: 30 }),
        (text, cuts) => {
          const whole = failure([text], {});
          if (whole?.errorOffset !== undefined) expect(whole.offset).toBe(whole.errorOffset);
          expect(failure(splitAt(text, cuts), {})).toStrictEqual(whole);
          expect(failure(oneCharChunks(text), {})).toStrictEqual(whole);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('reports the index of a rejected key and of a rejected closing brace', () => {
    const text = '{"a": 1, "bad": 2}';
    const rejectKey = failure([text], {
      key: (key) => {
        if (key === 'bad') throw new Error('no');
      },
    });
    expect(rejectKey?.offset).toBe(text.indexOf('bad"') + 3);
    const rejectEnd = failure(['{"a": 1', ', "b": 2}  '], {
      objectEnd: () => {
        throw new Error('no');
      },
    });
    expect(rejectEnd?.offset).toBe(15);
    const syntax = failure(['{"a": 1', ', "b": 2 "c"}'], {});
    expect(syntax).toMatchObject({ offset: 16, errorOffset: 16 });
  });
});

describe('createJsonScanner: string content at the end of a write', () => {
  it('passes on the content before an incomplete escape, as for plain content', () => {
    for (const text of ['{"a": "xy\\', '{"a": "xy\\u00', '{"a": "xy\\u']) {
      const whole = recorder();
      writeChunks([text], whole.handler);
      expect(whole.events).toStrictEqual(['{', { key: 'a' }, { string: 'xy' }]);
      const single = recorder();
      writeChunks(oneCharChunks(text), single.handler);
      expect(single.events).toStrictEqual(whole.events);
    }
  });

  it('passes on the content before an invalid escape before it throws, whatever the chunking', () => {
    const text = '{"a": "xy\\uxz"}';
    for (const chunks of [[text], oneCharChunks(text)]) {
      const { events, handler } = recorder();
      expect(() => writeChunks(chunks, handler)).toThrow('Invalid \\u escape');
      expect(events).toStrictEqual(['{', { key: 'a' }, { string: 'xy' }]);
    }
  });

  it('reports the same events for every prefix under every chunking', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.jsonValue().map((value) => JSON.stringify(value, null, 1)),
          relaxedSamples,
          rawContent.map((content) => `{"s": "${content}", t: ['${content}']}`),
        ),
        fc.nat(),
        fc.array(fc.nat(), { maxLength: 30 }),
        (text, cut, cuts) => {
          const prefix = text.slice(0, cut % (text.length + 1));
          const outcome = (chunks: string[]) => {
            const record = recorder();
            try {
              writeChunks(chunks, record.handler);
              return record.events;
            } catch (error) {
              return [...record.events, describeError(error)];
            }
          };
          expect(outcome(splitAt(prefix, cuts))).toStrictEqual(outcome([prefix]));
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('createJsonScanner: numbers beyond the range of a JSON number', () => {
  it.each(['1e999', '-1e400', '1'.repeat(400), '-0.5E+999'])(
    'reads %s as the string written',
    (written) => {
      const text = `{"n": ${written}, "m": [${written}]}`;
      expect(scanValue([text])).toStrictEqual({ n: written, m: [written] });
      expect(scanValue(oneCharChunks(text))).toStrictEqual({ n: written, m: [written] });
      const events = recorder();
      scanChunks([written], events.handler);
      expect(events.events).toStrictEqual([{ string: written }, '"']);
    },
  );

  it('keeps numbers in range, tiny ones included', () => {
    expect(scanValue(['[1e308, 1e-999, -0]'])).toStrictEqual([1e308, 0, -0]);
  });
});
