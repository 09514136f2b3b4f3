/**
 * `@toolbridge/middleware/v6`: the package for AI SDK 6 (`ai@6`, `LanguageModelV3`).
 *
 * Everything `@toolbridge/middleware` exports, with the middlewares and their factory typed
 * as `LanguageModelV3Middleware` for `wrapLanguageModel` of `ai@6`. They run the same core;
 * their results are converted so that nothing that exists only in V4 reaches AI SDK 6.
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
export type RecordModelOutputOptionsV3 = Omit<core.RecordModelOutputOptions, 'middleware'> & {
  middleware?: LanguageModelV3Middleware;
};

/**
 * `recordModelOutput` of `@toolbridge/middleware` for AI SDK 6: records what the model was sent
 * and wrote around a V3 tool middleware, one JSON line per call. Same options, same lines.
 */
export function recordModelOutput(options: RecordModelOutputOptionsV3): LanguageModelV3Middleware {
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
 * The ready-made middlewares of `@toolbridge/middleware` for AI SDK 6: the same formats, as
 * `LanguageModelV3Middleware`. Like the main entry's, each is built on its first use.
 */
function v3(middleware: LanguageModelV4Middleware): LanguageModelV3Middleware {
  return toV3Middleware(middleware);
}

export const hermesToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ v3(
  core.hermesToolMiddleware,
);
export const gemmaToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ v3(
  core.gemmaToolMiddleware,
);
export const xmlToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ v3(
  core.xmlToolMiddleware,
);
export const toolCallTagMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ v3(
  core.toolCallTagMiddleware,
);
export const llama3JsonToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ v3(
  core.llama3JsonToolMiddleware,
);
export const qwen3CoderToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ v3(
  core.qwen3CoderToolMiddleware,
);
export const autoToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ v3(
  core.autoToolMiddleware,
);
export const mistralToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ v3(
  core.mistralToolMiddleware,
);
export const graniteToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ v3(
  core.graniteToolMiddleware,
);
export const xlamToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ v3(
  core.xlamToolMiddleware,
);
export const functionaryToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ v3(
  core.functionaryToolMiddleware,
);
export const commandRToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ v3(
  core.commandRToolMiddleware,
);
export const internlmToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ v3(
  core.internlmToolMiddleware,
);
export const lmStudioToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ v3(
  core.lmStudioToolMiddleware,
);
export const harmonyToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ v3(
  core.harmonyToolMiddleware,
);
export const deepseekToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ v3(
  core.deepseekToolMiddleware,
);
export const deepseekR1ToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ v3(
  core.deepseekR1ToolMiddleware,
);
export const deepseekV31ToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ v3(
  core.deepseekV31ToolMiddleware,
);
export const kimiK2ToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ v3(
  core.kimiK2ToolMiddleware,
);
export const apertusToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ v3(
  core.apertusToolMiddleware,
);
export const genericJsonToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ v3(
  core.genericJsonToolMiddleware,
);
export const pythonicToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ v3(
  core.pythonicToolMiddleware,
);
export const gemmaToolCodeMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ v3(
  core.gemmaToolCodeMiddleware,
);
export const gemma4ToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ v3(
  core.gemma4ToolMiddleware,
);
export const functionGemmaToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ v3(
  core.functionGemmaToolMiddleware,
);
export const glmToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ v3(
  core.glmToolMiddleware,
);
export const seedOssToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ v3(
  core.seedOssToolMiddleware,
);
export const minimaxToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ v3(
  core.minimaxToolMiddleware,
);
export const deepseekDsmlToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ v3(
  core.deepseekDsmlToolMiddleware,
);
export const kimiK3ToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ v3(
  core.kimiK3ToolMiddleware,
);
