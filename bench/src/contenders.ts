import type {
  LanguageModelV4CallOptions,
  LanguageModelV4FunctionTool,
  LanguageModelV4StreamPart,
} from '@ai-sdk/provider';
import * as toolbridgeRoot from '@toolbridge/middleware';
import * as toolbridgeFormats from '@toolbridge/middleware/formats';
import type { AnyMiddleware, BenchFormat } from './formats.ts';
import type { Peer } from './peers.ts';
import { modelStream, RunTimeout } from './synthetic-stream.ts';

/** What a user imports from toolbridge: the root and the formats, by name. */
const toolbridgeExports: Readonly<Record<string, unknown>> = {
  ...toolbridgeRoot,
  ...toolbridgeFormats,
};

/** A contender's column: `toolbridge`, `peer 5.1.6`, `peer 4.1.26`, `floor`. */
export type ContenderName = string;

/** What a stream run saw, for the measurements that need more than time. */
export interface StreamObserver {
  onChunk?(chunk: string): void;
  onPart?(part: LanguageModelV4StreamPart): void;
}

/** One library (or the floor) driven the same way: the same chunks, the same stream machinery. */
export interface Contender {
  name: ContenderName;
  /**
   * Streams the chunks through and reads every part; resolves with the parts read. Past
   * `deadline` (a `performance.now()` time) it stops reading and throws {@link RunTimeout}.
   */
  stream(
    chunks: readonly string[],
    tools: LanguageModelV4FunctionTool[],
    observer?: StreamObserver,
    deadline?: number,
  ): Promise<number>;
  /** Parses a whole reply (generate). */
  generate(text: string, tools: LanguageModelV4FunctionTool[]): Promise<number>;
}

const model = {
  specificationVersion: 'v4',
  provider: 'bench',
  modelId: 'synthetic',
  supportedUrls: {},
};
const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};

function paramsFor(tools: LanguageModelV4FunctionTool[]): LanguageModelV4CallOptions {
  return { prompt: [{ role: 'user', content: [{ type: 'text', text: 'Go.' }] }], tools };
}

// Reads resolve as microtasks, so a timer would never fire mid-run: the clock is checked instead.
async function readAll(
  stream: ReadableStream<LanguageModelV4StreamPart>,
  observer?: StreamObserver,
  deadline = Number.POSITIVE_INFINITY,
): Promise<number> {
  const reader = stream.getReader();
  let parts = 0;
  for (;;) {
    if (parts % 64 === 0 && performance.now() > deadline) {
      await reader.cancel();
      throw new RunTimeout('the run passed its deadline');
    }
    const { done, value } = await reader.read();
    if (done) return parts;
    parts++;
    observer?.onPart?.(value);
  }
}

export function middlewareContender(name: ContenderName, middleware: AnyMiddleware): Contender {
  return {
    name,
    async stream(chunks, tools, observer, deadline) {
      const params = await middleware.transformParams({
        type: 'stream',
        params: paramsFor(tools),
        model,
      });
      const result = (await middleware.wrapStream({
        doStream: async () => ({ stream: modelStream(chunks, observer?.onChunk, deadline) }),
        doGenerate: async () => {
          throw new Error('not used');
        },
        params,
        model,
      })) as { stream: ReadableStream<LanguageModelV4StreamPart> };
      return readAll(result.stream, observer, deadline);
    },
    async generate(text, tools) {
      const params = await middleware.transformParams({
        type: 'generate',
        params: paramsFor(tools),
        model,
      });
      const result = (await middleware.wrapGenerate({
        doGenerate: async () => ({
          content: [{ type: 'text', text }],
          finishReason: { unified: 'stop', raw: 'stop' },
          usage,
          warnings: [],
        }),
        doStream: async () => {
          throw new Error('not used');
        },
        params,
        model,
      })) as { content: unknown[] };
      return result.content.length;
    },
  };
}

/** The cost of the stream machinery alone: an identity transform over the same chunks; `indexOf` for generate. */
export const floor: Contender = {
  name: 'floor',
  stream: (chunks, _tools, observer, deadline) =>
    readAll(
      modelStream(chunks, observer?.onChunk, deadline).pipeThrough(
        new TransformStream<LanguageModelV4StreamPart, LanguageModelV4StreamPart>(),
      ),
      observer,
      deadline,
    ),
  generate: async (text) => (text.indexOf('<tool_call>') + text.indexOf('</') > -2 ? 1 : 0),
};

/** The columns of a report row: toolbridge, each peer (newest first), the floor. */
export function columnsOf(peers: readonly Peer[]): ContenderName[] {
  return ['toolbridge', ...peers.map((peer) => peer.key), 'floor'];
}

/** What reads `format` in each column; a library without a reader for it is `undefined`. */
export function contendersFor(
  format: BenchFormat,
  peers: readonly Peer[],
): Map<ContenderName, Contender | undefined> {
  const of = (name: ContenderName, middleware: AnyMiddleware | undefined) =>
    [name, middleware === undefined ? undefined : middlewareContender(name, middleware)] as const;
  return new Map<ContenderName, Contender | undefined>([
    of('toolbridge', format.toolbridge(toolbridgeExports)),
    ...peers.map((peer) => of(peer.key, format.peer(peer.exports))),
    ['floor', floor],
  ]);
}

/** The contenders that exist, floor included; none when no library reads the format. */
export function presentContenders(
  contenders: ReadonlyMap<ContenderName, Contender | undefined>,
): Contender[] {
  const present = [...contenders.values()].filter((contender) => contender !== undefined);
  return present.some((contender) => contender.name !== 'floor') ? present : [];
}
