import type {
  LanguageModelV4CallOptions,
  LanguageModelV4FunctionTool,
  LanguageModelV4Middleware,
  SharedV4ProviderOptions,
} from '@ai-sdk/provider';
import { wrapLanguageModel } from 'ai';
import { expect } from 'vitest';
import { modelWriting } from './mock-model';

/** What a reply reads as through a middleware: text, reasoning and calls, as a user receives them. */
export interface ReplyMeaning {
  text: string;
  reasoning: string;
  calls: { toolName: string; input: string }[];
}

/** Options of {@link readThroughMiddleware}. */
export interface ReadThroughOptions {
  tools: readonly LanguageModelV4FunctionTool[];
  /** The call's provider options (thinking switches, `toolbridge` per-call options). */
  providerOptions?: SharedV4ProviderOptions;
  /** The AI SDK v7 call option `reasoning`. */
  reasoning?: LanguageModelV4CallOptions['reasoning'];
  /** How many seeded random chunkings the stream path is read in, besides one character at a time. */
  chunkings?: number;
}

function callOptions(options: ReadThroughOptions): LanguageModelV4CallOptions {
  return {
    prompt: [{ role: 'user', content: [{ type: 'text', text: 'Go.' }] }],
    tools: [...options.tools],
    toolChoice: { type: 'auto' },
    ...(options.providerOptions === undefined ? {} : { providerOptions: options.providerOptions }),
    ...(options.reasoning === undefined ? {} : { reasoning: options.reasoning }),
  };
}

async function generateMeaning(
  middleware: LanguageModelV4Middleware,
  reply: string,
  options: ReadThroughOptions,
): Promise<ReplyMeaning> {
  const model = wrapLanguageModel({ model: modelWriting(reply), middleware });
  const { content } = await model.doGenerate(callOptions(options));
  const meaning: ReplyMeaning = { text: '', reasoning: '', calls: [] };
  for (const part of content) {
    if (part.type === 'text') meaning.text += part.text;
    else if (part.type === 'reasoning') meaning.reasoning += part.text;
    else if (part.type === 'tool-call')
      meaning.calls.push({ toolName: part.toolName, input: part.input });
  }
  return meaning;
}

async function streamMeaning(
  middleware: LanguageModelV4Middleware,
  reply: string,
  chunks: readonly string[],
  options: ReadThroughOptions,
): Promise<ReplyMeaning> {
  const model = wrapLanguageModel({ model: modelWriting(reply, chunks), middleware });
  const { stream } = await model.doStream(callOptions(options));
  const meaning: ReplyMeaning = { text: '', reasoning: '', calls: [] };
  const deltas = new Map<string, string>();
  const reader = stream.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    const part = next.value;
    if (part.type === 'text-delta') meaning.text += part.delta;
    else if (part.type === 'reasoning-delta') meaning.reasoning += part.delta;
    else if (part.type === 'tool-input-delta')
      deltas.set(part.id, (deltas.get(part.id) ?? '') + part.delta);
    else if (part.type === 'tool-call') {
      // The deltas of a call add up to its input, in every chunking.
      if (deltas.has(part.toolCallId)) expect(deltas.get(part.toolCallId)).toBe(part.input);
      meaning.calls.push({ toolName: part.toolName, input: part.input });
    }
  }
  return meaning;
}

/** Cuts `text` at seeded random places, as a server streams tokens. */
function randomChunkings(text: string, count: number): string[][] {
  let seed = text.length + 7;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  return Array.from({ length: count }, () => {
    const cuts = Array.from({ length: 1 + Math.floor(random() * 8) }, () =>
      Math.floor(random() * text.length),
    ).sort((a, b) => a - b);
    const chunks: string[] = [];
    let from = 0;
    for (const cut of [...cuts, text.length]) {
      chunks.push(text.slice(from, cut));
      from = cut;
    }
    return chunks.filter((chunk) => chunk.length > 0);
  });
}

/**
 * Reads a model's reply through a middleware as `generateText` and `streamText` would: the
 * generate path, the stream path one character at a time and in seeded random chunkings. Fails
 * unless every path means the same; returns that meaning.
 */
export async function readThroughMiddleware(
  middleware: LanguageModelV4Middleware,
  reply: string,
  options: ReadThroughOptions,
): Promise<ReplyMeaning> {
  const generated = await generateMeaning(middleware, reply, options);
  for (const chunks of [[...reply], ...randomChunkings(reply, options.chunkings ?? 10)]) {
    expect(await streamMeaning(middleware, reply, chunks, options)).toStrictEqual(generated);
  }
  return generated;
}

/**
 * The reply reads clean: its text and reasoning hold none of the format's `markup` (wrappers,
 * reasoning tags, end-of-turn tokens), and its calls are exactly those the model wrote, or none.
 */
export function expectCleanReply(
  { text, reasoning, calls }: ReplyMeaning,
  written: ReplyMeaning['calls'],
  markup: readonly string[],
): void {
  for (const marker of markup) {
    expect(text, marker).not.toContain(marker);
    expect(reasoning, marker).not.toContain(marker);
  }
  expect(calls).toEqual(written);
}
