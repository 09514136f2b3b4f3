import { withLooseJsonLines } from '../decoders/loose-json-grammar';
import type { JsonCallKeys } from '../json-call-keys';
import { defineTextProtocol, type TextProtocolDefinition } from '../text-protocol';
import type { ToolCallProtocol } from '../tool-call-protocol';

/**
 * A protocol of JSON calls (Llama 3's, Mistral's, xLAM's…), described as for
 * {@link defineTextProtocol}, whose preset also reads a call of a known tool written without its
 * markers at the start of a line or in a ```` ```json ```` fence, under `keys`, as `auto` does.
 * Its `grammar`, which `auto` combines, leaves those out: `auto` reads them once for every format.
 */
export function defineJsonTextProtocol(
  definition: TextProtocolDefinition,
  keys: JsonCallKeys,
): ToolCallProtocol {
  const protocol = defineTextProtocol({
    ...definition,
    grammar: (tools) => withLooseJsonLines(definition.grammar(tools), tools, keys),
  });
  return { ...protocol, grammar: definition.grammar };
}
