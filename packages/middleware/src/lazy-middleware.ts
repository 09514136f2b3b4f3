import type { LanguageModelV4Middleware } from '@ai-sdk/provider';

/**
 * A tool middleware built on its first use rather than when the package is imported: what the
 * ready-made middlewares are, so that importing the package builds none and a bundler drops the
 * ones not imported. `build` must return a text protocol's middleware (all three hooks).
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
    transformParams: (call) => middleware().transformParams!(call),
    wrapGenerate: (call) => middleware().wrapGenerate!(call),
    wrapStream: (call) => middleware().wrapStream!(call),
  };
}
