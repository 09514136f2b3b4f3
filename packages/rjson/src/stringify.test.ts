import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from './parse';
import { stringify } from './stringify';

describe('stringify', () => {
  it('round-trips through parse', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(parse(stringify(value))).toStrictEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });

  it('sorts keys, indents, and writes bigint as a number', () => {
    expect(stringify({ b: 1, a: { d: 1n, c: [2] } }, { sortKeys: true })).toBe(
      '{"a":{"c":[2],"d":1},"b":1}',
    );
    expect(stringify({ a: 1 }, { indent: 2 })).toBe('{\n  "a": 1\n}');
    expect(stringify(undefined)).toBe('null');
  });

  it('keeps __proto__ as data when sorting', () => {
    const value = JSON.parse('{"z": 1, "__proto__": {"x": 1}}');
    expect(stringify(value, { sortKeys: true })).toBe('{"__proto__":{"x":1},"z":1}');
  });
});
