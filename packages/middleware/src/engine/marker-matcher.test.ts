import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMarkerMatcher, type MarkerScan, sharedMarkerMatcher } from './marker-matcher';

/** The scan spelled out, candidate by candidate: what MarkerMatcher must agree with. */
function referenceScan(markers: string[], text: string, from: number): MarkerScan {
  const all = [...new Set(markers)].filter((marker) => marker.length > 0);
  for (let index = from; index < text.length; index++) {
    const group = all
      .filter((marker) => marker[0] === text[index])
      .sort((a, b) => b.length - a.length);
    if (group.length === 0) continue;
    const tail = text.slice(index);
    if (group.some((marker) => marker.length > tail.length && marker.startsWith(tail)))
      return { type: 'partial', index };
    const marker = group.find((candidate) => tail.startsWith(candidate));
    if (marker !== undefined) return { type: 'match', index, marker };
  }
  return { type: 'none' };
}

describe('MarkerMatcher', () => {
  const matcher = createMarkerMatcher(['<get_time', '<get_time_zone', '<think>']);

  it('finds the earliest marker, the longest at the same place', () => {
    expect(matcher.scan('a <think> b <get_time_zone> c')).toEqual({
      type: 'match',
      index: 2,
      marker: '<think>',
    });
    expect(matcher.scan('x <get_time_zone>')).toEqual({
      type: 'match',
      index: 2,
      marker: '<get_time_zone',
    });
    expect(matcher.scan('x <get_time>')).toEqual({ type: 'match', index: 2, marker: '<get_time' });
  });

  it('waits where a marker could still begin, or a longer one still extend a complete one', () => {
    expect(matcher.scan('text <get_ti')).toEqual({ type: 'partial', index: 5 });
    expect(matcher.scan('text <get_time_z')).toEqual({ type: 'partial', index: 5 });
    expect(matcher.scan('text <get_time>')).toEqual({
      type: 'match',
      index: 5,
      marker: '<get_time',
    });
  });

  it('finds nothing in text without markers, or after `from`', () => {
    expect(matcher.scan('a < b <b>')).toEqual({ type: 'none' });
    expect(matcher.scan('<think> x', 1)).toEqual({ type: 'none' });
  });

  it('agrees with the scan spelled out, for markers with any first characters', () => {
    const alphabet = ['<', 'a', 'b', '[', '{', 'é', '\ud83d', '\ude00'];
    const piece = fc.array(fc.constantFrom(...alphabet), { maxLength: 5 }).map((p) => p.join(''));
    fc.assert(
      fc.property(
        fc.array(piece, { minLength: 1, maxLength: 4 }),
        fc.array(fc.constantFrom(...alphabet), { maxLength: 24 }).map((t) => t.join('')),
        fc.nat({ max: 24 }),
        (markers, text, from) => {
          expect(createMarkerMatcher(markers).scan(text, from)).toEqual(
            referenceScan(markers, text, from),
          );
        },
      ),
    );
  });
});

describe('sharedMarkerMatcher', () => {
  it('gives one matcher per marker list, which finds those markers', () => {
    const matcher = sharedMarkerMatcher(['</a>', '<b']);
    expect(sharedMarkerMatcher(['</a>', '<b'])).toBe(matcher);
    expect(matcher.scan('x <b')).toEqual({ type: 'match', index: 2, marker: '<b' });
  });

  it('tells apart lists that join to the same text', () => {
    const joined = sharedMarkerMatcher(['a\u0000b']);
    const split = sharedMarkerMatcher(['a', 'b']);
    expect(split).not.toBe(joined);
    expect(joined.scan('b')).toEqual({ type: 'none' });
  });
});
