import type { JsonSchema } from '@toolbridge/rxml';
import type { CallDecoder, CallSink, CallStatus, ToolsByName } from '../engine/call-grammar';
import { LiteralCallArguments } from './literal-call-arguments';
import { gemmaLiteralStyle, isNameStart, writeLiteral } from './literal-reader';
import { steppedDecoder } from './stepped-decoder';

/** Options of {@link createGemmaCallDecoder}. */
export interface GemmaCallDecoderOptions {
  tools: ToolsByName;
  sink: CallSink;
  /** The closing token the engine takes after the call (`<tool_call|>`); undefined when the call ends the markup. */
  closer: string | undefined;
  /** The token around strings: `<|"|>` (Gemma 4), `<escape>` (FunctionGemma). */
  stringDelimiter: string;
  /**
   * A remnant without its opening token (`call:get_weather{…}` after the server dropped
   * `<|tool_call>`): only a known tool directly followed by `{` is a call; anything else is prose.
   */
  knownToolsOnly?: boolean;
}

/** Longest tool name read: names are identifiers, not prose. */
const MAX_NAME_LENGTH = 256;
const CALL_PREFIX = 'call:';

type Phase = 'lead' | 'name' | 'after-name' | 'arguments' | 'trail';

function isNameChar(char: string): boolean {
  return (
    isNameStart(char) ||
    (char >= '0' && char <= '9') ||
    char === '.' ||
    char === '-' ||
    char === ':'
  );
}

/**
 * Decodes a call in the object syntax of Gemma 4 and FunctionGemma, `call:NAME{key:value,…}`:
 * bare keys, strings between a delimiter token (`<|"|>`, `<escape>`), bare numbers, booleans
 * and `null`, nested objects and lists. The name is announced at `{`; the arguments stream as
 * canonical JSON typed by the tool's schema (strings piece by piece). Read past: a missing
 * `call:` prefix, arguments in parentheses (`call:NAME(key: "v")`, `key="v"` too), JSON or
 * single-quoted strings, values without their delimiters (the server dropped the tokens). A call
 * cut off before its `}` never runs.
 */
export function createGemmaCallDecoder(options: GemmaCallDecoderOptions): CallDecoder {
  const { tools, sink, closer, stringDelimiter, knownToolsOnly = false } = options;
  let phase: Phase = 'lead';
  let status: CallStatus = 'open';
  let name = '';
  let args: LiteralCallArguments | undefined;

  function notACall(message: string): void {
    if (knownToolsOnly) status = 'not-a-call';
    else {
      sink.fail(message);
      status = 'malformed';
    }
  }

  /** `{` (or `(`) follows the name: the call starts. */
  function openCall(bracket: string): boolean {
    const toolName = name.startsWith(CALL_PREFIX) ? name.slice(CALL_PREFIX.length) : name;
    if (
      toolName === '' ||
      !isNameStart(toolName.charAt(0)) ||
      (knownToolsOnly && !tools.has(toolName))
    ) {
      notACall(`Expected call:NAME{…}, found ${JSON.stringify(name)}`);
      return false;
    }
    sink.start(toolName);
    const schema = tools.get(toolName)?.inputSchema as JsonSchema | undefined;
    args = new LiteralCallArguments(sink, schema, { dialect: 'gemma', stringDelimiter });
    if (!name.startsWith(CALL_PREFIX) && !knownToolsOnly) {
      args.repair('The call had no call: prefix');
    }
    if (bracket === '(') args.repair('The arguments were written in parentheses');
    args.reader.openObject(bracket === '(' ? ')' : '}');
    phase = 'arguments';
    return true;
  }

  function readArguments(text: string, i: number): number {
    if (args === undefined) {
      throw new Error('createGemmaCallDecoder: arguments read before the call opened');
    }
    const { next, progress } = args.read(text, i);
    if (progress === 'failed') status = 'done';
    else if (progress === 'complete') {
      if (closer === undefined) status = 'done';
      else phase = 'trail';
    }
    return next;
  }

  function step(text: string, i: number): number {
    const char = text.charAt(i);
    switch (phase) {
      case 'lead':
        if (char.trim() === '' && !knownToolsOnly) return i + 1;
        phase = 'name';
        return i;
      case 'name': {
        let j = i;
        while (j < text.length && isNameChar(text.charAt(j))) j++;
        name += text.slice(i, j);
        if (name.length > MAX_NAME_LENGTH) {
          notACall('The tool name is too long');
          return j;
        }
        if (j === text.length) return j;
        const next = text.charAt(j);
        if (next === '{' || next === '(') {
          openCall(next);
          return j + 1;
        }
        if (!knownToolsOnly && (next === ' ' || next === '\t')) {
          phase = 'after-name';
          return j + 1;
        }
        notACall(`Expected "{" after the tool name, found ${JSON.stringify(next)}`);
        return j;
      }
      case 'after-name':
        if (char === ' ' || char === '\t') return i + 1;
        if (char === '{' || char === '(') {
          openCall(char);
          return i + 1;
        }
        notACall(`Expected "{" after the tool name, found ${JSON.stringify(char)}`);
        return i;
      case 'arguments':
        return readArguments(text, i);
      case 'trail':
        if (char.trim() === '') return i + 1;
        status = 'done';
        return i;
    }
  }

  function end(): void {
    if (phase === 'arguments') {
      sink.fail('The call was cut off before its end');
      status = 'done';
    } else if (phase === 'trail') status = 'done';
    else notACall('The markup ended before a call');
  }

  return steppedDecoder({ step, end, status: () => status, closer: () => closer });
}

/** A call or result body in Gemma's object syntax: `call:get_weather{city:<|"|>Lyon<|"|>}`. */
export function formatGemmaCall(
  prefix: 'call' | 'response',
  toolName: string,
  value: Record<string, unknown>,
  stringDelimiter: string,
): string {
  return `${prefix}:${toolName}${writeLiteral(value, gemmaLiteralStyle(stringDelimiter))}`;
}
