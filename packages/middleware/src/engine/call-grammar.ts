import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import type { JsonInputWriter } from './json-input-writer';

/**
 * Where a call decoder sends what it reads. One piece of markup may hold several calls
 * (`[{…}, {…}]`): each is announced with `start`, written to `input`, and ended with `endCall`.
 */
export interface CallSink {
  /**
   * A tool name is known: a call is announced (`tool-input-start`). `id` is the call id the
   * model wrote, where the format has one; it is used unless the reply already used it.
   */
  start(toolName: string, id?: string): void;
  /** The announced call's input, written as canonical JSON; each piece goes out as a `tool-input-delta`. */
  readonly input: JsonInputWriter;
  /**
   * The announced call's input is complete (`tool-input-end`); its `tool-call` follows when the
   * markup ends. A call still open when its markup ends without a failure is ended then.
   */
  endCall(): void;
  /**
   * The announced call cannot be completed (its arguments are unreadable, or cut off): it must
   * not run. Before any call was announced, this explains why the markup is malformed.
   */
  fail(message: string, cause?: unknown): void;
  /** A mistake of the model was read past; the call still runs. Listed in its provider metadata. */
  repair(message: string): void;
}

/**
 * How the markup of a call ended. `done`: its calls were read (some may have failed).
 * `not-a-call`: the opener was prose; the text after it is scanned again as text.
 * `malformed`: markup that failed before a tool name was known; its raw text is emitted as
 * text (by default) and reported. `foreign`: a call addressed to someone other than the caller
 * (a built-in tool the model's server would run, not given to it): markup, never text, reported
 * and never run.
 */
export type CallStatus = 'open' | 'done' | 'not-a-call' | 'malformed' | 'foreign';

/** Reads the body of one piece of call markup, after its opener, in chunks. */
export interface CallDecoder {
  /** Reads text; returns how many of its characters belong to the markup (all, while it stays open). */
  write(text: string): number;
  /** The output ended with the markup open: complete, fail or give up what is open. */
  end(): void;
  readonly status: CallStatus;
  /**
   * The closing delimiter the markup still expects once it ended. The engine takes it when it
   * comes next, skips to it after a failure (stopping at another opener), and treats it as
   * markup when it turns up later in the text. Undefined when the decoder read its closer.
   */
  readonly closer?: string;
  /**
   * The closer of a wrapper whose opener the model left out (`</tool_call>` after a bare JSON
   * call): once the markup read a call, it is markup wherever it follows, never waited for.
   */
  readonly trailingCloser?: string;
  /** The format that read the markup, where several are read at once (`autoProtocol`). */
  readonly format?: string;
}

/** A protocol's wire format, as the shared streaming engine needs it. */
export interface CallGrammar {
  /** Texts that open a call (`<tool_call>`, a fence, `<get_weather`...). */
  readonly openers: readonly string[];
  /**
   * Creates the decoder for the body after `opener`: one of `openers`, or a reasoning tag
   * that begins with one (`<think>` when a tool is named think). For such a tag, a decoder
   * that finds no call (`not-a-call`) lets the tag open reasoning instead.
   */
  startCall(opener: string, sink: CallSink): CallDecoder;
  /** After this many calls, call markup is kept as text (a one-call-per-reply protocol). */
  readonly maxCallsPerReply?: number;
  /**
   * The reply itself may open with a call, without any opener (Llama 3's bare JSON): the text
   * from the first non-space character is offered to `startCall('', sink)`.
   */
  readonly leadingCall?: boolean;
  /** Markers that wrap calls without being one (`<|tool_calls_section_begin|>`): markup, never text. */
  readonly wrappers?: readonly string[];
  /**
   * Markers that end a reasoning block the model opened with a tag when its closer is missing,
   * without being part of it: the start of the next message (Harmony's `<|start|>`,
   * `<|channel|>`). What follows the block is read from the marker on.
   */
  readonly reasoningBreaks?: readonly string[];
  /**
   * Markup that may open the reply, and only there: the rest of a header the generation prompt
   * left open (Functionary's text recipient `all\n` after the prompt's `>>>`). Never text.
   */
  readonly leadingMarkup?: readonly string[];
  /**
   * Openers that only ever announce a call (`<tool_call>`, a `tool_call` fence), never prose:
   * when no call follows one (`not-a-call`), the markup up to its closer is reported as
   * `malformed-call` and kept as text, instead of passing silently for prose.
   */
  readonly explicitOpeners?: readonly string[];
  /**
   * Closers a model writes in place of another, by the closer they stand for (Qwen's `</tools>`
   * after `<tool_call>`, and the reverse): read as that closer where it is expected.
   */
  readonly closerSlips?: Readonly<Record<string, readonly string[]>>;
}

/** The tools of a call, by name. */
export type ToolsByName = ReadonlyMap<string, LanguageModelV4FunctionTool>;
