import {
  coerceBySchema,
  declaredPropertyNames,
  isStringSchema,
  type JsonSchema,
  propertySchema,
} from '@toolbridge/rxml';
import type { CallDecoder, CallSink, CallStatus } from '../engine/call-grammar';
import { keyOf, readYaml } from './yaml-reader';

/** What is read after the tool tag before it counts as prose, when no line has ended. */
const MAX_LOOKAHEAD = 256;

/** A top-level `key: |` block: its lines go out as they come, its end decides the last breaks. */
interface StreamedBlock {
  /** `-`, `+` or '' (clip). */
  chomp: string;
  /** The indentation of its content, once its first line of text showed it; 0 before. */
  indent: number;
  /** Lines of spaces only, not yet known to be inside the text. */
  held: string[];
  wrote: boolean;
}

/**
 * Decodes the body of a YAML-in-XML call after its opener `<toolName`: `>`, then YAML
 * `key: value` lines, then `</toolName>`. The call is confirmed by its first line, a key of the
 * tool (any key when its schema declares none), or by the closing tag right away (unless
 * `argumentRequired`: the tag is also a reasoning tag); so a tool tag in prose stays text. Each top-level argument goes out when the next one starts (it is read then,
 * once, by {@link readYaml}, and fitted to the parameter's schema as JSON values are), and a
 * `key: |` block goes out line by line. Plain values of string parameters are kept as written
 * (`zip: 01234`). A JSON object in place of the lines (`{"city": "Lyon"}`, a key of the tool
 * first) is read as the YAML it also is, when the call ends. A call whose YAML cannot be read, that gives an
 * argument twice, or that the output cuts off before its closing tag, fails and never runs.
 */
