import type { JsonSchema } from '@toolbridge/rxml';
import { describe, expect, it } from 'vitest';
import type { CallSink } from '../engine/call-grammar';
import { createJsonInputWriter } from '../engine/json-input-writer';
import { createXmlParameterValueWriter } from './xml-parameter-value-writer';

interface WriteOptions {
  schema?: JsonSchema;
  isString?: boolean;
  trim?: boolean;
  nullIsText?: boolean;
}

/** A writer of the value `v` in an object, and the deltas it sends. */
function valueWriter(options: WriteOptions = {}) {
  const deltas: string[] = [];
  const input = createJsonInputWriter((json) => deltas.push(json));
  const sink: CallSink = { start() {}, input, endCall() {}, fail() {}, repair() {} };
  input.openObject();
  const value = createXmlParameterValueWriter(
    sink,
    'v',
    options.schema,
    options.trim ?? true,
    options.nullIsText ?? false,
  );
  value.begin(options.isString);
  return { value, deltas, close: () => input.close() };
}

/** The deltas sent for a value written in `pieces`. */
function write(pieces: readonly string[], options: WriteOptions = {}): string[] {
  const { value, deltas, close } = valueWriter(options);
  for (const piece of pieces) value.text(piece);
  value.end();
  close();
  return deltas;
}

describe('XmlParameterValueWriter', () => {
  it('streams a string as it arrives, one newline trimmed at each end', () => {
    expect(write(['\nLy', 'on\n', '\n'])).toEqual(['{', '"v":', '"', 'Ly', 'on', '\\n', '"', '}']);
  });

  it('keeps every newline of an inline value', () => {
    expect(write(['\nLyon\n'], { trim: false }).join('')).toBe('{"v":"\\nLyon\\n"}');
  });

  it('reads null as null, in any case and spacing, and text that only starts like it as text', () => {
    expect(write([' NU', 'll '])).toEqual(['{', '"v":', 'null', '}']);
    expect(write(['nul', 'lable']).join('')).toBe('{"v":"nullable"}');
    expect(write(['null'], { nullIsText: true }).join('')).toBe('{"v":"null"}');
    expect(write(['null'], { isString: true }).join('')).toBe('{"v":"null"}');
  });

  it('writes exact text (CDATA content) as it is: its newlines and `null` are text', () => {
    const exact = (pieces: readonly string[], options: WriteOptions = {}) => {
      const { value, deltas, close } = valueWriter(options);
      value.text('\n');
      for (const piece of pieces) value.exact(piece);
      value.text('\n');
      value.end();
      close();
      return deltas.join('');
    };
    expect(exact(['\nnu', 'll\n'])).toBe('{"v":"\\nnull\\n"}');
    expect(exact(['null'])).toBe('{"v":"null"}');
    expect(exact(['a\ud83d', '\ude00\n'])).toBe('{"v":"a😀\\n"}');
    expect(exact([' 3 '], { schema: { type: 'integer' } })).toBe('{"v":3}');
  });

  it('never ends a piece between the two halves of a surrogate pair', () => {
    expect(write(['a\ud83d', '\ude00b'])).toEqual(['{', '"v":', '"', 'a', '😀b', '"', '}']);
  });

  it('converts a value the schema does not type as a string once it is complete', () => {
    expect(write(['\n4', '2\n'], { schema: { type: 'integer' } })).toEqual([
      '{',
      '"v":',
      '42',
      '}',
    ]);
    expect(write(["{'a': True}"], { schema: { type: 'object' } }).join('')).toBe(
      '{"v":{"a":true}}',
    );
    expect(write(['None'], { schema: { type: 'array' } }).join('')).toBe('{"v":null}');
  });

  it('reads JSON text as JSON, and text marked as text by its schema type only', () => {
    expect(write(['{"a": 1}'], { isString: false }).join('')).toBe('{"v":{"a":1}}');
    expect(write(['not json'], { isString: false }).join('')).toBe('{"v":"not json"}');
    expect(write(['7'], { isString: true, schema: { type: 'integer' } }).join('')).toBe('{"v":7}');
  });

  it('is blank while only whitespace was read', () => {
    for (const schema of [undefined, { type: 'object' }] as const) {
      const { value } = valueWriter({ schema });
      value.text('\n  ');
      expect(value.blank).toBe(true);
      value.text('x');
      expect(value.blank).toBe(false);
    }
  });
});
