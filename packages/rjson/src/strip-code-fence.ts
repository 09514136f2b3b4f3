const FENCE = '```';

/**
 * Unwraps text that is one markdown code fence (```` ```json … ``` ````), as models often
 * wrap JSON. Text that is not fenced is returned as it is.
 */
export function stripCodeFence(text: string): string {
  const trimmed = text.trim();
  if (!trimmed.startsWith(FENCE) || !trimmed.endsWith(FENCE) || trimmed.length < 2 * FENCE.length) {
    return text;
  }
  const firstNewline = trimmed.indexOf('\n');
  if (firstNewline === -1) return text;
  return trimmed.slice(firstNewline + 1, trimmed.length - FENCE.length);
}
