import { isJsonObject } from '@toolbridge/rjson';
import type { JsonSchema } from '@toolbridge/rxml';
import type { CallDecoder, CallSink, CallStatus, ToolsByName } from '../engine/call-grammar';
import { createDispatchingDecoder } from './dispatching-decoder';
import { LiteralCallArguments } from './literal-call-arguments';
import { isNameStart, PYTHON_LITERAL, writeLiteral } from './literal-reader';
import { type CallScope, createLoneCallDecoder } from './lone-call-decoder';
import { readingFirst } from './reading-first';
import { steppedDecoder } from './stepped-decoder';

/** Options of {@link createPythonCallDecoder}. */
export interface PythonCallDecoderOptions {
  tools: ToolsByName;
  sink: CallSink;
  /** The closing delimiter the engine takes after the calls; undefined when the calls end the markup. */
  closer: string | undefined;
  /**
   * Marker-less: only a list that opens with a known tool, `[get_weather(`, followed by a keyword
   * argument or `)`, is a call (also inside a markdown fence, ` ```python `); anything else is
   * prose. Nothing is announced before that.
   */
  knownToolsOnly?: boolean;
  /** Further calls may follow, one per line or after `,` / `;` (inside delimiters, a `tool_code` fence). */
  sequence?: boolean;
  /** Markup that holds no call is prose (a `tool_code` fence of ordinary code), not broken markup. */
  proseWithoutCall?: boolean;
  /** Marker-less: tokens that end the reply (`<|eot_id|>`), which may follow a bare call that stands alone. */
  replyEnds?: readonly string[];
  /**
   * Marker-less: what a bare call must fill alone. `reply` (default): bare calls, one per line,
   * are the whole reply. `line`: one bare call is the whole line (Granite's calls among prose).
   */
  scope?: CallScope;
}

/** Longest tool name read: names are identifiers, not prose. */
const MAX_NAME_LENGTH = 256;
/** Longest text after `name(` read while a marker-less call is confirmed (a keyword and spaces). */
const MAX_CONFIRM_LENGTH = MAX_NAME_LENGTH + 64;

/** Longest label of a markdown fence around a marker-less list (` ```python `). */
const MAX_FENCE_LABEL = 16;
const FENCE = '```';

type Phase =
  | 'lead'
  | 'fence'
  | 'name'
  | 'after-name'
  | 'assigned'
  | 'confirm'
  | 'arguments'
  | 'after'
  | 'trail';

/** The method Llama 3.1's built-in tools are called with: `brave_search.call(query="…")`. */
const CALL_METHOD = '.call';

function isCallNameChar(char: string): boolean {
  return isNameStart(char) || (char >= '0' && char <= '9') || char === '.' || char === '-';
}

function isKeywordChar(char: string): boolean {
  return isNameStart(char) || (char >= '0' && char <= '9') || char === '-';
}

function isSpace(char: string): boolean {
  return char.trim() === '';
}

/** The declared parameter names of a tool, in schema order. */
function propertyNames(schema: JsonSchema | undefined): string[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const properties = (schema as { properties?: unknown }).properties;
  return typeof properties === 'object' && properties !== null ? Object.keys(properties) : [];
}

/**
 * Decodes tool calls written as Python calls, never evaluating anything: `name(k=v, k2=v2)`, a
 * list of them (`[f(a=1), g()]`), optionally inside `print(…)`, optionally one per line. Values
 * are Python literals (see {@link LiteralReader}) and stream as canonical JSON typed by the
 * tool's schema: the name as soon as `(` follows it, strings piece by piece, other values once
 * complete. A dotted name whose last part is a known tool (`default_api.get_weather`) calls that
 * tool, and so does a known tool's `.call` (`brave_search.call(query="…")`, Llama 3.1's built-in
 * tools). A statement's assignment, `result = read_file(…)`, is read past. Positional arguments are
 * read only for a tool with exactly one parameter; otherwise, like names, expressions and nested
 * calls, they fail the call, which then never runs. A call cut off before its `)` never runs
 * either. Marker-less, bare calls (`get_weather(city="Lyon")`, no brackets, one per line) count
 * only when they are the whole reply (or, in `line` scope, each the whole of its line), so they
 * are announced when the reply (or the line) ends.
 */
