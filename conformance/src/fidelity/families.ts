/**
 * The families whose published chat template is vendored in `conformance/fixtures/templates`,
 * with what the template needs to render as a server renders it. The toolbridge format of each
 * is not written here: it is the one the model registry picks for `modelId`.
 */
export interface FidelityFamily {
  /** The family as the report names it. */
  name: string;
  /** The fixture's file name without `.jinja`; its provenance is in the `.json` beside it. */
  template: string;
  /** A model id as servers name it; `modelFamily(modelId)` picks toolbridge's format. */
  modelId: string;
  bosToken: string;
  eosToken: string;
  /**
   * How the template reads a call's arguments. Servers hand most templates an object (vLLM and
   * llama.cpp parse the JSON string first); the DeepSeek templates concatenate the string.
   */
  arguments: 'object' | 'string';
  /** Call ids the template requires: Mistral checks 9 alphanumerics, Kimi prints `functions.NAME:IDX`. */
  callIds: 'plain' | 'mistral' | 'kimi';
}

const family = (
  name: string,
  template: string,
  modelId: string,
  bosToken: string,
  eosToken: string,
  extra: Partial<Pick<FidelityFamily, 'arguments' | 'callIds'>> = {},
): FidelityFamily => ({
  name,
  template,
  modelId,
  bosToken,
  eosToken,
  arguments: 'object',
  callIds: 'plain',
  ...extra,
});

const LLAMA = ['<|begin_of_text|>', '<|eot_id|>'] as const;
const DEEPSEEK = ['<｜begin▁of▁sentence｜>', '<｜end▁of▁sentence｜>'] as const;

export const FIDELITY_FAMILIES: readonly FidelityFamily[] = [
  family('Qwen3', 'qwen3', 'qwen3:8b', '', '<|im_end|>'),
  family('Qwen2.5', 'qwen2.5', 'qwen2.5:7b', '', '<|im_end|>'),
  family('QwQ', 'qwq', 'qwq:32b', '', '<|im_end|>'),
  family('Granite 4', 'granite-4.0', 'granite4:3b', '', '<|end_of_text|>'),
  family('EXAONE 4', 'exaone-4.0', 'LGAI-EXAONE/EXAONE-4.0-1.2B', '[BOS]', '[|endofturn|]'),
  family('Qwen3-Coder', 'qwen3-coder', 'qwen3-coder:30b', '', '<|im_end|>'),
  family('Qwen3.5', 'qwen3.5', 'qwen3.5:35b-a3b', '', '<|im_end|>'),
  family('Nemotron 3 Nano', 'nemotron-3-nano', 'nemotron-3-nano:30b', '<s>', '<|im_end|>'),
  family('Hermes 3 (Llama 3.1)', 'hermes-3-llama-3.1', 'hermes3:8b', LLAMA[0], '<|im_end|>'),
  family('Llama 3.3', 'llama-3.3', 'llama3.3:70b', ...LLAMA),
  family('Llama 3.2', 'llama-3.2', 'llama3.2:3b', ...LLAMA),
  family('Mistral Small 3.2', 'mistral-small-3.2', 'mistral-small3.2:24b', '<s>', '</s>', {
    callIds: 'mistral',
  }),
  family('DeepSeek V3', 'deepseek-v3', 'deepseek-v3', ...DEEPSEEK, { arguments: 'string' }),
  family('DeepSeek V3.1', 'deepseek-v3.1', 'deepseek-v3.1', ...DEEPSEEK, { arguments: 'string' }),
  family('GLM-4.6', 'glm-4.6', 'glm-4.6', '', '<|endoftext|>'),
  family('Apertus', 'apertus-8b', 'apertus-8b-instruct', '<s>', '<|assistant_end|>', {
    arguments: 'string',
  }),
  family('Kimi K2 Thinking', 'kimi-k2-thinking', 'kimi-k2-thinking', '', '<|im_end|>', {
    callIds: 'kimi',
  }),
  family('MiniMax M2', 'minimax-m2', 'minimax-m2', ']~!b[', '[e~['),
  family('GigaChat 3', 'gigachat3', 'ai-sage/GigaChat3-10B-A1.8B', '<s>', '</s>'),
  family('GigaChat 3.5', 'gigachat3.5', 'ai-sage/GigaChat3.5-432B-A28B', '<s>', '</s>'),
  family('Granite 3.3', 'granite-3.3', 'granite3.3:2b', '', '<|end_of_text|>'),
  family(
    'Nemotron Nano v2',
    'nemotron-nano-v2',
    'nvidia-nemotron-nano-9b-v2',
    '<s>',
    '<SPECIAL_12>',
  ),
  family(
    'Llama Nemotron',
    'llama-3.3-nemotron-super-v1.5',
    'llama-3.3-nemotron-super-49b-v1.5',
    ...LLAMA,
  ),
  family('Apriel', 'apriel-1.5', 'apriel-1.5-15b-thinker', '<s>', '</s>'),
  family('Functionary v3.2', 'functionary-v3.2', 'functionary-medium-v3.2', ...LLAMA, {
    arguments: 'string',
  }),
  family('LFM2.5', 'lfm2.5', 'lfm2.5-8b-a1b', '<|startoftext|>', '<|im_end|>'),
  family('Seed-OSS', 'seed-oss', 'seed-oss-36b-instruct', '<seed:bos>', '<seed:eos>'),
  family('gpt-oss (Harmony)', 'gpt-oss', 'gpt-oss:20b', '<|startoftext|>', '<|return|>'),
  // The bos token is not known here; both renderings open with the same one.
  family('K2 Horizon', 'k2-horizon', 'IFM/K2-Horizon-7B', '', '<|ifm|im_end|>'),
];
