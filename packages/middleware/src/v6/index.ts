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

/** `hermesToolMiddleware` of `@toolbridge/middleware` for AI SDK 6: `<tool_call>` JSON, for Hermes and Qwen. */
export const hermesToolMiddleware: LanguageModelV3Middleware = toV3Middleware(
  core.hermesToolMiddleware,
);

/** `gemmaToolMiddleware` of `@toolbridge/middleware` for AI SDK 6: calls in `tool_call` markdown fences. */
export const gemmaToolMiddleware: LanguageModelV3Middleware = toV3Middleware(
  core.gemmaToolMiddleware,
);

/** `xmlToolMiddleware` of `@toolbridge/middleware` for AI SDK 6: `<tool_name><arg>…</arg></tool_name>` calls. */
export const xmlToolMiddleware: LanguageModelV3Middleware = toV3Middleware(core.xmlToolMiddleware);

/** `toolCallTagMiddleware` of `@toolbridge/middleware` for AI SDK 6: one `<TOOL_CALL>` per reply. */
export const toolCallTagMiddleware: LanguageModelV3Middleware = toV3Middleware(
  core.toolCallTagMiddleware,
);

/** `llama3JsonToolMiddleware` of `@toolbridge/middleware` for AI SDK 6: Llama 3's bare JSON calls. */
export const llama3JsonToolMiddleware: LanguageModelV3Middleware = toV3Middleware(
  core.llama3JsonToolMiddleware,
);

/** `qwen3CoderToolMiddleware` of `@toolbridge/middleware` for AI SDK 6: Qwen3-Coder's XML parameters. */
export const qwen3CoderToolMiddleware: LanguageModelV3Middleware = toV3Middleware(
  core.qwen3CoderToolMiddleware,
);

/** `autoToolMiddleware` of `@toolbridge/middleware` for AI SDK 6: every known format read back. */
export const autoToolMiddleware: LanguageModelV3Middleware = toV3Middleware(
  core.autoToolMiddleware,
);

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

/** `mistralToolMiddleware` of `@toolbridge/middleware` for AI SDK 6. */
export const mistralToolMiddleware: LanguageModelV3Middleware = toV3Middleware(
  core.mistralToolMiddleware,
);

/** `graniteToolMiddleware` of `@toolbridge/middleware` for AI SDK 6. */
export const graniteToolMiddleware: LanguageModelV3Middleware = toV3Middleware(
  core.graniteToolMiddleware,
);

/** `xlamToolMiddleware` of `@toolbridge/middleware` for AI SDK 6. */
export const xlamToolMiddleware: LanguageModelV3Middleware = toV3Middleware(
  core.xlamToolMiddleware,
);

/** `functionaryToolMiddleware` of `@toolbridge/middleware` for AI SDK 6. */
export const functionaryToolMiddleware: LanguageModelV3Middleware = toV3Middleware(
  core.functionaryToolMiddleware,
);

/** `commandRToolMiddleware` of `@toolbridge/middleware` for AI SDK 6. */
export const commandRToolMiddleware: LanguageModelV3Middleware = toV3Middleware(
  core.commandRToolMiddleware,
);

/** `internlmToolMiddleware` of `@toolbridge/middleware` for AI SDK 6. */
export const internlmToolMiddleware: LanguageModelV3Middleware = toV3Middleware(
  core.internlmToolMiddleware,
);

/** `lmStudioToolMiddleware` of `@toolbridge/middleware` for AI SDK 6. */
export const lmStudioToolMiddleware: LanguageModelV3Middleware = toV3Middleware(
  core.lmStudioToolMiddleware,
);

/** `harmonyToolMiddleware` of `@toolbridge/middleware` for AI SDK 6. */
export const harmonyToolMiddleware: LanguageModelV3Middleware = toV3Middleware(
  core.harmonyToolMiddleware,
);

/** `deepseekToolMiddleware` of `@toolbridge/middleware` for AI SDK 6. */
export const deepseekToolMiddleware: LanguageModelV3Middleware = toV3Middleware(
  core.deepseekToolMiddleware,
);

/** `deepseekR1ToolMiddleware` of `@toolbridge/middleware` for AI SDK 6. */
export const deepseekR1ToolMiddleware: LanguageModelV3Middleware = toV3Middleware(
  core.deepseekR1ToolMiddleware,
);

/** `deepseekV31ToolMiddleware` of `@toolbridge/middleware` for AI SDK 6. */
export const deepseekV31ToolMiddleware: LanguageModelV3Middleware = toV3Middleware(
  core.deepseekV31ToolMiddleware,
);

/** `kimiK2ToolMiddleware` of `@toolbridge/middleware` for AI SDK 6. */
export const kimiK2ToolMiddleware: LanguageModelV3Middleware = toV3Middleware(
  core.kimiK2ToolMiddleware,
);

/** `apertusToolMiddleware` of `@toolbridge/middleware` for AI SDK 6. */
export const apertusToolMiddleware: LanguageModelV3Middleware = toV3Middleware(
  core.apertusToolMiddleware,
);

/** `genericJsonToolMiddleware` of `@toolbridge/middleware` for AI SDK 6. */
export const genericJsonToolMiddleware: LanguageModelV3Middleware = toV3Middleware(
  core.genericJsonToolMiddleware,
);

/** `pythonicToolMiddleware` of `@toolbridge/middleware` for AI SDK 6. */
export const pythonicToolMiddleware: LanguageModelV3Middleware = toV3Middleware(
  core.pythonicToolMiddleware,
);

/** `gemmaToolCodeMiddleware` of `@toolbridge/middleware` for AI SDK 6. */
export const gemmaToolCodeMiddleware: LanguageModelV3Middleware = toV3Middleware(
  core.gemmaToolCodeMiddleware,
);

/** `gemma4ToolMiddleware` of `@toolbridge/middleware` for AI SDK 6. */
export const gemma4ToolMiddleware: LanguageModelV3Middleware = toV3Middleware(
  core.gemma4ToolMiddleware,
);

/** `functionGemmaToolMiddleware` of `@toolbridge/middleware` for AI SDK 6. */
export const functionGemmaToolMiddleware: LanguageModelV3Middleware = toV3Middleware(
  core.functionGemmaToolMiddleware,
);

/** `glmToolMiddleware` of `@toolbridge/middleware` for AI SDK 6. */
export const glmToolMiddleware: LanguageModelV3Middleware = toV3Middleware(core.glmToolMiddleware);

/** `seedOssToolMiddleware` of `@toolbridge/middleware` for AI SDK 6. */
export const seedOssToolMiddleware: LanguageModelV3Middleware = toV3Middleware(
  core.seedOssToolMiddleware,
);

/** `minimaxToolMiddleware` of `@toolbridge/middleware` for AI SDK 6. */
export const minimaxToolMiddleware: LanguageModelV3Middleware = toV3Middleware(
  core.minimaxToolMiddleware,
);

/** `deepseekDsmlToolMiddleware` of `@toolbridge/middleware` for AI SDK 6. */
export const deepseekDsmlToolMiddleware: LanguageModelV3Middleware = toV3Middleware(
  core.deepseekDsmlToolMiddleware,
);

/** `kimiK3ToolMiddleware` of `@toolbridge/middleware` for AI SDK 6. */
export const kimiK3ToolMiddleware: LanguageModelV3Middleware = toV3Middleware(
  core.kimiK3ToolMiddleware,
);
