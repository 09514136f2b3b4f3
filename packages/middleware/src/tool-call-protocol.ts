import type {
  LanguageModelV4Content,
  LanguageModelV4FunctionTool,
  LanguageModelV4StreamPart,
  LanguageModelV4ToolResultOutput,
} from '@ai-sdk/provider';
import type { CallGrammar, ToolsByName } from './engine/call-grammar';
import type { TextStreamParser, ToolbridgeErrorHandler } from './engine/text-stream-parser';
import type { JsonCallKeys } from './json-call-keys';

/** A past tool call, to be written into the history in the model's own format. */
export interface ToolCallForModel {
  toolCallId: string;
  toolName: string;
  /** The call's input as a value. */
  input: unknown;
}

/** A tool result, to be shown to the model. */
export interface ToolResultForModel {
  toolCallId: string;
  toolName: string;
  output: LanguageModelV4ToolResultOutput;
}

/** What parsing a reply needs besides the text. */
export interface ParseOptions {
  tools: readonly LanguageModelV4FunctionTool[];
  generateId: () => string;
  onError?: ToolbridgeErrorHandler;
  /** Emit the text of markup that is not a valid call as text. Default: true. */
  emitRawToolCallTextOnError?: boolean;
  /** Reasoning tag pairs written into the text. Default: none. */
  reasoningTags?: ReadonlyArray<readonly [open: string, close: string]>;
  /** A call the model did not finish: `reject` it (default) or `close` it best effort. */
  cutOffCalls?: 'reject' | 'close';
  /**
   * The reply starts inside a reasoning block opened by the chat template; `'if-closed'`: only
   * if a reasoning closer or a call comes. Default: false.
   */
  startWithReasoning?: boolean | 'if-closed';
  /** Tokens of the chat template (end of turn, role markers) that are markup, never text. Default: none. */
  controlTokens?: readonly string[];
  /** A call inside reasoning the model opened with a tag is read, and the reasoning goes on after it. Default: false. */
  callsInReasoning?: boolean;
  /** The reply may be one bare JSON call object (tool choice constrained by a JSON schema). */
  leadingJsonCall?: JsonCallKeys;
}

/**
 * A tool-call protocol: how tools, calls and results are written for the model, and how
 * calls are read back from what it writes. `defineTextProtocol` builds the reading half from
 * a grammar; a protocol may also implement it directly.
 */
export interface ToolCallProtocol {
  /**
   * The name `builtInFormats()` reads this protocol's calls under (`hermes`, `qwen3-coder`…), or
   * `auto`; none for a protocol of one's own. A recording stores it, so that `toolbridge inspect`
   * reads the reply as the middleware did.
   */
  readonly format?: string;
  /** Renders the tool definitions, for the system prompt. */
  formatTools(tools: readonly LanguageModelV4FunctionTool[]): string;
  /** Writes a past call as the model would have written it. */
  formatToolCall(toolCall: ToolCallForModel): string;
  /** Writes a tool result as the model expects to read it. */
  formatToolResponse(toolResult: ToolResultForModel): string;
  /** Reads a whole reply into content parts (text, reasoning, tool calls). */
  parseGeneratedText(options: ParseOptions & { text: string }): LanguageModelV4Content[];
  /** Creates a parser that reads a reply as it streams and emits stream parts. */
  createStreamParser(
    options: ParseOptions,
    emit: (part: LanguageModelV4StreamPart) => void,
  ): TextStreamParser;
  /** The call grammar of a text protocol, for a given set of tools (what `autoProtocol` combines). */
  grammar?(tools: ToolsByName): CallGrammar;
  /** The exact substrings of `text` that are call markup, in order (read as `parseGeneratedText` reads them). */
  extractToolCallSegments?(
    options: Omit<ParseOptions, 'generateId' | 'onError'> & { text: string },
  ): string[];
}
