import { describe, expect, it } from 'vitest';
import { stringify } from './stringify';

describe('stringify', () => {
  it('writes objects as elements, arrays as item lists, and escapes text', () => {
    expect(stringify('call', { q: 'a < b & c', n: 2, list: [1, 'x'], empty: [], none: null })).toBe(
      '<call><q>a &lt; b &amp; c</q><n>2</n><list><item>1</item><item>x</item></list><empty></empty><none></none></call>',
    );
  });

  it('formats and suppresses empty nodes on request', () => {
    expect(stringify('call', { a: '', b: 1 }, { format: true, suppressEmptyNode: true })).toBe(
      '<call>\n  <a/>\n  <b>1</b>\n</call>',
    );
  });

  it('keeps whitespace at the ends of a string in CDATA', () => {
    expect(stringify('call', { s: ' x ' })).toBe('<call><s><![CDATA[ x ]]></s></call>');
  });

  it('refuses keys that are not XML names', () => {
    expect(() => stringify('call', { 'two words': 1 })).toThrow(TypeError);
    expect(() => stringify('1call', {})).toThrow(TypeError);
  });
});
