import type {
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4Content,
  LanguageModelV4Middleware,
  LanguageModelV4StreamPart,
} from '@ai-sdk/provider';
import { autoToolMiddleware, toolMiddlewareFor } from '@toolbridge/middleware';
import { seededRandom } from '../run-conformance.ts';
import type { Meaning, ReadingPath, RequestSwitch, TemplateRealityCase } from './cases.ts';
import { TOOLS } from './tools.ts';

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 20, text: 20, reasoning: undefined },
};

/** A model without tool support that answers every call with `reply`, streamed in `chunks`. */
function modelReplying(reply: string, chunks: readonly string[]): LanguageModelV4 {
  return {
    specificationVersion: 'v4',
    provider: 'template-reality',
    modelId: 'raw-reply',
    supportedUrls: {},
    doGenerate: async () => ({
      content: [{ type: 'text', text: reply }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage,
      warnings: [],
    }),
    doStream: async () => {
      const parts: LanguageModelV4StreamPart[] = [
        { type: 'stream-start', warnings: [] },
        { type: 'text-start', id: 'txt-0' },
        ...chunks.map((delta) => ({ type: 'text-delta' as const, id: 'txt-0', delta })),
        { type: 'text-end', id: 'txt-0' },
        { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
      ];
      // One part per pull, as a model sends them over time.
      let next = 0;
      const stream = new ReadableStream<LanguageModelV4StreamPart>({
        pull(controller) {
          const part = parts[next++];
          if (part === undefined) controller.close();
          else controller.enqueue(part);
        },
      });
      return { stream };
    },
  };
}

function callOptions(entry: TemplateRealityCase): LanguageModelV4CallOptions {
  const request: RequestSwitch = entry.request ?? {};
  return {
    prompt: [{ role: 'user', content: [{ type: 'text', text: 'Go.' }] }],
    tools: entry.tools.map((name) => TOOLS[name]),
    toolChoice: { type: 'auto' },
    ...(request.reasoning === undefined ? {} : { reasoning: request.reasoning }),
    ...(request.providerOptions === undefined ? {} : { providerOptions: request.providerOptions }),
  };
}

/** The params the model is called with, after the middleware's `transformParams`. */
async function transformed(
  middleware: LanguageModelV4Middleware,
  model: LanguageModelV4,
  params: LanguageModelV4CallOptions,
  type: 'generate' | 'stream',
): Promise<LanguageModelV4CallOptions> {
  return middleware.transformParams ? middleware.transformParams({ type, params, model }) : params;
}

function meaningOfContent(content: readonly LanguageModelV4Content[]): Meaning {
  const read: Meaning = { text: '', reasoning: '', calls: [] };
  for (const part of content) {
    if (part.type === 'text') read.text += part.text;
    else if (part.type === 'reasoning') read.reasoning += part.text;
    else if (part.type === 'tool-call')
      read.calls.push({ toolName: part.toolName, input: part.input });
  }
  return read;
}

/** The reply read through `middleware` as `generateText` reads it. */
export async function generateMeaning(
  middleware: LanguageModelV4Middleware,
  entry: TemplateRealityCase,
): Promise<Meaning> {
  const model = modelReplying(entry.reply, []);
  const params = await transformed(middleware, model, callOptions(entry), 'generate');
  const doGenerate = () => model.doGenerate(params);
  const doStream = () => model.doStream(params);
  const result = middleware.wrapGenerate
    ? await middleware.wrapGenerate({ doGenerate, doStream, params, model })
    : await doGenerate();
  return meaningOfContent(result.content);
}

/**
 * The reply read through `middleware` as `streamText` reads it, arriving in `chunks`. A call's
 * input must be the concatenation of its deltas; where it is not, the input reads as
 * `deltas ≠ input` so that the comparison fails.
 */
export async function streamMeaning(
  middleware: LanguageModelV4Middleware,
  entry: TemplateRealityCase,
  chunks: readonly string[],
): Promise<Meaning> {
  const model = modelReplying(entry.reply, chunks);
  const params = await transformed(middleware, model, callOptions(entry), 'stream');
  const doGenerate = () => model.doGenerate(params);
  const doStream = () => model.doStream(params);
  const { stream } = middleware.wrapStream
    ? await middleware.wrapStream({ doGenerate, doStream, params, model })
    : await doStream();
  const read: Meaning = { text: '', reasoning: '', calls: [] };
  const deltas = new Map<string, string>();
  const reader = stream.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    const part = next.value;
    if (part.type === 'text-delta') read.text += part.delta;
    else if (part.type === 'reasoning-delta') read.reasoning += part.delta;
    else if (part.type === 'tool-input-delta')
      deltas.set(part.id, (deltas.get(part.id) ?? '') + part.delta);
    else if (part.type === 'tool-call') {
      const streamed = deltas.get(part.toolCallId);
      const input =
        streamed === undefined || streamed === part.input
          ? part.input
          : `deltas ${streamed} ≠ input ${part.input}`;
      read.calls.push({ toolName: part.toolName, input });
    }
  }
  return read;
}

/** Cuts `text` at seeded random places, as a server streams tokens. */
export function randomChunkings(text: string, count: number, seed: number): string[][] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => {
    const chunks: string[] = [];
    for (let at = 0; at < text.length; ) {
      const size = 1 + Math.floor(random() * 9);
      chunks.push(text.slice(at, at + size));
      at += size;
    }
    return chunks;
  });
}

