/**
 * A value the code knows is there (the call or report an analysis's segment points at, say),
 * typed as such: its absence is a bug, reported as what was missing rather than as a crash
 * further on.
 */
export function expectDefined<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`toolbridge: ${what} is missing`);
  return value;
}
