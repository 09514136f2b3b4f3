import { describe, expect, it } from 'vitest';
import { coerceBySchema } from './coerce-by-schema';
import { RXMLCoercionError } from './rxml-errors';

describe('coerceBySchema', () => {
  it.each([
    ['"42" for an integer', '42', { type: 'integer' }, 42],
    ['" -7.0 " for an integer', ' -7.0 ', { type: 'integer' }, -7],
    ['"2.5e3" for a number', '2.5e3', { type: 'number' }, 2500],
    ['"TRUE" for a boolean', 'TRUE', { type: 'boolean' }, true],
    ['"" for a nullable number', '', { type: ['number', 'null'] }, null],
    ['"" for a number (an empty XML element)', '', { type: 'number' }, null],
    [
      'an array whose enum lists its items',
      '',
      { type: 'array', items: { type: 'string' }, enum: ['a', 'b'] },
      [],
    ],
    ['"None" for null', 'None', { type: 'null' }, null],
    ['a number for a string', 12, { type: 'string' }, '12'],
    ['a lone value for an array', 'x', { type: 'array', items: { type: 'string' } }, ['x']],
    [
      'an item list for an array',
      { item: ['1', '2'] },
      { type: 'array', items: { type: 'integer' } },
      [1, 2],
    ],
    ['JSON text for an array', '[1, 2]', { type: 'array' }, [1, 2]],
    ['JSON text for an object', "{a: 'b'}", { type: 'object' }, { a: 'b' }],
    ['an enum member by its text', '2', { enum: [1, 2, 3] }, 2],
    ['a const by its text', 'true', { const: true }, true],
    ['anyOf branches', '5', { anyOf: [{ type: 'boolean' }, { type: 'integer' }] }, 5],
    [
      'nested objects',
      { a: { b: '1' } },
      { properties: { a: { properties: { b: { type: 'number' } } } } },
      { a: { b: 1 } },
    ],
  ])('reads %s', (_name, value, schema, expected) => {
    expect(coerceBySchema(value, schema)).toStrictEqual(expected);
  });

  it('keeps values that already fit, and a string that fits a string type', () => {
    expect(coerceBySchema('42', { type: ['string', 'integer'] })).toBe('42');
    expect(coerceBySchema(1.5, { type: 'number' })).toBe(1.5);
  });

  it('keeps undeclared keys and unconvertible values for schema validation to report', () => {
    const schema = { type: 'object', properties: { n: { type: 'integer' } } };
    expect(coerceBySchema({ n: 'many', extra: '1' }, schema)).toStrictEqual({
      n: 'many',
      extra: '1',
    });
  });

  it('throws RXMLCoercionError with the path in strict mode', () => {
    const schema = {
      type: 'object',
      properties: { list: { type: 'array', items: { type: 'integer' } } },
    };
    expect(() => coerceBySchema({ list: ['1', 'x'] }, schema, { strict: true })).toThrow(
      RXMLCoercionError,
    );
    try {
      coerceBySchema({ list: ['1', 'x'] }, schema, { strict: true });
    } catch (error) {
      expect((error as RXMLCoercionError).path).toEqual(['list', 1]);
    }
  });

  it('keeps __proto__ as data and does not mutate its input', () => {
    const input = JSON.parse('{"__proto__": "1", "a": "2"}');
    const schema = JSON.parse(
      '{"properties": {"__proto__": {"type": "integer"}, "a": {"type": "integer"}}}',
    );
    const result = coerceBySchema(input, schema);
    expect(Object.getOwnPropertyDescriptor(result, '__proto__')?.value).toBe(1);
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(input.a).toBe('2');
  });
});