export function createYamlCallDecoder(
  toolName: string,
  schema: JsonSchema | undefined,
  sink: CallSink,
  options: { argumentRequired?: boolean } = {},
): CallDecoder {
  const closingTag = `</${toolName}>`;
  const textKey = (key: string) => isStringSchema(propertySchema(schema, key));
  let status: CallStatus = 'open';
  let phase: 'tag' | 'confirm' | 'body' = 'tag';
  let failed = false;
  let closed = false;
  /** What follows the tag while the call is not confirmed. */
  let ahead = '';
  /** The pieces of the body's line being written (no break yet): joined once, when it ends. */
  let line: string[] = [];
  /** The last characters written, where a closing tag split between chunks begins. */
  let tail = '';
  /** The lines of the top-level argument being read. */
  let entry: string[] = [];
  /** The body is one JSON object, read when the call ends. */
  let whole = false;
  /** The indentation of the top-level keys. */
  let base = 0;
  let block: StreamedBlock | undefined;
  const keys = new Set<string>();

  function fail(message: string): void {
    if (failed) return;
    failed = true;
    status = 'done';
    sink.fail(message);
  }

  function addKey(key: string): boolean {
    if (keys.has(key)) {
      fail(`The argument ${key} is given twice`);
      return false;
    }
    keys.add(key);
    sink.input.key(key);
    return true;
  }

  function flushEntry(): void {
    if (block !== undefined) {
      endBlock(block);
      return;
    }
    if (entry.length === 0) return;
    // Each line ended with its break: a `|+` block keeps the empty lines before the next key.
    const text = `${entry.join('\n')}\n`;
    entry = [];
    let value: unknown;
    try {
      value = readYaml(text, { textKey });
    } catch (error) {
      fail(error instanceof Error ? error.message : String(error));
      return;
    }
    if (value === null) return;
    if (typeof value !== 'object' || Array.isArray(value)) {
      fail('The arguments are not `key: value` lines');
      return;
    }
    for (const [key, item] of Object.entries(value)) {
      if (!addKey(key)) return;
      sink.input.value(coerceBySchema(item, propertySchema(schema, key)));
    }
  }

  /** Writes the held lines up to the last that holds spaces beyond the indentation (all of them when `all`); returns how many empty ones are left. */
  function writeHeld(open: StreamedBlock, all: boolean): number {
    const { held } = open;
    const last = all ? held.length : held.findLastIndex((text) => text !== '') + 1;
    for (let i = 0; i < last; i++) {
      sink.input.stringChunk((open.wrote ? '\n' : '') + held[i]);
      open.wrote = true;
    }
    open.held = [];
    return held.length - last;
  }

  function endBlock(open: StreamedBlock): void {
    block = undefined;
    const empty = writeHeld(open, false);
    const breaks = open.chomp === '-' ? 0 : open.chomp === '+' ? empty + 1 : 1;
    if (open.wrote) sink.input.stringChunk('\n'.repeat(breaks));
    else if (open.chomp === '+') sink.input.stringChunk('\n'.repeat(empty));
    sink.input.stringEnd();
  }

  function blockLine(open: StreamedBlock, text: string, spaces: number): void {
    if (text.trim() === '') {
      open.held.push(text.slice(Math.min(spaces, open.indent || spaces)));
      return;
    }
    open.indent ||= spaces;
    if (spaces < open.indent) {
      fail('A line is indented less than its block');
      return;
    }
    // The held lines are inside the text: a line of it follows them.
    open.held.push(text.slice(open.indent));
    writeHeld(open, true);
  }

  /** One whole line of the body. */
  function feedLine(raw: string): void {
    const text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    const trimmed = text.trimStart();
    const spaces = text.length - trimmed.length;
    const isContent = trimmed !== '' && !trimmed.startsWith('#');
    const topLevel =
      !whole && isContent && spaces <= base && !(spaces === base && /^-(\s|$)/.test(trimmed));
    if (block !== undefined && !topLevel && (spaces > base || !isContent)) {
      if (isContent || spaces >= (block.indent || base + 1) || trimmed === '') {
        blockLine(block, text, spaces);
        return;
      }
      // A comment less indented than the block's text ends it.
      endBlock(block);
    }
    if (!topLevel) {
      entry.push(text);
      return;
    }
    flushEntry();
    if (failed) return;
    const pair = keyOf(trimmed);
    const header = pair === undefined ? null : /^\|([-+]?)\s*(?:#.*)?$/.exec(pair[1]);
    if (pair !== undefined && header !== null) {
      if (!addKey(pair[0])) return;
      sink.input.stringStart();
      block = { chomp: header[1] as string, indent: 0, held: [], wrote: false };
    } else entry.push(text);
  }

  function finish(): void {
    flushEntry();
    if (failed) return;
    sink.input.close();
    sink.endCall();
    status = 'done';
  }

  /** Reads body text; returns how much of it the markup took. */
  function body(text: string): number {
    const written = tail + text;
    const found = written.indexOf(closingTag);
    tail = written.slice(1 - closingTag.length);
    // Negative when the closing tag began in the line written before (it holds no break).
    const end = found < 0 ? text.length : found - (written.length - text.length);
    let start = 0;
    for (let brk = text.indexOf('\n'); brk >= 0 && brk < end; brk = text.indexOf('\n', start)) {
      line.push(text.slice(start, brk));
      feedLine(line.join(''));
      line = [];
      start = brk + 1;
      if (failed) return start;
    }
    if (found < 0) {
      line.push(text.slice(start));
      return text.length;
    }
    const before = line.join('');
    const last =
      end < start ? before.slice(0, before.length + end) : before + text.slice(start, end);
    line = [];
    closed = true;
    if (last.trim() !== '') feedLine(last);
    if (!failed) finish();
    return end + closingTag.length;
  }

  /** Decides from the first line after the tag whether this is a call; returns what of `text` it took. */
  function confirm(text: string): number {
    ahead += text;
    const start = ahead.search(/\S/);
    const rest = start < 0 ? '' : ahead.slice(start);
    if (rest.startsWith(closingTag) && !options.argumentRequired) {
      sink.start(toolName);
      sink.input.openObject();
      phase = 'body';
      closed = true;
      finish();
      return text.length - (ahead.length - start - closingTag.length);
    }
    // A JSON object instead of YAML lines (`{"city": "Lyon"}`) is YAML too: read whole at the end.
    whole = rest.startsWith('{');
    const breakAt = rest.search(/\n|<\//);
    const undecided = whole
      ? /^\{\s*(?:"[^"\\]*(?:"\s*)?)?$/.test(rest)
      : closingTag.startsWith(rest) || breakAt < 0;
    if (start < 0 || (undecided && rest.length < MAX_LOOKAHEAD)) {
      if (ahead.length > MAX_LOOKAHEAD) status = 'not-a-call';
      return text.length;
    }
    const key = whole
      ? /^\{\s*"([^"\\]*)"\s*:/.exec(rest)?.[1]
      : keyOf(rest.slice(0, breakAt < 0 ? undefined : breakAt))?.[0];
    const declared = declaredPropertyNames(schema);
    if (key === undefined || (declared !== undefined && !declared.names.has(key))) {
      status = 'not-a-call';
      return 0;
    }
    base = start - (ahead.lastIndexOf('\n', start) + 1);
    sink.start(toolName);
    sink.input.openObject();
    phase = 'body';
    const read = ahead;
    ahead = '';
    return body(read) - (read.length - text.length);
  }

  /** The rest of the tool tag: `>`, or `/>` for a call without arguments. */
  function tag(text: string): number {
    const match = /^\s*(\/?)>/.exec(text);
    if (match === null) {
      // Spaces, or `/` alone, may still be followed by the tag's end.
      if (!/^\s*\/?$/.test(text) || text.length > MAX_LOOKAHEAD) status = 'not-a-call';
      return status === 'open' ? -1 : 0;
    }
    if (match[1] === '/' && options.argumentRequired) status = 'not-a-call';
    else if (match[1] === '/') {
      sink.start(toolName);
      sink.input.openObject();
      finish();
    } else phase = 'confirm';
    return match[0].length;
  }

  let tagText = '';
  function write(text: string): number {
    if (status !== 'open' || text.length === 0) return 0;
    if (phase === 'body') return body(text);
    if (phase === 'confirm') return confirm(text);
    tagText += text;
    const read = tag(tagText);
    if (read < 0) return text.length;
    const taken = read - (tagText.length - text.length);
    tagText = '';
    if (status !== 'open') return taken;
    return taken + write(text.slice(taken));
  }

  function end(): void {
    if (status !== 'open') return;
    if (phase !== 'body') {
      status = 'not-a-call';
      return;
    }
    const last = line.join('');
    if (last.trim() !== '') feedLine(last);
    flushEntry();
    fail(`The call was cut off before ${closingTag}`);
  }

  return {
    write,
    end,
    get status() {
      return status;
    },
    get closer() {
      return failed && !closed ? closingTag : undefined;
    },
  };
}
