import { describe, expect, it } from 'vitest';
import { callTagAttributes } from './attributed-json-call-decoder';

describe('callTagAttributes', () => {
  it('reads the name and id in any order, quoted either way', () => {
    expect(callTagAttributes('id="call_1" name="get_weather"')).toEqual({
      name: 'get_weather',
      id: 'call_1',
    });
    expect(callTagAttributes(" name = 'get_time'  ")).toEqual({ name: 'get_time' });
    expect(callTagAttributes('name="get_time" id=""')).toEqual({ name: 'get_time' });
  });

  it('finds no call in a tag without a name, or with text that is no attribute', () => {
    expect(callTagAttributes('id="7"')).toBeUndefined();
    expect(callTagAttributes('name="get_time" and more')).toBeUndefined();
    expect(callTagAttributes('name=get_time')).toBeUndefined();
    expect(callTagAttributes('name="get_time')).toBeUndefined();
  });

  it('reads a long run of attribute-like text in linear time', () => {
    const text = `${'a="b" '.repeat(20_000)}name="x`;
    const started = performance.now();
    expect(callTagAttributes(text)).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
