/**
 * Splits text at the given cut points (taken modulo its length + 1), for tests that feed a
 * parser every chunking: repeated or boundary cuts give empty pieces, which parsers must take too.
 */
export function splitAt(text: string, cuts: readonly number[]): string[] {
  const points = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
  const chunks: string[] = [];
  let from = 0;
  for (const point of points) {
    chunks.push(text.slice(from, point));
    from = point;
  }
  chunks.push(text.slice(from));
  return chunks;
}
