import type { LanguageModelV4Middleware } from '@ai-sdk/provider';
import { type FormatName, formatNamed } from '../formats/all-formats';
import {
  createToolMiddleware,
  type ToolMiddlewareOptions,
} from '../middleware/create-tool-middleware';
import { templatePromptOf } from '../presets/format-preset';
import { autoProtocol } from './auto-protocol';
import { ALL_CONTROL_TOKENS } from './control-tokens';
import { checkModelId, modelFamily } from './model-registry';
import { ALL_REASONING_TAGS, firstPairPerOpener } from './reasoning-tags';

/** What {@link toolMiddlewareFor} tells `onUnknownModel` about an id no row of the model table matches. */
export interface UnknownModelWarning {
  /** The model id, as it was given. */
  modelId: string;
  /** The format the model is prompted in instead: always `hermes`. Every known format is still read back. */
  fallback: FormatName;
  /** The warning in one line, as the default handler prints it. */
  message: string;
}

/** Options of {@link toolMiddlewareFor}: any option of `createToolMiddleware` but the protocol, and `onUnknownModel`. */
export type ToolMiddlewareForOptions = Omit<ToolMiddlewareOptions, 'protocol'> & {
  /**
   * Told when no row of the model table matches the id, once per `toolMiddlewareFor` call
   * (when the middleware is built, never on a model call). `false`: say nothing.
   *
   * Default: `console.warn` with the message, once per id in the process (it remembers the
   * last 100 ids), so that building the middleware per request does not repeat it. A handler
   * of your own is called every time.
   */
  onUnknownModel?: ((warning: UnknownModelWarning) => void) | false;
};

/**
 * How many unknown ids the default `onUnknownModel` remembers having warned about: ids can come
 * from users (a proxy passing on the model asked for), so the set is bounded; past the bound,
 * the oldest id is forgotten and would be warned about again.
 */
const UNKNOWN_MODEL_IDS_REMEMBERED = 100;
const warnedIds = new Set<string>();

function warnOnce({ modelId, message }: UnknownModelWarning): void {
  if (warnedIds.has(modelId)) return;
  if (warnedIds.size >= UNKNOWN_MODEL_IDS_REMEMBERED) {
    const oldest = warnedIds.values().next();
    if (!oldest.done) warnedIds.delete(oldest.value);
  }
  warnedIds.add(modelId);
  console.warn(message);
}

/** The format an id no row matches is prompted in. */
const FALLBACK_FORMAT = 'hermes' satisfies FormatName;

/**
 * The tool middleware for a model id as servers name it (`qwen3-coder:30b`,
 * `meta-llama/Llama-3.1-8B-Instruct`, `gpt-oss:20b`…): the model is prompted in its own
 * format, with the reasoning its template opens, and every known format is read back
 * (`autoProtocol`) as the safety net. {@link modelFamily} tells which row of the table an id
 * matches.
 *
 * An id no row matches gets the Hermes prompt (what `autoToolMiddleware` does) and a warning
 * through `options.onUnknownModel` (by default `console.warn`, once per id; `false` silences it).
 *
 * @throws TypeError when `modelId` is not a string or is empty (an unset variable, say).
 */
export function toolMiddlewareFor(
  modelId: string,
  options: ToolMiddlewareForOptions = {},
): LanguageModelV4Middleware {
  checkModelId(modelId, 'toolMiddlewareFor');
  const { onUnknownModel = warnOnce, ...middlewareOptions } = options;
  const family = modelFamily(modelId);
  if (family === undefined && onUnknownModel !== false) {
    onUnknownModel({
      modelId,
      fallback: FALLBACK_FORMAT,
      message:
        `toolbridge: no row of the model table matches the model id ${JSON.stringify(modelId)}; ` +
        `toolMiddlewareFor falls back to the Hermes prompt (format "${FALLBACK_FORMAT}") and reads every known format back. ` +
        "Use the middleware of the model's format if you know it, or pass onUnknownModel: false to silence this (see docs/models.md).",
    });
  }
  const formatName = family?.format ?? FALLBACK_FORMAT;
  const format = formatNamed(formatName);
  if (format === undefined) {
    throw new Error(
      `toolMiddlewareFor: the model table names the format "${formatName}", which no format has.`,
    );
  }
  // The family's own tags first: the first pair is the one a template-opened block closes.
  const reasoningTags = firstPairPerOpener([
    ...(format.reasoningTags ?? []),
    ...ALL_REASONING_TAGS,
  ]);
  return createToolMiddleware({
    toolSystemPromptTemplate: format.systemPrompt,
    ...templatePromptOf(family?.template ?? format.template, options.prompt),
    reasoningTags,
    opensReasoning: family?.opensReasoning ?? format.opensReasoning,
    thinkingSwitch: format.thinkingSwitch,
    controlTokens: ALL_CONTROL_TOKENS,
    callsInReasoning: format.callsInReasoning,
    ...middlewareOptions,
    protocol: autoProtocol({ prompt: format.protocol() }),
  });
}
