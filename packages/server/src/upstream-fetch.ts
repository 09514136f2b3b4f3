/** The upstream did not answer (status and headers) within the configured time. */
export class UpstreamTimeoutError extends Error {
  override readonly name = 'UpstreamTimeoutError';
}

/**
 * A fetch that gives up when the upstream has not answered (status and headers) within
 * `timeout` milliseconds; a response that started may take as long as it needs, since a
 * model can write for minutes. The caller's own signal still cancels at any time.
 */
export function fetchWithTimeout(
  fetch: typeof globalThis.fetch,
  timeout: number,
): typeof globalThis.fetch {
  return async (input, init) => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new UpstreamTimeoutError()), timeout);
    const signal = init?.signal
      ? AbortSignal.any([init.signal, controller.signal])
      : controller.signal;
    try {
      return await fetch(input, { ...init, signal });
    } finally {
      clearTimeout(timer);
    }
  };
}
