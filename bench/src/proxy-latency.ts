import { startServer } from '@toolbridge/server/node';
import { startScriptedServer, WEATHER_TOOL } from 'scripted-server';

/**
 * What `toolbridge serve` adds to a request: the same requests to the scripted upstream, one at
 * a time, alternately straight to it and through the server in front of it, from one process.
 */

const MODEL = 'qwen2.5:7b';
const TOOLS = [WEATHER_TOOL];
/** The reply: a sentence and a Hermes call, streamed in 4-character chunks. */
export const REPLY =
  'Let me look that up for you.<tool_call>{"name": "get_weather", "arguments": {"city": "Oslo", "units": "metric"}}</tool_call>';
/** Characters per streamed chunk. */
export const CHUNK_SIZE = 4;
/** Milliseconds between the events of a paced stream (the scripted server's `chunkInterval`). */
export const PACE_MS = 2;
/** Where a call's input starts in the raw text: what a client reading it directly waits for. */
export const INPUT_STARTED = '"arguments": {"';

/** Milliseconds of each kind of request, in the order they ran. */
export interface LatencySamples {
  /** A non-streaming request: until the whole body is read. */
  complete: number[];
  /** A streaming request, the reply written at once: until its last event. */
  stream: number[];
  /** A streaming request, the reply paced ({@link PACE_MS}): until the first piece of the call's input. */
  firstInput: number[];
  /** The same paced request: until its last event. */
  pacedStream: number[];
}

export interface ProxyLatency {
  direct: LatencySamples;
  proxy: LatencySamples;
}

/** Reads a chat-completion event stream; `onEvent` gets each event's data until it returns true. */
async function readEvents(response: Response, onEvent: (data: string) => void): Promise<void> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const bytes of response.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(bytes, { stream: true });
    for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
      const event = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (event.startsWith('data: ')) onEvent(event.slice('data: '.length));
    }
  }
}

interface Delta {
  content?: string;
  tool_calls?: Array<{ function?: { arguments?: string } }>;
}

/** Asks the weather in Oslo, with the tools or without, streamed or not. */
function ask(baseURL: string, tools: boolean, stream: boolean): Promise<Response> {
  return fetch(`${baseURL}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      model: MODEL,
      messages: [{ role: 'user', content: 'What is the weather in Oslo?' }],
      ...(tools ? { tools: TOOLS } : {}),
      ...(stream ? { stream: true } : {}),
    }),
  });
}

/** One streaming request: its total time, and the time to the first piece of the call's input. */
async function streamOnce(baseURL: string, tools: boolean): Promise<[number, number]> {
  const started = performance.now();
  const response = await ask(baseURL, tools, true);
  if (!response.ok) throw new Error(`${baseURL}: status ${response.status}`);
  let firstInput: number | undefined;
  let text = '';
  let input = '';
  await readEvents(response, (data) => {
    if (data === '[DONE]' || firstInput !== undefined) return;
    const delta = (JSON.parse(data) as { choices: Array<{ delta?: Delta }> }).choices[0]?.delta;
    if (tools) {
      // Through toolbridge: the first `function.arguments` delta.
      for (const call of delta?.tool_calls ?? []) input += call.function?.arguments ?? '';
      if (input !== '') firstInput = performance.now() - started;
    } else {
      // Straight from the upstream: the first chunk in which the call's input has begun.
      text += delta?.content ?? '';
      if (text.includes(INPUT_STARTED)) firstInput = performance.now() - started;
    }
  });
  if (firstInput === undefined) throw new Error(`${baseURL}: no call input in the stream`);
  return [performance.now() - started, firstInput];
}

async function completeOnce(baseURL: string, tools: boolean): Promise<number> {
  const started = performance.now();
  const response = await ask(baseURL, tools, false);
  const body = (await response.json()) as {
    choices: Array<{ message: { content: string | null; tool_calls?: unknown[] } }>;
  };
  const message = body.choices[0]?.message;
  if (tools ? message?.tool_calls?.length !== 1 : !message?.content?.includes(INPUT_STARTED))
    throw new Error(`${baseURL}: not the expected reply`);
  return performance.now() - started;
}

/**
 * Sends `requests` requests of each kind each way, after `warmup` of each, alternating direct and
 * through the server request by request so that both meet the same state of the machine.
 */
export async function measureProxyLatency(options: {
  requests: number;
  warmup: number;
}): Promise<ProxyLatency> {
  // Two upstreams, each with toolbridge in front: one writes the reply at once, so a request
  // times only what the servers and the client spend; the other paces it as a model does, so
  // the first piece of the call's input comes before the rest of the reply.
  const upstream = await startScriptedServer({
    models: [MODEL],
    respond: () => ({ text: REPLY }),
    chunkSize: CHUNK_SIZE,
  });
  const pacedUpstream = await startScriptedServer({
    models: [MODEL],
    respond: () => ({ text: REPLY }),
    chunkSize: CHUNK_SIZE,
    chunkInterval: PACE_MS,
  });
  const server = await startServer({ port: 0, upstream: upstream.baseURL });
  const pacedServer = await startServer({ port: 0, upstream: pacedUpstream.baseURL });
  const samples = (): LatencySamples => ({
    complete: [],
    stream: [],
    firstInput: [],
    pacedStream: [],
  });
  const result: ProxyLatency = { direct: samples(), proxy: samples() };
  try {
    for (let round = 0; round < options.warmup + options.requests; round++) {
      const keep = round >= options.warmup;
      for (const [way, baseURL, pacedURL, tools] of [
        ['direct', upstream.baseURL, pacedUpstream.baseURL, false],
        ['proxy', server.url, pacedServer.url, true],
      ] as const) {
        const [stream] = await streamOnce(baseURL, tools);
        const complete = await completeOnce(baseURL, tools);
        const [pacedStream, firstInput] = await streamOnce(pacedURL, tools);
        // The scripted upstream keeps each request for tests; the bench has no use for them.
        upstream.requests.length = 0;
        pacedUpstream.requests.length = 0;
        if (!keep) continue;
        result[way].stream.push(stream);
        result[way].complete.push(complete);
        result[way].firstInput.push(firstInput);
        result[way].pacedStream.push(pacedStream);
      }
    }
  } finally {
    await Promise.all([server.close(), pacedServer.close()]);
    await Promise.all([upstream.close(), pacedUpstream.close()]);
  }
  return result;
}

/** The value below which `fraction` of the samples lie (nearest rank). */
export function percentile(samples: readonly number[], fraction: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const value = sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
  if (value === undefined) throw new Error('percentile: no samples');
  return value;
}
