import { scanJson as parseJson } from '@toolbridge/rjson';
import { coerceBySchema, type JsonSchema, propertySchema } from '@toolbridge/rxml';
import type { CallDecoder, CallSink, CallStatus, ToolsByName } from '../engine/call-grammar';
import { createMarkerSeeker, type MarkerSeeker } from '../engine/marker-seeker';
import { argumentsObject } from './json-arguments-reader';
import { steppedDecoder } from './stepped-decoder';
import {
  createXmlParameterValueWriter,
  type XmlParameterValueWriter,
} from './xml-parameter-value-writer';

/**
 * The tag spelling of one XML-parameter format. Qwen3-Coder:
 * `<function=NAME>` `<parameter=KEY>` VALUE `</parameter>` `</function>`; MiniMax:
 * `<invoke name="NAME">` `<parameter name="KEY">` …; GLM: `NAME` `<arg_key>KEY</arg_key>`
 * `<arg_value>` VALUE `</arg_value>`; Kimi K3: `<|open|>call tool="NAME" index="1"<|sep|>`
 * `<|open|>argument key="KEY" type="string"<|sep|>` VALUE `<|close|>argument<|sep|>`.
 */
export interface XmlParameterSyntax {
  /** Opens a call's name: `<function=`, `<invoke name="`; `''` when the name opens the markup (GLM). */
  nameOpen: string;
  /** End a call's name; one starting with `<` is the next tag (a key's open, a close) and read as such. */
  nameClose: readonly string[];
  /** Closes a call: `</function>`, `</invoke>`; undefined when the markup's closer does (GLM). */
  callClose?: string;
  /** Opens a parameter's key: `<parameter=`, `<arg_key>`. */
  keyOpen: string;
  /**
   * Other spellings of a parameter's tags, each open with the close of its value: `<param name="`
   * closed by `</param>`, beside `<parameter name="` closed by `</parameter>`. A value ends at its
   * own spelling's close, or at the next open of that spelling.
   */
  keySpellings?: ReadonlyArray<readonly [keyOpen: string, valueClose: string]>;
  /** Ends the key: `>`, `"`, `</arg_key>`. */
  keyClose: string;
  /** Opens the value after the key and any attributes: `''`, `>`, `<arg_value>`. */
  valueOpen: string;
  /** Closes a value: `</parameter>`, `</arg_value>`; or the close of each key (MiniMax M3 closes `<city>` with `</city>`). */
  valueClose: string | ((key: string) => string);
  /**
   * Reads the attributes between key and value (DSML `string="true"`, Kimi K3 `type="number"`):
   * `true` for raw text (then `null` is text too), `false` for JSON text, undefined to ask the schema.
   */
  valueIsString?: (attributes: string) => boolean | undefined;
  /** Ends the rest of a call's opening tag after its name (Kimi K3's ` index="1"<|sep|>`), which is skipped. */
  nameTail?: string;
  /** Decodes a name or key as written in an attribute (Kimi K3 escapes `&` and `"`). */
  unescape?: (text: string) => string;
  /**
   * Values may nest (MiniMax M3 writes objects as tags and lists as `<item>` tags): a value that
   * opens with `keyOpen` is read whole, up to its own close (a same-named tag inside nests), and
   * converted by this function from its raw markup and the parameter's schema.
   */
  nestedValue?: (markup: string, schema: JsonSchema | undefined) => unknown;
  /**
   * A call's arguments may come as one JSON object instead of parameters (DeepSeek DSML's `{…}`
   * body, Kimi K3's `<|open|>json type="object"<|sep|>` block): it opens with `open` (which is
   * part of the JSON when it is `{`) and ends at `close`, or at the call's close. It is written
   * whole once complete.
   */
  jsonArguments?: { open: string; close?: string };
  /**
   * Values are written right between their tags (GLM, MiniMax, Seed-OSS, DSML, Kimi K3): they are
   * read exactly, no newline trimmed. Default: one newline is trimmed at each end (Qwen3-Coder
   * puts each value on lines of its own).
   */
  inlineValues?: boolean;
  /**
   * The format never writes `null` (MiniMax M3 leaves null arguments out): values are text, `null`
   * included, converted only by the schema's type.
   */
  nullIsText?: boolean;
  /**
   * Values are XML text (MiniCPM's `<param name="…">`): a `<![CDATA[` that opens a value holds
   * its text exactly, closing tags included, up to `]]>`. Elsewhere in a value it is text.
   */
  cdata?: boolean;
}

