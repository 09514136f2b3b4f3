import { type MarkerMatcher, sharedMarkerMatcher } from './marker-matcher';

/** Finds a closing delimiter in text that arrives in pieces, holding back a possible start of it. */
export class CloserSeeker {
  private readonly matcher: MarkerMatcher;
  private carry = '';

  constructor(private readonly closer: string) {
    this.matcher = sharedMarkerMatcher([closer]);
  }

  /**
   * Reads `text` from `from`. Returns the index in `text` just past the closer, or -1 if it has
   * not come yet; `skipped` receives, once each, the characters before the closer.
   */
  seek(text: string, from = 0, skipped?: (text: string) => void): number {
    if (this.carry === '') {
      // Nothing held (the usual case): scan the text where it is, without copying it first.
      const scan = this.matcher.scan(text, from);
      if (scan.type === 'match') {
        skipped?.(text.slice(from, scan.index));
        return scan.index + this.closer.length;
      }
      const keep = scan.type === 'partial' ? scan.index : text.length;
      skipped?.(text.slice(from, keep));
      this.carry = text.slice(keep);
      return -1;
    }
    const held = this.carry.length;
    const combined = this.carry + text.slice(from);
    const scan = this.matcher.scan(combined);
    if (scan.type === 'match') {
      skipped?.(combined.slice(0, scan.index));
      this.carry = '';
      return from + scan.index + this.closer.length - held;
    }
    const keep = scan.type === 'partial' ? scan.index : combined.length;
    skipped?.(combined.slice(0, keep));
    this.carry = combined.slice(keep);
    return -1;
  }

  /** The input ended: returns the held characters (they were no closer after all). */
  flush(): string {
    const held = this.carry;
    this.carry = '';
    return held;
  }
}