export function createPythonCallDecoder(options: PythonCallDecoderOptions): CallDecoder {
  if (options.knownToolsOnly !== true) return readPythonCalls(options, false);
  const scope = options.scope ?? 'reply';
  return createDispatchingDecoder((first) =>
    isNameStart(first)
      ? createLoneCallDecoder(
          // Bare calls may follow one per line (Granite 3.3): all of them must be the whole reply,
          // or each its line, where the next line's call is markup of its own.
          (sink) => readPythonCalls({ ...options, sink, sequence: scope === 'reply' }, true),
          options.sink,
          options.replyEnds,
          scope,
        )
      : readPythonCalls(options, false),
  );
}

/**
 * A reply that opens without a marker: bare Python calls of known tools when it opens with a
 * name (read only as the whole reply, or in `line` scope each as its whole line, up to one of
 * `replyEnds`), else `other` (a bare JSON call).
 */
export function createBareCallDecoder(
  tools: ToolsByName,
  sink: CallSink,
  replyEnds: readonly string[],
  other: () => CallDecoder,
  scope: CallScope = 'reply',
): CallDecoder {
  return createDispatchingDecoder((first) =>
    isNameStart(first)
      ? createPythonCallDecoder({
          tools,
          sink,
          closer: undefined,
          knownToolsOnly: true,
          replyEnds,
          scope,
        })
      : other(),
  );
}

/**
 * Openers of bare calls on lines of their own among prose: a line break, a known tool's name
 * and `(` (`\nget_weather(`). Names Python could not call have none.
 */
export function pythonCallLineOpeners(tools: ToolsByName): string[] {
  return [...tools.keys()]
    .filter((name) => isNameStart(name.charAt(0)) && [...name].every(isCallNameChar))
    .map((name) => `\n${name}(`);
}

/**
 * Reads the call after one of {@link pythonCallLineOpeners}: a call of that tool when it is the
 * whole line (or the rest of the reply, up to one of `replyEnds`), else prose.
 */
export function createPythonCallLineDecoder(
  opener: string,
  tools: ToolsByName,
  sink: CallSink,
  replyEnds: readonly string[],
): CallDecoder {
  return readingFirst(
    createPythonCallDecoder({
      tools,
      sink,
      closer: undefined,
      knownToolsOnly: true,
      replyEnds,
      scope: 'line',
    }),
    opener.slice(1),
  );
}

