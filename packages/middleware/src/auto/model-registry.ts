import type { FormatName } from './format-presets';

/** A family of models: which ids it covers, the format it was trained on, how its template starts a reply. */
export interface ModelFamily {
  /** The family, as docs/models.md names it. */
  family: string;
  /** Matches the model id as servers name it, lower-cased (Ollama tags, Hugging Face, LM Studio and OpenRouter ids). */
  match: RegExp;
  /** The format the model is prompted in. */
  format: FormatName;
  /** The chat template opens the reasoning block, so the reply starts inside it. */
  startWithReasoning?: boolean;
}

/**
 * The model table: first match wins, so specific rows come before general ones (Qwen3-Coder
 * and DeepSeek's Qwen distills before Qwen, xLAM and Functionary before Llama, which they are built on). Each row has a test
 * with ids as Ollama, Hugging Face, LM Studio and OpenRouter write them.
 */
export const MODEL_FAMILIES: readonly ModelFamily[] = [
  {
    family: 'Qwen3-Coder, Qwen3.5, Nemotron 3 Nano',
    match: /qwen3[._-]?coder|qwen3\.5|nemotron-?3-nano/,
    format: 'qwen3-coder',
  },
  {
    family: 'Qwen3 thinking (2507)',
    match: /qwen3-[\w.-]{0,40}thinking/,
    format: 'hermes',
    startWithReasoning: true,
  },
  {
    family: 'DeepSeek V3.2 / V4',
    match: /deepseek-(?:chat-)?v(?:3\.2|4)/,
    format: 'deepseek-dsml',
  },
  { family: 'DeepSeek V3.1', match: /deepseek-(?:chat-)?v3\.1/, format: 'deepseek-v3.1' },
  {
    family: 'DeepSeek-R1 distills',
    match: /deepseek-r1(?:-distill|:)/,
    format: 'hermes',
    startWithReasoning: true,
  },
  { family: 'DeepSeek-R1', match: /deepseek-r1/, format: 'deepseek', startWithReasoning: true },
  { family: 'DeepSeek V3', match: /deepseek-(?:v3|chat)/, format: 'deepseek' },
  { family: 'QwQ, Qwen 2 / 2.5 / 3', match: /qwen|qwq/, format: 'hermes' },
  { family: 'Hermes 2 Pro / 3 / 4', match: /hermes/, format: 'hermes' },
  { family: 'xLAM, Hammer', match: /xlam|hammer/, format: 'xlam' },
  { family: 'Functionary', match: /functionary/, format: 'functionary' },
  { family: 'Llama 3.2', match: /llama-?3\.2/, format: 'pythonic' },
  { family: 'Llama 4', match: /llama-?4/, format: 'pythonic' },
  { family: 'Llama 3.1 / 3.3', match: /llama-?3/, format: 'llama3-json' },
  { family: 'FunctionGemma', match: /function-?gemma/, format: 'function-gemma' },
  { family: 'Gemma 4', match: /gemma-?4/, format: 'gemma4' },
  { family: 'Gemma 2 / 3', match: /gemma-?[23]/, format: 'gemma-tool-code' },
  { family: 'gpt-oss', match: /gpt-oss/, format: 'harmony' },
  {
    family: 'Mistral 7B, Mixtral, Nemo',
    match: /mixtral|mistral-nemo|mistral-7b|^mistral(?::|$)/,
    format: 'mistral-pre-v11',
  },
  {
    family: 'Mistral Small 3.2, Magistral, Devstral, Ministral',
    match: /mistral|magistral|devstral|ministral|codestral/,
    format: 'mistral',
  },
  { family: 'Granite 4', match: /granite-?4/, format: 'hermes' },
  { family: 'Granite 3', match: /granite/, format: 'granite' },
  { family: 'Command R / R7B / A', match: /command-?(?:r|a-)/, format: 'command-r' },
  { family: 'InternLM, Intern-S1', match: /internlm|intern-s1/, format: 'internlm' },
  { family: 'Kimi K3', match: /kimi-?k3/, format: 'kimi-k3' },
  { family: 'Kimi K2', match: /kimi-?k2/, format: 'kimi-k2' },
  { family: 'GLM-4.7', match: /glm-?4\.7/, format: 'glm', startWithReasoning: true },
  { family: 'GLM-4.5 / 4.6', match: /glm-?4\.[56]/, format: 'glm' },
  { family: 'MiniMax M2 / M3', match: /minimax-?m[23]/, format: 'minimax' },
  { family: 'Seed-OSS', match: /seed-oss/, format: 'seed-oss' },
  { family: 'Apertus', match: /apertus/, format: 'apertus' },
  { family: 'Phi-4-mini', match: /phi-?4-mini/, format: 'json-array-functools' },
  {
    family: 'Jamba, Hunyuan A13B, Apriel',
    match: /jamba|hunyuan-a13b|apriel/,
    format: 'json-array-tool-calls',
  },
  {
    family: 'Nemotron Nano v2',
    match: /nemotron-nano-[\w-]{0,12}v2/,
    format: 'json-array-toolcall',
  },
  { family: 'LFM2', match: /lfm-?2/, format: 'lfm2' },
];

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
