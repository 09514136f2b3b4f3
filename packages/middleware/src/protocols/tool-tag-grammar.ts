import { readingFirst } from '../decoders/reading-first';
import type { CallDecoder, CallGrammar, CallSink, ToolsByName } from '../engine/call-grammar';

const XML_NAME = /^[A-Za-z_:][\w.:-]*$/;

/**
 * Makes the decoder of a call whose tag names `tool`. `reasoningTag`: the tag is also a reasoning
 * tag (`<think>` with a tool named think), so only an argument after it makes a call.
 */
export type ToolTagDecoderFactory = (
  tool: string,
  sink: CallSink,
  reasoningTag: boolean,
) => CallDecoder;

/**
 * The grammar of formats that write a call as an element named after the tool (`<get_weather>`):
 * one opener per tool whose name is an XML name (another cannot be written as a tag).
 */
export function toolTagGrammar(tools: ToolsByName, decoder: ToolTagDecoderFactory): CallGrammar {
  const names = [...tools.keys()].filter((name) => XML_NAME.test(name));
  const byOpener = new Map(names.map((name) => [`<${name}`, name]));
  // Longest first: the tool tag a reasoning tag begins with is the longest that fits.
  const longestFirst = [...byOpener].sort(([a], [b]) => b.length - a.length);
  return {
    openers: [...byOpener.keys()],
    startCall: (opener, sink) => {
      const name = byOpener.get(opener);
      if (name !== undefined) return decoder(name, sink, false);
      const found = longestFirst.find(([candidate]) => opener.startsWith(candidate));
      if (found === undefined) throw new Error(`toolTagGrammar: ${opener} opens no tool tag`);
      const [tag, tool] = found;
      return readingFirst(decoder(tool, sink, true), opener.slice(tag.length));
    },
  };
}
