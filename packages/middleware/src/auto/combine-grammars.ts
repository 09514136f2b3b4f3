import { withDecoderFields } from '../decoders/decoder-fields';
import { createFirstOfDecoder } from '../decoders/first-of-decoder';
import type { CallDecoder, CallGrammar, CallSink } from '../engine/call-grammar';

/** A format's grammar, by the name its calls are reported under. */
export interface NamedGrammar {
  name: string;
  grammar: CallGrammar;
}

/**
 * One grammar that reads every given format at once: the union of their openers, scanned in one
 * pass by the engine. An opener that several formats share goes to each in turn, in the order
 * given, until one reads a call; so does the start of the reply for formats without an opener.
 */
export function combineGrammars(grammars: readonly NamedGrammar[]): CallGrammar {
  const byOpener = new Map<string, NamedGrammar[]>();
  for (const named of grammars) {
    for (const opener of named.grammar.openers) {
      const list = byOpener.get(opener) ?? [];
      list.push(named);
      byOpener.set(opener, list);
    }
  }
  const leading = grammars.filter((named) => named.grammar.leadingCall);

  function start(candidates: readonly NamedGrammar[], opener: string, sink: CallSink): CallDecoder {
    const factories = candidates.map(
      ({ name, grammar }) =>
        (candidateSink: CallSink) =>
          withDecoderFields(grammar.startCall(opener, candidateSink), { format: name }),
    );
    const [only, ...others] = factories;
    return only !== undefined && others.length === 0
      ? only(sink)
      : createFirstOfDecoder(factories, sink);
  }

  return {
    openers: [...byOpener.keys()],
    leadingCall: leading.length > 0,
    wrappers: [...new Set(grammars.flatMap((named) => named.grammar.wrappers ?? []))],
    leadingMarkup: [...new Set(grammars.flatMap((named) => named.grammar.leadingMarkup ?? []))],
    reasoningBreaks: [...new Set(grammars.flatMap((named) => named.grammar.reasoningBreaks ?? []))],
    // An opener one format uses only for calls is never prose, whichever format reads it.
    explicitOpeners: [...new Set(grammars.flatMap((named) => named.grammar.explicitOpeners ?? []))],
    closerSlips: mergedCloserSlips(grammars),
    startCall: (opener, sink) =>
      start(opener === '' ? leading : (byOpener.get(opener) ?? leading), opener, sink),
  };
}

/** The closer slips of every grammar, by the closer they stand for. */
function mergedCloserSlips(grammars: readonly NamedGrammar[]): Record<string, string[]> {
  const merged: Record<string, string[]> = {};
  for (const { grammar } of grammars) {
    for (const [closer, slips] of Object.entries(grammar.closerSlips ?? {})) {
      merged[closer] = [...new Set([...(merged[closer] ?? []), ...slips])];
    }
  }
  return merged;
}
