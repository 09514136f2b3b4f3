import type { LanguageModelV4CallOptions, LanguageModelV4Middleware } from '@ai-sdk/provider';
import type { JsonSchema } from '@toolbridge/rxml';
import type { NativeRepairOptions, NativeToolProtocol } from '../protocols/native-protocol';
import {
  type CallContext,
  errorHandler,
  functionTools,
  parseOptions,
  type ReadingOptions,
} from './call-options';
import { generateId as defaultGenerateId } from './generate-id';
import { parseStream } from './parse-stream';

/** Options of {@link nativeToolMiddleware}. */
export interface NativeToolMiddlewareOptions extends ReadingOptions {
  /** The provider's own tool calling, and how calls that leak into the text are read. */
  protocol: NativeToolProtocol<ReadingOptions>;
}

/**
 * A middleware that leaves tools to the provider: its tool calls pass through with their input
 * repaired as canonical JSON, and, unless salvage is off, calls that leaked into the text are
 * read out of it by the salvage protocol (in generate and in stream alike).
 */
export function nativeToolMiddleware(
  options: NativeToolMiddlewareOptions,
): LanguageModelV4Middleware {
  const { protocol } = options;
  const { salvage } = protocol;
  const reading = { ...options, generateId: options.generateId ?? defaultGenerateId };

  /** The tools whose calls may have leaked into the text, unless salvage is off or no call may come. */
  function salvageContext(params: LanguageModelV4CallOptions): CallContext | undefined {
    const tools = functionTools(params);
    if (tools.length === 0 || params.toolChoice?.type === 'none') return undefined;
    return { tools, toolChoice: undefined };
  }

  /** The schemas and the error handler that generate and stream repair native calls with alike. */
  function nativeRepair(params: LanguageModelV4CallOptions): NativeRepairOptions {
    const onError = errorHandler(params, options.onError);
    return {
      schemaOf: (name) =>
        functionTools(params).find((tool) => tool.name === name)?.inputSchema as
          | JsonSchema
          | undefined,
      ...(onError === undefined ? {} : { onError }),
    };
  }

  return {
    specificationVersion: 'v4',
    async wrapGenerate({ doGenerate, params }) {
      const result = await doGenerate();
      const content = protocol.repairContent(result.content, nativeRepair(params));
      const context = salvageContext(params);
      if (salvage === undefined || context === undefined) return { ...result, content };
      const parse = parseOptions(params, context, reading);
      const salvaged = content.flatMap((part) =>
        part.type === 'text' ? salvage.parseGeneratedText({ ...parse, text: part.text }) : [part],
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
      if (salvage === undefined || context === undefined) return { ...rest, stream: repaired };
      const parse = parseOptions(params, context, reading);
      return {
        ...rest,
        stream: parseStream(repaired, (emit) => salvage.createStreamParser(parse, emit)),
      };
    },
  };
}
