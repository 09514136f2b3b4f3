import { type JsonScanHandler, JsonValueBuilder } from '@toolbridge/rjson';
import {
  coerceBySchema,
  itemSchema,
  type JsonSchema,
  propertySchema,
  schemaTypes,
} from '@toolbridge/rxml';
import type { JsonInputWriter } from '../engine/json-input-writer';

interface Container {
  schema: JsonSchema | undefined;
  isArray: boolean;
  items: number;
  key: string;
}

type StartEvent = 'objectStart' | 'arrayStart' | 'stringStart';
type BoundaryEvent = StartEvent | 'objectEnd' | 'arrayEnd' | 'stringEnd';

/**
 * Turns scanner events of a tool's arguments into canonical JSON on a writer, guided by the
 * tool's schema: values that already have a type the schema allows stream as they arrive
 * (strings piece by piece); numbers, booleans, and values the schema wants in another type
 * are collected and written once complete, after `coerceBySchema`.
 */
export function createJsonArgumentsStreamer(
  writer: JsonInputWriter,
  schema: JsonSchema | undefined,
): JsonScanHandler {
  const containers: Container[] = [];
  /** A value being collected for coercion, and how many of its levels are open (strings count). */
  let collecting:
    | { builder: JsonValueBuilder; schema: JsonSchema | undefined; depth: number }
    | undefined;

  /**
   * Starts a value: streamed when the schema allows its type (`open` writes its start and
   * says whether a container opened, and which kind), otherwise collected.
   */
  function start(
    event: StartEvent,
    kind: 'object' | 'array' | 'string',
    open: () => boolean | undefined,
  ): void {
    if (forward(event)) return;
    const valueSchema = nextSchema();
    const types = schemaTypes(valueSchema);
    if (types.size === 0 || types.has(kind)) {
      const isArray = open();
      if (isArray !== undefined)
        containers.push({ schema: valueSchema, isArray, items: 0, key: '' });
      return;
    }
    const builder = new JsonValueBuilder();
    builder[event]();
    collecting = { builder, schema: valueSchema, depth: 1 };
  }

  /** Passes an event to the value being collected; true if there was one. */
  function forward(event: BoundaryEvent): boolean {
    const current = collecting;
    if (current === undefined) return false;
    current.builder[event]();
    current.depth += event.endsWith('Start') ? 1 : -1;
    if (current.depth === 0) {
      collecting = undefined;
      writer.value(coerceBySchema(current.builder.value, current.schema));
      valueWritten();
    }
    return true;
  }

  function endContainer(): void {
    containers.pop();
    writer.close();
    valueWritten();
  }

  function valueWritten(): void {
    const container = containers.at(-1);
    if (container !== undefined) container.items++;
  }

  /** The schema of the value about to start. */
  function nextSchema(): JsonSchema | undefined {
    const container = containers.at(-1);
    if (container === undefined) return schema;
    return container.isArray
      ? itemSchema(container.schema, container.items)
      : propertySchema(container.schema, container.key);
  }

  return {
    objectStart() {
      start('objectStart', 'object', () => {
        writer.openObject();
        return false;
      });
    },
    arrayStart() {
      start('arrayStart', 'array', () => {
        writer.openArray();
        return true;
      });
    },
    stringStart() {
      start('stringStart', 'string', () => {
        writer.stringStart();
        return undefined;
      });
    },
    objectEnd() {
      if (!forward('objectEnd')) endContainer();
    },
    arrayEnd() {
      if (!forward('arrayEnd')) endContainer();
    },
    stringEnd() {
      if (forward('stringEnd')) return;
      writer.stringEnd();
      valueWritten();
    },
    key(key) {
      if (collecting !== undefined) collecting.builder.key(key);
      else {
        // A key comes inside an object, which streams as a container.
        const container = containers.at(-1);
        if (container !== undefined) container.key = key;
        writer.key(key);
      }
    },
    stringChunk(text) {
      if (collecting !== undefined) collecting.builder.stringChunk(text);
      else writer.stringChunk(text);
    },
    primitive(value) {
      if (collecting !== undefined) {
        collecting.builder.primitive(value);
        return;
      }
      writer.value(coerceBySchema(value, nextSchema()));
      valueWritten();
    },
  };
}
