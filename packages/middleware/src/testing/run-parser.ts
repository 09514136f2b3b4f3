import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { assert, expect } from 'vitest';
import { splitAt } from '../../../../testing/split-at';
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

/**
 * Reads `text` whole (the generate path), one character at a time and in `chunkings` seeded
 * random chunkings, checks that every path means the same, and returns that meaning with
 * the generate path's parts.
 */
export function readEveryWay(
  protocol: ToolCallProtocol,
  text: string,
  options: Omit<ParseOptions, 'generateId'>,
  chunkings = 20,
) {
  const parts = streamChunks(protocol, [text], options);
  const meaning = meaningOfParts(parts);
  expect(meaningOfParts(streamChunks(protocol, [...text], options))).toStrictEqual(meaning);
  let seed = text.length;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  for (let run = 0; run < chunkings; run++) {
    const cuts = Array.from({ length: 1 + Math.floor(random() * 8) }, () =>
      Math.floor(random() * (text.length + 1)),
    );
    expect(meaningOfParts(streamChunks(protocol, splitAt(text, cuts), options))).toStrictEqual(
      meaning,
    );
  }
  return { ...meaning, parts };
}

/** The input of the first call {@link readEveryWay} reads in `text`, parsed: the call must be there. */
export function firstCallInput(
  protocol: ToolCallProtocol,
  text: string,
  options: Omit<ParseOptions, 'generateId'>,
): unknown {
  const [call] = readEveryWay(protocol, text, options).calls;
  assert.isDefined(call, 'a call was read');
  return JSON.parse(call.input);
}

/** The call markup `protocol` finds in `options.text`, piece by piece: the protocol must say. */
export function callSegments(
  protocol: ToolCallProtocol,
  options: Parameters<NonNullable<ToolCallProtocol['extractToolCallSegments']>>[0],
): string[] {
  assert.isDefined(protocol.extractToolCallSegments, 'the protocol extracts call segments');
  return protocol.extractToolCallSegments(options);
}
