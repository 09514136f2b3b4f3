import { afterEach, assert, describe, expect, it } from 'vitest';
import { type ScriptedServer, type ScriptedServerOptions, startScriptedServer } from './index.ts';

const MODEL = 'scripted';

let servers: ScriptedServer[] = [];

afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

async function start(options: Partial<ScriptedServerOptions>): Promise<ScriptedServer> {
  const server = await startScriptedServer({
    models: [MODEL],
    respond: () => ({ text: 'Twenty characters!!.' }),
    ...options,
  });
  servers.push(server);
  return server;
}

interface Arrival {
  data: string;
  at: number;
}

/**
 * Streams one reply into `events`: each event's data, and the time after the request it arrived
 * at; rejects if the connection closes mid-reply, with the events read before in `events`.
 */
async function streamEvents(server: ScriptedServer, events: Arrival[] = []): Promise<Arrival[]> {
  const started = performance.now();
  const response = await fetch(`${server.baseURL}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      model: MODEL,
      messages: [{ role: 'user', content: 'Hi' }],
      stream: true,
    }),
  });
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const bytes of response.body as unknown as AsyncIterable<Uint8Array>) {
    const at = performance.now() - started;
    buffer += decoder.decode(bytes, { stream: true });
    for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
      events.push({ data: buffer.slice(0, end), at });
      buffer = buffer.slice(end + 2);
    }
  }
  return events;
}

describe('chunkInterval', () => {
  it('paces the events of a stream, the same events as without it', async () => {
    const interval = 25;
    const atOnce = await streamEvents(await start({}));
    const paced = await streamEvents(await start({ chunkInterval: interval }));
    // The role, 5 pieces of text, the finish reason, [DONE].
    expect(atOnce.map((event) => event.data)).toHaveLength(8);
    expect(paced.map((event) => event.data)).toEqual(atOnce.map((event) => event.data));
    // Event i goes out i intervals after the first, which comes with the headers (and may be
    // read late); timers fire late, never early, and the client may read one late too.
    const [, second, ...later] = paced;
    const last = later.at(-1);
    assert.isDefined(second);
    assert.isDefined(last);
    paced.slice(1).forEach((event, index) => {
      expect(event.at - second.at).toBeGreaterThanOrEqual(index * interval - interval / 2);
    });
    expect(last.at - second.at).toBeGreaterThanOrEqual(6 * interval - interval / 2);
    // Each event came on its own, not with the next.
    expect(new Set(paced.map((event) => event.at)).size).toBe(paced.length);
  });

  it('keeps a fault when paced: close-mid-reply closes the connection after half the text', async () => {
    const server = await start({
      chunkInterval: 5,
      respond: () => ({ text: 'Twenty characters!!.', fault: 'close-mid-reply' }),
    });
    const events: Arrival[] = [];
    await expect(streamEvents(server, events)).rejects.toThrow();
    // The role and 3 of the 5 pieces of text.
    expect(events).toHaveLength(4);
  });
});