/** Both paths, registry first. */
export const READING_PATHS: readonly ReadingPath[] = ['registry', 'auto'];

/** The middleware a path reads a case's reply with. */
export function middlewareFor(
  entry: TemplateRealityCase,
  path: ReadingPath,
): LanguageModelV4Middleware {
  return path === 'registry'
    ? toolMiddlewareFor(entry.modelId, { onUnknownModel: false })
    : autoToolMiddleware;
}

/** What a case must read as through a path. */
export function expectedThrough(entry: TemplateRealityCase, path: ReadingPath): Meaning {
  return path === 'auto' ? (entry.throughAuto ?? entry.expected) : entry.expected;
}

/**
 * Whitespace around the reasoning and the text is the template's layout ("</think>\n\n"), not
 * meaning: both are compared trimmed. Calls are compared exactly.
 */
export function normalized(read: Meaning): Meaning {
  return { text: read.text.trim(), reasoning: read.reasoning.trim(), calls: read.calls };
}

/** One reading of a case: how it was read, and what it read as. */
export interface Reading {
  how: string;
  meaning: Meaning;
}

/**
 * Every reading of a case through a path: generate, stream one character at a time, and stream
 * in `chunkings` seeded random chunkings.
 */
export async function readCase(
  entry: TemplateRealityCase,
  path: ReadingPath,
  chunkings = 8,
): Promise<Reading[]> {
  const middleware = middlewareFor(entry, path);
  const readings: Reading[] = [
    { how: 'generate', meaning: normalized(await generateMeaning(middleware, entry)) },
    {
      how: 'stream, one character at a time',
      meaning: normalized(await streamMeaning(middleware, entry, [...entry.reply])),
    },
  ];
  const seeds = randomChunkings(entry.reply, chunkings, entry.reply.length + entry.id.length);
  for (const [index, chunks] of seeds.entries()) {
    readings.push({
      how: `stream, random chunking ${index + 1}`,
      meaning: normalized(await streamMeaning(middleware, entry, chunks)),
    });
  }
  return readings;
}

/** Whether two meanings are the same. */
export function sameMeaning(a: Meaning, b: Meaning): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Whether every reading of a case through a path means what it should. */
export async function casePasses(entry: TemplateRealityCase, path: ReadingPath): Promise<boolean> {
  const expected = normalized(expectedThrough(entry, path));
  try {
    const readings = await readCase(entry, path);
    return readings.every((reading) => sameMeaning(reading.meaning, expected));
  } catch {
    return false;
  }
}

/** Pass counts of one family through both paths. */
export interface FamilySummary {
  family: string;
  cases: number;
  registry: number;
  auto: number;
}

/** Pass counts per family and in all, with the misses as `id@path`. */
export interface Summary {
  families: FamilySummary[];
  total: FamilySummary;
  misses: string[];
}

/** Counts what passed, per family and in all, given whether each case passed through each path. */
export function tally(
  cases: readonly TemplateRealityCase[],
  passed: (entry: TemplateRealityCase, path: ReadingPath) => boolean,
): Summary {
  const families = new Map<string, FamilySummary>();
  const total: FamilySummary = { family: 'all', cases: 0, registry: 0, auto: 0 };
  const misses: string[] = [];
  for (const entry of cases) {
    let row = families.get(entry.family);
    if (row === undefined) {
      row = { family: entry.family, cases: 0, registry: 0, auto: 0 };
      families.set(entry.family, row);
    }
    row.cases++;
    total.cases++;
    for (const path of READING_PATHS) {
      if (passed(entry, path)) {
        row[path]++;
        total[path]++;
      } else misses.push(`${entry.id}@${path}`);
    }
  }
  return { families: [...families.values()], total, misses };
}

/** Reads every case through both paths and counts what passes. */
export async function summarize(cases: readonly TemplateRealityCase[]): Promise<Summary> {
  const results = new Map<string, boolean>();
  for (const entry of cases) {
    for (const path of READING_PATHS)
      results.set(`${entry.id}@${path}`, await casePasses(entry, path));
  }
  return tally(cases, (entry, path) => results.get(`${entry.id}@${path}`) === true);
}

/** The summary as a table, one family a line. */
export function summaryTable(summary: Summary): string {
  const line = (row: FamilySummary) =>
    `${row.family.padEnd(34)} ${String(row.cases).padStart(3)} cases   registry ${String(row.registry).padStart(3)}   auto ${String(row.auto).padStart(3)}`;
  return [...summary.families.map(line), line(summary.total)].join('\n');
}
