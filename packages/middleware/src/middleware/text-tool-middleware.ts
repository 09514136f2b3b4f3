import type {
  LanguageModelV4CallOptions,
  LanguageModelV4Content,
  LanguageModelV4GenerateResult,
  LanguageModelV4Middleware,
  LanguageModelV4StreamPart,
} from '@ai-sdk/provider';
import {
  rewriteForTemplate,
  type TemplatePrompt,
  textOf,
  withTemplateTools,
} from '../prompt/template-prompt';
import type { ToolCallProtocol, ToolResultForModel } from '../tool-call-protocol';
import {
  type CallContext,
  callContext,
  functionTools,
  parseOptions,
  type ReadingOptions,
  tellFormat,
  toolbridgeEntry,
  withCallContext,
} from './call-options';
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
import { compactTemplate, withToolSystemPrompt } from './rewrite-prompt';
import {
  EXAMPLE_CALL,
  forcedTools,
  satisfiesToolChoice,
  toolCallResponseSchema,
  toolChoiceCorrection,
  toolChoiceInstruction,
} from './tool-choice';

/** Options of {@link textToolMiddleware}. */
export interface TextToolMiddlewareOptions extends ReadingOptions {
  /** How tools, calls and results are written for the model and read back from its text. */
  protocol: ToolCallProtocol;
  /** Builds the tool system prompt from the rendered tool list. Default: a one-line lead-in. */
  toolSystemPromptTemplate?: (tools: string) => string;
  /** Writes a tool result for the model. Default: the protocol's `formatToolResponse`. */
  toolResponsePromptTemplate?: (toolResult: ToolResultForModel) => string;
  /**
   * How the model's own chat template writes tools, calls and results: the prompt is then
   * written as that template renders native tools, in place of the system prompt template and
   * the protocol's history. Default: none.
   */
  templatePrompt?: TemplatePrompt;
  /** How past calls and results reach the server (see {@link ToolMiddlewareOptions}). Default: `text`. */
  history?: 'text' | 'native';
}

function defaultSystemPromptTemplate(tools: string): string {
  return `You can call these tools:\n${tools}`;
}

/** Whether a reply calls a tool that satisfies the call's tool choice. */
function callsTool(content: readonly LanguageModelV4Content[], context: CallContext): boolean {
  return content.some(
    (part) => part.type === 'tool-call' && satisfiesToolChoice(part.toolName, context.toolChoice),
  );
}

/**
 * A middleware that gives tool calling to a model that has none, through a text protocol: the
 * tools go into the system prompt, past calls and results into the text of the conversation,
 * and calls are parsed out of the model's text, in generate and in stream alike. Under a forced
 * tool choice, a reply without an allowed call is asked again (`requiredRetries`).
 */
export function textToolMiddleware(options: TextToolMiddlewareOptions): LanguageModelV4Middleware {
  const { protocol } = options;
  const reading = { ...options, generateId: options.generateId ?? defaultGenerateId };
  const template =
    options.templatePrompt ??
    compactTemplate(
      {
        formatTools: protocol.formatTools,
        formatToolCall: protocol.formatToolCall,
        formatToolResponse: options.toolResponsePromptTemplate ?? protocol.formatToolResponse,
      },
      options.toolSystemPromptTemplate ?? defaultSystemPromptTemplate,
    );

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
    const perCall = toolbridgeEntry(params);
    const retries = requiredRetriesOf(perCall.requiredRetries ?? options.requiredRetries);
    if (retries === 0) return undefined;
    return { retries, text: toolChoiceCorrection(forced, protocol.formatToolCall(EXAMPLE_CALL)) };
  }

  return {
    specificationVersion: 'v4',

    async transformParams({ params }) {
      const tools = functionTools(params);
      const { tools: _tools, toolChoice, ...rest } = params;
      const listed = toolChoice?.type === 'none' ? [] : tools;
      let prompt =
        options.history === 'native'
          ? withTemplateTools(params.prompt, listed, template)
          : rewriteForTemplate(params.prompt, listed, template);
      if (listed.length === 0) return { ...rest, prompt };

      const forced = forcedTools(tools, toolChoice);
      if (forced !== undefined)
        prompt = withToolSystemPrompt(
          prompt,
          toolChoiceInstruction(forced, protocol.formatToolCall(EXAMPLE_CALL)),
        );
      const context: CallContext = {
        tools,
        toolChoice,
        ...(forced !== undefined && !asksForResponseFormat(params)
          ? { hintedResponseFormat: true }
          : {}),
      };
      return {
        ...rest,
        prompt,
        ...(forced === undefined
          ? {}
          : {
              responseFormat: {
                type: 'json',
                schema: toolCallResponseSchema(forced),
                name: 'tool_call',
              },
            }),
        providerOptions: withCallContext(params, context),
      };
    },

    async wrapGenerate({ doGenerate, params, model }) {
      tellFormat(params, protocol.format);
      const context = callContext(params);
      const result = await doGenerate();
      if (context === undefined) return result;
      const parse = parseOptions(params, context, reading);
      tellFormat(params, protocol.format, parse.startWithReasoning);
      const warnings = context.hintedResponseFormat
        ? withoutResponseFormatWarnings(result.warnings)
        : result.warnings;
      const read = (reply: LanguageModelV4GenerateResult) => {
        const content = reply.content.flatMap((part) =>
          part.type === 'text'
            ? protocol.parseGeneratedText({ ...parse, text: part.text })
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
      let written = textOf(result.content);
      while (retries > 0 && !callsTool(reply.content, context)) {
        retries--;
        const next = await model.doGenerate(reaskParams(params, written, correction.text));
        usage = addUsage(usage, next.usage);
        written = textOf(next.content);
        reply = read(next);
      }
      return { ...reply, usage, warnings };
    },

    async wrapStream({ doStream, params, model }) {
      tellFormat(params, protocol.format);
      const context = callContext(params);
      const { stream: source, ...rest } = await doStream();
      if (context === undefined) return { stream: source, ...rest };
      const stream = context.hintedResponseFormat
        ? streamWithoutResponseFormatWarnings(source)
        : source;
      const parse = parseOptions(params, context, reading);
      tellFormat(params, protocol.format, parse.startWithReasoning);
      const parseText = (source: ReadableStream<LanguageModelV4StreamPart>) =>
        parseStream(source, (emit) => protocol.createStreamParser(parse, emit));
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
