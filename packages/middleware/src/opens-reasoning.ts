import type { LanguageModelV4CallOptions } from '@ai-sdk/provider';

/**
 * Whether a chat template opens the reasoning block in the generation prompt, so that the reply
 * starts inside it and only its closer appears. `never`; `always` (the model always thinks:
 * DeepSeek R1, Qwen3 thinking-2507; unless the request turns thinking off, where a server then
 * closes the block in the prompt); `by-default` (thinking on unless the request turns it off:
 * GLM-4.7, Seed-OSS); `on-request` (off unless the request turns it on: DeepSeek V3.1).
 */
export type OpensReasoning = 'never' | 'always' | 'by-default' | 'on-request';

/**
 * Whether a request turns thinking on (`true`) or off (`false`) for a family whose template has
 * a switch of its own (HyperCLOVA X's `force_reasoning`), or `undefined` when it does not say.
 * It replaces the switches other templates read (`reasoning`, `enable_thinking`…).
 */
export type ThinkingSwitch = (params: LanguageModelV4CallOptions) => boolean | undefined;
