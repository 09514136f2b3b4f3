import { describe, expect, it } from 'vitest';
import { jinjaString } from './jinja-string';

describe("jinjaString: a value through a template's `| string`", () => {
  it('writes strings as they are and other values as Python does', () => {
    expect(jinjaString('a "b"')).toBe('a "b"');
    expect(jinjaString(true)).toBe('True');
    expect(jinjaString(null)).toBe('None');
    expect(jinjaString(2.5)).toBe('2.5');
    expect(jinjaString(['string', 'null'])).toBe("['string', 'null']");
    expect(jinjaString({ a: false, "it's": ['x\ny'] })).toBe(`{'a': False, "it's": ['x\\ny']}`);
    expect(jinjaString(['it\'s "q"'])).toBe(`['it\\'s "q"']`);
  });
});
