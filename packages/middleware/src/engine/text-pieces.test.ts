import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTextPieces } from './text-pieces';

describe('TextPieces', () => {
  it('is the concatenation of what was pushed, across any number of blocks', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 4 }), { maxLength: 2000 }), (pieces) => {
        const text = createTextPieces();
        for (const piece of pieces) text.push(piece);
        expect(text.toString()).toBe(pieces.join(''));
        expect(text.isEmpty).toBe(pieces.join('') === '');
      }),
      { numRuns: 200 },
    );
  });
});
