import { describe, expect, it } from 'vitest';
import { measure, pairedRatio } from './measure.ts';

describe('measure', () => {
  it('warms every contender up, then alternates them run by run', async () => {
    const order: string[] = [];
    const measured = await measure(
      [{ name: 'a' }, { name: 'b' }, { name: 'c' }],
      async (contender) => {
        order.push(contender.name);
      },
      { runs: 2, warmup: 1, timeoutMs: 10_000, budgetMs: 10_000 },
    );
    expect(order).toEqual(['a', 'b', 'c', 'a', 'b', 'c', 'a', 'b', 'c']);
    expect(measured.get('b')).toMatchObject({ runs: 2, timedOut: false });
    expect(measured.get('b')?.rounds).toHaveLength(2);
  });
});

describe('pairedRatio', () => {
  it('takes the median of the ratios of the rounds both sides ran', () => {
    // Round 2 ran on a machine twice as slow: both sides slowed, so its ratio is unchanged.
    const slow = { medianMs: 20, runs: 4, timedOut: false, rounds: [12, 14, 28, undefined] };
    const fast = { medianMs: 10, runs: 4, timedOut: false, rounds: [10, 10, 20, 9] };
    expect(pairedRatio(slow, fast)).toBeCloseTo(1.4);
    expect(pairedRatio({ ...slow, rounds: [undefined, 3] }, { ...fast, rounds: [1] })).toBe(
      undefined,
    );
  });
});
