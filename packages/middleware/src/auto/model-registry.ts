import { allFormats, type FormatName } from '../formats/all-formats';
import type { ModelRow } from '../formats/define-format';
import type { OpensReasoning } from '../opens-reasoning';

/** A family of models: a row of a format's `models`, and the format it is prompted in. */
export interface ModelFamily extends ModelRow {
  /** The format the model is prompted in. */
  format: FormatName;
  /** Whether these models' template opens the reasoning block: the row's word, or its format's. */
  opensReasoning: OpensReasoning;
}

/**
 * The model table, derived from the formats' `models`: first match wins, every format's specific
 * rows (Qwen3-Coder, DeepSeek's Qwen distills, xLAM on Llama) before the broad ones (any Qwen,
 * any Llama 3), each in the order of the format list. Each row has a test with ids as Ollama,
 * Hugging Face, LM Studio and OpenRouter write them.
 */
export const MODEL_FAMILIES: readonly ModelFamily[] = /* @__PURE__ */ modelTable();

function modelTable(): ModelFamily[] {
  const rows = allFormats().flatMap((format) =>
    format.models.map(
      (row): ModelFamily => ({
        ...row,
        opensReasoning: row.opensReasoning ?? format.opensReasoning,
        format: format.name,
      }),
    ),
  );
  return [...rows.filter((row) => !row.broad), ...rows.filter((row) => row.broad)];
}

/**
 * Throws a TypeError naming the `modelId` argument of `caller` unless it is a non-empty string:
 * an id read from an unset variable or setting would otherwise fail deep inside, or match no row.
 */
export function checkModelId(modelId: unknown, caller: string): asserts modelId is string {
  if (typeof modelId !== 'string' || modelId.trim() === '') {
    const got =
      typeof modelId === 'string'
        ? JSON.stringify(modelId)
        : modelId == null
          ? String(modelId)
          : `a value of type ${typeof modelId}`;
    throw new TypeError(
      `${caller}: the modelId argument must be a non-empty string, the model id as the server names it (such as "qwen3-coder:30b"); got ${got}.`,
    );
  }
}

/**
 * The family of a model id (as {@link MODEL_FAMILIES} lists them, first match wins, case
 * ignored), or undefined for a model the table does not know: the row `toolMiddlewareFor`
 * prompts by, to check an id without building a middleware.
 *
 * @throws TypeError when `modelId` is not a string or is empty.
 */
export function modelFamily(modelId: string): ModelFamily | undefined {
  checkModelId(modelId, 'modelFamily');
  const id = modelId.toLowerCase();
  return MODEL_FAMILIES.find((row) => row.match.test(id));
}
