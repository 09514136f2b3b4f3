import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMarkerSeeker } from './marker-seeker';

describe('MarkerSeeker', () => {
  it('finds a closer however the text is cut, reporting everything before it once', () => {
    const text = 'body with </tool </tool_cal and more</tool_call> after';
    fc.assert(
      fc.property(fc.array(fc.nat({ max: text.length }), { maxLength: 10 }), (cuts) => {
        const points = [...new Set([0, ...cuts, text.length])].sort((a, b) => a - b);
        const seeker = createMarkerSeeker(['</tool_call>']);
        let skipped = '';
        let end = -1;
        for (const [i, from] of points.entries()) {
          if (end !== -1 || i + 1 === points.length) break;
          const piece = text.slice(from, points[i + 1]);
          const hit = seeker.seek(piece, 0, (part) => (skipped += part));
          if (hit !== undefined) end = from + hit.end;
        }
        expect(skipped).toBe('body with </tool </tool_cal and more');
        expect(end).toBe(text.indexOf('</tool_call>') + '</tool_call>'.length);
      }),
    );
  });

  it('reads from `from`, with or without a partial closer held', () => {
    const seeker = createMarkerSeeker(['</think>']);
    let skipped = '';
    const skip = (part: string) => (skipped += part);
    expect(seeker.seek('xx a </th', 3, skip)).toBeUndefined();
    expect(seeker.seek('..ink> b', 2, skip)?.end).toBe(6);
    expect(skipped).toBe('a ');
    expect(seeker.seek('--c</think>', 2, skip)?.end).toBe(11);
    expect(skipped).toBe('a c');
  });

  it('gives back a held partial closer when the input ends', () => {
    const seeker = createMarkerSeeker(['</think>']);
    expect(seeker.seek('thinking </thi')).toBeUndefined();
    expect(seeker.flush()).toBe('</thi');
  });
});
