import { parse as parseJson } from '@toolbridge/rjson';
import { coerceBySchema, type JsonSchema, propertySchema } from '@toolbridge/rxml';
import type { CallDecoder, CallSink, CallStatus, ToolsByName } from '../engine/call-grammar';
import { MarkerSeeker } from '../engine/marker-seeker';
import { argumentsObject } from './json-arguments-reader';
import { steppedDecoder } from './stepped-decoder';
import { XmlParameterValueWriter } from './xml-parameter-value-writer';

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
  /** Only known tools are calls; anything else is prose (a weak opener such as a bare `<function=`). */
  knownToolsOnly?: boolean;
}

/** Longest name, key or attribute text read before the markup counts as prose. */
const MAX_TAG_TEXT = 256;

type Phase =
  | 'between'
  | 'name'
  | 'nameTail'
  | 'params'
  | 'key'
  | 'attributes'
  | 'value'
  | 'nested'
  | 'json'
  | 'trailing';

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
  const ends = (extra: readonly string[]) =>
    new MarkerSeeker([
      ...extra,
      ...(syntax.callClose ? [syntax.callClose] : []),
      ...(closer ? [closer] : []),
    ]);
  const betweenSeeker = ends(syntax.nameOpen === '' ? [] : [syntax.nameOpen]);
  const paramsSeeker = ends([
    syntax.keyOpen,
    ...(syntax.jsonArguments ? [syntax.jsonArguments.open] : []),
  ]);
  const fixedValueClose = typeof syntax.valueClose === 'string' ? syntax.valueClose : undefined;
  const sharedValueSeeker =
    fixedValueClose === undefined ? undefined : ends([fixedValueClose, syntax.keyOpen]);
  const decodeText = syntax.unescape ?? ((raw: string) => raw);

  let phase: Phase = syntax.nameOpen === '' ? 'name' : 'between';
  let status: CallStatus = 'open';
  let closerRead = false;
  let calls = 0;
  let inCall = false;
  let text = '';
  let schema: JsonSchema | undefined;
  let value: XmlParameterValueWriter | undefined;
  /** The current value's close, and the seeker that finds it. */
  let valueClose = '';
  let valueSeeker: MarkerSeeker | undefined;
  /** Parameters read in the current call. */
  let parameters = 0;
  /** Raw text of a nested value or a JSON body, and the nesting of a nested value. */
  let raw: string[] = [];
  let depth = 0;
  let nestedOpen = '';

  function finishCall(): void {
    if (!inCall) return;
    sink.input.close();
    sink.endCall();
    inCall = false;
  }

  function done(readCloser: boolean): void {
    closerRead = readCloser;
    status = calls > 0 ? 'done' : 'malformed';
    if (calls === 0) sink.fail('The markup holds no call');
  }

  /** Handles a closing marker met outside a value; returns false when it was none. */
  function closing(marker: string): boolean {
    if (marker === syntax.callClose) {
      finishCall();
      if (!options.single) phase = 'between';
      // The wrapper's closer may follow after whitespace, when only its opener was left out.
      else if (closer !== undefined) phase = 'trailing';
      else done(false);
      return true;
    }
    if (marker === closer) {
      // Where the markup's closer is the call's own close (GLM), nothing was left open.
      if (inCall && syntax.callClose !== undefined)
        sink.repair(`The call was not closed with ${syntax.callClose}`);
      finishCall();
      done(true);
      return true;
    }
    return false;
  }

  function startCall(name: string): void {
    if (!/^[A-Za-z_][\w.:-]*$/u.test(name) || (options.knownToolsOnly && !tools.has(name))) {
      if (calls === 0) status = 'not-a-call';
      else {
        sink.fail(`${JSON.stringify(name.slice(0, 40))} is not a tool name`);
        status = 'done';
      }
      return;
    }
    sink.start(name);
    calls++;
    inCall = true;
    schema = tools.get(name)?.inputSchema as JsonSchema | undefined;
    sink.input.openObject();
    parameters = 0;
    phase = syntax.nameTail === undefined ? 'params' : 'nameTail';
  }

  function startValue(key: string): void {
    value = new XmlParameterValueWriter(
      sink,
      key,
      propertySchema(schema, key),
      !syntax.inlineValues,
      syntax.nullIsText === true,
    );
    parameters++;
    valueClose = fixedValueClose ?? (syntax.valueClose as (key: string) => string)(key);
    valueSeeker = sharedValueSeeker ?? ends([valueClose, syntax.keyOpen]);
    nestedOpen = `${syntax.keyOpen}${key}${syntax.keyClose}`;
  }

  /** Writes the JSON body of a call as its arguments. */
  function writeJsonArguments(body: string): void {
    const input = coerceBySchema(argumentsObject(parseJson(body.trim())), schema) as Record<
      string,
      unknown
    >;
    for (const [key, item] of Object.entries(input)) {
      sink.input.key(key);
      sink.input.value(item);
    }
  }

  /** Reads tag text (a name, key or attributes) up to one of `stops`; returns the index after it, or -1. */
  function readTag(
    chunk: string,
    from: number,
    stops: readonly string[],
  ): { end: number; stop: string } | -1 {
    for (let i = from; i < chunk.length; i++) {
      text += chunk[i];
      const stop = stops.find((candidate) => text.endsWith(candidate));
      if (stop !== undefined) {
        text = text.slice(0, -stop.length);
        return { end: i + 1, stop };
      }
      if (text.length > MAX_TAG_TEXT) throw new Error('A tag of the call is too long to be one');
    }
    return -1;
  }

  function step(chunk: string, i: number): number {
    switch (phase) {
      case 'trailing': {
        let at = i;
        while (at < chunk.length && chunk[at]!.trim() === '') at++;
        // What follows is the engine's to read: the wrapper's closer, or text.
        if (at < chunk.length) done(false);
        return at;
      }
      case 'between': {
        let prose = false;
        const hit = betweenSeeker.seek(chunk, i, (skipped) => {
          if (skipped.trim() === '') return;
          // An opener not followed by a call is prose; text after a call breaks the markup.
          if (calls === 0) prose = true;
          else
            throw new Error(
              `Unexpected text between calls: ${JSON.stringify(skipped.slice(0, 40))}`,
            );
        });
        if (prose) {
          status = 'not-a-call';
          return chunk.length;
        }
        if (hit === undefined) return chunk.length;
        if (!closing(hit.marker)) {
          text = '';
          phase = 'name';
        }
        return hit.end;
      }
      case 'name': {
        const read = readTag(chunk, i, [...syntax.nameClose, ...(closer ? [closer] : [])]);
        if (read === -1) return chunk.length;
        const name = decodeText(text.trim());
        text = '';
        startCall(name);
        if (status !== 'open') return read.end;
        // A tag that ends the name (GLM's `<arg_key>`, the closer) is the next tag. It may have
        // begun in an earlier chunk, so it is taken as read rather than read again.
        if (read.stop.startsWith('<') && (phase as Phase) === 'params' && !closing(read.stop)) {
          if (read.stop === syntax.keyOpen) {
            text = '';
            phase = 'key';
          }
        }
        return read.end;
      }
      case 'nameTail': {
        const read = readTag(chunk, i, [syntax.nameTail!]);
        if (read === -1) return chunk.length;
        text = '';
        phase = 'params';
        return read.end;
      }
      case 'params': {
        const hit = paramsSeeker.seek(chunk, i, (skipped) => {
          if (skipped.trim() !== '')
            sink.repair(
              `Text between parameters was ignored: ${JSON.stringify(skipped.slice(0, 40))}`,
            );
        });
        if (hit === undefined) return chunk.length;
        if (hit.marker === syntax.jsonArguments?.open && hit.marker !== syntax.keyOpen) {
          if (parameters > 0) throw new Error('A call holds both parameters and a JSON body');
          raw = hit.marker === '{' ? ['{'] : [];
          valueSeeker = undefined;
          phase = 'json';
          return hit.end;
        }
        if (!closing(hit.marker)) {
          text = '';
          phase = 'key';
        }
        return hit.end;
      }
      case 'key': {
        const read = readTag(chunk, i, [syntax.keyClose]);
        if (read === -1) return chunk.length;
        const key = decodeText(text.trim());
        text = '';
        if (key === '') throw new Error('A parameter has no name');
        if (key.startsWith('/')) {
          // A closing tag where a parameter was expected (MiniMax M3's `</other>`): it closes nothing left open.
          sink.repair(`A stray closing tag was ignored: <${key.slice(0, 40)}>`);
          phase = 'params';
          return read.end;
        }
        startValue(key);
        phase = syntax.valueOpen === '' ? 'value' : 'attributes';
        return read.end;
      }
      case 'attributes': {
        const read = readTag(chunk, i, [syntax.valueOpen]);
        if (read === -1) return chunk.length;
        value!.begin(syntax.valueIsString?.(text));
        text = '';
        phase = 'value';
        return read.end;
      }
      case 'value': {
        if (!value!.begun) value!.begin(undefined);
        const hit = valueSeeker!.seek(chunk, i, (piece) => value!.text(piece));
        if (hit === undefined) return chunk.length;
        if (hit.marker === syntax.keyOpen && syntax.nestedValue && value!.blank) {
          // The value opens with a tag: nested markup, read whole. The tag's start is read again,
          // since it may open a tag of the value's own name.
          raw = [];
          depth = 0;
          valueSeeker = ends([nestedOpen, valueClose]);
          valueSeeker.seek(hit.marker, 0, (piece) => raw.push(piece));
          phase = 'nested';
          return hit.end;
        }
        value!.end();
        value = undefined;
        if (hit.marker === valueClose) {
          phase = 'params';
          return hit.end;
        }
        if (hit.marker === syntax.keyOpen) {
          sink.repair(`A value was not closed with ${valueClose}`);
          text = '';
          phase = 'key';
          return hit.end;
        }
        closing(hit.marker);
        return hit.end;
      }
      case 'nested': {
        const hit = valueSeeker!.seek(chunk, i, (piece) => raw.push(piece));
        if (hit === undefined) return chunk.length;
        if (hit.marker === nestedOpen || (hit.marker === valueClose && depth > 0)) {
          depth += hit.marker === nestedOpen ? 1 : -1;
          raw.push(hit.marker);
          return hit.end;
        }
        if (hit.marker !== valueClose) sink.repair(`A value was not closed with ${valueClose}`);
        value!.whole(syntax.nestedValue!(raw.join(''), value!.schema));
        value = undefined;
        raw = [];
        if (hit.marker === valueClose) phase = 'params';
        else closing(hit.marker);
        return hit.end;
      }
      case 'json': {
        const close = syntax.jsonArguments!.close;
        if (valueSeeker === undefined) valueSeeker = ends(close === undefined ? [] : [close]);
        const hit = valueSeeker.seek(chunk, i, (piece) => raw.push(piece));
        if (hit === undefined) return chunk.length;
        valueSeeker = undefined;
        writeJsonArguments(raw.join(''));
        raw = [];
        parameters++;
        if (hit.marker === close) phase = 'params';
        else closing(hit.marker);
        return hit.end;
      }
    }
  }

  /** A step; what throws (a tag too long, JSON arguments that do not parse) fails the markup there. */
  function stepOrFail(chunk: string, i: number): number {
    try {
      return step(chunk, i);
    } catch (error) {
      sink.fail(error instanceof Error ? error.message : String(error), error);
      status = calls > 0 ? 'done' : 'malformed';
      return i;
    }
  }

  function end(): void {
    if (
      phase === 'value' ||
      phase === 'key' ||
      phase === 'attributes' ||
      phase === 'nested' ||
      phase === 'json'
    ) {
      // Cut off inside a parameter: the call does not run.
      sink.fail('The call was cut off inside a parameter');
      status = 'done';
      return;
    }
    if (phase === 'nameTail') {
      sink.fail('The call was cut off in its opening tag');
      status = 'done';
      return;
    }
    if (phase === 'name' || (phase === 'between' && calls === 0)) {
      status = 'not-a-call';
      return;
    }
    if (inCall) sink.repair('The call was not closed');
    finishCall();
    status = 'done';
  }

  return steppedDecoder({
    step: stepOrFail,
    end,
    status: () => status,
    closer: () => (closerRead ? undefined : closer),
  });
}
