import { FORMATS } from '../formats/all-formats';
import { jsonMixProtocol } from '../protocols/json-mix-protocol';
import { defineTextProtocol } from '../text-protocol';
import type { ToolCallProtocol } from '../tool-call-protocol';
import { combineGrammars } from './combine-grammars';
import { looseJsonGrammar, withTrailingCloser } from './loose-json-grammar';

/** Options of {@link autoProtocol}. */
export interface AutoProtocolOptions {
  /** The format the model is prompted in: its tool list, past calls and results. Default: Hermes `<tool_call>` JSON. */
  prompt?: ToolCallProtocol;
  /** The formats read, by the name calls are reported under, in the order a shared opener tries them. Default: {@link builtInFormats}. */
  formats?: Readonly<Record<string, ToolCallProtocol>>;
}

/**
 * Every format toolbridge reads, by name, in the order of the format list: where formats share an
 * opener, the one that decides soonest whether the markup is its own comes first. Variants read
 * as their family; a format without a grammar of its own (llama.cpp's generic JSON) is read by
 * `auto`'s loose JSON.
 */
export function builtInFormats(): Record<string, ToolCallProtocol> {
  return Object.fromEntries(
    FORMATS.map((format) => [format.name, format.protocol()] as const).filter(
      ([, protocol]) => protocol.grammar !== undefined,
    ),
  );
}

/**
 * Reads every known tool-call format at once, so a user need not know what the model writes:
 * one scan for all openers, each opener handed to the formats that use it. Formats without a
 * marker of their own (bare JSON, a `json` fence) count only for known tools, where a call can
 * sit. The model is prompted in one format (`prompt`); each call reports the format it was read
 * in (`providerMetadata.toolbridge.format`).
 */
export function autoProtocol(options: AutoProtocolOptions = {}): ToolCallProtocol {
  const prompt = options.prompt ?? jsonMixProtocol();
  const formats = Object.entries(options.formats ?? builtInFormats());
  return defineTextProtocol({
    // Other formats read other calls: only the built-in set is `auto` to a reader.
    ...(options.formats === undefined ? { format: 'auto' } : {}),
    grammar: (tools) =>
      // A bare call may be followed by Hermes' closer, the wrapper models most often half-write.
      withTrailingCloser(
        combineGrammars([
          ...formats.flatMap(([name, protocol]) =>
            protocol.grammar === undefined ? [] : [{ name, grammar: protocol.grammar(tools) }],
          ),
          { name: 'json', grammar: looseJsonGrammar(tools) },
        ]),
        '</tool_call>',
      ),
    formatTools: (tools) => prompt.formatTools(tools),
    formatToolCall: (call) => prompt.formatToolCall(call),
    formatToolResponse: (result) => prompt.formatToolResponse(result),
  });
}
