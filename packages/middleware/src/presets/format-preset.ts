import type { LanguageModelV4Middleware } from '@ai-sdk/provider';
import type { Format } from '../formats/define-format';
import { END_OF_TURN_TOKENS } from '../formats/end-of-turn-tokens';
import { lazyToolMiddleware } from '../lazy-middleware';
import {
  createToolMiddleware,
  type ToolMiddlewareOptions,
} from '../middleware/create-tool-middleware';
import type { TemplatePrompt } from '../prompt/template-prompt';

/**
 * The tool middleware of a format value: its protocol, prompt, reasoning tags and control tokens
 * (with the end-of-turn tokens any model may write), then the options.
 */
export function buildFormatMiddleware(
  format: Format,
  options: Omit<ToolMiddlewareOptions, 'protocol'> = {},
): LanguageModelV4Middleware {
  return createToolMiddleware({
    toolSystemPromptTemplate: format.systemPrompt,
    ...templatePromptOf(format.template, options.prompt),
    ...(format.reasoningTags === undefined ? {} : { reasoningTags: format.reasoningTags }),
    opensReasoning: format.opensReasoning,
    thinkingSwitch: format.thinkingSwitch,
    controlTokens: [...format.controlTokens, ...END_OF_TURN_TOKENS],
    callsInReasoning: format.callsInReasoning,
    ...options,
    protocol: format.protocol(),
  });
}

/** The template prompt to write, unless there is none or `compact` is asked for. */
export function templatePromptOf(
  template: TemplatePrompt | undefined,
  prompt: ToolMiddlewareOptions['prompt'],
): { templatePrompt?: TemplatePrompt } {
  return template === undefined || prompt === 'compact' ? {} : { templatePrompt: template };
}

/**
 * A format's middleware, built on its first use, not when the package is imported: what the
 * ready-made middlewares (`hermesToolMiddleware`, …) are.
 */
export function formatPreset(
  format: Format,
  options: Omit<ToolMiddlewareOptions, 'protocol'> = {},
): LanguageModelV4Middleware {
  return lazyToolMiddleware(() => buildFormatMiddleware(format, options));
}
