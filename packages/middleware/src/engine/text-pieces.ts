/** How many pieces are joined into one string at a time. */
const BLOCK = 256;

/**
 * A long text kept piece by piece as it streams in (a call's markup, its input), joined in
 * blocks as it grows: each piece is copied at most twice, and the text stays a few long
 * strings instead of one small string per chunk, which the garbage collector would otherwise
 * trace again at every collection while the call lasts (time that grew faster than the text).
 */
export interface TextPieces {
  /** Whether nothing (or only empty pieces) was pushed. */
  readonly isEmpty: boolean;
  push(piece: string): void;
  /** The whole text. */
  toString(): string;
}

/** An empty text, to push pieces to. */
export function createTextPieces(): TextPieces {
  const blocks: string[] = [];
  const pieces: string[] = [];
  return {
    get isEmpty() {
      return blocks.length === 0 && pieces.length === 0;
    },
    push(piece) {
      if (piece.length === 0) return;
      pieces.push(piece);
      if (pieces.length === BLOCK) {
        blocks.push(pieces.join(''));
        pieces.length = 0;
      }
    },
    toString: () => blocks.join('') + pieces.join(''),
  };
}
