import { describe, expect, it } from 'vitest';
import { tagAttributes } from './attributed-json-call-decoder';

describe('tagAttributes', () => {
  it('reads attributes in any order, quoted either way', () => {
    expect(tagAttributes('id="call_1" name="get_weather"')).toEqual(
      new Map([
        ['id', 'call_1'],
        ['name', 'get_weather'],
      ]),
    );
    expect(tagAttributes(" name = 'get_time'  ")).toEqual(new Map([['name', 'get_time']]));
    expect(tagAttributes('')).toEqual(new Map());
  });

  it('finds none in a tag with text that is no attribute', () => {
    expect(tagAttributes('name="get_time" and more')).toBeUndefined();
    expect(tagAttributes('name=get_time')).toBeUndefined();
    expect(tagAttributes('name="get_time')).toBeUndefined();
  });

  it('reads a long run of attribute-like text in linear time', () => {
    const text = `${'a="b" '.repeat(20_000)}name="x`;
    const started = performance.now();
    expect(tagAttributes(text)).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
