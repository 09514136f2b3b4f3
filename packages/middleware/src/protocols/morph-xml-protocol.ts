import { RXML } from '@toolbridge/rxml';
import { createXmlCallDecoder } from '../decoders/xml-call-decoder';
import { stringifyFramedJson } from '../safe-json';
import { textOrJson } from '../text-or-json';
import { defineTextProtocol } from '../text-protocol';
import type { ToolCallProtocol } from '../tool-call-protocol';
import { toolResultValue } from '../tool-result-value';
import { describeTool } from './describe-tool';
import { toolTagGrammar } from './tool-tag-grammar';

/** Options of {@link morphXmlProtocol}. */
export interface MorphXmlProtocolOptions {
  /** Element that wraps a tool result. Default: `tool_response`. */
  toolResponseTag?: string;
}

/**
 * One element per call, named after the tool, one child element per argument:
 * `<get_weather><city>Seoul</city><days>3</days></get_weather>`. Arguments are read by
 * RXML against the tool's schema: code with `<` and `&` stays verbatim in string fields,
 * lists are `<item>`s or repeated tags. A tool tag opens a call only when one of its
 * arguments or its closing tag follows, so a tag in prose, or an unknown tag, is text.
 */
export function morphXmlProtocol(options: MorphXmlProtocolOptions = {}): ToolCallProtocol {
  const responseTag = options.toolResponseTag ?? 'tool_response';
  return defineTextProtocol({
    format: 'xml',
    grammar: (tools) =>
      toolTagGrammar(tools, (tool, sink, reasoningTag) =>
        createXmlCallDecoder(tool, tools.get(tool)?.inputSchema, sink, {
          argumentRequired: reasoningTag,
        }),
      ),
    formatTools: (tools) => tools.map((tool) => stringifyFramedJson(describeTool(tool))).join('\n'),
    formatToolCall: ({ toolName, input }) =>
      RXML.stringify(toolName, input ?? {}, { format: true }),
    formatToolResponse: ({ toolName, output }) => {
      const { value, isError } = toolResultValue(output);
      const text = textOrJson(value);
      return RXML.stringify(
        responseTag,
        { tool_name: toolName, [isError ? 'error' : 'result']: text },
        { format: true },
      );
    },
  });
}
