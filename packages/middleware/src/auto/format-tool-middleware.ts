import type { LanguageModelV4Middleware } from '@ai-sdk/provider';
import { allFormats, type FormatName, formatNamed } from '../formats/all-formats';
import type { Format } from '../formats/define-format';
import type { ToolMiddlewareOptions } from '../middleware/create-tool-middleware';
import { buildFormatMiddleware } from '../presets/format-preset';

/** The name of every format {@link formatToolMiddleware} builds, each family before its variants. */
export const FORMAT_NAMES: readonly FormatName[] = /* @__PURE__ */ allFormats().map(
  (format) => format.name,
);

/**
 * The tool middleware of one format, by name (`'qwen3-coder'`, `'harmony'`, …) or as a value
 * made with `defineFormat`: the model is prompted and read in that format only, with the family's
 * reasoning tags. Built when called, so a server or CLI that offers every format by name builds
 * only the one asked for.
 *
 * @param format a format's name (`FORMAT_NAMES` lists them) or a format value.
 * @param options any option of `createToolMiddleware` but the protocol.
 */
export function formatToolMiddleware(
  format: FormatName | Format,
  options: Omit<ToolMiddlewareOptions, 'protocol'> = {},
): LanguageModelV4Middleware {
  const value = typeof format === 'string' ? formatNamed(format) : format;
  if (value === undefined) {
    throw new RangeError(
      `Unknown format ${JSON.stringify(format)}; choose one of ${FORMAT_NAMES.join(', ')}.`,
    );
  }
  return buildFormatMiddleware(value, options);
}