/** Options of {@link createXmlParameterCallDecoder}. */
export interface XmlParameterCallDecoderOptions {
  syntax: XmlParameterSyntax;
  /**
   * The markup's closing delimiter (`</tool_call>`); undefined when the markup is one call. With
   * `single`, the closer of a wrapper whose opener was left out: taken after the call when it
   * follows, and ending a call left open.
   */
  closer: string | undefined;
  tools: ToolsByName;
  sink: CallSink;
  /** One call per markup (the call's close ends the markup). Default: several calls may follow. */
  single?: boolean;
  /**
   * Only known tools are calls; anything else is prose (a weak opener such as a bare `<function=`).
   * A call is then announced only once a parameter, a JSON body or a close follows its name (or
   * the output ends): other text there shows the markup was prose, an example in a reply.
   */
  knownToolsOnly?: boolean;
}

/** Longest name, key or attribute text read before the markup counts as prose. */
const MAX_TAG_TEXT = 256;

/** The start of model text, quoted, as a message shows it. */
const quoted = (text: string) => JSON.stringify(text.slice(0, 40));

/** Opens a CDATA section, with {@link XmlParameterSyntax.cdata}. */
const CDATA_OPEN = '<![CDATA[';

/** What a tool name looks like: an identifier, with dots, colons and dashes. */
const TOOL_NAME = /^[A-Za-z_][\w.:-]*$/u;

/** A parameter being read: the writer of its value, and the tags that close and nest it. */
interface OpenParameter {
  value: XmlParameterValueWriter;
  /** The spelling of the key's open that opened it: the next parameter of that spelling ends its value. */
  open: string;
  /** Closes the value: `</parameter>`, or MiniMax M3's `</city>` for the key `city`. */
  close: string;
  /** Opens a tag of the parameter's own name, which nests inside a nested value. */
  nestedOpen: string;
}

/** Where the decoder is in the markup, with what it keeps there. `tag` is tag text read so far. */
type Phase =
  /** Between calls, up to the next call's name or a close of the markup. */
  | { kind: 'between' }
  /** A call's name; then (Kimi K3) the rest of its opening tag, skipped. */
  | { kind: 'name'; tag: string }
  | { kind: 'nameTail'; tag: string }
  /** In a call, up to its next parameter, its JSON body or its close. */
  | { kind: 'params' }
  /** A parameter's key, after `open` (one of its spellings); then the attributes up to its value (DSML's `string="true"`). */
  | { kind: 'key'; tag: string; open: string }
  | { kind: 'attributes'; tag: string; parameter: OpenParameter }
  /**
   * A value streamed up to its close; a nested value, read whole (`depth`: same-named tags open
   * in it), then converted by the syntax's `nestedValue`.
   */
  | { kind: 'value'; parameter: OpenParameter; seeker: MarkerSeeker }
  | {
      kind: 'nested';
      parameter: OpenParameter;
      seeker: MarkerSeeker;
      raw: string[];
      depth: number;
      convert: NonNullable<XmlParameterSyntax['nestedValue']>;
    }
  /** A CDATA section that opened a value, up to its `]]>`; then the value goes on. */
  | { kind: 'cdata'; value: PhaseOf<'value'>; seeker: MarkerSeeker }
  /** A call's arguments as one JSON object, read whole. */
  | { kind: 'json'; seeker: MarkerSeeker; raw: string[] }
  /** After a single call, whitespace before the closer of a wrapper whose opener was left out. */
  | { kind: 'trailing' };

// The phases that keep nothing, shared.
const BETWEEN: Phase = { kind: 'between' };
const PARAMS: Phase = { kind: 'params' };

/** The phase of one kind, as the step that reads it gets it. */
type PhaseOf<Kind extends Phase['kind']> = Extract<Phase, { kind: Kind }>;

/** Tag text read up to one of its stops: the text, the stop, and the index just past it. */
interface TagEnd {
  text: string;
  stop: string;
  end: number;
}

