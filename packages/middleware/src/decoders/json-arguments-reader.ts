import {
  isJsonObject,
  type JsonScanHandler,
  JsonValueBuilder,
  scanJson as parseJson,
} from '@toolbridge/rjson';
import { coerceBySchema, type JsonSchema } from '@toolbridge/rxml';
import type { JsonInputWriter } from '../engine/json-input-writer';
import { createJsonArgumentsStreamer } from './json-arguments-streamer';

/** What a value that cannot be a tool's input throws. */
const notAnObject = () => new Error('The arguments are not an object');

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
  if (!isJsonObject(decoded)) throw notAnObject();
  return decoded;
}

/** A scanner handler of a call's arguments value; see {@link createJsonArgumentsReader}. */
export interface JsonArgumentsReader extends JsonScanHandler {
  /** The value is complete: a JSON-encoded string is written now. */
  end(): void;
}

/**
 * Reads a call's arguments value from scanner events into a writer: an object streams as
 * canonical JSON as it arrives (guided by the schema); a JSON-encoded string is collected and
 * written whole once complete; `null` is `{}`. Call `end` when the value is complete.
 *
 * @throws {Error} from the first event of a value that cannot be a tool's input.
 */
export function createJsonArgumentsReader(
  writer: JsonInputWriter,
  schema: JsonSchema | undefined,
): JsonArgumentsReader {
  /** Where the events go, once the first one told what the value is: a streamer of an object, or `encoded`. */
  let handler: JsonScanHandler | undefined;
  /** A JSON-encoded string being collected. */
  let encoded: JsonValueBuilder | undefined;

  /** Where an event that cannot start the value goes: a list, a key or an end first is no object. */
  function target(): JsonScanHandler {
    if (handler === undefined) throw notAnObject();
    return handler;
  }

  return {
    objectStart() {
      handler ??= createJsonArgumentsStreamer(writer, schema);
      handler.objectStart?.();
    },
    arrayStart: () => target().arrayStart?.(),
    objectEnd: () => target().objectEnd?.(),
    arrayEnd: () => target().arrayEnd?.(),
    key: (key) => target().key?.(key),
    stringStart() {
      handler ??= encoded = new JsonValueBuilder();
      handler.stringStart?.();
    },
    stringChunk: (text) => target().stringChunk?.(text),
    stringEnd: () => target().stringEnd?.(),
    primitive(value) {
      if (handler === undefined) writer.value(argumentsObject(value));
      else handler.primitive?.(value);
    },
    end() {
      if (encoded !== undefined) {
        writer.value(coerceBySchema(argumentsObject(encoded.value), schema));
      }
    },
  };
}
