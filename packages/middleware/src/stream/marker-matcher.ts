/** A marker found in text: where it starts and which one it is. */
export interface MarkerMatch {
  index: number;
  marker: string;
}

/**
 * Finds the earliest of several markers in text, and the start of a trailing piece that
 * could still grow into one. Candidates are located by first character, so a scan is
 * linear in the text with a cost per candidate bounded by the markers' count and length.
 */
export class MarkerMatcher {
  private readonly byFirstChar = new Map<string, string[]>();
  private readonly firstChars: string;
  /** Length of the longest marker: the most text that is ever held back. */
  readonly longest: number;

  constructor(markers: Iterable<string>) {
    for (const marker of new Set(markers)) {
      if (marker.length === 0) continue;
      const group = this.byFirstChar.get(marker[0]!) ?? [];
      group.push(marker);
      this.byFirstChar.set(marker[0]!, group);
    }
    // Longest first, so that `<get_weather_now` wins over `<get_weather` at the same place.
    for (const group of this.byFirstChar.values()) group.sort((a, b) => b.length - a.length);
    this.firstChars = [...this.byFirstChar.keys()].join('');
    this.longest = Math.max(
      0,
      ...[...this.byFirstChar.values()].flat().map((marker) => marker.length),
    );
  }

  /** The earliest complete marker at or after `from`. */
  find(text: string, from = 0): MarkerMatch | undefined {
    for (
      let index = this.nextCandidate(text, from);
      index !== -1;
      index = this.nextCandidate(text, index + 1)
    ) {
      const marker = this.byFirstChar
        .get(text[index]!)!
        .find((candidate) => text.startsWith(candidate, index));
      if (marker !== undefined) return { index, marker };
    }
    return undefined;
  }

  /**
   * Where the trailing piece of `text` that is a proper prefix of some marker starts, or
   * `text.length` if none: the text from there must wait for more input.
   */
  partialStart(text: string): number {
    for (let index = Math.max(0, text.length - this.longest + 1); index < text.length; index++) {
      const group = this.byFirstChar.get(text[index]!);
      if (group === undefined) continue;
      const tail = text.slice(index);
      if (group.some((marker) => marker.length > tail.length && marker.startsWith(tail)))
        return index;
    }
    return text.length;
  }

  private nextCandidate(text: string, from: number): number {
    if (this.firstChars.length === 1) return text.indexOf(this.firstChars, from);
    for (let index = from; index < text.length; index++) {
      if (this.byFirstChar.has(text[index]!)) return index;
    }
    return -1;
  }
}
