import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import type { ParseOptions, ToolCallProtocol } from '../tool-call-protocol';

/** Ids that count up, so that test output is stable. */
export function counterIds(prefix = 'id'): () => string {
  let next = 0;
  return () => `${prefix}-${next++}`;
}

/** Splits text at the given cut points (taken modulo its length), keeping empty pieces out. */
export function splitAt(text: string, cuts: readonly number[]): string[] {
  const points = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
  const chunks: string[] = [];
  let from = 0;
  for (const point of points) {
    if (point > from) chunks.push(text.slice(from, point));
    from = Math.max(from, point);
  }
  if (from < text.length) chunks.push(text.slice(from));
  return chunks;
}

/** Streams `chunks` through a protocol's stream parser and returns every part it emits. */
export function streamChunks(
  protocol: ToolCallProtocol,
  chunks: readonly string[],
  options: Omit<ParseOptions, 'generateId'> & { generateId?: () => string },
): LanguageModelV4StreamPart[] {
  const parts: LanguageModelV4StreamPart[] = [];
  const parser = protocol.createStreamParser({ generateId: counterIds(), ...options }, (part) =>
    parts.push(part),
  );
  for (const chunk of chunks) parser.push(chunk);
  parser.finish();
  return parts;
}

/** What a reply means, without ids or chunk boundaries: its text, reasoning and calls. */
export function meaningOfParts(parts: readonly LanguageModelV4StreamPart[]) {
  return {
    text: parts.flatMap((part) => (part.type === 'text-delta' ? [part.delta] : [])).join(''),
    reasoning: parts
      .flatMap((part) => (part.type === 'reasoning-delta' ? [part.delta] : []))
      .join(''),
    calls: parts.flatMap((part) =>
      part.type === 'tool-call' ? [{ toolName: part.toolName, input: part.input }] : [],
    ),
  };
}
