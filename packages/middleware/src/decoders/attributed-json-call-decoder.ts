import { type JsonSchema, propertySchema } from '@toolbridge/rxml';
import type { CallDecoder, CallSink, CallStatus, ToolsByName } from '../engine/call-grammar';
import { createJsonCallDecoder, JSON_CALL_KEYS } from './json-call-decoder';
import { createNamedJsonCallDecoder } from './named-json-call-decoder';

/** One attribute, `key="value"` or `key='value'`, after optional whitespace; read where the last one ended. */
const ATTRIBUTE = /\s*([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/y;

/** The first key of a JSON object, once it is written: `{ "name":`, `{'name':`, `{name:`. */
const FIRST_KEY = /^\{\s*(?:"([^"]*)"|'([^']*)'|([A-Za-z_]\w*))\s*:/u;
/** An object that opens with no key (`{}`, or something else a relaxed reader may take). */
const NO_FIRST_KEY = /^\{\s*[^\s"'A-Za-z_]/u;

/** Longest tag and start of the body read before the choice: a tag's attributes, and one key. */
const MAX_HEAD = 512;

/**
 * The attributes of a tag (`id="call_1" name="get_weather"`, in any order, either quote), or
 * undefined when it holds anything but attributes.
 */
export function tagAttributes(text: string): Map<string, string> | undefined {
  const attributes = new Map<string, string>();
  let end = 0;
  ATTRIBUTE.lastIndex = 0;
  for (let match = ATTRIBUTE.exec(text); match !== null; match = ATTRIBUTE.exec(text)) {
    const [, key, doubleQuoted, singleQuoted] = match;
    const value = doubleQuoted ?? singleQuoted;
    // The pattern always captures a key and one of the values: this tells the types.
    if (key === undefined || value === undefined) return undefined;
    attributes.set(key, value);
    end = ATTRIBUTE.lastIndex;
  }
  return text.slice(end).trim() === '' ? attributes : undefined;
}

/** Options of {@link createAttributedJsonCallDecoder}. */
export interface AttributedJsonCallDecoderOptions {
  /** The tag's closer, after the body (`</tool_call>`). */
  closer: string;
  tools: ToolsByName;
  sink: CallSink;
}

/**
 * Decodes a call whose opening tag carries attributes, after an opener that ends with the tag's
 * name and a space. `<tool_call id="call_1" name="get_weather">{"city": "Tokyo"}</tool_call>`: the
 * tool and the call's id are attributes, the body is the arguments. A body that is itself a call
 * object (`{"name": "get_weather", "arguments": {…}}`, its first key a name key the tool does not
 * declare) is read as one, with the tag's id. Such a tag is text a model may also write in an
 * explanation: only a known tool is a call, and only once its body begins; a tag with text that
 * is no attribute, or a `<` in it, is prose. Nothing is announced before the body's first key.
 */
export function createAttributedJsonCallDecoder(
  options: AttributedJsonCallDecoderOptions,
): CallDecoder {
  const { closer, tools, sink } = options;
  /** The start of the markup, read before the choice: never more than {@link MAX_HEAD} and one character. */
  let head = '';
  /** Where the tag ends in `head` (its `>`), once it did, and its attributes. */
  let tag: { end: number; attributes: Map<string, string> } | undefined;
  let chosen: CallDecoder | undefined;
  let prose = false;

  /** Reads the tag in `head` from `from`; returns where `head` showed prose (a `<`, text that is no attribute, no end in sight). */
  function readTag(from: number): number | undefined {
    for (let i = from; i < head.length; i++) {
      if (head[i] === '<') return i;
      if (head[i] !== '>') continue;
      const attributes = tagAttributes(head.slice(0, i));
      if (attributes === undefined) return i + 1;
      tag = { end: i + 1, attributes };
      return undefined;
    }
    return head.length > MAX_HEAD ? head.length : undefined;
  }

  /**
   * The decoder the body calls for, with where in `head` it starts reading; undefined while the
   * body's start could still go either way; null for prose.
   */
  function choose({
    end,
    attributes,
  }: NonNullable<typeof tag>): [CallDecoder, number] | null | undefined {
    const name = attributes.get('name');
    const id = attributes.get('id') || undefined;
    const body = head.slice(end).trimStart();
    if (body === '') return head.length > MAX_HEAD ? null : undefined;
    const firstKey = body[0] === '{' ? FIRST_KEY.exec(body) : null;
    if (body[0] === '{' && firstKey === null && !NO_FIRST_KEY.test(body)) {
      return head.length > MAX_HEAD ? null : undefined;
    }
    const key = firstKey?.[1] ?? firstKey?.[2] ?? firstKey?.[3];
    const schema = name === undefined ? undefined : (tools.get(name)?.inputSchema as JsonSchema);
    if (
      key !== undefined &&
      JSON_CALL_KEYS.name.includes(key) &&
      (name === undefined || propertySchema(schema, key) === undefined)
    ) {
      const envelope = createJsonCallDecoder({
        keys: JSON_CALL_KEYS,
        closer,
        tools,
        sink: withId(sink, id),
        knownToolsOnly: true,
      });
      return [envelope, end];
    }
    if (name === undefined) return null;
    // The named decoder reads the tag up to its `>` too, then the body as the arguments.
    const named = createNamedJsonCallDecoder({
      nameEnd: '>',
      closer,
      tools,
      sink,
      parseName: () => (id === undefined ? { name } : { name, id }),
      knownToolsOnly: true,
      confirmWithArguments: true,
    });
    return [named, 0];
  }

  return {
    write(text) {
      if (chosen !== undefined) return chosen.write(text);
      if (prose) return 0;
      const held = head.length;
      // Only the start of the markup decides; the rest of a long chunk goes to the chosen decoder.
      const taken = text.slice(0, MAX_HEAD + 1 - held);
      head += taken;
      const proseAt = tag === undefined ? readTag(held) : undefined;
      const choice = proseAt === undefined && tag !== undefined ? choose(tag) : undefined;
      if (proseAt !== undefined || choice === null) {
        // What showed prose is given back to be read as text; never more than the head.
        prose = true;
        return (proseAt ?? head.length) - held;
      }
      if (choice === undefined) return taken.length;
      const [decoder, from] = choice;
      chosen = decoder;
      const start = head.slice(from);
      head = '';
      // The rest of the chunk is written apart: joined, a long chunk would be copied per opener.
      let read = decoder.write(start);
      if (read === start.length && decoder.status === 'open' && taken.length < text.length) {
        read += decoder.write(text.slice(taken.length));
      }
      // What the decoder reads that was held before this chunk was already taken.
      return Math.max(0, from + read - held);
    },
    end() {
      if (chosen === undefined) prose = true;
      else chosen.end();
    },
    get status(): CallStatus {
      return prose ? 'not-a-call' : (chosen?.status ?? 'open');
    },
    get closer() {
      return chosen?.closer;
    },
  };
}

/** `sink`, giving a call the model's `id` when its markup names none. */
function withId(sink: CallSink, id: string | undefined): CallSink {
  if (id === undefined) return sink;
  return {
    start: (toolName, ownId) => sink.start(toolName, ownId ?? id),
    get input() {
      return sink.input;
    },
    endCall: () => sink.endCall(),
    fail: (message, cause) => sink.fail(message, cause),
    repair: (message) => sink.repair(message),
  };
}
