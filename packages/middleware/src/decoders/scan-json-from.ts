import { type JsonScanner, RJSONParseError } from '@toolbridge/rjson';

/**
 * Writes `text` from `from` to the scanner of a call's JSON, then runs `check` on what it read
 * (which may throw as well). Returns where reading stopped and, when the JSON broke, the error:
 * the markup then ends where it broke, whatever the chunking.
 */
export function scanJsonFrom(
  scanner: JsonScanner,
  text: string,
  from: number,
  check?: () => void,
): { end: number; error?: unknown } {
  const before = scanner.offset;
  let end: number;
  try {
    end = from + scanner.write(from === 0 ? text : text.slice(from));
    check?.();
  } catch (error) {
    // The scanner's offset is where it stopped: the broken character, or the end of a value the check refused.
    return { end: from + Math.max(0, scanner.offset - before), error: withoutExcerpt(error) };
  }
  return { end };
}

/**
 * The scanner's error without its excerpt, which shows the chunk at hand: the message a call's
 * metadata and `onError` get is then the same under any chunking. The error stays its cause.
 */
function withoutExcerpt(error: unknown): unknown {
  if (!(error instanceof RJSONParseError) || error.excerpt === '') return error;
  const excerpt = `: ${JSON.stringify(error.excerpt)}`;
  if (!error.message.endsWith(excerpt)) return error;
  return new Error(error.message.slice(0, -excerpt.length), { cause: error });
}
