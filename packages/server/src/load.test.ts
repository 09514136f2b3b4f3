import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import {
  type ChatRequest,
  type ScriptedServer,
  startScriptedServer,
  WEATHER_TOOL,
} from 'scripted-server';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from './start-server.ts';
import { readChatStream } from './testing/read-sse.ts';

/**
 * A load test on 127.0.0.1: batches of 200 concurrent streaming requests with tool calls through
 * the server to the scripted upstream. Each request asks about its own city, so a reply that
 * reached the wrong client, or a call cut or mixed with another's, fails it.
 */
const CONCURRENT = 200;
const MODEL = 'qwen2.5:7b';
const TOOLS = [WEATHER_TOOL];

/** A full collection, as `--expose-gc` gives it, without needing the flag on the worker. */
function fullGc(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

function cityOf(request: ChatRequest): string {
  const asked = request.messages.find((message) => message.role === 'user')?.content;
  return /in (City-\d+)\?/.exec(String(asked))?.[1] ?? 'nowhere';
}

let upstream: ScriptedServer;
let server: RunningServer;

beforeAll(async () => {
  upstream = await startScriptedServer({
    models: [MODEL],
    respond: (request) => {
      const city = cityOf(request);
      return {
        text: `Checking ${city}.<tool_call>{"name": "get_weather", "arguments": {"city": "${city}", "units": "metric"}}</tool_call>`,
      };
    },
  });
  server = await startServer({ port: 0, upstream: upstream.baseURL });
});

afterAll(async () => {
  await server?.close();
  await upstream?.close();
});

/** One batch: every request at once; resolves with the requests that went wrong, and why. */
async function batch(offset: number): Promise<string[]> {
  const wrong: string[] = [];
  await Promise.all(
    Array.from({ length: CONCURRENT }, async (_, index) => {
      const city = `City-${offset + index}`;
      try {
        const response = await fetch(`${server.url}/chat/completions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            model: MODEL,
            messages: [{ role: 'user', content: `What is the weather in ${city}?` }],
            tools: TOOLS,
            stream: true,
          }),
        });
        if (response.status !== 200) {
          wrong.push(`${city}: status ${response.status}`);
          return;
        }
        const read = await readChatStream(response);
        const ok =
          read.done &&
          read.error === undefined &&
          read.content === `Checking ${city}.` &&
          read.finishReason === 'tool_calls' &&
          read.calls.length === 1 &&
          read.calls[0]?.name === 'get_weather' &&
          read.calls[0]?.arguments === JSON.stringify({ city, units: 'metric' });
        if (!ok) wrong.push(`${city}: ${JSON.stringify(read)}`);
      } catch (error) {
        wrong.push(`${city}: ${String(error)}`);
      }
    }),
  );
  return wrong;
}

/** Batches before the heap is first measured: code is compiled and optimised, pools fill. */
const WARM_UP_BATCHES = 3;
/** Batches after it, the heap measured after each. */
const MEASURED_BATCHES = 4;
/**
 * What a batch of 200 requests may add to the heap, in the middle of the measured batches (the
 * second-smallest of four): 150 KB, 750 bytes a request. A request in flight holds about 260 KB
 * after a full collection (220 KB in the server, 40 KB in the client and the upstream; the heap
 * peaks higher during a batch, with garbage not yet collected), and keeping its prompt alone
 * would add 1.5 KB, so a leak of any part of a request adds more than that to every batch.
 * Without one a batch adds -50 to +100 KB.
 *
 * Not the growth over all the batches: the client's and the server's connection pools (about
 * 9 KB a connection, one per request in flight, at most 200 per origin) grow by up to 2 MB in
 * whichever batch happens to overlap more requests than those before, now and then after the
 * warm-up. That is bounded, not a leak, and leaves the other batches alone.
 */
const BATCH_GROWTH_LIMIT = 150_000;
/** And over all the measured batches, with the pools' growth: 5 MB. */
const TOTAL_GROWTH_LIMIT = 5e6;

describe('200 concurrent streaming requests with tool calls', () => {
  it('all complete with their own call, and the heap stays flat batch after batch', async () => {
    const gc = fullGc();
    const heaps: number[] = [];
    for (let batchNumber = 0; batchNumber < WARM_UP_BATCHES + MEASURED_BATCHES; batchNumber++) {
      expect(await batch(batchNumber * CONCURRENT)).toEqual([]);
      // The scripted upstream keeps every request it got, for tests that read them.
      upstream.requests.length = 0;
      gc();
      if (batchNumber >= WARM_UP_BATCHES - 1) heaps.push(process.memoryUsage().heapUsed);
    }
    const growths = heaps.flatMap((heap, index) => {
      const next = heaps[index + 1];
      return next === undefined ? [] : [next - heap];
    });
    const kb = (bytes: number) => `${(bytes / 1e3).toFixed(0)} KB`;
    const sorted = [...growths].sort((a, b) => a - b);
    expect(sorted[1], `growth per batch: ${growths.map(kb).join(', ')}`).toBeLessThan(
      BATCH_GROWTH_LIMIT,
    );
    const [first] = heaps;
    const last = heaps.at(-1);
    assert.isDefined(first);
    assert.isDefined(last);
    expect(last - first).toBeLessThan(TOTAL_GROWTH_LIMIT);
  }, 60_000);
});
