import type { CallGrammar, ToolsByName } from '../engine/call-grammar';
import { JSON_CALL_KEYS, type JsonCallKeys } from '../json-call-keys';
import { createGatedDecoder, judgeJsonFence } from './bare-json-call-decoder';
import { withDecoderFields } from './decoder-fields';
import { createDispatchingDecoder } from './dispatching-decoder';
import { createJsonCallDecoder } from './json-call-decoder';
import { readingFirst } from './reading-first';

/** Openers of JSON calls that carry no marker of their own, and what of them opens the value. */
const LINE_OPENERS = ['\n{', '\n['];
/** A ```` ```json ```` fence's opening line, and its other spellings. */
const JSON_FENCE = '```json\n';
const FENCES = [JSON_FENCE, '```JSON\n', '```json\r\n'];

/**
 * Calls written as plain JSON where a call can sit, as small models and Llama write them without
 * their markers: an object or list of calls (or llama.cpp's `{"tool_calls": […]}` envelope) at
 * the start of the reply or of a line, or a ```` ```json ```` fence whose content is calls. They
 * count only when the first key names a known tool, so JSON in prose and code samples stays text.
 */
export function looseJsonGrammar(
  tools: ToolsByName,
  keys: JsonCallKeys = JSON_CALL_KEYS,
): CallGrammar {
  return {
    openers: [...LINE_OPENERS, ...FENCES],
    leadingCall: true,
    startCall: (opener, sink) => {
      const fenced = FENCES.includes(opener);
      const decoder = createJsonCallDecoder({
        keys,
        closer: fenced ? '```' : undefined,
        tools,
        sink,
        knownToolsOnly: true,
        wrapperKeys: ['tool_calls', 'tool_call'],
      });
      return fenced || opener === '' ? decoder : readingFirst(decoder, opener.slice(1));
    },
  };
}

/**
 * `grammar`, also reading calls its model writes without their markers at the start of a line or
 * in a ```` ```json ```` fence, as {@link looseJsonGrammar} reads them with the format's `keys`.
 * An opener of `grammar` keeps its meaning (the loose openers it overlaps are left out), and so
 * does the start of the reply, which stays `grammar`'s to read.
 */
export function withLooseJsonLines(
  grammar: CallGrammar,
  tools: ToolsByName,
  keys: JsonCallKeys,
): CallGrammar {
  return withLinesOf(grammar, looseJsonGrammar(tools, keys));
}

/** `grammar` with the line and fence openers of `loose` it does not overlap, read by `loose`. */
function withLinesOf(grammar: CallGrammar, loose: CallGrammar): CallGrammar {
  const own = new Set(grammar.openers);
  const looseOpeners = loose.openers.filter((opener) =>
    grammar.openers.every((mine) => !mine.startsWith(opener) && !opener.startsWith(mine)),
  );
  return {
    ...grammar,
    openers: [...grammar.openers, ...looseOpeners],
    startCall: (opener, sink) =>
      own.has(opener) || opener === ''
        ? grammar.startCall(opener, sink)
        : loose.startCall(opener, sink),
  };
}

/**
 * `grammar` (calls between markers, without a leading call of its own), also reading calls its
 * model writes without their markers as {@link looseJsonGrammar} reads them, with the format's
 * `keys`: {@link withLooseJsonLines}, and at the start of the reply an object, a list or a fence
 * for JSON, so that a fence of the grammar's own (Gemma's ```` ```tool_call ````) is its markup.
 */
export function withLooseJsonCalls(
  grammar: CallGrammar,
  tools: ToolsByName,
  keys: JsonCallKeys,
): CallGrammar {
  const loose = looseJsonGrammar(tools, keys);
  const lines = withLinesOf(grammar, loose);
  return {
    ...lines,
    leadingCall: true,
    startCall: (opener, sink) => {
      if (opener !== '') return lines.startCall(opener, sink);
      return createDispatchingDecoder((first) => {
        if (first === '{' || first === '[') return loose.startCall('', sink);
        if (first !== '`') return undefined;
        // Read as the fence opener it is, whose closing ticks end the markup.
        return createGatedDecoder(judgeJsonFence, () => loose.startCall(JSON_FENCE, sink), false);
      });
    },
  };
}

/**
 * `grammar`, after whose bare calls (at the start of the reply or of a line, or in a json fence)
 * `closer` is markup: the closer of the format's wrapper (`</tool_call>`), which a model that
 * left out the opener may still write after the call.
 */
export function withTrailingCloser(grammar: CallGrammar, closer: string): CallGrammar {
  /** Where a bare call starts: the reply's start, a line's, or a json fence. */
  const bareOpeners = new Set(['', ...LINE_OPENERS, ...FENCES]);
  return {
    ...grammar,
    startCall: (opener, sink) => {
      const decoder = grammar.startCall(opener, sink);
      return bareOpeners.has(opener)
        ? withDecoderFields(decoder, { trailingCloser: closer })
        : decoder;
    },
  };
}
