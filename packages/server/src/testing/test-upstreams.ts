import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A throwaway HTTP upstream for the cases the scripted server does not play: garbage, endless streams. */
export interface TestUpstream {
  baseURL: string;
  /** Resolves when the first request's connection has closed. */
  closed: Promise<void>;
  close(): Promise<void>;
}

export async function startTestUpstream(
  handle: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<TestUpstream> {
  let markClosed: () => void = () => {};
  const closed = new Promise<void>((resolve) => {
    markClosed = resolve;
  });
  const server = createServer((request, response) => {
    response.once('close', () => markClosed());
    handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    closed,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on: one that was free a moment ago. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
