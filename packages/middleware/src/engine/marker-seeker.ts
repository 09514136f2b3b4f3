import { sharedMarkerMatcher } from './marker-matcher';

/** Where a seek ended: just past `marker`, at `end` in the text given. */
export interface SeekHit {
  marker: string;
  end: number;
}

/**
 * Finds the first of several markers (a closing delimiter, or one of several) in text that
 * arrives in pieces, holding back only what could still become one. Text before the marker goes
 * to `skipped`, once each.
 */
export interface MarkerSeeker {
  /** Reads `text` from `from`; the hit, or undefined when no marker came yet. */
  seek(text: string, from?: number, skipped?: (text: string) => void): SeekHit | undefined;
  /** The input ended: the held characters, which were no marker after all. */
  flush(): string;
}

/** A seeker of `markers`. */
export function createMarkerSeeker(markers: readonly string[]): MarkerSeeker {
  const matcher = sharedMarkerMatcher(markers);
  let carry = '';
  return {
    seek(text, from = 0, skipped) {
      const held = carry.length;
      // Nothing held (the usual case): the text is scanned where it is, without copying it first.
      const source = held === 0 ? text : carry + text.slice(from);
      const start = held === 0 ? from : 0;
      const scan = matcher.scan(source, start);
      if (scan.type === 'match') {
        if (scan.index > start) skipped?.(source.slice(start, scan.index));
        carry = '';
        return { marker: scan.marker, end: from + scan.index - start + scan.marker.length - held };
      }
      const keep = scan.type === 'partial' ? scan.index : source.length;
      if (keep > start) skipped?.(source.slice(start, keep));
      carry = source.slice(keep);
      return undefined;
    },
    flush() {
      const held = carry;
      carry = '';
      return held;
    },
  };
}
