/** What a scan found: a complete marker, a place where text must wait for more, or neither. */
export type MarkerScan =
  | { type: 'match'; index: number; marker: string }
  | { type: 'partial'; index: number }
  | { type: 'none' };

/** Matchers shared by marker list; past this many, the cache starts over. */
const MAX_SHARED_MATCHERS = 1000;
const sharedMatchers = new Map<string, MarkerMatcher>();

/**
 * The matcher for `markers`, shared: a matcher is immutable, and the decoders that seek markers
 * make their seekers per call, where building its tables each time took a third of reading a
 * short call.
 */
export function sharedMarkerMatcher(markers: readonly string[]): MarkerMatcher {
  // Keyed by the markers joined with NUL; a list with a NUL in a marker is not shared.
  if (markers.some((marker) => marker.includes('\u0000'))) return createMarkerMatcher(markers);
  const key = markers.join('\u0000');
  let matcher = sharedMatchers.get(key);
  if (matcher === undefined) {
    if (sharedMatchers.size >= MAX_SHARED_MATCHERS) sharedMatchers.clear();
    matcher = createMarkerMatcher(markers);
    sharedMatchers.set(key, matcher);
  }
  return matcher;
}

/** The result of most scans, shared: a scan runs once per chunk and most find nothing. */
const NONE: MarkerScan = Object.freeze({ type: 'none' });

/** Finds the earliest of several markers in text. */
export interface MarkerMatcher {
  /**
   * Scans `text` from `from` for the earliest marker. A place where the text ends while a
   * marker could still begin there, or a longer marker could still extend a complete one,
   * is `partial`: nothing from there on can be decided yet. At the `end` of the input nothing
   * can grow any more, so nothing is partial.
   */
  scan(text: string, from?: number, end?: boolean): MarkerScan;
}

/**
 * A matcher of `markers`. Candidates are located by first character, and only the text within a
 * marker's length of a candidate is examined, so a scan is linear in the text.
 */
export function createMarkerMatcher(markers: Iterable<string>): MarkerMatcher {
  const byFirstChar = new Map<string, string[]>();
  for (const marker of new Set(markers)) {
    if (marker.length === 0) continue;
    const group = byFirstChar.get(marker.charAt(0)) ?? [];
    group.push(marker);
    byFirstChar.set(marker.charAt(0), group);
  }
  // Longest first, so that `<get_weather_now` wins over `<get_weather` at the same place.
  for (const group of byFirstChar.values()) group.sort((a, b) => b.length - a.length);
  const firstChars = [...byFirstChar.keys()];
  /** The first character of every marker when they all share one (the usual `<`): found with `indexOf`. */
  const onlyFirstChar = firstChars.length === 1 ? firstChars[0] : undefined;
  /** Otherwise: whether each ASCII character starts a marker, by code. */
  const asciiFirst = firstChars.length > 1 ? new Uint8Array(128) : undefined;
  let nonAsciiFirst = false;
  for (const char of firstChars) {
    const code = char.charCodeAt(0);
    if (code >= 128) nonAsciiFirst = true;
    else if (asciiFirst !== undefined) asciiFirst[code] = 1;
  }

  function nextCandidate(text: string, from: number): number {
    if (onlyFirstChar !== undefined) return text.indexOf(onlyFirstChar, from);
    if (asciiFirst === undefined) return -1;
    for (let index = from; index < text.length; index++) {
      const code = text.charCodeAt(index);
      if (
        code < 128 ? asciiFirst[code] === 1 : nonAsciiFirst && byFirstChar.has(text.charAt(index))
      )
        return index;
    }
    return -1;
  }

  return {
    scan(text, from = 0, end = false) {
      for (
        let index = nextCandidate(text, from);
        index !== -1;
        index = nextCandidate(text, index + 1)
      ) {
        // A candidate is a character some marker starts with: its group is there.
        const group = byFirstChar.get(text.charAt(index));
        if (group === undefined) continue;
        const remaining = text.length - index;
        // The group's longest marker is its first.
        if (!end && remaining < (group[0]?.length ?? 0) && couldExtend(group, text, index)) {
          return { type: 'partial', index };
        }
        for (const marker of group) {
          if (text.startsWith(marker, index)) return { type: 'match', index, marker };
        }
      }
      return NONE;
    },
  };
}

/** Whether a marker of `group` longer than the rest of `text` from `index` starts with that rest. */
function couldExtend(group: readonly string[], text: string, index: number): boolean {
  const remaining = text.length - index;
  for (const marker of group) {
    if (marker.length <= remaining) continue;
    let at = 0;
    while (at < remaining && marker.charCodeAt(at) === text.charCodeAt(index + at)) at++;
    if (at === remaining) return true;
  }
  return false;
}
