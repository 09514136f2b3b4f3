import { describe, expect, it } from 'vitest';
import { isJsonObject } from './is-json-object';

describe('isJsonObject', () => {
  it('is true of objects only: never of null, lists or other values', () => {
    expect(isJsonObject({})).toBe(true);
    expect(isJsonObject(Object.create(null))).toBe(true);
    for (const value of [null, [], [1], 'x', 1, true, undefined]) {
      expect(isJsonObject(value)).toBe(false);
    }
  });
});
