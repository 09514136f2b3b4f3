import type { LanguageModelV4FunctionTool, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { withLeadingJsonCall } from './decoders/leading-json-call';
import type { CallGrammar, ToolsByName } from './engine/call-grammar';
import { streamPartsToContent } from './engine/stream-parts-to-content';
import { createTextStreamParser } from './engine/text-stream-parser';
import type {
  ParseOptions,
  ToolCallForModel,
  ToolCallProtocol,
  ToolResultForModel,
} from './tool-call-protocol';

/** A text protocol described by its wire format; see {@link defineTextProtocol}. */
export interface TextProtocolDefinition {
  /** The name the protocol's calls are read under (see {@link ToolCallProtocol.format}). */
  format?: string;
  /** The call grammar for a set of tools. */
  grammar(tools: ToolsByName): CallGrammar;
  formatTools(tools: readonly LanguageModelV4FunctionTool[]): string;
  formatToolCall(toolCall: ToolCallForModel): string;
  formatToolResponse(toolResult: ToolResultForModel): string;
}

function toolsByName(tools: readonly LanguageModelV4FunctionTool[]): ToolsByName {
  return new Map(tools.map((tool) => [tool.name, tool]));
}

/**
 * Builds a {@link ToolCallProtocol} from a wire-format description: generate, stream and
 * segment extraction all run the one shared streaming engine over the protocol's grammar,
 * so the two paths cannot disagree.
 */
export function defineTextProtocol(definition: TextProtocolDefinition): ToolCallProtocol {
  /** The grammar a reply is read with: the protocol's, and a forced call's bare JSON. */
  function replyGrammar(tools: ToolsByName, options: Pick<ParseOptions, 'leadingJsonCall'>) {
    return withLeadingJsonCall(definition.grammar(tools), options.leadingJsonCall, tools);
  }
  function createStreamParser(
    options: ParseOptions,
    emit: (part: LanguageModelV4StreamPart) => void,
  ) {
    const tools = toolsByName(options.tools);
    return createTextStreamParser(
      { ...options, tools, grammar: replyGrammar(tools, options) },
      emit,
    );
  }
  return {
    ...(definition.format === undefined ? {} : { format: definition.format }),
    grammar: definition.grammar,
    formatTools: definition.formatTools,
    formatToolCall: definition.formatToolCall,
    formatToolResponse: definition.formatToolResponse,
    createStreamParser,
    parseGeneratedText({ text, ...options }) {
      const parts: LanguageModelV4StreamPart[] = [];
      const parser = createStreamParser(options, (part) => parts.push(part));
      parser.push(text);
      parser.finish();
      return streamPartsToContent(parts);
    },
    extractToolCallSegments({ text, tools, ...options }) {
      const segments: string[] = [];
      const byName = toolsByName(tools);
      const parser = createTextStreamParser(
        {
          ...options,
          tools: byName,
          grammar: replyGrammar(byName, options),
          generateId: () => '',
          onCallText: (raw) => segments.push(raw),
        },
        () => {},
      );
      parser.push(text);
      parser.finish();
      return segments;
    },
  };
}
