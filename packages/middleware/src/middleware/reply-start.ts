import type { LanguageModelV4CallOptions } from '@ai-sdk/provider';
import { isJsonObject } from '@toolbridge/rjson';
import type { OpensReasoning } from '../opens-reasoning';

/** Where a reply starts: in text, in reasoning, or in reasoning only if it gets closed. */
export type ReplyStart = boolean | 'if-closed';

/**
 * Where a reply starts, from what the template does and what the request said about thinking.
 * When the request said nothing, a template that thinks by default may still have been told
 * otherwise by the server (Ollama's `think`, a server-wide `enable_thinking`): the start is held
 * until a closer or a call shows it was reasoning, so that an answer is never read as reasoning.
 */
export function replyStart(opens: OpensReasoning, thinking: boolean | undefined): ReplyStart {
  switch (opens) {
    case 'never':
      return false;
    case 'always':
      // A server told to turn thinking off closes the block in the prompt itself (llama.cpp).
      return thinking !== false;
    case 'by-default':
      return thinking ?? 'if-closed';
    case 'on-request':
      return thinking === true;
  }
}

/** The AI SDK's reasoning efforts that ask for thinking. */
const THINKING_EFFORTS = new Set(['minimal', 'low', 'medium', 'high', 'xhigh', 'max']);

/**
 * Whether the request turns thinking on or off, or undefined when it does not say: the AI SDK's
 * `reasoning` option, then the switches servers read from provider options (passed through to
 * the request body by `@ai-sdk/openai-compatible`): `enable_thinking` and
 * `chat_template_kwargs.enable_thinking` (vLLM, SGLang, llama.cpp), `chat_template_kwargs.thinking`
 * (DeepSeek V3.1), `think` (Ollama), `thinking: { type }` (GLM, Kimi) and `reasoning_effort`.
 */
export function thinkingRequested(params: LanguageModelV4CallOptions): boolean | undefined {
  const effort = params.reasoning;
  if (effort === 'none') return false;
  if (effort !== undefined && THINKING_EFFORTS.has(effort)) return true;
  for (const options of Object.values(params.providerOptions ?? {})) {
    const said = thinkingSwitch(options);
    if (said !== undefined) return said;
  }
  return undefined;
}

function thinkingSwitch(options: Record<string, unknown>): boolean | undefined {
  const kwargs = isJsonObject(options.chat_template_kwargs) ? options.chat_template_kwargs : {};
  const thinking = options.thinking;
  for (const value of [
    options.enable_thinking,
    options.enableThinking,
    kwargs.enable_thinking,
    kwargs.thinking,
    options.think,
    isJsonObject(thinking) ? thinking.type : thinking,
    options.reasoning_effort ?? options.reasoningEffort,
  ]) {
    if (value === true || value === 'enabled') return true;
    if (value === false || value === 'disabled' || value === 'none') return false;
    // Ollama's `think` and OpenAI's `reasoning_effort` also take an effort.
    if (typeof value === 'string' && THINKING_EFFORTS.has(value)) return true;
  }
  return undefined;
}
