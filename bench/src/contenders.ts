import type {
  LanguageModelV4CallOptions,
  LanguageModelV4FunctionTool,
  LanguageModelV4StreamPart,
} from '@ai-sdk/provider';
import {
  hermesToolMiddleware as peerHermes,
  morphXmlToolMiddleware as peerXml,
} from '@ai-sdk-tool/parser';
import { hermesToolMiddleware, xmlToolMiddleware } from '@toolbridge/middleware';
import { modelStream, RunTimeout } from './synthetic-stream.ts';

/** The wire formats benchmarked, each in both libraries' equivalent configuration. */
export type BenchProtocol = 'hermes' | 'xml';
export type ContenderName = 'toolbridge' | 'peer' | 'floor';

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

// The two middleware types differ only in their provider major (v4 / v3); both are driven as plain objects.
interface AnyMiddleware {
  transformParams?(options: {
    type: 'generate' | 'stream';
    params: unknown;
    model: unknown;
  }): PromiseLike<unknown>;
  wrapStream?(options: {
    doStream: () => PromiseLike<unknown>;
    doGenerate: () => PromiseLike<unknown>;
    params: unknown;
    model: unknown;
  }): PromiseLike<unknown>;
  wrapGenerate?(options: {
    doStream: () => PromiseLike<unknown>;
    doGenerate: () => PromiseLike<unknown>;
    params: unknown;
    model: unknown;
  }): PromiseLike<unknown>;
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

function middlewareContender(name: ContenderName, middleware: AnyMiddleware): Contender {
  return {
    name,
    async stream(chunks, tools, observer, deadline) {
      const params = await middleware.transformParams!({
        type: 'stream',
        params: paramsFor(tools),
        model,
      });
      const result = (await middleware.wrapStream!({
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
      const params = await middleware.transformParams!({
        type: 'generate',
        params: paramsFor(tools),
        model,
      });
      const result = (await middleware.wrapGenerate!({
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
const floor: Contender = {
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

export function contendersFor(protocol: BenchProtocol): Contender[] {
  return protocol === 'hermes'
    ? [
        middlewareContender('toolbridge', hermesToolMiddleware),
        middlewareContender('peer', peerHermes as AnyMiddleware),
        floor,
      ]
    : [
        middlewareContender('toolbridge', xmlToolMiddleware),
        middlewareContender('peer', peerXml as AnyMiddleware),
        floor,
      ];
}
