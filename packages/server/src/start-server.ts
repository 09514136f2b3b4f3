import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createServer, type ServerOptions } from './create-server.ts';

/** Options of {@link startServer}: the server's, and where it listens. */
export interface StartServerOptions extends ServerOptions {
  /** The port. Default: 8787; `0` takes a free one. */
  port?: number;
  /**
   * The address to bind. Default: `127.0.0.1`, this machine only. `0.0.0.0` (or `::`) serves the
   * network: set `apiKey` then, or put the server behind something that checks who calls.
   */
  host?: string;
}

/** A server {@link startServer} started. */
export interface RunningServer {
  /** Where it serves, with `/v1`: give this to clients as their base URL. */
  url: string;
  /** Stops listening and ends open connections. */
  close(): Promise<void>;
}

/**
 * Starts {@link createServer}'s server on Node, listening on 127.0.0.1:8787 unless told
 * otherwise.
 */
export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const { port = 8787, host = '127.0.0.1', ...serverOptions } = options;
  const app = createServer(serverOptions);
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const started = serve({ fetch: app.fetch, port, hostname: host }, () => resolve(started));
    started.once('error', reject);
  });
  const { port: actualPort } = server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shownHost}:${actualPort}/v1`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        (server as { closeAllConnections?: () => void }).closeAllConnections?.();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
