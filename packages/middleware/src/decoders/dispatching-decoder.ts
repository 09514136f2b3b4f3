import type { CallDecoder } from '../engine/call-grammar';

/**
 * A decoder for an opener that several syntaxes share (`[TOOL_CALLS]` before a JSON list or a
 * name, `<tool_call>` before JSON or XML): skips whitespace, then lets `choose` pick the decoder
 * from the first other character, which that decoder reads too. `undefined` means prose.
 */
export function createDispatchingDecoder(
  choose: (firstChar: string) => CallDecoder | undefined,
): CallDecoder {
  let chosen: CallDecoder | undefined;
  let prose = false;
  return {
    write(text) {
      if (chosen !== undefined) return chosen.write(text);
      const i = text.search(/\S/);
      if (i === -1) return text.length;
      chosen = choose(text.charAt(i));
      if (chosen === undefined) {
        prose = true;
        return i;
      }
      return i + chosen.write(text.slice(i));
    },
    end() {
      if (chosen === undefined) prose = true;
      else chosen.end();
    },
    get status() {
      return prose ? 'not-a-call' : (chosen?.status ?? 'open');
    },
    get closer() {
      return chosen?.closer;
    },
  };
}

/**
 * A decoder that picks by a literal prefix of the body (`python\n` before raw code, anything else
 * before a JSON call): while the text read could still become one of the `routes`' prefixes,
 * nothing is decided (at most the longest prefix is held); a complete prefix creates its route's
 * decoder, which reads what follows the prefix; any other text goes, whole, to `fallback`.
 */
export function createPrefixDispatchingDecoder(
  routes: ReadonlyArray<readonly [prefix: string, create: () => CallDecoder]>,
  fallback: () => CallDecoder,
): CallDecoder {
  let chosen: CallDecoder | undefined;
  /** Text read before the choice, already reported as consumed. */
  let head = '';
  return {
    write(text) {
      if (chosen !== undefined) return chosen.write(text);
      const read = head + text;
      const held = head.length;
      for (const [prefix, create] of routes) {
        if (read.startsWith(prefix)) {
          chosen = create();
          head = '';
          return prefix.length - held + chosen.write(read.slice(prefix.length));
        }
      }
      if (routes.some(([prefix]) => prefix.length > read.length && prefix.startsWith(read))) {
        head = read;
        return text.length;
      }
      chosen = fallback();
      head = '';
      // What was held is given back only when the fallback finds no call in it.
      return Math.max(0, chosen.write(read) - held);
    },
    end() {
      if (chosen === undefined) {
        chosen = fallback();
        if (head.length > 0) chosen.write(head);
        head = '';
      }
      chosen.end();
    },
    get status() {
      return chosen?.status ?? 'open';
    },
    get closer() {
      return chosen?.closer;
    },
  };
}
