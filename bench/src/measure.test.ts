import { describe, expect, it } from 'vitest';
import { measure } from './measure.ts';

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
  });
});
