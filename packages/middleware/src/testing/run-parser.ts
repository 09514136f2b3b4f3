import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import type { ParseOptions, ToolCallProtocol } from '../tool-call-protocol';

/** Ids that count up, so that test output is stable. */
export function counterIds(prefix = 'id'): () => string {
  let next = 0;
  return () => `${prefix}-${next++}`;
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
