import type { CallDecoder, CallSink, CallStatus, ToolsByName } from '../engine/call-grammar';
import { createPythonCallDecoder } from './python-call-decoder';
import { codeArgumentKey, createRawCodeCallDecoder } from './raw-code-call-decoder';

/** Options of {@link createPythonTagDecoder}. */
export interface PythonTagDecoderOptions {
  tools: ToolsByName;
  sink: CallSink;
  /** The decoder of a JSON call after the tag, `{"name": …, "parameters": {…}}`, writing to `sink`. */
  json: () => CallDecoder;
  /** The tokens that end the turn, and so raw code (`<|eom_id|>`). */
  endOfTurn: readonly string[];
}

/** The tools raw code after the tag goes to, by the names servers give them (llama.cpp's). */
const CODE_TOOLS = ['code_interpreter', 'python'];

/** A built-in tool's call, `brave_search.call(`, up to its `(`; spaces allowed before the `(`. */
const BUILT_IN_CALL = /^[A-Za-z_]\w*\.call *\(/;
/** Text a built-in call may still begin with. */
const BUILT_IN_PREFIX = /^[A-Za-z_]\w*(\.(c(a(ll?)?)?)?)?$|^[A-Za-z_]\w*\.call *$/;
/** Longest head read before deciding: a tool name, `.call` and a few spaces. */
const MAX_HEAD = 256 + 16;

/** Fails the markup at once, before any call: kept as text, reported. */
function malformed(sink: CallSink, message: string, length: number): CallDecoder {
  let status: CallStatus = 'open';
  function fail(): void {
    sink.fail(message);
    status = 'malformed';
  }
  return {
    write(text) {
      if (status !== 'open') return 0;
      fail();
      return Math.min(length, text.length);
    },
    end() {
      if (status === 'open') fail();
    },
    get status() {
      return status;
    },
    closer: undefined,
  };
}

/**
 * What Llama 3.1 writes after `<|python_tag|>`: a JSON call; a built-in tool's call,
 * `brave_search.call(query="…")`, read as a call of the given tool of that name with its keyword
 * arguments as input; or raw Python for its code interpreter, streamed as the one string argument
 * of a given `code_interpreter` (or `python`) tool up to the end of the turn. A built-in call of a
 * tool that was not given is addressed to the model's server, not to the caller: its markup is
 * kept as text and reported, and so is code when no code tool was given. Only the head that tells
 * them apart (a name and `.call(`) is held back.
 */
export function createPythonTagDecoder(options: PythonTagDecoderOptions): CallDecoder {
  const { tools, sink } = options;
  const codeTool = CODE_TOOLS.map((name) => tools.get(name)).find((tool) => tool !== undefined);
  let chosen: CallDecoder | undefined;
  /** Text read before the choice, already reported as consumed. */
  let head = '';

  /** The decoder of what `read` begins; undefined while what follows may still decide. */
  function choose(read: string): CallDecoder | undefined {
    let start = 0;
    while (start < read.length && read.charAt(start).trim() === '') start++;
    // The head is all that decides: a long first piece is not copied whole.
    const body = read.slice(start, start + MAX_HEAD + 1);
    if (body === '') return undefined;
    if (body.startsWith('{') || body.startsWith('[')) return options.json();
    const call = BUILT_IN_CALL.exec(body);
    if (call !== null) {
      const name = call[0].slice(0, call[0].indexOf('.'));
      if (tools.has(name)) return createPythonCallDecoder({ tools, sink, closer: undefined });
      return malformed(
        sink,
        `The model called ${name}, a built-in tool of its server it was not given: kept as text`,
        start + call[0].length,
      );
    }
    if (body.length <= MAX_HEAD && BUILT_IN_PREFIX.test(body)) return undefined;
    return code();
  }

  /** Raw code, for the code tool. */
  function code(): CallDecoder {
    if (codeTool === undefined) {
      return malformed(
        sink,
        'Code after <|python_tag|>, and no code tool was given: kept as text',
        0,
      );
    }
    return createRawCodeCallDecoder({
      toolName: codeTool.name,
      key: codeArgumentKey(codeTool.inputSchema),
      sink,
      closers: options.endOfTurn,
    });
  }

  return {
    write(text) {
      if (chosen !== undefined) return chosen.write(text);
      const read = head + text;
      const held = head.length;
      chosen = choose(read);
      if (chosen === undefined) {
        head = read;
        return text.length;
      }
      head = '';
      // What was held is given back only when the chosen decoder does not read it.
      return Math.max(0, chosen.write(read) - held);
    },
    end() {
      if (chosen === undefined) {
        // What was held is blank (no call), or began like a built-in call that never came (code).
        chosen = head.trim() === '' ? malformed(sink, 'No call follows <|python_tag|>', 0) : code();
        if (head.length > 0) chosen.write(head);
      }
      chosen.end();
    },
    get status() {
      return chosen?.status ?? 'open';
    },
    get closer() {
      return chosen?.closer;
    },
  };
}
