import { createJsonScanner, type JsonScanner } from '@toolbridge/rjson';
import type { ToolsByName } from './call-grammar';

const NAME_KEYS = new Set(['name', 'tool', 'tool_name']);
const ARGUMENT_KEYS = new Set(['arguments', 'parameters', 'args', 'input']);

interface Probe {
  scanner: JsonScanner;
  /** What the scanner read. */
  text: string[];
  toolName: string | undefined;
  hasArguments: boolean;
}

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
  let probe: Probe | undefined;

  /** Feeds `current` from `from`; returns where reading goes on. */
  function feed(current: Probe, text: string, from: number): number {
    const before = current.scanner.offset;
    let consumed: number;
    try {
      consumed = current.scanner.write(from === 0 ? text : text.slice(from));
    } catch {
      probe = undefined;
      // Reading resumes at the character that broke the object: it may open the next one.
      return Math.max(from + 1, Math.min(text.length, from + current.scanner.offset - before));
    }
    current.text.push(text.slice(from, from + consumed));
    if (!current.scanner.done) return text.length;
    probe = undefined;
    if (current.toolName !== undefined && current.hasArguments && tools.has(current.toolName)) {
      report(current.text.join(''), current.toolName);
    }
    return from + consumed;
  }

  return {
    read(text) {
      if (tools.size === 0) return;
      let from = 0;
      while (from < text.length) {
        if (probe === undefined) {
          const brace = text.indexOf('{', from);
          if (brace === -1) return;
          probe = createProbe();
          from = brace;
        }
        from = feed(probe, text, from);
      }
    },
    interrupt() {
      probe = undefined;
    },
  };
}

/** A probe of one object, from its `{`: its scanner notes a name and arguments at its top level. */
function createProbe(): Probe {
  let depth = 0;
  /** The last key at the top level. */
  let key: string | undefined;
  let nameParts: string[] | undefined;
  const atArguments = () => depth === 1 && key !== undefined && ARGUMENT_KEYS.has(key);
  const enter = () => {
    if (atArguments()) probe.hasArguments = true;
    depth++;
  };
  const leave = () => {
    depth--;
  };
  const probe: Probe = {
    scanner: createJsonScanner({
      objectStart: enter,
      arrayStart: enter,
      objectEnd: leave,
      arrayEnd: leave,
      key: (name) => {
        if (depth === 1) key = name;
      },
      stringStart: () => {
        if (depth === 1 && key !== undefined && NAME_KEYS.has(key) && probe.toolName === undefined)
          nameParts = [];
        if (atArguments()) probe.hasArguments = true;
      },
      stringChunk: (text) => nameParts?.push(text),
      stringEnd: () => {
        if (nameParts !== undefined) probe.toolName = nameParts.join('');
        nameParts = undefined;
      },
      primitive: () => {
        if (atArguments()) probe.hasArguments = true;
      },
    }),
    text: [],
    toolName: undefined,
    hasArguments: false,
  };
  return probe;
}
