import { APICallError } from '@ai-sdk/provider';
import { RequestError } from './request-error.ts';
import { UpstreamTimeoutError } from './upstream-fetch.ts';

/** An error as the OpenAI API writes it: `{ error: { message, type, param, code } }`. */
export interface OpenAIErrorBody {
  error: { message: string; type: string; param: string | null; code: string | null };
}

/** An error response: a status and an OpenAI error body. */
export interface OpenAIError {
  status: number;
  body: OpenAIErrorBody;
}

export function openAIError(
  status: number,
  message: string,
  type: string,
  code: string | null = null,
  param: string | null = null,
): OpenAIError {
  return { status, body: { error: { message, type, param, code } } };
}

function invalidResponse(): OpenAIError {
  return openAIError(
    502,
    'The upstream server sent a response that is not a chat completion.',
    'upstream_error',
    'upstream_invalid_response',
  );
}

function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let at = error; at !== undefined && at !== null && chain.length < 8; ) {
    chain.push(at);
    at = (at as { cause?: unknown }).cause;
  }
  return chain;
}

/** The upstream's own error body, when it sent one in the OpenAI shape. */
function upstreamBody(responseBody: string | undefined): OpenAIErrorBody | undefined {
  if (responseBody === undefined) return undefined;
  try {
    const { error } = JSON.parse(responseBody) as { error?: Partial<OpenAIErrorBody['error']> };
    if (typeof error?.message !== 'string') return undefined;
    return {
      error: {
        message: error.message,
        type: typeof error.type === 'string' ? error.type : 'upstream_error',
        param: typeof error.param === 'string' ? error.param : null,
        code: error.code === undefined || error.code === null ? null : String(error.code),
      },
    };
  } catch {
    return undefined;
  }
}

/**
 * The error response for anything that failed while serving a request: the upstream's status
 * and message when it answered with an error, 502 when it could not be reached or answered
 * something unreadable, 504 when it did not answer in time. Never a stack.
 */
export function toOpenAIError(error: unknown): OpenAIError {
  if (error instanceof RequestError) {
    return openAIError(400, error.message, 'invalid_request_error', null, error.param ?? null);
  }
  const chain = causes(error);
  if (chain.some((link) => link instanceof UpstreamTimeoutError)) {
    return openAIError(
      504,
      'The upstream server did not answer in time.',
      'upstream_error',
      'upstream_timeout',
    );
  }
  const apiError = chain.find((link) => APICallError.isInstance(link));
  if (apiError?.statusCode !== undefined && apiError.statusCode < 400) {
    return invalidResponse();
  }
  if (apiError !== undefined && apiError.statusCode !== undefined) {
    const status =
      apiError.statusCode >= 400 && apiError.statusCode < 600 ? apiError.statusCode : 502;
    const body = upstreamBody(apiError.responseBody);
    return body === undefined
      ? openAIError(
          status,
          `The upstream server answered ${apiError.statusCode}: ${apiError.message}`,
          'upstream_error',
        )
      : { status, body };
  }
  if (apiError !== undefined) {
    return openAIError(
      502,
      `The upstream server cannot be reached: ${apiError.message}`,
      'upstream_error',
      'upstream_unreachable',
    );
  }
  if (chain.some((link) => link instanceof TypeError && /fetch failed/i.test(link.message))) {
    return openAIError(
      502,
      'The upstream server cannot be reached.',
      'upstream_error',
      'upstream_unreachable',
    );
  }
  const name = (error as { name?: unknown })?.name;
  if (
    typeof name === 'string' &&
    /^AI_(JSONParseError|TypeValidationError|InvalidResponseDataError)$/.test(name)
  ) {
    return invalidResponse();
  }
  return openAIError(500, 'The toolbridge server failed on this request.', 'server_error');
}

/** The error response for an upstream's non-2xx answer: its own body when in the OpenAI shape, else its status and text. */
export async function upstreamErrorResponse(response: Response): Promise<OpenAIError> {
  const text = await response.text().catch(() => '');
  const body = upstreamBody(text);
  if (body !== undefined) return { status: response.status, body };
  const excerpt = text.length > 200 ? `${text.slice(0, 200)}…` : text;
  return openAIError(
    response.status,
    `The upstream server answered ${response.status}${excerpt === '' ? '.' : `: ${excerpt}`}`,
    'upstream_error',
  );
}