/** Reads the calls; `bare`: a marker-less call may open without a bracket. */
function readPythonCalls(options: PythonCallDecoderOptions, bare: boolean): CallDecoder {
  const { tools, sink, closer, knownToolsOnly = false, sequence = false } = options;
  const proseWithoutCall = knownToolsOnly || options.proseWithoutCall === true;
  /** A marker-less list inside a markdown fence (` ```python `): the fence is its closer. */
  let fence: string | undefined;
  const closerOf = () => (fence === undefined ? closer : FENCE);
  let phase: Phase = 'lead';
  let status: CallStatus = 'open';
  let calls = 0;
  let name = '';
  /** Open `[` and `print(` around the calls, innermost last. */
  const wrappers: Array<'list' | 'print'> = [];
  let args: LiteralCallArguments | undefined;
  let inComment = false;
  /** A line ended since the last call did. */
  let lineBroken = false;
  /** Text after `name(` of a marker-less call being confirmed, and how far the keyword got. */
  let confirm = '';
  let confirmState: 'before' | 'keyword' | 'after' = 'before';
  let confirmTool = '';
  /** The variable a statement assigns the call's result to (`result = …`), read past. */
  let assigned: string | undefined;

  /** What is not a call: prose or broken markup before any call, a failure after one. */
  function notACall(message: string): void {
    if (calls === 0 && proseWithoutCall) {
      status = 'not-a-call';
      return;
    }
    sink.fail(message);
    status = calls === 0 ? 'malformed' : 'done';
  }

  /** `default_api.get_weather` calls `get_weather`, and `brave_search.call` `brave_search`, when only that is a tool. */
  function resolve(raw: string): string {
    if (tools.has(raw) || !raw.includes('.')) return raw;
    const last = raw.slice(raw.lastIndexOf('.') + 1);
    if (tools.has(last)) return last;
    const called = raw.endsWith(CALL_METHOD) ? raw.slice(0, -CALL_METHOD.length) : '';
    return tools.has(called) ? called : raw;
  }

  function startCall(toolName: string): void {
    sink.start(toolName);
    const schema = tools.get(toolName)?.inputSchema as JsonSchema | undefined;
    const parameters = propertyNames(schema);
    args = new LiteralCallArguments(sink, schema, {
      dialect: 'python',
      positionalKey: (index) =>
        index === 0 && parameters.length === 1 ? parameters[0] : undefined,
    });
    if (toolName !== name && `${toolName}${CALL_METHOD}` !== name) {
      args.repair(`The call named ${name} was read as ${toolName}`);
    }
    if (assigned !== undefined) args.repair(`Read past the assignment to ${assigned}`);
    assigned = undefined;
    args.reader.openArguments();
    phase = 'arguments';
  }

  /** A call or a wrapper around calls ended. */
  function unitDone(): void {
    lineBroken = false;
    if (wrappers.length > 0 || sequence) phase = 'after';
    else if (closerOf() === undefined) status = 'done';
    else phase = 'trail';
  }

  /** Reads call arguments from `text` at `i`; returns where reading stopped. */
  function readArguments(text: string, i: number): number {
    if (args === undefined) {
      throw new Error('createPythonCallDecoder: arguments read before the call started');
    }
    const { next, progress } = args.read(text, i);
    if (progress === 'failed') status = 'done';
    else if (progress === 'complete') {
      calls++;
      unitDone();
    }
    return next;
  }

  function openCall(): void {
    if (name === 'print' && !tools.has('print') && !knownToolsOnly && !wrappers.includes('print')) {
      wrappers.push('print');
      phase = 'lead';
      return;
    }
    const toolName = resolve(name);
    // Bare calls one per line: each must be a known tool's.
    if (knownToolsOnly && (calls === 0 || bare)) {
      if (!tools.has(toolName)) {
        notACall(`${toolName} is not a tool`);
        return;
      }
      confirm = '';
      confirmState = 'before';
      confirmTool = toolName;
      phase = 'confirm';
      return;
    }
    startCall(toolName);
  }

  /** A marker-less call counts once a keyword argument or `)` follows `name(`. */
  function readConfirm(char: string): void {
    confirm += char;
    let verdict: 'call' | 'prose' | 'wait' = 'prose';
    if (confirm.length > MAX_CONFIRM_LENGTH) verdict = 'prose';
    else if (confirmState === 'before') {
      if (char === ')') verdict = 'call';
      else if (isNameStart(char)) {
        confirmState = 'keyword';
        verdict = 'wait';
      } else if (isSpace(char)) verdict = 'wait';
    } else if (char === '=') verdict = 'call';
    else if (char === ' ' || char === '\t') {
      confirmState = 'after';
      verdict = 'wait';
    } else if (confirmState === 'keyword' && isKeywordChar(char)) verdict = 'wait';
    if (verdict === 'prose') status = 'not-a-call';
    if (verdict !== 'call') return;
    startCall(confirmTool);
    readArguments(confirm, 0);
  }

  /** What follows a name other than `(`: `=` when a statement assigns a call's result, else no call. */
  function afterName(char: string, i: number): number {
    const statement = !knownToolsOnly && wrappers.length === 0 && assigned === undefined;
    if (char === '=' && statement && !name.includes('.')) {
      assigned = name;
      phase = 'assigned';
      return i + 1;
    }
    notACall(`${name} is not followed by "("`);
    return i;
  }

  function step(text: string, i: number): number {
    const char = text.charAt(i);
    if (inComment) {
      if (char === '\n') inComment = false;
      return i + 1;
    }
    switch (phase) {
      case 'lead':
        if (isSpace(char)) return i + 1;
        if (char === '#' && !knownToolsOnly) {
          inComment = true;
          return i + 1;
        }
        if (char === '`' && knownToolsOnly && fence === undefined && wrappers.length === 0) {
          fence = '';
          phase = 'fence';
          return i;
        }
        if (char === '[' && !wrappers.includes('list')) {
          wrappers.push('list');
          return i + 1;
        }
        if (char === ']' && wrappers[wrappers.length - 1] === 'list' && calls > 0) {
          wrappers.pop();
          unitDone();
          return i + 1;
        }
        if (isNameStart(char) && (!knownToolsOnly || wrappers.length > 0 || bare)) {
          name = '';
          phase = 'name';
          return i;
        }
        if (calls > 0 && wrappers.length === 0) status = 'done';
        else notACall(`Expected a call, found ${JSON.stringify(char)}`);
        return i;
      case 'name': {
        let j = i;
        while (j < text.length && isCallNameChar(text.charAt(j))) j++;
        name += text.slice(i, j);
        if (name.length > MAX_NAME_LENGTH) {
          notACall('The tool name is too long');
          return j;
        }
        if (j === text.length) return j;
        const next = text.charAt(j);
        if (next === '(') {
          openCall();
          return j + 1;
        }
        if (next === ' ' || next === '\t') {
          phase = 'after-name';
          return j + 1;
        }
        return afterName(next, j);
      }
      case 'after-name':
        if (char === ' ' || char === '\t') return i + 1;
        if (char === '(') {
          openCall();
          return i + 1;
        }
        return afterName(char, i);
      case 'assigned':
        // `==` compares: no statement of a call.
        if (char === '=') notACall(`${assigned} == is no call`);
        else phase = 'lead';
        return i;
      case 'fence':
        // ```` ```python ```` and a line break, before a marker-less list.
        fence = `${fence ?? ''}${char}`;
        if (fence.length <= FENCE.length) {
          if (char !== '`') notACall('Not a fence');
        } else if (char === '\n') phase = 'lead';
        else if (!/^[A-Za-z_ \r]$/.test(char) || fence.length > FENCE.length + MAX_FENCE_LABEL) {
          notACall('Not a fence');
        }
        return i + 1;
      case 'confirm':
        readConfirm(char);
        return i + 1;
      case 'arguments':
        return readArguments(text, i);
      case 'after': {
        if (char === '\n') lineBroken = true;
        if (isSpace(char)) return i + 1;
        if (char === '#') {
          inComment = true;
          return i + 1;
        }
        const wrapper = wrappers[wrappers.length - 1];
        if (wrapper === undefined) {
          // Bare calls follow one another only on lines of their own.
          if (bare && !lineBroken) {
            status = 'done';
            return i;
          }
          // Calls one after another (sequence): a separator or the next call, else the markup ends.
          if (char === ',' || char === ';') {
            phase = 'lead';
            return i + 1;
          }
          if (isNameStart(char) || char === '[') phase = 'lead';
          else status = 'done';
          return i;
        }
        if (char === ',') {
          phase = 'lead';
          return i + 1;
        }
        if (char === (wrapper === 'list' ? ']' : ')')) {
          wrappers.pop();
          unitDone();
          return i + 1;
        }
        notACall(
          `Expected "," or "${wrapper === 'list' ? ']' : ')'}", found ${JSON.stringify(char)}`,
        );
        return i;
      }
      case 'trail':
        if (isSpace(char)) return i + 1;
        status = 'done';
        return i;
    }
  }

  function end(): void {
    if (phase === 'arguments') {
      sink.fail('The call was cut off before its end');
      status = 'done';
    } else if (phase === 'confirm') status = 'not-a-call';
    else if (calls > 0) status = 'done';
    else notACall('The markup ended before a call');
  }

  return steppedDecoder({ step, end, status: () => status, closer: closerOf });
}

/** A call as Python writes it, `get_weather(city="Lyon", days=2)`: what {@link createPythonCallDecoder} reads. */
export function formatPythonCall(toolName: string, input: unknown): string {
  const entries = isJsonObject(input)
    ? Object.entries(input).filter(([, value]) => value !== undefined)
    : [];
  const args = entries.map(([key, value]) => `${key}=${writeLiteral(value, PYTHON_LITERAL)}`);
  return `${toolName}(${args.join(', ')})`;
}
