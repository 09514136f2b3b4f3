import {
  createJsonScanner,
  isJsonObject,
  type JsonScanHandler,
  JsonValueBuilder,
} from '@toolbridge/rjson';
import { coerceBySchema } from '@toolbridge/rxml';
import type { CallDecoder, CallSink, CallStatus, ToolsByName } from '../engine/call-grammar';
import type { JsonCallKeys } from '../json-call-keys';
import { argumentsObject, createJsonArgumentsReader } from './json-arguments-reader';
import { createJsonFence } from './json-fence';
import { scanJsonFrom } from './scan-json-from';
import { steppedDecoder } from './stepped-decoder';

export { JSON_CALL_KEYS, type JsonCallKeys } from '../json-call-keys';

/** Options of {@link createJsonCallDecoder}. */
export interface JsonCallDecoderOptions {
  keys: JsonCallKeys;
  /** The closing delimiter; undefined when the call ends with its JSON value (a bare JSON reply). */
  closer: string | undefined;
  tools: ToolsByName;
  sink: CallSink;
  /**
   * Only calls of known tools count, and the object must start with its name (after a `"type"`
   * or the call's id, if any): anything else is prose. For formats without an opener of their own (Llama 3's bare JSON).
   */
  knownToolsOnly?: boolean;
  /** Further call objects may follow the first, separated by `;` or whitespace (Llama 3). */
  sequence?: boolean;
  /**
   * The tool name is the key of a call object's member and its value the arguments, as Apertus
   * writes them: `{"get_weather": {"city": "Lyon"}}`. Each member of the object is one call.
   * `keys.name` and `keys.arguments` are not consulted.
   */
  nameAsKey?: boolean;
  /**
   * Keys of an envelope around the calls (`tool_call`, `tool_calls`): when one is the first key
   * of the top-level object, its value is a call object or a list of them
   * (`{"tool_calls": [{…}, {…}]}`), and the object's other members are skipped, except further
   * wrapper keys, which hold further calls.
   */
  wrapperKeys?: readonly string[];
  /**
   * Tags a model may write around the JSON inside the delimiters, as `[open, close]` pairs
   * (Qwen's `<tools>` inside `<tool_call>`, or the opener written twice): the open tag is read
   * past before the value, its close tag after it, and the call's closer may come instead of the
   * close tag. Default: none.
   */
  innerTags?: ReadonlyArray<readonly [open: string, close: string]>;
}

/** Thrown when what looked like a call turns out to be prose. */
class NotACall extends Error {}

/** `openTag`, `closeTag`: reading a tag of `innerTags` (or the closer, after the value). */
type Phase = 'lead' | 'fence' | 'openTag' | 'json' | 'trail' | 'closeTag';

/**
 * Decodes the JSON of a call after its opener, as models write it: optional whitespace and a
 * markdown fence (or one of `innerTags`) before it; one call object or an array of them; relaxed
 * JSON (RJSON's scanner); any of `keys` for the name and the arguments, arguments as a
 * JSON-encoded string, arguments before the name. Arguments stream as canonical JSON once the
 * name is known. The markup ends with its value; the engine then takes the closer. A call whose
 * arguments are complete runs even when the rest of its object never came; one cut inside its
 * arguments fails, and so does one whose arguments are under a key `keys` does not know (see
 * {@link JsonCallKeys}).
 */
