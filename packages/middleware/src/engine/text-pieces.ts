/** How many pieces are joined into one string at a time. */
const BLOCK = 256;

/**
 * A long text kept piece by piece as it streams in (a call's markup, its input), joined in
 * blocks as it grows: each piece is copied at most twice, and the text stays a few long
 * strings instead of one small string per chunk, which the garbage collector would otherwise
 * trace again at every collection while the call lasts (time that grew faster than the text).
 */
export class TextPieces {
  private readonly blocks: string[] = [];
  private readonly pieces: string[] = [];

  /** Whether nothing (or only empty pieces) was pushed. */
  get isEmpty(): boolean {
    return this.blocks.length === 0 && this.pieces.length === 0;
  }

  push(piece: string): void {
    if (piece.length === 0) return;
    this.pieces.push(piece);
    if (this.pieces.length === BLOCK) {
      this.blocks.push(this.pieces.join(''));
      this.pieces.length = 0;
    }
  }

  /** The whole text. */
  toString(): string {
    return this.blocks.join('') + this.pieces.join('');
  }
}
