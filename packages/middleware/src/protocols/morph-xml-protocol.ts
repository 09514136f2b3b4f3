import { RXML } from '@toolbridge/rxml';
import { readingFirst } from '../decoders/reading-first';
import { createXmlCallDecoder } from '../decoders/xml-call-decoder';
import { stringifyFramedJson } from '../safe-json';
import { textOrJson } from '../text-or-json';
import { defineTextProtocol } from '../text-protocol';
import type { ToolCallProtocol } from '../tool-call-protocol';
import { toolResultValue } from '../tool-result-value';
import { describeTool } from './describe-tool';

/** Options of {@link morphXmlProtocol}. */
export interface MorphXmlProtocolOptions {
  /** Element that wraps a tool result. Default: `tool_response`. */
  toolResponseTag?: string;
}

const XML_NAME = /^[A-Za-z_:][\w.:-]*$/;

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
    grammar: (tools) => {
      // A tool whose name is no XML name cannot be written as a tag, so it has no opener.
      const names = [...tools.keys()].filter((name) => XML_NAME.test(name));
      const byOpener = new Map(names.map((name) => [`<${name}`, name]));
      // Longest first: the tool tag a reasoning tag begins with is the longest that fits.
      const longestFirst = [...byOpener].sort(([a], [b]) => b.length - a.length);
      return {
        openers: [...byOpener.keys()],
        startCall: (opener, sink) => {
          const name = byOpener.get(opener);
          if (name !== undefined) {
            return createXmlCallDecoder(name, tools.get(name)?.inputSchema, sink);
          }
          // A reasoning tag that is also a tool's tag (`<think>`): a call only when an argument follows.
          const found = longestFirst.find(([candidate]) => opener.startsWith(candidate));
          if (found === undefined) throw new Error(`morphXmlProtocol: ${opener} opens no tool tag`);
          const [tag, tool] = found;
          const decoder = createXmlCallDecoder(tool, tools.get(tool)?.inputSchema, sink, {
            argumentRequired: true,
          });
          return readingFirst(decoder, opener.slice(tag.length));
        },
      };
    },
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
