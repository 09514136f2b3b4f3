/**
 * `@toolbridge/middleware/v6`: the package for AI SDK 6 (`ai@6`, `LanguageModelV3`).
 *
 * Every name `@toolbridge/middleware` exports, with the middlewares and what makes them typed
 * as `LanguageModelV3Middleware` for `wrapLanguageModel` of `ai@6`. They run the same core;
 * their results are converted so that nothing that exists only in V4 reaches AI SDK 6. The
 * formats one by one are in `@toolbridge/middleware/v6/formats`.
 */
// Typed with the middleware type of `ai` itself (ai@6 under its alias here, `ai` in the build):
// it is the type ai@6's `wrapLanguageModel` takes, whichever copy of @ai-sdk/provider the
// user's package manager put next to this package.
import type { LanguageModelV4Middleware } from '@ai-sdk/provider';
import type { LanguageModelMiddleware as LanguageModelV3Middleware } from 'ai-v6';
import * as core from '../index';
import { toV3Middleware } from './to-v3-middleware';

export * from '../index';

/**
 * `createToolMiddleware` of `@toolbridge/middleware` for AI SDK 6: gives tool calling to a model that has
 * none, as a `LanguageModelV3Middleware`. Same options, same behaviour.
 */
export function createToolMiddleware(
  options: core.ToolMiddlewareOptions,
): LanguageModelV3Middleware {
  return toV3Middleware(core.createToolMiddleware(options));
}

/** Options of `recordModelOutput` for AI SDK 6: the middleware recorded is a V3 one. */
export type RecordModelOutputOptions = Omit<core.RecordModelOutputOptions, 'middleware'> & {
  middleware?: LanguageModelV3Middleware;
};

/**
 * `recordModelOutput` of `@toolbridge/middleware` for AI SDK 6: records what the model was sent
 * and wrote around a V3 tool middleware, one JSON line per call. Same options, same lines.
 */
export function recordModelOutput(options: RecordModelOutputOptions): LanguageModelV3Middleware {
  const { middleware, ...rest } = options;
  if (middleware !== undefined && rest.file === undefined && rest.write === undefined) {
    return middleware;
  }
  return toV3Middleware(
    core.recordModelOutput({
      ...rest,
      // The recorder only calls the hooks of the middleware it wraps and passes what they
      // return on, so a V3 middleware's shapes go through it as they are.
      ...(middleware === undefined
        ? {}
        : { middleware: middleware as unknown as LanguageModelV4Middleware }),
    }),
  );
}

/**
 * `toolMiddlewareFor` of `@toolbridge/middleware` for AI SDK 6: the middleware for a model id.
 * Same options (`onUnknownModel` included), same warning for an id no row matches, same
 * TypeError for a missing or empty id.
 */
export function toolMiddlewareFor(
  modelId: string,
  options?: core.ToolMiddlewareForOptions,
): LanguageModelV3Middleware {
  return toV3Middleware(core.toolMiddlewareFor(modelId, options));
}

/** `formatToolMiddleware` of `@toolbridge/middleware` for AI SDK 6: the middleware of a format, by name. */
export function formatToolMiddleware(
  ...args: Parameters<typeof core.formatToolMiddleware>
): LanguageModelV3Middleware {
  return toV3Middleware(core.formatToolMiddleware(...args));
}

/**
 * `autoToolMiddleware` of `@toolbridge/middleware` for AI SDK 6: reads every known format, as a
 * `LanguageModelV3Middleware`. Like the main entry's, it is built on its first use.
 */
export const autoToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(
  core.autoToolMiddleware,
);