/** A call whose name was read and which nothing has confirmed yet. */
interface Unconfirmed {
  name: string;
  next: string;
}

/**
 * Decodes the calls of an XML-parameter format (Qwen3-Coder, GLM, MiniMax, Seed-OSS, DeepSeek
 * DSML, Kimi K3): raw text per parameter, typed by the tool's schema. A string value streams as
 * a JSON string as it arrives, with exactly one leading and one trailing newline removed (none
 * for `inlineValues`); any other value is converted when complete (`null`, numbers, booleans,
 * JSON or Python-literal objects and lists). A value ends at its closing tag, or at the next
 * parameter, the call's close or the markup's closer when the model left it open.
 */
export function createXmlParameterCallDecoder(
  options: XmlParameterCallDecoderOptions,
): CallDecoder {
  const { syntax, closer, tools, sink } = options;
  const { nameOpen, keyOpen, valueClose, callClose, nameTail, jsonArguments } = syntax;
  const decodeText = syntax.unescape ?? ((raw: string) => raw);
  /** The call's close and the markup's closer, where there are: either may end what is open. */
  const closes = [callClose, closer].filter((close) => close !== undefined);
  /** Finds the first of `markers`, the call's close or the markup's closer. */
  const seekerOf = (markers: readonly string[]) => createMarkerSeeker([...markers, ...closes]);
  const betweenSeeker = seekerOf(nameOpen === '' ? [] : [nameOpen]);
  /** The close of the values opened by each spelling of a key's open; undefined where it depends on the key (MiniMax M3). */
  const valueCloses = new Map<string, string | undefined>([
    [keyOpen, typeof valueClose === 'string' ? valueClose : undefined],
    ...(syntax.keySpellings ?? []),
  ]);
  const paramsMarkers = [
    ...valueCloses.keys(),
    ...(jsonArguments ? [jsonArguments.open] : []),
    ...closes,
  ];
  const paramsSeeker = createMarkerSeeker(paramsMarkers);
  const jsonClose = jsonArguments?.close;
  /** What may end or break into a value opened by `open` and closed by `close`. */
  const valueSeekerOf = (close: string, open: string) =>
    seekerOf([close, open, ...(syntax.cdata ? [CDATA_OPEN] : [])]);
  // A seeker holds nothing once it found its marker, so values of one spelling with a fixed close share one.
  const sharedValueSeekers = new Map(
    [...valueCloses].flatMap(([open, close]) =>
      close === undefined ? [] : [[open, valueSeekerOf(close, open)] as const],
    ),
  );
  const nameStops = [...syntax.nameClose, ...(closer ? [closer] : [])];
  const nameTailStops = nameTail === undefined ? [] : [nameTail];
  const keyStops = [syntax.keyClose];
  const valueOpenStops = [syntax.valueOpen, ...closes];

  // What the decoder knows of its markup between steps.
  let phase: Phase = nameOpen === '' ? { kind: 'name', tag: '' } : BETWEEN;
  let status: CallStatus = 'open';
  /** The markup's closer was read here, so the engine expects none. */
  let closerRead = false;
  /** Calls announced in the markup. */
  let calls = 0;
  /**
   * A known tool's name read after a weak opener, announced once what follows confirms the call;
   * `next` is what was read of that since the name (whitespace left out), never longer than a marker.
   */
  let unconfirmed: Unconfirmed | undefined;
  // The last call announced: still open (not ended), its schema, and the parameters (or JSON body) read in it.
  let callOpen = false;
  let callSchema: JsonSchema | undefined;
  let parameters = 0;

  /**
   * The markup cannot be read on: it fails where the step began (at `at`), and the call in it
   * does not run. `error` (the reason, or what a parser threw) goes to `onError` as the cause.
   */
  function fail(at: number, error: unknown): number {
    sink.fail(error instanceof Error ? error.message : String(error), error);
    status = calls > 0 ? 'done' : 'malformed';
    return at;
  }

  /** {@link fail} for a reason the decoder found itself. */
  function failBecause(at: number, reason: string): number {
    return fail(at, new Error(reason));
  }

  /** The markup ended (`readCloser`: its closer was read here); without a call, it is malformed. */
  function done(readCloser: boolean): void {
    closerRead = readCloser;
    status = calls > 0 ? 'done' : 'malformed';
    if (calls === 0) sink.fail('The markup holds no call');
  }

  /** Ends the open call, if any: its input is complete. */
  function endCall(): void {
    if (!callOpen) return;
    sink.input.close();
    sink.endCall();
    callOpen = false;
  }

  /** Takes `marker` when it closes the call or the markup (met outside a value); false when it is neither. */
  function takeClose(marker: string): boolean {
    if (marker === callClose) {
      endCall();
      if (!options.single) phase = BETWEEN;
      // The wrapper's closer may follow after whitespace, when only its opener was left out.
      else if (closer !== undefined) phase = { kind: 'trailing' };
      else done(false);
      return true;
    }
    if (marker === closer) {
      // Where the markup's closer is the call's own close (GLM), nothing was left open.
      if (callOpen && callClose !== undefined)
        sink.repair(`The call was not closed with ${callClose}`);
      endCall();
      done(true);
      return true;
    }
    return false;
  }

  /** Whether `name` may be called; when not, the markup was prose (before any call) or fails (after one). */
  function isCallName(name: string): boolean {
    if (TOOL_NAME.test(name) && (!options.knownToolsOnly || tools.has(name))) return true;
    if (calls === 0) status = 'not-a-call';
    else {
      sink.fail(`${quoted(name)} is not a tool name`);
      status = 'done';
    }
    return false;
  }

  /** Announces a call of `name`. */
  function startCall(name: string): void {
    unconfirmed = undefined;
    sink.start(name);
    calls++;
    callOpen = true;
    callSchema = tools.get(name)?.inputSchema as JsonSchema | undefined;
    parameters = 0;
    sink.input.openObject();
  }

  /** A parameter `key` of the open call, opened by `open`: its value's writer, typed by the call's schema. */
  function openParameter(key: string, open: string): OpenParameter {
    parameters++;
    return {
      value: createXmlParameterValueWriter(
        sink,
        key,
        propertySchema(callSchema, key),
        !syntax.inlineValues,
        syntax.nullIsText === true,
      ),
      open,
      close:
        valueCloses.get(open) ?? (typeof valueClose === 'string' ? valueClose : valueClose(key)),
      nestedOpen: `${keyOpen}${key}${syntax.keyClose}`,
    };
  }

  /**
   * Reads tag text (a name, key or attributes) from `at` into `current.tag`, up to one of `stops`.
   * Returns where the tag ends; or where the step ends, while no stop came yet (all of `chunk`
   * was read) or once the text grew too long to be a tag (the markup fails; with `proseIfTooLong`,
   * before any call, it was prose).
   */
  function readTag(
    chunk: string,
    at: number,
    current: { tag: string },
    stops: readonly string[],
    proseIfTooLong = false,
  ): TagEnd | number {
    for (let i = at; i < chunk.length; i++) {
      current.tag += chunk[i];
      const stop = stops.find((candidate) => current.tag.endsWith(candidate));
      if (stop !== undefined) return { text: current.tag.slice(0, -stop.length), stop, end: i + 1 };
      if (current.tag.length <= MAX_TAG_TEXT) continue;
      if (proseIfTooLong && calls === 0) {
        status = 'not-a-call';
        return i + 1;
      }
      return failBecause(at, 'A tag of the call is too long to be one');
    }
    return chunk.length;
  }

  /** Between calls: whitespace, then the next call's name or a close of the markup. */
  function readBetween(chunk: string, at: number): number {
    let stray: string | undefined;
    const hit = betweenSeeker.seek(chunk, at, (skipped) => {
      if (skipped.trim() !== '') stray = skipped;
    });
    if (stray !== undefined) {
      // An opener not followed by a call is prose; text after a call breaks the markup. The
      // prose is left unread, so that a call after it is found whatever the chunking.
      if (calls > 0) return failBecause(at, `Unexpected text between calls: ${quoted(stray)}`);
      status = 'not-a-call';
      return at;
    }
    if (hit === undefined) return chunk.length;
    if (!takeClose(hit.marker)) phase = { kind: 'name', tag: '' };
    return hit.end;
  }

  /** A call's name, up to its end: the call starts when it names a tool. */
  function readName(chunk: string, at: number, current: PhaseOf<'name'>): number {
    // After a weak opener, text that never ends as a name is prose (`<invoke name="` in a sentence).
    const read = readTag(chunk, at, current, nameStops, options.knownToolsOnly);
    if (typeof read === 'number') return read;
    const name = decodeText(read.text.trim());
    if (!isCallName(name)) return read.end;
    // A tag that ends the name (GLM's `<arg_key>`, the closer) is the next tag. It may have
    // begun in an earlier chunk, so it is taken as read rather than read again.
    const tagRead = read.stop.startsWith('<');
    if (options.knownToolsOnly && !tagRead && nameTail === undefined) {
      unconfirmed = { name, next: '' };
      phase = PARAMS;
      return read.end;
    }
    startCall(name);
    if (nameTail !== undefined) {
      phase = { kind: 'nameTail', tag: '' };
      return read.end;
    }
    if (tagRead && takeClose(read.stop)) return read.end;
    phase =
      tagRead && valueCloses.has(read.stop) ? { kind: 'key', tag: '', open: read.stop } : PARAMS;
    return read.end;
  }

  /** The rest of a call's opening tag after its name (Kimi K3's ` index="1"<|sep|>`), skipped. */
  function readNameTail(chunk: string, at: number, current: PhaseOf<'nameTail'>): number {
    const read = readTag(chunk, at, current, nameTailStops);
    if (typeof read === 'number') return read;
    phase = PARAMS;
    return read.end;
  }

  /**
   * In a call: whitespace, then the next parameter's key, a JSON body, or a close. Other text
   * fails the call: it is no argument the model wrote, and the call never runs without it.
   * After the name of a call not yet confirmed, it shows the markup was prose.
   */
  function readParams(chunk: string, at: number): number {
    if (unconfirmed !== undefined) return readConfirmation(chunk, at, unconfirmed);
    let stray: string | undefined;
    const hit = paramsSeeker.seek(chunk, at, (skipped) => {
      if (stray === undefined && skipped.trim() !== '') stray = skipped;
    });
    // The rest of the markup, up to its closer, is the failed call's raw text.
    if (stray !== undefined)
      return failBecause(at, `Unexpected text in a call: ${quoted(stray.trim())}`);
    if (hit === undefined) return chunk.length;
    return takeParamsMarker(hit.marker, at, hit.end);
  }

  /**
   * After the name of a call not yet confirmed: whitespace, then one of the markers a call goes on
   * with, which announces it; anything else shows the markup was prose (or, after a call, breaks
   * it). Reads no further than that marker, so prose costs no more than its first characters.
   */
  function readConfirmation(chunk: string, at: number, pending: Unconfirmed): number {
    for (let i = at; i < chunk.length; i++) {
      const char = chunk.charAt(i);
      if (pending.next === '' && char.trim() === '') continue;
      pending.next += char;
      const marker = paramsMarkers.find((candidate) => candidate === pending.next);
      if (marker !== undefined) {
        startCall(pending.name);
        return takeParamsMarker(marker, at, i + 1);
      }
      if (paramsMarkers.some((candidate) => candidate.startsWith(pending.next))) continue;
      if (calls > 0) {
        return failBecause(at, `Unexpected text in a call: ${quoted(pending.next)}`);
      }
      // Prose: what follows is the engine's to read again as text.
      status = 'not-a-call';
      return i;
    }
    return chunk.length;
  }

  /** In a call, `marker` was read (up to `end`): a parameter's key, a JSON body, or a close. */
  function takeParamsMarker(marker: string, at: number, end: number): number {
    if (marker === jsonArguments?.open && !valueCloses.has(marker)) {
      if (parameters > 0) return failBecause(at, 'A call holds both parameters and a JSON body');
      const raw = marker === '{' ? ['{'] : [];
      phase = {
        kind: 'json',
        seeker: seekerOf(jsonClose === undefined ? [] : [jsonClose]),
        raw,
      };
      return end;
    }
    if (!takeClose(marker)) phase = { kind: 'key', tag: '', open: marker };
    return end;
  }

  /** A parameter's key: its attributes and value follow; a closing tag here is a stray (a repair). */
  function readKey(chunk: string, at: number, current: PhaseOf<'key'>): number {
    const read = readTag(chunk, at, current, keyStops);
    if (typeof read === 'number') return read;
    const key = decodeText(read.text.trim());
    if (key === '') return failBecause(at, 'A parameter has no name');
    if (key.startsWith('/')) {
      // A closing tag where a parameter was expected (MiniMax M3's `</other>`): it closes nothing left open.
      sink.repair(`A stray closing tag was ignored: <${key.slice(0, 40)}>`);
      phase = PARAMS;
      return read.end;
    }
    phase = { kind: 'attributes', tag: '', parameter: openParameter(key, current.open) };
    return read.end;
  }

  /** The attributes after a key, up to the value's open; they may say how to read the value. */
  function readAttributes(chunk: string, at: number, current: PhaseOf<'attributes'>): number {
    // Without a tag that opens it, the value starts with its first character.
    if (syntax.valueOpen === '') return startValue(current.parameter, undefined, at);
    const read = readTag(chunk, at, current, valueOpenStops);
    if (typeof read === 'number') return read;
    if (read.stop !== syntax.valueOpen) {
      // The call or its markup closed where a value should open: the call fails, and the text
      // after the close is the engine's again.
      if (read.stop === closer) closerRead = true;
      return failBecause(read.end, 'A parameter has no value');
    }
    return startValue(current.parameter, syntax.valueIsString?.(read.text), read.end);
  }

  /** The value of `parameter` starts at `at`, as text (`isString`), JSON, or as the schema says. */
  function startValue(parameter: OpenParameter, isString: boolean | undefined, at: number): number {
    parameter.value.begin(isString);
    const seeker =
      sharedValueSeekers.get(parameter.open) ?? valueSeekerOf(parameter.close, parameter.open);
    phase = { kind: 'value', parameter, seeker };
    return at;
  }

  /** A value, written as it comes up to its close; the next key or a close of the call or markup also ends it (a repair). */
  function readValue(chunk: string, at: number, current: PhaseOf<'value'>): number {
    const { parameter } = current;
    const hit = current.seeker.seek(chunk, at, (piece) => parameter.value.text(piece));
    if (hit === undefined) return chunk.length;
    if (hit.marker === CDATA_OPEN) {
      // Only a section that opens the value holds it; one in the middle is text the model quoted.
      if (parameter.value.blank)
        phase = { kind: 'cdata', value: current, seeker: createMarkerSeeker([']]>']) };
      else parameter.value.text(hit.marker);
      return hit.end;
    }
    if (hit.marker === keyOpen && syntax.nestedValue && parameter.value.blank) {
      // The value opens with a tag: nested markup, read whole. The tag's start is read again,
      // since it may open a tag of the value's own name.
      const raw: string[] = [];
      const seeker = seekerOf([parameter.nestedOpen, parameter.close]);
      seeker.seek(hit.marker, 0, (piece) => raw.push(piece));
      phase = { kind: 'nested', parameter, seeker, raw, depth: 0, convert: syntax.nestedValue };
      return hit.end;
    }
    parameter.value.end();
    if (hit.marker === parameter.close) phase = PARAMS;
    else if (hit.marker === parameter.open) {
      sink.repair(`A value was not closed with ${parameter.close}`);
      phase = { kind: 'key', tag: '', open: hit.marker };
    } else takeClose(hit.marker);
    return hit.end;
  }

  /** A CDATA section's content, the value's text exactly; the value goes on after its `]]>`. */
  function readCdata(chunk: string, at: number, current: PhaseOf<'cdata'>): number {
    const { value } = current;
    const hit = current.seeker.seek(chunk, at, (piece) => value.parameter.value.exact(piece));
    if (hit === undefined) return chunk.length;
    phase = value;
    return hit.end;
  }

  /** A nested value's markup, up to its own close (same-named tags inside nest); then converted whole. */
  function readNested(chunk: string, at: number, current: PhaseOf<'nested'>): number {
    const { parameter, raw } = current;
    const hit = current.seeker.seek(chunk, at, (piece) => raw.push(piece));
    if (hit === undefined) return chunk.length;
    if (
      hit.marker === parameter.nestedOpen ||
      (hit.marker === parameter.close && current.depth > 0)
    ) {
      current.depth += hit.marker === parameter.nestedOpen ? 1 : -1;
      raw.push(hit.marker);
      return hit.end;
    }
    if (hit.marker !== parameter.close)
      sink.repair(`A value was not closed with ${parameter.close}`);
    let converted: unknown;
    try {
      converted = current.convert(raw.join(''), parameter.value.schema);
    } catch (error) {
      // Markup the format cannot read (an element left open): the call cannot run.
      return fail(at, error);
    }
    parameter.value.whole(converted);
    if (hit.marker === parameter.close) phase = PARAMS;
    else takeClose(hit.marker);
    return hit.end;
  }

  /** A call's JSON body, up to its close (or a close of the call or markup); then written as its arguments. */
  function readJson(chunk: string, at: number, current: PhaseOf<'json'>): number {
    const hit = current.seeker.seek(chunk, at, (piece) => current.raw.push(piece));
    if (hit === undefined) return chunk.length;
    let input: Record<string, unknown>;
    try {
      const body = argumentsObject(parseJson(current.raw.join('').trim()));
      input = coerceBySchema(body, callSchema) as Record<string, unknown>;
    } catch (error) {
      // A body that is no JSON object: the call cannot run.
      return fail(at, error);
    }
    for (const [key, item] of Object.entries(input)) {
      sink.input.key(key);
      sink.input.value(item);
    }
    parameters++;
    if (hit.marker === jsonClose) phase = PARAMS;
    else takeClose(hit.marker);
    return hit.end;
  }

  /** After a single call: whitespace is the markup's; what follows (the wrapper's closer, text) is the engine's. */
  function readTrailing(chunk: string, at: number): number {
    const end = chunk.length - chunk.slice(at).trimStart().length;
    if (end < chunk.length) done(false);
    return end;
  }

  /** How each phase reads its text. */
  const readers: {
    [Kind in Phase['kind']]: (chunk: string, at: number, current: PhaseOf<Kind>) => number;
  } = {
    between: readBetween,
    name: readName,
    nameTail: readNameTail,
    params: readParams,
    key: readKey,
    attributes: readAttributes,
    value: readValue,
    cdata: readCdata,
    nested: readNested,
    json: readJson,
    trailing: readTrailing,
  };

  /** Reads `chunk` from `at` in the current phase; returns where it stopped. */
  function step(chunk: string, at: number): number {
    // The reader of the phase's kind takes that phase.
    const read = readers[phase.kind] as (chunk: string, at: number, current: Phase) => number;
    return read(chunk, at, phase);
  }

  /**
   * The output ended in the markup: a call cut off after its name (in its opening tag or a
   * parameter) fails, one cut off between parameters is complete, and a name never ended was prose.
   */
  function end(): void {
    // A call's name that nothing but whitespace followed: the output ended it, as a close would.
    if (unconfirmed?.next === '') startCall(unconfirmed.name);
    else if (unconfirmed !== undefined && calls === 0) {
      // Cut off in what could have been the next tag: prose, as nothing confirmed the call.
      status = 'not-a-call';
      return;
    }
    switch (phase.kind) {
      case 'between':
      case 'params':
      case 'trailing':
        // An opener with no call after it was prose.
        if (calls === 0) status = 'not-a-call';
        else {
          if (callOpen) sink.repair('The call was not closed');
          endCall();
          status = 'done';
        }
        return;
      case 'name':
        status = 'not-a-call';
        return;
      case 'nameTail':
        sink.fail('The call was cut off in its opening tag');
        status = 'done';
        return;
      case 'key':
      case 'attributes':
      case 'value':
      case 'cdata':
      case 'nested':
      case 'json':
        // Cut off inside a parameter: the call does not run.
        sink.fail('The call was cut off inside a parameter');
        status = 'done';
        return;
    }
  }

  return steppedDecoder({
    step,
    end,
    status: () => status,
    closer: () => (closerRead ? undefined : closer),
  });
}
