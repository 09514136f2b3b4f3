/**
 * The parts of the OpenAI Chat Completions wire format the server reads and writes. Fields it
 * does not name are kept as they are (see `passthroughFields`).
 */

import type { ToolbridgeErrorReason } from '@toolbridge/middleware';

/** A function tool, as a client declares it in `tools`. */
export interface ChatTool {
  type: 'function';
  function: {
    name: string;
    description?: string;
    parameters?: Record<string, unknown>;
    strict?: boolean | null;
  };
}

/** A tool call, as an assistant message holds it: `arguments` is JSON text. */
export interface ChatToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

/** A part of a message's `content` array. */
export type ChatContentPart =
  | { type: 'text'; text: string }
  | { type: 'image_url'; image_url: { url: string; detail?: string } }
  | { type: 'input_audio'; input_audio: { data: string; format: string } }
  | { type: string; [key: string]: unknown };

export type ChatMessage =
  | { role: 'system' | 'developer'; content: string | ChatContentPart[]; name?: string }
  | { role: 'user'; content: string | ChatContentPart[]; name?: string }
  | {
      role: 'assistant';
      content?: string | ChatContentPart[] | null;
      tool_calls?: ChatToolCall[];
      reasoning_content?: string | null;
      reasoning?: string | null;
      refusal?: string | null;
    }
  | { role: 'tool'; tool_call_id: string; content: string | ChatContentPart[] };

export type ChatToolChoice =
  | 'auto'
  | 'none'
  | 'required'
  | { type: 'function'; function: { name: string } };

/** A `POST /v1/chat/completions` body. */
export interface ChatCompletionRequest {
  model: string;
  messages: ChatMessage[];
  tools?: ChatTool[];
  tool_choice?: ChatToolChoice;
  parallel_tool_calls?: boolean;
  stream?: boolean;
  stream_options?: { include_usage?: boolean } | null;
  [field: string]: unknown;
}

/** Token counts; the upstream's own fields (`*_details`) are kept. */
export interface ChatUsage {
  prompt_tokens?: number;
  completion_tokens?: number;
  total_tokens?: number;
  [field: string]: unknown;
}

export type ChatFinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter';

/** Which field an upstream writes reasoning in; the server answers in the same one. */
export type ReasoningField = 'reasoning_content' | 'reasoning';

/**
 * What toolbridge reported about a reply, in the `toolbridge` extension field of a completion
 * (and of the last chunk of a stream): markup it could not read as a call, and calls it rejected.
 */
export interface ToolbridgeReport {
  /** One of the middleware's reasons (`ToolbridgeErrorReason`), or `parallel-tool-calls-off`. */
  reason: ToolbridgeErrorReason | 'parallel-tool-calls-off';
  message: string;
  tool_name?: string;
  /** The id the call had in the stream, when it had started there. */
  tool_call_id?: string;
  /** The markup as the model wrote it. */
  raw_text?: string;
}

/** The `toolbridge` extension field. */
export interface ToolbridgeExtension {
  reports: ToolbridgeReport[];
}
