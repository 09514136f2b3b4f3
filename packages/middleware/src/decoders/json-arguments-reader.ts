import { type JsonScanHandler, JsonValueBuilder, scanJson as parseJson } from '@toolbridge/rjson';
import { coerceBySchema, type JsonSchema } from '@toolbridge/rxml';
import type { JsonInputWriter } from '../engine/json-input-writer';
import { createJsonArgumentsStreamer } from './json-arguments-streamer';

/**
 * The arguments of a call as one complete value: an object, `null` or `""` for none, or a
 * JSON-encoded object in a string. Anything else (an array, a number, a string that spells no
 * object) is no input a tool can take.
 *
 * @throws {Error} when the value is not an object in one of those forms.
 */
export function argumentsObject(value: unknown): Record<string, unknown> {
  if (value === null || value === '') return {};
  const decoded = typeof value === 'string' ? parseJson(value) : value;
  if (typeof decoded !== 'object' || decoded === null || Array.isArray(decoded)) {
    throw new Error('The arguments are not an object');
  }
  return decoded as Record<string, unknown>;
}

/**
 * Reads a call's arguments value from scanner events into a writer: an object streams as
 * canonical JSON as it arrives (guided by the schema); a JSON-encoded string is collected and
 * written whole once complete; `null` is `{}`. Call `end` when the value is complete.
 *
 * @throws {Error} from the first event of a value that cannot be a tool's input.
 */
export class JsonArgumentsReader implements JsonScanHandler {
  /** Where the events go, once the first one told what the value is: a streamer of an object, or `encoded`. */
  private handler: JsonScanHandler | undefined;
  /** A JSON-encoded string being collected. */
  private encoded: JsonValueBuilder | undefined;

  constructor(
    private readonly writer: JsonInputWriter,
    private readonly schema: JsonSchema | undefined,
  ) {}

  objectStart(): void {
    this.handler ??= createJsonArgumentsStreamer(this.writer, this.schema);
    this.target().objectStart?.();
  }

  arrayStart(): void {
    this.target().arrayStart?.();
  }

  objectEnd(): void {
    this.target().objectEnd?.();
  }

  arrayEnd(): void {
    this.target().arrayEnd?.();
  }

  key(key: string): void {
    this.target().key?.(key);
  }

  stringStart(): void {
    if (this.handler === undefined) this.handler = this.encoded = new JsonValueBuilder();
    this.handler.stringStart?.();
  }

  stringChunk(text: string): void {
    this.target().stringChunk?.(text);
  }

  stringEnd(): void {
    this.target().stringEnd?.();
  }

  primitive(value: number | boolean | null): void {
    if (this.handler === undefined) this.writer.value(argumentsObject(value));
    else this.handler.primitive?.(value);
  }

  /** The value is complete: a JSON-encoded string is written now. */
  end(): void {
    if (this.encoded !== undefined) {
      this.writer.value(coerceBySchema(argumentsObject(this.encoded.value), this.schema));
    }
  }

  /** Where an event that cannot start the value goes: a list, a key or an end first is no object. */
  private target(): JsonScanHandler {
    if (this.handler === undefined) throw new Error('The arguments are not an object');
    return this.handler;
  }
}
