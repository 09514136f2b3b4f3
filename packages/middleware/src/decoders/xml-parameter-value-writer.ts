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
export class XmlParameterValueWriter {
  private streaming = false;
  /** The value is raw text whatever it says (`null` included). */
  private textOnly = false;
  /** The value is text (DSML `string="true"`, any MiniMax-M3 value): only the schema's type converts it. */
  private explicitText = false;
  /** The value is JSON text (DSML `string="false"`), read as JSON before the schema types it. */
  private json = false;
  private leading = true;
  /** Text held while the value may still be the literal `null` (then no string starts). */
  private maybeNull: string | undefined = '';
  private heldTail = '';
  private readonly raw: string[] = [];

  constructor(
    private readonly sink: CallSink,
    private readonly key: string,
    readonly schema: JsonSchema | undefined,
    /** One newline is trimmed at each end. */
    private readonly trim = true,
    /** A string value `null` is text. */
    private readonly nullIsText = false,
  ) {}

  /** Nothing but whitespace was read, and nothing was written for it. */
  get blank(): boolean {
    return this.streaming
      ? this.maybeNull !== undefined && this.maybeNull.trim() === '' && this.heldTail.trim() === ''
      : this.raw.every((piece) => piece.trim() === '');
  }

  /** The whole value at once (a nested value, converted). */
  whole(converted: unknown): void {
    this.sink.input.value(converted);
  }

  /** The value starts: its key is written; `isString` overrides the schema (DSML's `string` attribute). */
  begin(isString: boolean | undefined): void {
    // A parameter the schema does not declare is text, as the model wrote it. Text the format
    // marks as text still takes the schema's type when that is not a string (a lone item, a number).
    this.streaming =
      isString !== false && (this.schema === undefined || isStringSchema(this.schema));
    this.textOnly = isString === true || this.nullIsText;
    this.explicitText = isString === true || this.nullIsText;
    this.json = isString === false;
    this.sink.input.key(this.key);
  }

  /** A piece of the value's text, as the model wrote it. */
  text(piece: string): void {
    if (!this.streaming) {
      this.raw.push(piece);
      return;
    }
    let text = this.heldTail + piece;
    this.heldTail = '';
    if (this.leading && text.length > 0) {
      if (this.trim && text[0] === '\n') text = text.slice(1);
      this.leading = false;
    }
    // Held back: a trailing newline (it may be the one to remove) and a lone high surrogate.
    const keep = (this.trim && text.endsWith('\n')) || endsWithHighSurrogate(text) ? 1 : 0;
    this.heldTail = text.slice(text.length - keep);
    this.write(text.slice(0, text.length - keep));
  }

  /** The value is complete: a streamed string ends, any other value is converted and written. */
  end(): void {
    if (!this.streaming) {
      const joined = this.raw.join('');
      const text = this.trim ? trimOneNewline(joined) : joined;
      this.sink.input.value(
        this.json
          ? convertJson(text, this.schema)
          : this.explicitText
            ? coerceBySchema(text, this.schema)
            : convertRaw(text, this.schema),
      );
      return;
    }
    if (!this.trim || this.heldTail !== '\n') this.write(this.heldTail);
    // The reference parsers read `null` as null whatever the declared type.
    if (
      !this.textOnly &&
      this.maybeNull !== undefined &&
      this.maybeNull.trim().toLowerCase() === 'null'
    ) {
      this.sink.input.value(null);
      return;
    }
    this.write('', true);
    this.sink.input.stringEnd();
  }

  /** Writes string text, held while the value may still be `null`; the string opens once it cannot be. */
  private write(text: string, final = false): void {
    if (this.maybeNull !== undefined) {
      const pending = this.maybeNull + text;
      if (
        !final &&
        !this.textOnly &&
        'null'.startsWith(pending.trim().toLowerCase()) &&
        pending.length <= 8
      ) {
        this.maybeNull = pending;
        return;
      }
      this.maybeNull = undefined;
      this.sink.input.stringStart();
      text = pending;
    }
    if (text.length > 0) this.sink.input.stringChunk(text);
  }
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
