import type {
  LanguageModelV4CallOptions,
  LanguageModelV4Content,
  LanguageModelV4FunctionTool,
  LanguageModelV4GenerateResult,
  LanguageModelV4Middleware,
  LanguageModelV4StreamPart,
  LanguageModelV4ToolChoice,
} from '@ai-sdk/provider';
import type { JsonSchema } from '@toolbridge/rxml';
import { JSON_CALL_KEYS } from '../decoders/json-call-decoder';
import type { ToolbridgeErrorHandler } from '../engine/text-stream-parser';
import type { NativeToolProtocol } from '../protocols/native-protocol';
import type { ParseOptions, ToolCallProtocol, ToolResultForModel } from '../tool-call-protocol';
import { generateId as defaultGenerateId } from './generate-id';
import { parseStream } from './parse-stream';
import { replyFormats, withReplyFormats } from './reply-formats';
import {
  addUsage,
  holdUntilCall,
  reaskParams,
  recordText,
  requiredRetriesOf,
  type StreamedReply,
} from './required-call';
import {
  asksForResponseFormat,
  streamWithoutResponseFormatWarnings,
  withoutResponseFormatWarnings,
} from './response-format-warning';
import { rewriteToolHistory, withToolSystemPrompt } from './rewrite-prompt';
import {
  EXAMPLE_CALL,
  forcedTools,
  satisfiesToolChoice,
  toolCallResponseSchema,
  toolChoiceCorrection,
  toolChoiceInstruction,
} from './tool-choice';

/** The `providerOptions` key of toolbridge's per-call options. */
export const PROVIDER_OPTIONS_KEY = 'toolbridge';
/** Where, inside that key, a recorder leaves a handler that sees every report (`recordModelOutput`). */
export const REPORT_OBSERVER_KEY = 'reportObserver';
/** Where, inside that key, a recorder leaves a function told the format replies are read in. */
export const FORMAT_OBSERVER_KEY = 'formatObserver';
/** Where, inside that key, `transformParams` leaves the call's tools for the wrap functions. */
const CALL_CONTEXT_KEY = 'emulatedTools';

/** Options that can also be set per call, under `providerOptions.toolbridge`. */
export interface ToolbridgeCallOptions {
  /** Told about model output that could not be read as intended. Nothing is thrown. */
  onError?: ToolbridgeErrorHandler;
  /** Emit the text of markup that is not a valid call as text. Default: true. */
  emitRawToolCallTextOnError?: boolean;
  /**
   * A call the model did not finish: `reject` (default) ends it with the unfinished input, which
   * the AI SDK reports to the model and never executes; `close` closes it best effort and runs it
   * (a cut-off `write_file` then writes half a file).
   */
  cutOffCalls?: 'reject' | 'close';
  /** The chat template opens a reasoning block: text before a lone closing tag is reasoning. Default: false. */
  startWithReasoning?: boolean;
  /**
   * With `toolChoice: 'required'` or `{ type: 'tool', toolName }`, how many times a reply that
   * calls no (allowed) tool is asked again, within the same step: the model gets its reply back
   * with a short correction, and the new reply replaces it. While a retry is left, a streamed
   * reply is held back until a call appears. `0` turns this off. Default: 1.
   */
  requiredRetries?: number;
}

/** Options of {@link createToolMiddleware}. */
export interface ToolMiddlewareOptions extends ToolbridgeCallOptions {
  /** How tools, calls and results are written for the model and read back. */
  protocol: ToolCallProtocol | NativeToolProtocol;
  /** Builds the tool system prompt from the rendered tool list. */
  toolSystemPromptTemplate?: (tools: string) => string;
  /** Writes a tool result for the model; defaults to the protocol's `formatToolResponse`. */
  toolResponsePromptTemplate?: (toolResult: ToolResultForModel) => string;
  /** Reasoning tags written into the text, read as reasoning. `false` turns this off. Default: `<think>`, `<thinking>`. */
  reasoningTags?: ReadonlyArray<readonly [open: string, close: string]> | false;
  /** Ids for text blocks and tool calls. Default: the AI SDK's `generateId`. */
  generateId?: () => string;
}

