import { describe, expect, it } from 'vitest';
import { calculate } from './calculator.ts';

describe('calculate', () => {
  it.each([
    ['3 * 19.99 + 4.5', 64.47],
    ['-(2 + 3) ^ 2', -25],
    ['2 ^ 3 ^ 2', 512],
    ['10 % 4 / 2', 1],
    ['2 ^ -1', 0.5],
    ['.5 + 1e2', 100.5],
  ])('%s = %d', (expression, expected) => {
    expect(calculate(expression)).toBe(expected);
  });

  it.each(['process.exit()', '1 +', '(1', '1 / 0', 'x'.repeat(501)])('refuses %s', (expression) => {
    expect(() => calculate(expression)).toThrow();
  });
});