export function createJsonCallDecoder(options: JsonCallDecoderOptions): CallDecoder {
  const {
    keys,
    closer,
    tools,
    sink,
    knownToolsOnly = false,
    nameAsKey = false,
    sequence,
  } = options;
  const wrapperKeys = options.wrapperKeys ?? [];
  const innerTags = options.innerTags ?? [];
  let phase: Phase = 'lead';
  let status: CallStatus = 'open';
  const fence = createJsonFence();
  /** The close tag of the inner tag the model opened, until it is read. */
  let innerClose: string | undefined;
  /** What was read of the tag being read. */
  let tag = '';
  let closerRead = false;

  let depth = 0;
  /** Where call objects (or a list of them) stand: the top level, or inside a wrapper object. */
  let callDepth = 0;
  /** The depth at which a list of calls opened, if one did. */
  let listAt: number | undefined;
  // The call object being read, `{"name": …, "arguments": …}` in any key order, is kept in
  // local variables (a minifier shortens them, not property names): whether one is open, and
  // what was read of it.
  let inCall = false;
  /** The depth the call object opened at. */
  let callAt = 0;
  let callId: string | undefined;
  let toolName: string | undefined;
  /** Arguments read before the name, written once it is known. */
  let pending: { value: unknown } | undefined;
  let argumentsSeen = false;
  let argumentsDone = false;
  /** The first member of no known key that holds an object or a list. */
  let containerMember: string | undefined;
  /** The other members of no known key, whose values are scalars. */
  let scalarMembers: string[] = [];
  /** The handler of the member value being read, and how deep inside it the scanner is. */
  let route: JsonScanHandler | undefined;
  let routeDepth = 0;
  let onRouteEnd: (() => void) | undefined;
  let memberKey: string | undefined;
  let calls = 0;

  function schemaOf(name: string) {
    return tools.get(name)?.inputSchema;
  }

  function openCall(): void {
    inCall = true;
    callAt = depth;
    callId = toolName = pending = containerMember = undefined;
    argumentsSeen = argumentsDone = false;
    scalarMembers = [];
  }

  function announce(name: string): void {
    if (knownToolsOnly && calls === 0 && !tools.has(name)) throw new NotACall();
    toolName = name;
    sink.start(name, callId);
    calls++;
    if (pending !== undefined) {
      sink.input.value(coerceBySchema(pending.value, schemaOf(name)));
      pending = undefined;
    }
  }

  function closeCall(): void {
    inCall = false;
    if (toolName === undefined) throw new Error('The call names no tool');
    if (argumentsSeen) {
      sink.endCall();
      return;
    }
    const stray = strayArguments(toolName);
    if (stray === undefined) {
      sink.input.value({});
      sink.endCall();
    } else {
      sink.fail(`The call has no arguments key, and "${stray}" may hold its arguments`);
    }
  }

  /** A member of a call without arguments that may be them: a container, or a parameter's name. */
  function strayArguments(name: string): string | undefined {
    if (containerMember !== undefined) return containerMember;
    const properties = schemaOf(name)?.properties;
    return isJsonObject(properties)
      ? scalarMembers.find((key) => Object.hasOwn(properties, key))
      : undefined;
  }

  /** A member of no known key: skipped, and noted while the call has no arguments. */
  function otherMember(key: string): JsonScanHandler {
    if (argumentsSeen) return {};
    let noted = false;
    // The value's first event tells its kind; the events inside it are skipped.
    const note = (container: boolean) => () => {
      if (noted) return;
      noted = true;
      if (!container) scalarMembers.push(key);
      else containerMember ??= key;
    };
    return {
      objectStart: note(true),
      arrayStart: note(true),
      stringStart: note(false),
      primitive: note(false),
    };
  }

  function routeMember(key: string): void {
    memberKey = key;
    onRouteEnd = undefined;
    const first = toolName === undefined && !argumentsSeen && callId === undefined;
    if (first && wrapperKeys.includes(key) && callAt === 0 && listAt === undefined) {
      // `{"tool_calls": …}`: the object is an envelope around the calls, not a call.
      inCall = false;
      callDepth = depth;
      listAt = undefined;
      return;
    }
    if (nameAsKey) {
      routeNamedMember(key);
      return;
    }
    // Without an opener, only the name may come first, or a `type`, or the call's id (Cohere
    // writes `{"tool_call_id": "0", "tool_name": …}`): anything else before the name is prose.
    const beforeName = toolName === undefined && !argumentsSeen;
    const idFirst = first && keys.id?.includes(key) === true;
    if (
      knownToolsOnly &&
      calls === 0 &&
      beforeName &&
      !keys.name.includes(key) &&
      key !== 'type' &&
      !idFirst
    ) {
      throw new NotACall();
    }
    if (keys.id?.includes(key) && toolName === undefined) {
      const parts: string[] = [];
      route = { stringChunk: (text) => parts.push(text) };
      onRouteEnd = () => {
        callId = parts.join('');
      };
    } else if (keys.name.includes(key) && toolName === undefined) {
      const parts: string[] = [];
      route = {
        stringChunk: (text) => parts.push(text),
        objectStart: () => notAName(key),
        arrayStart: () => notAName(key),
        primitive: (value) => notAName(JSON.stringify(value)),
      };
      onRouteEnd = () => {
        const name = parts.join('');
        if (name === '') throw new Error(`"${key}" is not a tool name`);
        announce(name);
      };
    } else if (keys.arguments.includes(key) && !argumentsSeen) {
      argumentsSeen = true;
      // Before the name, the arguments are built whole, to be written once it is known.
      const reader =
        toolName === undefined
          ? new JsonValueBuilder()
          : createJsonArgumentsReader(sink.input, schemaOf(toolName));
      route = reader;
      onRouteEnd = () => {
        if (reader instanceof JsonValueBuilder) {
          pending = { value: argumentsObject(reader.value) };
        } else reader.end();
        argumentsDone = true;
      };
    } else route = otherMember(key);
  }

  /** `{"get_weather": {…}}`: the key names the tool, the value is its arguments. */
  function routeNamedMember(key: string): void {
    if (toolName !== undefined) {
      // A further member of the same object: a further call.
      toolName = undefined;
      argumentsSeen = argumentsDone = false;
    }
    if (key === '') throw new Error('An empty key is not a tool name');
    announce(key);
    argumentsSeen = true;
    const reader = createJsonArgumentsReader(sink.input, schemaOf(key));
    route = reader;
    onRouteEnd = () => {
      reader.end();
      argumentsDone = true;
    };
  }

  /** A member of a wrapper object after its first: further calls, or something to skip. */
  function routeWrapperMember(key: string): void {
    memberKey = key;
    onRouteEnd = undefined;
    if (wrapperKeys.includes(key)) {
      callDepth = depth;
      listAt = undefined;
    } else route = {};
  }

  function memberValueDone(): void {
    const done = onRouteEnd;
    route = undefined;
    onRouteEnd = undefined;
    memberKey = undefined;
    done?.();
  }

  /**
   * Starts a value: an envelope, the envelope list (both undefined), or a value inside a member
   * (the member's handler).
   */
  function valueStart(kind: 'object' | 'array' | 'scalar'): JsonScanHandler | undefined {
    if (route !== undefined) return route;
    if (!inCall) {
      if (
        kind === 'object' &&
        (depth === callDepth || (listAt !== undefined && depth === listAt + 1))
      ) {
        return undefined;
      }
      if (kind === 'array' && depth === callDepth && listAt === undefined) {
        listAt = depth;
        return undefined;
      }
      throw new Error('Expected a call object');
    }
    throw new Error(`Expected a key in the call object, found a value`);
  }

  const handler: JsonScanHandler = {
    objectStart() {
      const member = valueStart('object');
      if (member === undefined) openCall();
      else {
        routeDepth++;
        member.objectStart?.();
      }
      depth++;
    },
    arrayStart() {
      const member = valueStart('array');
      if (member !== undefined) {
        routeDepth++;
        member.arrayStart?.();
      }
      depth++;
    },
    objectEnd() {
      depth--;
      if (route !== undefined) {
        routeDepth--;
        route.objectEnd?.();
        if (routeDepth === 0) memberValueDone();
      } else if (inCall) closeCall();
    },
    arrayEnd() {
      depth--;
      if (route !== undefined) {
        routeDepth--;
        route.arrayEnd?.();
        if (routeDepth === 0) memberValueDone();
      } else {
        if (calls === 0) throw new Error('The list holds no call');
        listAt = undefined;
      }
    },
    key(key) {
      if (route !== undefined) route.key?.(key);
      else if (inCall) routeMember(key);
      else routeWrapperMember(key);
    },
    stringStart() {
      valueStart('scalar')?.stringStart?.();
    },
    stringChunk(text) {
      route?.stringChunk?.(text);
    },
    stringEnd() {
      route?.stringEnd?.();
      if (routeDepth === 0) memberValueDone();
    },
    primitive(value) {
      valueStart('scalar')?.primitive?.(value);
      if (routeDepth === 0) memberValueDone();
    },
  };
  let scanner = createJsonScanner(handler);

  function notAName(found: string): never {
    throw new Error(`${found} is not a tool name (key "${memberKey}")`);
  }

  function fail(error: unknown): void {
    // Without an opener of its own, text that breaks before naming a known tool is prose.
    if (error instanceof NotACall || (knownToolsOnly && calls === 0)) {
      status = 'not-a-call';
      return;
    }
    const message = error instanceof Error ? error.message : String(error);
    if (argumentsComplete()) {
      // What broke came after complete arguments: the call runs.
      sink.repair(`Read past: ${message}`);
      sink.endCall();
      status = 'done';
      return;
    }
    sink.fail(message, error);
    status = calls > 0 ? 'done' : 'malformed';
  }

  /** The call being read has its name and complete arguments. */
  function argumentsComplete(): boolean {
    return inCall && toolName !== undefined && argumentsDone;
  }

  /** Reads one character of the markup from `at`, or a run of JSON or of a fence's opening line. */
  function step(text: string, at: number): number {
    let i = at;
    const char = text.charAt(i);
    switch (phase) {
      case 'lead':
        if (char === '{' || char === '[') phase = 'json';
        else if (char === '`' && closer !== '```') {
          fence.open();
          phase = 'fence';
        } else if (char === '<' && innerTags.length > 0 && innerClose === undefined) {
          phase = 'openTag';
        } else if (char.trim() === '') i++;
        // An opener not followed by a call is prose.
        else status = 'not-a-call';
        break;
      case 'openTag': {
        tag += char;
        i++;
        const opened = innerTags.find(([open]) => open === tag);
        if (opened !== undefined) {
          innerClose = opened[1];
          tag = '';
          phase = 'lead';
        } else if (!innerTags.some(([open]) => open.startsWith(tag))) status = 'not-a-call';
        break;
      }
      case 'fence':
        i = fence.skipOpeningLine(text, i);
        if (!fence.inOpeningLine) phase = 'lead';
        break;
      case 'json': {
        const scanned = scanJsonFrom(scanner, text, i);
        i = scanned.end;
        if ('error' in scanned) {
          fail(scanned.error);
          break;
        }
        if (!scanner.done) break;
        if (closer === undefined && !sequence) status = 'done';
        else phase = 'trail';
        break;
      }
      case 'trail':
        if (fence.trails(char)) i++;
        else if (innerClose !== undefined && char === '<') phase = 'closeTag';
        else if (sequence && char === ';') i++;
        else if (sequence && char === '{') {
          // The next call of a sequence.
          scanner = createJsonScanner(handler);
          callDepth = 0;
          listAt = undefined;
          phase = 'json';
        } else status = 'done';
        break;
      case 'closeTag': {
        const read = tag + char;
        if (read === innerClose) {
          innerClose = undefined;
          tag = '';
          phase = 'trail';
          i++;
        } else if (read === closer) {
          closerRead = true;
          status = 'done';
          i++;
        } else if (innerClose?.startsWith(read) || closer?.startsWith(read)) {
          tag = read;
          i++;
        }
        // Neither tag: the markup ends here, with what was read of the tag.
        else status = 'done';
        break;
      }
    }
    return i;
  }

  function end(): void {
    if (phase === 'lead' || phase === 'fence' || phase === 'openTag') {
      status = 'not-a-call';
      return;
    }
    if (phase === 'trail' || phase === 'closeTag') {
      status = 'done';
      return;
    }
    try {
      // Settles a quote still waiting for what follows it; the value itself stays incomplete.
      scanner.end();
    } catch (error) {
      if (!inCall && calls === 0) {
        fail(error);
        return;
      }
    }
    if (!inCall && calls > 0) {
      sink.repair('The list of calls was not closed');
      status = 'done';
      return;
    }
    // Complete arguments run, though the object around them never closed.
    fail(new Error('The call was cut off before its end'));
  }

  return steppedDecoder({
    step,
    end,
    status: () => status,
    closer: () => (closerRead ? undefined : closer),
  });
}
