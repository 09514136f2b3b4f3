/**
 * Sends a request to the upstream as the client wrote it and hands back the upstream's answer
 * as it streams: for requests toolbridge has nothing to do with (no tools, no tool history)
 * and for `GET /v1/models`. Hop-by-hop and length headers are left to the runtime.
 */
export async function forwardVerbatim({
  fetch,
  url,
  method,
  body,
  headers,
  signal,
}: {
  fetch: typeof globalThis.fetch;
  url: string;
  method: 'GET' | 'POST';
  body?: string;
  headers: Record<string, string>;
  signal: AbortSignal;
}): Promise<Response> {
  const upstream = await fetch(url, {
    method,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body }),
    signal,
  });
  const kept = new Headers();
  for (const name of ['content-type', 'cache-control']) {
    const value = upstream.headers.get(name);
    if (value !== null) kept.set(name, value);
  }
  return new Response(upstream.body, { status: upstream.status, headers: kept });
}
