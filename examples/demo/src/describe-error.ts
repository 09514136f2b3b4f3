import { APICallError } from 'ai';

/** A failure a user can cause, as one clear sentence and an exit code. */
export function describeError(
  error: unknown,
  context: { baseURL: string; model: string },
): { message: string; exitCode: number } {
  if (error instanceof DOMException && error.name === 'AbortError')
    return { message: 'Interrupted.', exitCode: 130 };
  if ((error as Error)?.name === 'AbortError' || (error as Error)?.name === 'ResponseAborted')
    return { message: 'Interrupted.', exitCode: 130 };
  if (APICallError.isInstance(error)) {
    if (error.statusCode === 404) {
      return {
        message: `The endpoint ${context.baseURL} does not know the model "${context.model}" (404). Check --model.`,
        exitCode: 1,
      };
    }
    if (error.statusCode === 401 || error.statusCode === 403) {
      return {
        message: `The endpoint refused the API key (${error.statusCode}). Check --api-key.`,
        exitCode: 1,
      };
    }
    if (error.statusCode !== undefined) {
      return {
        message: `The endpoint answered ${error.statusCode}: ${error.message}`,
        exitCode: 1,
      };
    }
    return {
      message: `Cannot reach ${context.baseURL}: ${causeOf(error)}. Is the server running?`,
      exitCode: 1,
    };
  }
  return { message: `The run failed: ${(error as Error)?.message ?? String(error)}`, exitCode: 1 };
}

function causeOf(error: Error): string {
  let cause: unknown = error.cause;
  while ((cause as Error)?.cause !== undefined) cause = (cause as Error).cause;
  const code = (cause as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ENOTFOUND') return 'host not found';
  return (cause as Error)?.message ?? error.message;
}
