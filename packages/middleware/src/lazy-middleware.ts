import type { LanguageModelV4Middleware } from '@ai-sdk/provider';

/**
 * A tool middleware built on its first use rather than when the package is imported: what the
 * ready-made middlewares are, so that importing the package builds none and a bundler drops the
 * ones not imported. A hook the built middleware lacks does what the AI SDK does without it.
 */
export function lazyToolMiddleware(
  build: () => LanguageModelV4Middleware,
): LanguageModelV4Middleware {
  let built: LanguageModelV4Middleware | undefined;
  const middleware = () => {
    built ??= build();
    return built;
  };
  return {
    specificationVersion: 'v4',
    transformParams: async (call) => (await middleware().transformParams?.(call)) ?? call.params,
    wrapGenerate: (call) => middleware().wrapGenerate?.(call) ?? call.doGenerate(),
    wrapStream: (call) => middleware().wrapStream?.(call) ?? call.doStream(),
  };
}
