import type { OpensReasoning, ThinkingSwitch } from '../opens-reasoning';
import type { TemplatePrompt } from '../prompt/template-prompt';
import type { ToolCallProtocol } from '../tool-call-protocol';

/** Reasoning tag pairs, the one a chat template opens first. */
export type ReasoningTags = ReadonlyArray<readonly [open: string, close: string]>;

/** A row of the model table: model ids a format serves, and how their template starts a reply. */
export interface ModelRow {
  /** The family, as docs/models.md names it. */
  readonly family: string;
  /** Matches the model id as servers name it, lower-cased (Ollama tags, Hugging Face, LM Studio and OpenRouter ids). */
  readonly match: RegExp;
  /** Whether these models' chat template opens the reasoning block in the generation prompt. Default: the format's. */
  readonly opensReasoning?: OpensReasoning;
  /**
   * The pattern names a whole line of models (any Qwen, any Llama 3), so it is tried after every
   * row that is not broad: a specific row of another format (Qwen3-Coder, xLAM on Llama) wins.
   * Default: false.
   */
  readonly broad?: boolean;
  /** How these models' chat template writes tools, calls and results, where it is not the format's `template`. */
  readonly template?: TemplatePrompt;
}

/** What {@link defineFormat} takes: everything toolbridge knows about one model family's format. */
export interface FormatDefinition<Name extends string, VariantName extends string = never> {
  /** The format's name: what `formatToolMiddleware`, the CLI and recordings call it. */
  readonly name: Name;
  /** Builds the protocol: the call grammar and how tools, calls and results are written for the model. Called only when a middleware is built. */
  readonly protocol: () => ToolCallProtocol;
  /** The system prompt around the rendered tool list, in the shape the family's chat template gives its tools. */
  readonly systemPrompt: (tools: string) => string;
  /**
   * How the family's chat template renders tools, calls and results with native tools: the
   * prompt written by default, so the model reads what its template shows it (docs/fidelity.md).
   * Without it, and under `prompt: 'compact'`, `systemPrompt` and the protocol write it.
   */
  readonly template?: TemplatePrompt;
  /** The family's reasoning tags, the one its template may open first. Default: `<think>` and `<thinking>`. */
  readonly reasoningTags?: ReasoningTags;
  /**
   * Whether `auto` reads the family's reasoning tags in every reply. False where an opener also
   * reads as prose (HyperCLOVA X's `/think`, which Qwen3 users write as a switch): then only the
   * family's own middlewares read them. Default: true.
   */
  readonly reasoningTagsInAuto?: boolean;
  /**
   * Whether the family's chat template opens the reasoning block in the generation prompt, so
   * that the reply starts inside it (see `OpensReasoning`); rows of `models` may say otherwise
   * for their models. Default: `never`.
   */
  readonly opensReasoning?: OpensReasoning;
  /**
   * How a request turns the family's thinking on or off, where its template has a switch of its
   * own (HyperCLOVA X's `force_reasoning`). Default: the AI SDK's `reasoning` and the servers'
   * common switches (`enable_thinking`, `think`…).
   */
  readonly thinkingSwitch?: ThinkingSwitch;
  /** Tokens of the family's template that are markup, never text the user wrote (end of turn, recipients). Default: none. */
  readonly controlTokens?: readonly string[];
  /**
   * The family's models call tools inside reasoning they opened with a tag, and its server reads
   * those calls (Kimi K2 Thinking): the reasoning goes on after them. Default: false.
   */
  readonly callsInReasoning?: boolean;
  /** The model ids this format serves, as rows of the model table. Default: none. */
  readonly models?: readonly ModelRow[];
  /**
   * Formats that read as this one does and differ in what they write (the prompt, the history):
   * their calls are reported under this format's name, and `auto` reads them as this one.
   * Default: none.
   */
  readonly variants?: readonly Format<VariantName>[];
}

/** A model family's format, as {@link defineFormat} makes it: one value holding all of it. */
export interface Format<Name extends string = string, VariantName extends string = string>
  extends Required<
    Omit<FormatDefinition<Name, VariantName>, 'reasoningTags' | 'template' | 'thinkingSwitch'>
  > {
  readonly reasoningTags: ReasoningTags | undefined;
  readonly template: TemplatePrompt | undefined;
  readonly thinkingSwitch: ThinkingSwitch | undefined;
}

/**
 * Defines a model family's format in one value: its name, protocol, system prompt, reasoning
 * tags and whether its template opens reasoning, control tokens, the model ids it serves and its variants. Nothing is built until a
 * middleware is: `formatToolMiddleware(format)` builds one.
 */
export function defineFormat<const Name extends string, const VariantName extends string = never>(
  definition: FormatDefinition<Name, VariantName>,
): Format<Name, VariantName> {
  return {
    opensReasoning: 'never',
    controlTokens: [],
    callsInReasoning: false,
    reasoningTagsInAuto: true,
    models: [],
    variants: [],
    ...definition,
    reasoningTags: definition.reasoningTags,
    template: definition.template,
    thinkingSwitch: definition.thinkingSwitch,
  };
}
