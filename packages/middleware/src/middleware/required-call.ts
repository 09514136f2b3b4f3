import type {
  LanguageModelV4CallOptions,
  LanguageModelV4StreamPart,
  LanguageModelV4Usage,
} from '@ai-sdk/provider';

/** How many times a reply that had to call a tool and called none is asked again, by default. */
export const DEFAULT_REQUIRED_RETRIES = 1;

/** A setting of `requiredRetries`, or the default when it is not a non-negative integer. */
export function requiredRetriesOf(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0
    ? value
    : DEFAULT_REQUIRED_RETRIES;
}

/**
 * The params of a corrective re-ask: the same request, with the reply that called no tool as
 * an assistant turn and the correction as a user turn after it (roles keep alternating, as
 * strict chat templates demand).
 */
export function reaskParams(
  params: LanguageModelV4CallOptions,
  replyText: string,
  correction: string,
): LanguageModelV4CallOptions {
  return {
    ...params,
    prompt: [
      ...params.prompt,
      { role: 'assistant', content: [{ type: 'text', text: replyText }] },
      { role: 'user', content: [{ type: 'text', text: correction }] },
    ],
  };
}

function addCount(a: number | undefined, b: number | undefined): number | undefined {
  return a === undefined ? b : b === undefined ? a : a + b;
}

/** The counts `keys` of `a` and `b` added up. */
function addCounts<Key extends string>(
  a: Readonly<Record<Key, number | undefined>>,
  b: Readonly<Record<Key, number | undefined>>,
  keys: readonly Key[],
): Record<Key, number | undefined> {
  return Object.fromEntries(keys.map((key) => [key, addCount(a[key], b[key])])) as Record<
    Key,
    number | undefined
  >;
}

const INPUT_COUNTS = ['total', 'noCache', 'cacheRead', 'cacheWrite'] as const;
const OUTPUT_COUNTS = ['total', 'text', 'reasoning'] as const;

/** The usage of two requests together (what a re-asked step cost); `raw` is the later one's. */
export function addUsage(a: LanguageModelV4Usage, b: LanguageModelV4Usage): LanguageModelV4Usage {
  return {
    inputTokens: addCounts(a.inputTokens, b.inputTokens, INPUT_COUNTS),
    outputTokens: addCounts(a.outputTokens, b.outputTokens, OUTPUT_COUNTS),
    ...(b.raw === undefined ? {} : { raw: b.raw }),
  };
}

/** One streamed reply: its parsed parts, and the text the model wrote (complete once it ended). */
export interface StreamedReply {
  stream: ReadableStream<LanguageModelV4StreamPart>;
  text(): string;
}

/** Records the text a model stream carries, for a re-ask that shows the model its own reply. */
export function recordText(stream: ReadableStream<LanguageModelV4StreamPart>): {
  stream: ReadableStream<LanguageModelV4StreamPart>;
  text(): string;
} {
  const pieces: string[] = [];
  return {
    stream: stream.pipeThrough(
      new TransformStream<LanguageModelV4StreamPart, LanguageModelV4StreamPart>({
        transform(part, controller) {
          if (part.type === 'text-delta') pieces.push(part.delta);
          controller.enqueue(part);
        },
      }),
    ),
    text: () => pieces.join(''),
  };
}

/** Options of {@link holdUntilCall}. */
export interface HoldUntilCallOptions {
  /** Whether a parsed part starts or is a call that satisfies the tool choice. */
  isCall(part: LanguageModelV4StreamPart): boolean;
  /** How many times a reply without such a call is replaced by a re-ask. */
  retries: number;
  /** Asks the model again, given the text of the reply that called no tool. */
  reask(replyText: string): PromiseLike<StreamedReply>;
}

/**
 * The stream of a step that must call a tool. A reply's parts are held back until a call
 * appears; from then on everything passes through. A reply that ends without one is dropped
 * and the re-ask's reply streams instead, up to `retries` times; the last reply is passed on
 * as it is. Only the first `stream-start` goes out, and the `finish` part's usage counts every
 * request. An upstream `error` part ends the holding (nothing is re-asked after it); a failing
 * read passes the held parts on, then the error; a failing re-ask errors the stream.
 */
export function holdUntilCall(
  first: StreamedReply,
  options: HoldUntilCallOptions,
): ReadableStream<LanguageModelV4StreamPart> {
  let reply = first;
  let reader = first.stream.getReader();
  let held: LanguageModelV4StreamPart[] = [];
  let passing = false;
  let retriesLeft = options.retries;
  let spentUsage: LanguageModelV4Usage | undefined;
  let started = false;
  let failure: { error: unknown } | undefined;

  const counted = (part: LanguageModelV4StreamPart): LanguageModelV4StreamPart =>
    part.type === 'finish' && spentUsage !== undefined
      ? { ...part, usage: addUsage(spentUsage, part.usage) }
      : part;

  async function reask(usage: LanguageModelV4Usage | undefined): Promise<void> {
    retriesLeft--;
    held = [];
    if (usage !== undefined)
      spentUsage = spentUsage === undefined ? usage : addUsage(spentUsage, usage);
    // The reply ended with its finish part; release whatever the source still holds.
    await reader.cancel().catch(() => {});
    reply = await options.reask(reply.text());
    reader = reply.stream.getReader();
  }

  return new ReadableStream<LanguageModelV4StreamPart>({
    async pull(controller) {
      // Erroring discards queued chunks, so the held parts flushed on failure are read first.
      if (failure !== undefined) {
        controller.error(failure.error);
        return;
      }
      const release = () => {
        for (const part of held) controller.enqueue(part);
        held = [];
      };
      for (;;) {
        let next: ReadableStreamReadResult<LanguageModelV4StreamPart>;
        try {
          next = await reader.read();
        } catch (error) {
          if (held.length === 0) controller.error(error);
          else {
            release();
            failure = { error };
          }
          return;
        }
        if (next.done) {
          if (!passing && retriesLeft > 0) {
            try {
              await reask(undefined);
            } catch (error) {
              controller.error(error);
              return;
            }
            continue;
          }
          release();
          controller.close();
          return;
        }
        const part = next.value;
        if (part.type === 'stream-start') {
          if (started) continue;
          started = true;
          controller.enqueue(part);
          return;
        }
        if (passing) {
          controller.enqueue(counted(part));
          return;
        }
        if (part.type === 'finish' && retriesLeft > 0) {
          try {
            await reask(part.usage);
          } catch (error) {
            controller.error(error);
            return;
          }
          continue;
        }
        if (part.type === 'error' || part.type === 'finish' || options.isCall(part)) {
          passing = true;
          release();
          controller.enqueue(counted(part));
          return;
        }
        held.push(part);
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}
