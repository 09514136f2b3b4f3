import { createJsonScanner, type JsonScanner } from '@toolbridge/rjson';
import { JSON_CALL_KEYS } from '../json-call-keys';
import type { ToolsByName } from './call-grammar';

// The keys the JSON decoders read: a call under any of them is one the model meant.
const NAME_KEYS = new Set(JSON_CALL_KEYS.name);
const ARGUMENT_KEYS = new Set(JSON_CALL_KEYS.arguments);

/** Watches prose for calls of known tools in a shape the protocol does not read. */
export interface NearMissWatcher {
  /** Reads the next piece of prose. */
  read(text: string): void;
  /** The prose was interrupted (by a call or other markup): an object in progress is not one. */
  interrupt(): void;
}

/**
 * Watches prose for JSON objects shaped like a call of a known tool (`{"name": "get_weather",
 * "arguments": {…}}`, bare or in a fence) that the protocol does not read, so that they can be
 * reported as near misses. It only reads what is emitted as text, once, and never holds it back.
 */
export function createNearMissWatcher(
  tools: ToolsByName,
  report: (rawText: string, toolName: string) => void,
): NearMissWatcher {
  // The object being probed, from its `{` (one at a time): its scanner notes a name and
  // arguments at its top level. Kept in local variables, which a minifier shortens.
  let scanner: JsonScanner | undefined;
  /** What the scanner read. */
  let seen: string[] = [];
  let toolName: string | undefined;
  let hasArguments = false;
  let depth = 0;
  /** The last key at the top level. */
  let key: string | undefined;
  let nameParts: string[] | undefined;

  const atArguments = () => depth === 1 && key !== undefined && ARGUMENT_KEYS.has(key);
  const enter = () => {
    if (atArguments()) hasArguments = true;
    depth++;
  };
  const leave = () => {
    depth--;
  };
  const probe = () => {
    seen = [];
    toolName = key = nameParts = undefined;
    hasArguments = false;
    depth = 0;
    return createJsonScanner({
      objectStart: enter,
      arrayStart: enter,
      objectEnd: leave,
      arrayEnd: leave,
      key: (name) => {
        if (depth === 1) key = name;
      },
      stringStart: () => {
        if (depth === 1 && key !== undefined && NAME_KEYS.has(key) && toolName === undefined)
          nameParts = [];
        if (atArguments()) hasArguments = true;
      },
      stringChunk: (text) => nameParts?.push(text),
      stringEnd: () => {
        if (nameParts !== undefined) toolName = nameParts.join('');
        nameParts = undefined;
      },
      primitive: () => {
        if (atArguments()) hasArguments = true;
      },
    });
  };

  /** Feeds `current` from `from`; returns where reading goes on. */
  function feed(current: JsonScanner, text: string, from: number): number {
    const before = current.offset;
    let consumed: number;
    try {
      consumed = current.write(from === 0 ? text : text.slice(from));
    } catch {
      scanner = undefined;
      // Reading resumes at the character that broke the object: it may open the next one.
      return Math.max(from + 1, Math.min(text.length, from + current.offset - before));
    }
    seen.push(text.slice(from, from + consumed));
    if (!current.done) return text.length;
    scanner = undefined;
    if (toolName !== undefined && hasArguments && tools.has(toolName)) {
      report(seen.join(''), toolName);
    }
    return from + consumed;
  }

  return {
    read(text) {
      if (tools.size === 0) return;
      let from = 0;
      while (from < text.length) {
        if (scanner === undefined) {
          const brace = text.indexOf('{', from);
          if (brace === -1) return;
          scanner = probe();
          from = brace;
        }
        from = feed(scanner, text, from);
      }
    },
    interrupt() {
      scanner = undefined;
    },
  };
}