interface CallContext {
  tools: LanguageModelV4FunctionTool[];
  toolChoice: LanguageModelV4ToolChoice | undefined;
  /** toolbridge asked for a response format the caller did not: warnings about it are dropped. */
  hintedResponseFormat?: boolean;
}

const DEFAULT_REASONING_TAGS: ReadonlyArray<readonly [string, string]> = [
  ['<think>', '</think>'],
  ['<thinking>', '</thinking>'],
];

function defaultSystemPromptTemplate(tools: string): string {
  return `You can call these tools:\n${tools}`;
}

/** Whether a reply calls a tool that satisfies the call's tool choice. */
function callsTool(content: readonly LanguageModelV4Content[], context: CallContext): boolean {
  return content.some(
    (part) => part.type === 'tool-call' && satisfiesToolChoice(part.toolName, context.toolChoice),
  );
}

/** The text a reply wrote, to show the model in a re-ask. */
function replyText(content: readonly LanguageModelV4Content[]): string {
  return content.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

/** The call's `providerOptions.toolbridge`: the per-call options, and the call context. */
function readCallOptions(params: LanguageModelV4CallOptions): Record<string, unknown> {
  return (
    (params.providerOptions?.[PROVIDER_OPTIONS_KEY] as Record<string, unknown> | undefined) ?? {}
  );
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
  const generateId = options.generateId ?? defaultGenerateId;
  const reasoningTags =
    options.reasoningTags === false ? [] : (options.reasoningTags ?? DEFAULT_REASONING_TAGS);

  if ('type' in protocol && protocol.type === 'native') {
    const { salvage } = protocol;
    /** The tools whose calls may have leaked into the text, unless salvage is off or no call may come. */
    const salvageContext = (params: LanguageModelV4CallOptions): CallContext | undefined => {
      const tools = (params.tools ?? []).filter(
        (tool): tool is LanguageModelV4FunctionTool => tool.type === 'function',
      );
      if (salvage === undefined || tools.length === 0 || params.toolChoice?.type === 'none') {
        return undefined;
      }
      return { tools, toolChoice: undefined };
    };
    /** The schemas and the error handler that generate and stream repair native calls with alike. */
    const nativeRepair = (params: LanguageModelV4CallOptions) => {
      const onError = errorHandler(params);
      return {
        schemaOf: (name: string) =>
          params.tools?.find(
            (tool): tool is LanguageModelV4FunctionTool =>
              tool.type === 'function' && tool.name === name,
          )?.inputSchema as JsonSchema | undefined,
        ...(onError === undefined ? {} : { onError }),
      };
    };
    return {
      specificationVersion: 'v4',
      async wrapGenerate({ doGenerate, params }) {
        const result = await doGenerate();
        const content = protocol.repairContent(result.content, nativeRepair(params));
        const context = salvageContext(params);
        if (context === undefined) return { ...result, content };
        const parse = parseOptions(params, context);
        const salvaged = content.flatMap((part) =>
          part.type === 'text'
            ? salvage!.parseGeneratedText({ ...parse, text: part.text })
            : [part],
        );
        const rescued =
          salvaged.filter((part) => part.type === 'tool-call').length >
          content.filter((part) => part.type === 'tool-call').length;
        return {
          ...result,
          content: salvaged,
          finishReason: rescued
            ? { unified: 'tool-calls', raw: result.finishReason.raw }
            : result.finishReason,
        };
      },
      async wrapStream({ doStream, params }) {
        const { stream, ...rest } = await doStream();
        const repaired = protocol.repairStream(stream, nativeRepair(params));
        const context = salvageContext(params);
        if (context === undefined) return { ...rest, stream: repaired };
        const parse = parseOptions(params, context);
        return {
          ...rest,
          stream: parseStream(repaired, (emit) => salvage!.createStreamParser(parse, emit)),
        };
      },
    };
  }
  const textProtocol = protocol as ToolCallProtocol;
  const systemPromptTemplate = options.toolSystemPromptTemplate ?? defaultSystemPromptTemplate;
  const historyFormat = {
    formatToolCall: textProtocol.formatToolCall,
    formatToolResponse: options.toolResponsePromptTemplate ?? textProtocol.formatToolResponse,
  };

  /** The call's `onError`: the handler the user configured, and a recorder's observer. */
  function errorHandler(params: LanguageModelV4CallOptions): ToolbridgeErrorHandler | undefined {
    const perCall = readCallOptions(params) as ToolbridgeCallOptions;
    const configured = perCall.onError ?? options.onError;
    // A recorder sees every report besides the handler the user configured.
    const observer = readCallOptions(params)[REPORT_OBSERVER_KEY] as
      | ToolbridgeErrorHandler
      | undefined;
    return observer === undefined
      ? configured
      : (message, metadata) => {
          observer(message, metadata);
          configured?.(message, metadata);
        };
  }

  function parseOptions(params: LanguageModelV4CallOptions, context: CallContext): ParseOptions {
    const perCall = readCallOptions(params) as ToolbridgeCallOptions;
    const forced = forcedTools(context.tools, context.toolChoice);
    const onError = errorHandler(params);
    const emitRaw = perCall.emitRawToolCallTextOnError ?? options.emitRawToolCallTextOnError;
    const cutOffCalls = perCall.cutOffCalls ?? options.cutOffCalls;
    const startWithReasoning = perCall.startWithReasoning ?? options.startWithReasoning;
    return {
      tools: context.tools,
      generateId,
      reasoningTags,
      ...(onError === undefined ? {} : { onError }),
      ...(emitRaw === undefined ? {} : { emitRawToolCallTextOnError: emitRaw }),
      ...(cutOffCalls === undefined ? {} : { cutOffCalls }),
      ...(startWithReasoning === undefined ? {} : { startWithReasoning }),
      ...(forced === undefined ? {} : { leadingJsonCall: JSON_CALL_KEYS }),
    };
  }

  /** Tells a recorder the format replies are read in, whether or not this call reads one. */
  function tellFormat(params: LanguageModelV4CallOptions): void {
    const observer = readCallOptions(params)[FORMAT_OBSERVER_KEY] as
      | ((format: string | undefined) => void)
      | undefined;
    observer?.(textProtocol.format);
  }

  function callContext(params: LanguageModelV4CallOptions): CallContext | undefined {
    const context = readCallOptions(params)[CALL_CONTEXT_KEY] as CallContext | undefined;
    return context === undefined || context.toolChoice?.type === 'none' ? undefined : context;
  }

  /**
   * Under a forced tool choice with retries left: how many, and the correction that asks
   * again. Undefined when a reply without a call is passed on as it is.
   */
  function reaskCorrection(
    params: LanguageModelV4CallOptions,
    context: CallContext,
  ): { retries: number; text: string } | undefined {
    const forced = forcedTools(context.tools, context.toolChoice);
    if (forced === undefined) return undefined;
    const perCall = readCallOptions(params) as ToolbridgeCallOptions;
    const retries = requiredRetriesOf(perCall.requiredRetries ?? options.requiredRetries);
    if (retries === 0) return undefined;
    return {
      retries,
      text: toolChoiceCorrection(forced, textProtocol.formatToolCall(EXAMPLE_CALL)),
    };
  }

  return {
    specificationVersion: 'v4',

    async transformParams({ params }) {
      const tools = (params.tools ?? []).filter(
        (tool): tool is LanguageModelV4FunctionTool => tool.type === 'function',
      );
      const prompt = rewriteToolHistory(params.prompt, historyFormat);
      const { tools: _tools, toolChoice, ...rest } = params;
      if (tools.length === 0 || toolChoice?.type === 'none') return { ...rest, prompt };

      const forced = forcedTools(tools, toolChoice);
      const toolList = textProtocol.formatTools(tools);
      const systemPrompt =
        systemPromptTemplate(toolList) +
        (forced
          ? `\n\n${toolChoiceInstruction(forced, textProtocol.formatToolCall(EXAMPLE_CALL))}`
          : '');
      const context: CallContext = {
        tools,
        toolChoice,
        ...(forced !== undefined && !asksForResponseFormat(params)
          ? { hintedResponseFormat: true }
          : {}),
      };
      return {
        ...rest,
        prompt: withToolSystemPrompt(prompt, systemPrompt),
        ...(forced === undefined
          ? {}
          : {
              responseFormat: {
                type: 'json',
                schema: toolCallResponseSchema(forced),
                name: 'tool_call',
              },
            }),
        providerOptions: {
          ...params.providerOptions,
          [PROVIDER_OPTIONS_KEY]: {
            ...readCallOptions(params),
            [CALL_CONTEXT_KEY]: context,
          } as never,
        },
      };
    },

    async wrapGenerate({ doGenerate, params, model }) {
      tellFormat(params);
      const context = callContext(params);
      const result = await doGenerate();
      if (context === undefined) return result;
      const parse = parseOptions(params, context);
      const warnings = context.hintedResponseFormat
        ? withoutResponseFormatWarnings(result.warnings)
        : result.warnings;
      const read = (reply: LanguageModelV4GenerateResult) => {
        const content = reply.content.flatMap((part) =>
          part.type === 'text'
            ? textProtocol.parseGeneratedText({ ...parse, text: part.text })
            : [part],
        );
        const hasCalls = content.some((part) => part.type === 'tool-call');
        const providerMetadata = withReplyFormats(reply.providerMetadata, replyFormats(content));
        return {
          ...reply,
          warnings,
          content,
          ...(providerMetadata === undefined ? {} : { providerMetadata }),
          finishReason: hasCalls
            ? { unified: 'tool-calls' as const, raw: reply.finishReason.raw }
            : reply.finishReason,
        };
      };
      let reply = read(result);
      const correction = reaskCorrection(params, context);
      if (correction === undefined) return reply;
      let { retries } = correction;
      let { usage } = result;
      let written = replyText(result.content);
      while (retries > 0 && !callsTool(reply.content, context)) {
        retries--;
        const next = await model.doGenerate(reaskParams(params, written, correction.text));
        usage = addUsage(usage, next.usage);
        written = replyText(next.content);
        reply = read(next);
      }
      return { ...reply, usage, warnings };
    },

    async wrapStream({ doStream, params, model }) {
      tellFormat(params);
      const context = callContext(params);
      const { stream: source, ...rest } = await doStream();
      if (context === undefined) return { stream: source, ...rest };
      const stream = context.hintedResponseFormat
        ? streamWithoutResponseFormatWarnings(source)
        : source;
      const parse = parseOptions(params, context);
      const parseText = (source: ReadableStream<LanguageModelV4StreamPart>) =>
        parseStream(source, (emit) => textProtocol.createStreamParser(parse, emit));
      const correction = reaskCorrection(params, context);
      if (correction === undefined) return { ...rest, stream: parseText(stream) };

      // A call is required and a retry is left: hold each reply back until it calls a tool.
      const parseReply = (source: ReadableStream<LanguageModelV4StreamPart>): StreamedReply => {
        const recorded = recordText(source);
        return { stream: parseText(recorded.stream), text: recorded.text };
      };
      return {
        ...rest,
        stream: holdUntilCall(parseReply(stream), {
          retries: correction.retries,
          isCall: (part) =>
            (part.type === 'tool-input-start' || part.type === 'tool-call') &&
            satisfiesToolChoice(part.toolName, context.toolChoice),
          reask: async (text) => {
            const next = await model.doStream(reaskParams(params, text, correction.text));
            return parseReply(next.stream);
          },
        }),
      };
    },
  };
}
