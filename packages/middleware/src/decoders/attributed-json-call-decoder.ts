import type { CallDecoder, CallSink, ToolsByName } from '../engine/call-grammar';
import { createNamedJsonCallDecoder } from './named-json-call-decoder';

/** One attribute, `key="value"` or `key='value'`, after optional whitespace; read where the last one ended. */
const ATTRIBUTE = /\s*([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/y;

/**
 * The tool name and call id in a tag's attributes (`id="call_1" name="get_weather"`, in any order,
 * either quote), or undefined when the tag names no tool or holds anything but attributes.
 */
export function callTagAttributes(text: string): { name: string; id?: string } | undefined {
  const attributes = new Map<string, string>();
  let end = 0;
  ATTRIBUTE.lastIndex = 0;
  for (let match = ATTRIBUTE.exec(text); match !== null; match = ATTRIBUTE.exec(text)) {
    attributes.set(match[1]!, match[2] ?? match[3]!);
    end = ATTRIBUTE.lastIndex;
  }
  const name = attributes.get('name');
  if (name === undefined || text.slice(end).trim() !== '') return undefined;
  const id = attributes.get('id');
  return id ? { name, id } : { name };
}

/** Options of {@link createAttributedJsonCallDecoder}. */
export interface AttributedJsonCallDecoderOptions {
  /** The tag's closer, after the arguments (`</tool_call>`). */
  closer: string;
  tools: ToolsByName;
  sink: CallSink;
}

/**
 * Decodes a call whose opening tag carries its tool name and id as attributes and whose body is
 * the arguments as JSON, after an opener that ends with the tag's name and a space:
 * `<tool_call id="call_1" name="get_weather">{"city": "Tokyo"}</tool_call>`. Such a tag is text a
 * model may also write in an explanation, so only a known tool is a call, and only once its
 * arguments begin; a tag without a name, or with text that is no attribute, is prose.
 */
export function createAttributedJsonCallDecoder(
  options: AttributedJsonCallDecoderOptions,
): CallDecoder {
  return createNamedJsonCallDecoder({
    ...options,
    nameEnd: '>',
    parseName: callTagAttributes,
    // A `<` ends a tag's text: another tag (or an opener repeated in prose) shows it was no call.
    nameChars: /[^<]/u,
    knownToolsOnly: true,
    confirmWithArguments: true,
  });
}
