import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type {
  JSONObject,
  LanguageModelV4CallOptions,
  LanguageModelV4Middleware,
} from '@ai-sdk/provider';
import {
  autoToolMiddleware,
  FORMAT_NAMES,
  type FormatName,
  formatToolMiddleware,
  recordModelOutput,
  toolbridgeOptions,
  toolMiddlewareFor,
} from '@toolbridge/middleware';
import { wrapLanguageModel } from 'ai';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ChatCompletionRequest, ToolbridgeReport } from './chat-completions.ts';
import { forwardVerbatim } from './forward-verbatim.ts';
import {
  type OpenAIError,
  openAIError,
  toOpenAIError,
  upstreamErrorResponse,
} from './openai-error.ts';
import { RequestError } from './request-error.ts';
import {
  checkRequest,
  needsToolbridge,
  passthroughFields,
  toCallOptions,
} from './to-call-options.ts';
import { toChunks } from './to-chunks.ts';
import { toCompletion } from './to-completion.ts';
import { fetchWithTimeout } from './upstream-fetch.ts';

/** Options of {@link createServer} (and of `startServer`, which adds where to listen). */
export interface ServerOptions {
  /** The upstream OpenAI-compatible server's base URL, with its `/v1`: `http://localhost:11434/v1`. */
  upstream: string;
  /**
   * Which tool middleware reads the model's calls. `'model'` (default): the one the request's
   * model id picks, `toolMiddlewareFor(model)`. `'auto'`: `autoToolMiddleware` for every model.
   * A format name (`hermes`, `qwen3-coder`, `llama3-json`, … as `toolbridge prompt --help`
   * lists them): that format's middleware for every model.
   */
  format?: string;
  /**
   * `template` (default): the prompt the model's chat template writes with native tools;
   * `compact`: toolbridge's shorter wording, for an upstream that does not read special tokens in
   * message text (vLLM's Mistral tokenizer mode) or a model served with another template.
   */
  prompt?: 'template' | 'compact';
  /** Chooses the middleware per model id yourself; replaces `format` and `prompt`. */
  middleware?: (modelId: string) => LanguageModelV4Middleware;
  /** A key clients must send as `Authorization: Bearer <key>`. Default: none, any client is served. */
  apiKey?: string;
  /** The key sent to the upstream as `Authorization: Bearer <key>`. Default: none. */
  upstreamApiKey?: string;
  /**
   * Pass the client's own `Authorization` header on to the upstream (the client holds the
   * upstream's key). Default: `false`, it is never forwarded. Cannot be combined with `apiKey`.
   */
  forwardAuthorization?: boolean;
  /** The largest request body accepted, in bytes; larger ones get 413. Default: 10 MiB. */
  bodyLimit?: number;
  /**
   * How long the upstream may take to answer a request (status and headers), in milliseconds;
   * then the client gets 504. A reply that started may stream as long as it needs. Default: 300,000.
   */
  upstreamTimeout?: number;
  /**
   * Record each model call toolbridge handles as `recordModelOutput` does, for
   * `toolbridge inspect`: a file to append JSON lines to, or a function taking each line.
   * Requests forwarded verbatim (no tools) are not recorded. Default: no recording.
   */
  record?: string | ((line: string) => void | Promise<void>);
  /** The fetch used to reach the upstream. Default: the global `fetch`. */
  fetch?: typeof globalThis.fetch;
}

const MIB = 1024 * 1024;

function middlewareChooser(
  format: string,
  prompt: ServerOptions['prompt'],
  middleware: ServerOptions['middleware'],
): (modelId: string) => LanguageModelV4Middleware {
  if (middleware !== undefined) return middleware;
  const options = prompt === undefined ? {} : { prompt };
  if (format === 'model') return (modelId) => toolMiddlewareFor(modelId, options);
  if (format === 'auto') return () => autoToolMiddleware;
  if (!(FORMAT_NAMES as readonly string[]).includes(format)) {
    throw new TypeError(
      `Unknown format "${format}"; choose model, auto or one of ${FORMAT_NAMES.join(', ')}.`,
    );
  }
  const chosen = formatToolMiddleware(format as FormatName, options);
  return () => chosen;
}

/** Compares without stopping at the first difference, so timing tells nothing of the key. */
function sameSecret(given: string, expected: string): boolean {
  let difference = given.length ^ expected.length;
  for (let i = 0; i < expected.length; i++) {
    difference |= (given.charCodeAt(i) || 0) ^ expected.charCodeAt(i);
  }
  return difference === 0;
}

function reply(c: Context, { status, body }: OpenAIError): Response {
  return c.json(body, status as 400);
}

/** The upstream fields toolbridge did not set itself, then every field it set. */
function mergeBody(
  passthrough: Record<string, unknown>,
  args: Record<string, unknown>,
): Record<string, unknown> {
  const body = { ...passthrough };
  for (const [field, value] of Object.entries(args)) if (value !== undefined) body[field] = value;
  return body;
}

