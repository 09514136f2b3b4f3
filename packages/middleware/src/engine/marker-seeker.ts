import { type MarkerMatcher, sharedMarkerMatcher } from './marker-matcher';

/** Where a seek ended: just past `marker`, at `end` in the text given. */
export interface SeekHit {
  marker: string;
  end: number;
}

/**
 * Finds the first of several markers in text that arrives in pieces, holding back only what
 * could still become one. Text before the marker goes to `skipped`, once each.
 */
export class MarkerSeeker {
  private readonly matcher: MarkerMatcher;
  private carry = '';

  constructor(markers: readonly string[]) {
    this.matcher = sharedMarkerMatcher(markers);
  }

  /** Reads `text` from `from`; the hit, or undefined when no marker came yet. */
  seek(text: string, from: number, skipped: (text: string) => void): SeekHit | undefined {
    const held = this.carry.length;
    const combined =
      held === 0 ? (from === 0 ? text : text.slice(from)) : this.carry + text.slice(from);
    const scan = this.matcher.scan(combined);
    if (scan.type === 'match') {
      if (scan.index > 0) skipped(combined.slice(0, scan.index));
      this.carry = '';
      return { marker: scan.marker, end: from + scan.index + scan.marker.length - held };
    }
    const keep = scan.type === 'partial' ? scan.index : combined.length;
    if (keep > 0) skipped(combined.slice(0, keep));
    this.carry = combined.slice(keep);
    return undefined;
  }

  /** The input ended: the held characters, which were no marker after all. */
  flush(): string {
    const held = this.carry;
    this.carry = '';
    return held;
  }
}
