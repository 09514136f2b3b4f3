import { scanJson as parseJson } from '@toolbridge/rjson';
import { coerceBySchema, isStringSchema, type JsonSchema, schemaTypes } from '@toolbridge/rxml';
import type { CallSink } from '../engine/call-grammar';
import { endsWithHighSurrogate } from './high-surrogate';

/**
 * Writes the value of one parameter of an XML-parameter call, read as raw text: streamed as a
 * JSON string as it arrives when the schema wants a string, or converted once complete (`null`,
 * numbers, booleans, JSON or Python-literal objects and lists). Call `begin`, then `text` for
 * each piece, then `end`; or `whole` for a value converted elsewhere.
 */
export interface XmlParameterValueWriter {
  readonly schema: JsonSchema | undefined;
  /** Nothing but whitespace was read, and nothing was written for it. */
  readonly blank: boolean;
  /** The whole value at once (a nested value, converted). */
  whole(converted: unknown): void;
  /** The value starts: its key is written; `isString` overrides the schema (DSML's `string` attribute). */
  begin(isString: boolean | undefined): void;
  /** A piece of the value's text, as the model wrote it. */
  text(piece: string): void;
  /** A piece of text meant exactly (a CDATA section's content): no newline trimmed, `null` is text. */
  exact(piece: string): void;
  /** The value is complete: a streamed string ends, any other value is converted and written. */
  end(): void;
}

/**
 * The writer of the value of `key`, typed by `schema`; `trim`: one newline is trimmed at each
 * end; `nullIsText`: a string value `null` is text.
 */
export function createXmlParameterValueWriter(
  sink: CallSink,
  key: string,
  schema: JsonSchema | undefined,
  trim = true,
  nullIsText = false,
): XmlParameterValueWriter {
  let streaming = false;
  /** The value is raw text whatever it says (`null` included). */
  let textOnly = false;
  /** The value is text (DSML `string="true"`, any MiniMax-M3 value): only the schema's type converts it. */
  let explicitText = false;
  /** The value is JSON text (DSML `string="false"`), read as JSON before the schema types it. */
  let json = false;
  let leading = true;
  /** Text held while the value may still be the literal `null` (then no string starts). */
  let maybeNull: string | undefined = '';
  let heldTail = '';
  const raw: string[] = [];

  /** Writes string text, held while the value may still be `null`; the string opens once it cannot be. */
  function write(text: string, final = false): void {
    if (maybeNull !== undefined) {
      const pending = maybeNull + text;
      if (
        !final &&
        !textOnly &&
        'null'.startsWith(pending.trim().toLowerCase()) &&
        pending.length <= 8
      ) {
        maybeNull = pending;
        return;
      }
      maybeNull = undefined;
      sink.input.stringStart();
      text = pending;
    }
    if (text.length > 0) sink.input.stringChunk(text);
  }

  /** Writes a piece of the value: held whole when it is converted once complete, else streamed. */
  function stream(piece: string, trimming: boolean): void {
    if (!streaming) {
      raw.push(piece);
      return;
    }
    let text = heldTail + piece;
    heldTail = '';
    if (leading && text.length > 0) {
      if (trimming && text[0] === '\n') text = text.slice(1);
      leading = false;
    }
    // Held back: a trailing newline (it may be the one to remove) and a lone high surrogate.
    const keep = (trimming && text.endsWith('\n')) || endsWithHighSurrogate(text) ? 1 : 0;
    heldTail = text.slice(text.length - keep);
    write(text.slice(0, text.length - keep));
  }

  return {
    schema,

    get blank() {
      return streaming
        ? maybeNull !== undefined && maybeNull.trim() === '' && heldTail.trim() === ''
        : raw.every((piece) => piece.trim() === '');
    },

    whole(converted) {
      sink.input.value(converted);
    },

    begin(isString) {
      // A parameter the schema does not declare is text, as the model wrote it. Text the format
      // marks as text still takes the schema's type when that is not a string (a lone item, a number).
      streaming = isString !== false && (schema === undefined || isStringSchema(schema));
      textOnly = isString === true || nullIsText;
      explicitText = isString === true || nullIsText;
      json = isString === false;
      sink.input.key(key);
    },

    text(piece) {
      stream(piece, trim);
    },

    exact(piece) {
      textOnly = true;
      leading = false;
      stream(piece, false);
    },

    end() {
      if (!streaming) {
        const joined = raw.join('');
        const text = trim ? trimOneNewline(joined) : joined;
        sink.input.value(
          json
            ? convertJson(text, schema)
            : explicitText
              ? coerceBySchema(text, schema)
              : convertRaw(text, schema),
        );
        return;
      }
      if (!trim || heldTail !== '\n') write(heldTail);
      // The reference parsers read `null` as null whatever the declared type.
      if (!textOnly && maybeNull !== undefined && maybeNull.trim().toLowerCase() === 'null') {
        sink.input.value(null);
        return;
      }
      write('', true);
      sink.input.stringEnd();
    },
  };
}

/** `text` without one leading and one trailing newline (Qwen3-Coder puts values on lines of their own). */
function trimOneNewline(text: string): string {
  const start = text.startsWith('\n') ? 1 : 0;
  const end = text.endsWith('\n') && text.length > start ? text.length - 1 : text.length;
  return text.slice(start, end);
}

/** A value written as JSON text (DSML `string="false"`), typed by the schema; text that is no JSON is read as raw text. */
function convertJson(text: string, schema: JsonSchema | undefined): unknown {
  let parsed: unknown;
  try {
    parsed = parseJson(text.trim());
  } catch {
    return convertRaw(text, schema);
  }
  return coerceBySchema(parsed, schema);
}

/** A raw value as the schema types it: `null`, numbers and booleans as declared, objects and lists as JSON or Python literals. */
function convertRaw(text: string, schema: JsonSchema | undefined): unknown {
  const trimmed = text.trim();
  if (trimmed.toLowerCase() === 'null' || trimmed === 'None') return null;
  const types = schemaTypes(schema);
  if (types.has('object') || types.has('array') || (schema !== undefined && types.size === 0)) {
    try {
      return coerceBySchema(parseJson(trimmed), schema);
    } catch {
      return coerceBySchema(text, schema);
    }
  }
  return coerceBySchema(trimmed, schema);
}
