import type { LanguageModelV4Middleware } from '@ai-sdk/provider';
import type { TemplatePrompt } from '../prompt/template-prompt';
import type { NativeToolProtocol } from '../protocols/native-protocol';
import type { ToolCallProtocol, ToolResultForModel } from '../tool-call-protocol';
import type { ReadingOptions } from './call-options';
import { textToolMiddleware } from './text-tool-middleware';

export {
  FORMAT_OBSERVER_KEY,
  PROVIDER_OPTIONS_KEY,
  REPORT_OBSERVER_KEY,
  type ToolbridgeCallOptions,
} from './call-options';

/** Options of {@link createToolMiddleware}. */
export interface ToolMiddlewareOptions extends ReadingOptions {
  /** How tools, calls and results are written for the model and read back. */
  protocol: ToolCallProtocol | NativeToolProtocol<ReadingOptions>;
  /** Builds the tool system prompt from the rendered tool list. */
  toolSystemPromptTemplate?: (tools: string) => string;
  /** Writes a tool result for the model; defaults to the protocol's `formatToolResponse`. */
  toolResponsePromptTemplate?: (toolResult: ToolResultForModel) => string;
  /**
   * How the model's own chat template writes tools, calls and results: the prompt is written
   * as that template renders native tools (a format's `template`). Default: none.
   */
  templatePrompt?: TemplatePrompt;
  /**
   * For a format with a `template`: `template` writes the prompt as the family's chat template
   * renders native tools; `compact` writes toolbridge's own shorter wording, for a model served
   * without that template. Default: `template`.
   */
  prompt?: 'template' | 'compact';
  /**
   * How past calls and results reach the server: `text`, written into the conversation (the
   * template's or the protocol's way), so any server renders them; `native`, left as assistant
   * tool calls and tool messages for the server's own chat template to render, with no `tools`
   * in the request. `native` needs a server that accepts that history without tools and a
   * template that renders it (llama.cpp with Jinja, vLLM, SGLang, recent Ollama; see
   * docs/servers/special-tokens-and-history.md), and call ids the template accepts (Mistral's
   * want 9 letters or digits). Default: `text`.
   */
  history?: 'text' | 'native';
}

function isNativeProtocol(
  protocol: ToolCallProtocol | NativeToolProtocol<ReadingOptions>,
): protocol is NativeToolProtocol<ReadingOptions> {
  return 'type' in protocol && protocol.type === 'native';
}

/**
 * Creates an AI SDK language-model middleware that gives tool calling to a model that has
 * none: the tools go into the system prompt, past calls and results into the text of the
 * conversation, and calls are parsed out of the model's text — in generate and in stream,
 * where tool input streams as it arrives. With `nativeProtocol()` the provider's own tool
 * calling is used, and malformed argument JSON is repaired.
 */
export function createToolMiddleware(options: ToolMiddlewareOptions): LanguageModelV4Middleware {
  const { protocol } = options;
  // A native protocol builds its own middleware: a bundle without one leaves that code out.
  return isNativeProtocol(protocol)
    ? protocol.middleware(options)
    : textToolMiddleware({ ...options, protocol });
}
