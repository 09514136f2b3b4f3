import type { CallGrammar, ToolsByName } from '../engine/call-grammar';
import type { JsonCallKeys } from '../json-call-keys';
import { createDispatchingDecoder } from './dispatching-decoder';
import { createJsonCallDecoder } from './json-call-decoder';

/**
 * `grammar`, reading a reply that opens with a bare JSON call object as that call (a reply
 * constrained to the call's JSON schema, under a forced tool choice): a reply that opens with
 * anything but `{` is text, scanned for `grammar`'s openers. Without `keys`, `grammar` itself.
 */
export function withLeadingJsonCall(
  grammar: CallGrammar,
  keys: JsonCallKeys | undefined,
  tools: ToolsByName,
): CallGrammar {
  if (keys === undefined) return grammar;
  return {
    ...grammar,
    leadingCall: true,
    startCall(opener, sink) {
      if (opener !== '') return grammar.startCall(opener, sink);
      return createDispatchingDecoder((first) =>
        first === '{' ? createJsonCallDecoder({ keys, closer: undefined, tools, sink }) : undefined,
      );
    },
  };
}