/**
 * An OpenAI-compatible HTTP server (a Hono app) that gives any client tool calling:
 * `POST /v1/chat/completions` with `tools` is sent to the upstream through toolbridge, which
 * writes the tools into the prompt and reads the calls out of the model's text, and answers
 * with `tool_calls`, streaming or not; requests without tools and `GET /v1/models` go to the
 * upstream as they are. It holds no state between requests.
 *
 * Serve it with `app.fetch` on any runtime that speaks `Request`/`Response` (Node with
 * `@hono/node-server`, as `startServer` does; Deno, Bun, workers, serverless functions).
 *
 * @throws TypeError for an unknown `format`, or `apiKey` together with `forwardAuthorization`.
 */
export function createServer(options: ServerOptions): Hono {
  const {
    upstream,
    format = 'model',
    apiKey,
    upstreamApiKey,
    forwardAuthorization = false,
    bodyLimit: maxSize = 10 * MIB,
    upstreamTimeout = 300_000,
    record,
    fetch = globalThis.fetch,
  } = options;
  if (apiKey !== undefined && forwardAuthorization) {
    throw new TypeError(
      'apiKey and forwardAuthorization cannot be combined: the client sends one Authorization header.',
    );
  }
  let baseURL = upstream;
  while (baseURL.endsWith('/')) baseURL = baseURL.slice(0, -1);
  const chooseMiddleware = middlewareChooser(format, options.prompt, options.middleware);
  const upstreamFetch = fetchWithTimeout(fetch, upstreamTimeout);
  const recording =
    record === undefined ? {} : typeof record === 'string' ? { file: record } : { write: record };

  const upstreamHeaders = (c: Context): Record<string, string> => {
    const authorization = forwardAuthorization
      ? c.req.header('authorization')
      : upstreamApiKey === undefined
        ? undefined
        : `Bearer ${upstreamApiKey}`;
    return authorization === undefined ? {} : { authorization };
  };

  const forward = async (c: Context, method: 'GET' | 'POST', path: string, body?: string) => {
    const response = await forwardVerbatim({
      fetch: upstreamFetch,
      url: `${baseURL}${path}`,
      method,
      ...(body === undefined ? {} : { body }),
      headers: upstreamHeaders(c),
      signal: c.req.raw.signal,
    });
    return response.ok ? response : reply(c, await upstreamErrorResponse(response));
  };

  const app = new Hono();

  app.onError((error, c) => reply(c, toOpenAIError(error)));
  app.notFound((c) =>
    reply(
      c,
      openAIError(404, `No route for ${c.req.method} ${c.req.path}.`, 'invalid_request_error'),
    ),
  );

  if (apiKey !== undefined) {
    app.use('*', async (c, next) => {
      const given = c.req.header('authorization') ?? '';
      if (!sameSecret(given, `Bearer ${apiKey}`)) {
        return reply(
          c,
          openAIError(
            401,
            'Incorrect or missing API key.',
            'invalid_request_error',
            'invalid_api_key',
          ),
        );
      }
      await next();
    });
  }

  app.get('/v1/models', (c) => forward(c, 'GET', '/models'));

  app.post(
    '/v1/chat/completions',
    bodyLimit({
      maxSize,
      onError: (c) =>
        reply(
          c,
          openAIError(
            413,
            `The request body is larger than ${maxSize} bytes.`,
            'invalid_request_error',
            'request_too_large',
          ),
        ),
    }),
    async (c) => {
      const text = await c.req.text();
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        throw new RequestError('The request body is not JSON.');
      }
      const request: ChatCompletionRequest = checkRequest(parsed);
      if (!needsToolbridge(request)) return forward(c, 'POST', '/chat/completions', text);

      const passthrough = passthroughFields(request);
      const provider = createOpenAICompatible({
        name: 'upstream',
        baseURL,
        includeUsage: true,
        headers: upstreamHeaders(c),
        fetch: upstreamFetch,
        transformRequestBody: (args) => mergeBody(passthrough, args),
      });
      const model = wrapLanguageModel({
        model: provider(request.model),
        middleware: recordModelOutput({
          ...recording,
          middleware: chooseMiddleware(request.model),
        }),
      });
      const reports: ToolbridgeReport[] = [];
      const callOptions: LanguageModelV4CallOptions = {
        ...toCallOptions(request),
        abortSignal: c.req.raw.signal,
        includeRawChunks: true,
        providerOptions: {
          ...toolbridgeOptions({
            onError: (message, { reason, rawText, toolName, toolCallId }) => {
              reports.push({
                reason,
                message,
                ...(toolName === undefined ? {} : { tool_name: toolName }),
                ...(toolCallId === undefined ? {} : { tool_call_id: toolCallId }),
                raw_text: rawText,
              });
            },
          }),
          // What the client said to the upstream (`chat_template_kwargs`, `think`…), where the
          // middleware reads the thinking switch; the body gets these fields as they are anyway.
          upstream: passthrough as JSONObject,
        },
      };
      const context = {
        model: request.model,
        singleCall: request.parallel_tool_calls === false,
        reports,
        generateId: () => crypto.randomUUID().replaceAll('-', ''),
      };

      if (request.stream !== true) {
        return c.json(toCompletion(await model.doGenerate(callOptions), context));
      }
      const { stream } = await model.doStream(callOptions);
      const events = stream
        .pipeThrough(
          toChunks({ ...context, includeUsage: request.stream_options?.include_usage === true }),
        )
        .pipeThrough(new TextEncoderStream());
      return new Response(events, {
        headers: {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache',
        },
      });
    },
  );

  return app;
}
