import type { LanguageModelV4FunctionTool, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import type { ToolCallProtocol } from '@toolbridge/middleware';
import { coerceBySchema, type JsonSchema } from '@toolbridge/rxml';
import type { BfclCase } from './bfcl.ts';
import { fitsSchema } from './fits-schema.ts';
import { type ConformanceProtocol, conformanceFormat } from './formats.ts';
import type { Call } from './render-reply.ts';

/** How one case fared in one protocol. */
export interface CaseResult {
  id: string;
  category: string;
  protocol: ConformanceProtocol;
  passed: boolean;
  /** Why it failed: the first mismatch found. */
  failure?: string;
  /** Characters of the system prompt for the case's tools. */
  promptChars: number;
  /** The ground truth does not fit its own schema; it was compared as the schema types it. */
  groundTruthOffSchema: boolean;
  /** The ground truth holds the string "null", which raw-text formats cannot tell from null. */
  groundTruthHasNullString: boolean;
}

/** A small seeded generator (mulberry32), so chunkings repeat from run to run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomChunks(text: string, random: () => number): string[] {
  const chunks: string[] = [];
  for (let at = 0; at < text.length; ) {
    const size = 1 + Math.floor(random() * 12);
    chunks.push(text.slice(at, at + size));
    at += size;
  }
  return chunks;
}

/** Deep equality with numbers compared by value. */
export function sameValue(actual: unknown, expected: unknown): boolean {
  if (typeof actual === 'number' && typeof expected === 'number')
    return actual === expected || (Number.isNaN(actual) && Number.isNaN(expected));
  if (Array.isArray(actual) || Array.isArray(expected)) {
    return (
      Array.isArray(actual) &&
      Array.isArray(expected) &&
      actual.length === expected.length &&
      actual.every((item, i) => sameValue(item, expected[i]))
    );
  }
  if (
    typeof actual === 'object' &&
    actual !== null &&
    typeof expected === 'object' &&
    expected !== null
  ) {
    const keys = Object.keys(expected);
    return (
      Object.keys(actual).length === keys.length &&
      keys.every(
        (key) =>
          Object.hasOwn(actual, key) &&
          sameValue(
            (actual as Record<string, unknown>)[key],
            (expected as Record<string, unknown>)[key],
          ),
      )
    );
  }
  return actual === expected;
}

function callsOfGenerate(
  protocol: ToolCallProtocol,
  text: string,
  tools: LanguageModelV4FunctionTool[],
  errors: string[],
): Call[] {
  let id = 0;
  return protocol
    .parseGeneratedText({
      text,
      tools,
      generateId: () => String(id++),
      onError: (message) => errors.push(message),
    })
    .flatMap((part) =>
      part.type === 'tool-call' ? [{ toolName: part.toolName, input: JSON.parse(part.input) }] : [],
    );
}

function callsOfStream(
  protocol: ToolCallProtocol,
  chunks: string[],
  tools: LanguageModelV4FunctionTool[],
  errors: string[],
): Call[] {
  const parts: LanguageModelV4StreamPart[] = [];
  let id = 0;
  const parser = protocol.createStreamParser(
    { tools, generateId: () => String(id++), onError: (message) => errors.push(message) },
    (part) => parts.push(part),
  );
  for (const chunk of chunks) parser.push(chunk);
  parser.finish();
  const deltas = new Map<string, string>();
  const calls: Call[] = [];
  for (const part of parts) {
    if (part.type === 'tool-input-delta')
      deltas.set(part.id, (deltas.get(part.id) ?? '') + part.delta);
    if (part.type === 'tool-call') {
      if (deltas.get(part.toolCallId) !== part.input)
        throw new Error(`deltas of ${part.toolName} do not concatenate to its input`);
      calls.push({ toolName: part.toolName, input: JSON.parse(part.input) });
    }
  }
  return calls;
}

function describe(calls: readonly Call[]): string {
  return JSON.stringify(calls).slice(0, 300);
}

/** Renders the case's calls in the protocol, parses them in generate and in three seeded stream chunkings, and compares. */
export function runCase(
  testCase: BfclCase,
  protocolName: ConformanceProtocol,
  seed: number,
  reader?: { name: string; protocol: ToolCallProtocol },
): CaseResult {
  const format = conformanceFormat(protocolName);
  const { prompt } = format;
  const protocol = reader?.protocol ?? format.protocol;
  const result: CaseResult = {
    id: testCase.id,
    category: testCase.category,
    protocol: reader === undefined ? protocolName : `${reader.name}:${protocolName}`,
    passed: false,
    promptChars: prompt(format.protocol.formatTools(testCase.tools)).length,
    groundTruthOffSchema: false,
    groundTruthHasNullString: JSON.stringify(testCase.calls).includes('"null"'),
  };
  const schemaOf = (toolName: string) =>
    testCase.tools.find((tool) => tool.name === toolName)?.inputSchema as JsonSchema | undefined;
  const expected = testCase.calls.map((call) => ({
    ...call,
    input: coerceBySchema(call.input, schemaOf(call.toolName)) as Record<string, unknown>,
  }));
  result.groundTruthOffSchema = testCase.calls.some(
    (call) => !fitsSchema(call.input, schemaOf(call.toolName)),
  );
  const random = seededRandom(seed);
  const replies = format.writeReplies(testCase.calls, testCase.tools);
  try {
    const errors: string[] = [];
    const paths = [
      {
        name: 'generate',
        calls: replies.flatMap((reply) => callsOfGenerate(protocol, reply, testCase.tools, errors)),
      },
      ...[1, 2, 3].map((run) => ({
        name: `stream #${run}`,
        calls: replies.flatMap((reply) =>
          callsOfStream(protocol, randomChunks(reply, random), testCase.tools, errors),
        ),
      })),
    ];
    if (errors.length > 0) return { ...result, failure: `onError: ${errors[0]}` };
    for (const path of paths) {
      const matches =
        path.calls.length === expected.length &&
        path.calls.every((call, i) => {
          const want = expected[i];
          return (
            want !== undefined &&
            call.toolName === want.toolName &&
            sameValue(call.input, want.input)
          );
        });
      if (!matches)
        return {
          ...result,
          failure: `${path.name} gave ${describe(path.calls)}, expected ${describe(expected)}`,
        };
    }
    return { ...result, passed: true };
  } catch (error) {
    return { ...result, failure: `threw: ${(error as Error).message}` };
  }
}
