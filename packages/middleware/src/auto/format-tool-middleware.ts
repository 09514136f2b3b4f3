import type { LanguageModelV4Middleware } from '@ai-sdk/provider';
import {
  createToolMiddleware,
  type ToolMiddlewareOptions,
} from '../middleware/create-tool-middleware';
import { FORMAT_PRESETS, type FormatName } from './format-presets';

/** The name of every format {@link formatToolMiddleware} builds. */
export const FORMAT_NAMES = Object.keys(FORMAT_PRESETS) as readonly FormatName[];

/**
 * The tool middleware of one format, by name (`'qwen3-coder'`, `'harmony'`, …): the model is
 * prompted and read in that format only, with the family's reasoning tags. Built when called, so
 * a server or CLI that offers every format by name builds only the one asked for.
 *
 * @param format a format's name; `FORMAT_NAMES` lists them.
 * @param options any option of `createToolMiddleware` but the protocol.
 */
export function formatToolMiddleware(
  format: FormatName,
  options: Omit<ToolMiddlewareOptions, 'protocol'> = {},
): LanguageModelV4Middleware {
  const preset = FORMAT_PRESETS[format];
  if (preset === undefined) {
    throw new RangeError(
      `Unknown format ${JSON.stringify(format)}; choose one of ${FORMAT_NAMES.join(', ')}.`,
    );
  }
  return createToolMiddleware({
    toolSystemPromptTemplate: preset.prompt,
    ...('reasoningTags' in preset ? { reasoningTags: preset.reasoningTags } : {}),
    ...options,
    protocol: preset.protocol(),
  });
}
