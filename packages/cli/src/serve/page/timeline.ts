import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import {
  type Analysis,
  type AnalyzeInput,
  protocolFor,
  readingOptionsOf,
  type ToolDefinition,
} from '../../analyze.ts';

/**
 * When each part and report of an analysis went out, as chunk counts: `parts[i] = k` means the
 * parser emitted part `i` while reading chunk `k` (`k = chunks.length` for what only the end of
 * the output released). A replay at position `p` (chunks `0…p-1` read) shows the parts with
 * `k < p`, and everything once `p` is the number of chunks.
 */
export interface Timeline {
  parts: number[];
  reports: number[];
}

/**
 * Reads the chunks again through the stream parser, with the options `analyzeOutput` used (the
 * tools it was given, or those it guessed), noting the chunk each part came out in. The parts
 * are checked against the analysis; should they ever differ, everything is placed at the end, so
 * a replay still shows the text streaming and the parts once it is done.
 */
export function timelineOf(
  input: AnalyzeInput & { chunks: readonly string[] },
  analysis: Analysis,
): Timeline {
  const tools: readonly ToolDefinition[] =
    input.tools ??
    (analysis.guessedTools ?? []).map((name) => ({ name, inputSchema: { type: 'object' } }));
  const parts: number[] = [];
  const reports: number[] = [];
  let chunk = 0;
  let id = 0;
  let same = true;
  const parser = protocolFor(analysis.format).createStreamParser(
    {
      tools: tools.map((tool) => ({ type: 'function', ...tool }) as LanguageModelV4FunctionTool),
      generateId: () => `id-${id++}`,
      ...readingOptionsOf(input),
      onError: () => {
        reports.push(chunk);
      },
    },
    (part) => {
      const expected = analysis.parts[parts.length];
      if (expected === undefined || expected.type !== part.type) same = false;
      parts.push(chunk);
    },
  );
  for (const piece of input.chunks) {
    parser.push(piece);
    chunk++;
  }
  parser.finish();
  if (
    !same ||
    parts.length !== analysis.parts.length ||
    reports.length !== analysis.reports.length
  ) {
    const end = input.chunks.length;
    return { parts: analysis.parts.map(() => end), reports: analysis.reports.map(() => end) };
  }
  return { parts, reports };
}
