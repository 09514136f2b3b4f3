import { createJsonScanner, type JsonScanner } from '@toolbridge/rjson';
import type { CallDecoder, CallSink, CallStatus, ToolsByName } from '../engine/call-grammar';
import { createJsonArgumentsReader, type JsonArgumentsReader } from './json-arguments-reader';
import { createJsonFence } from './json-fence';
import { scanJsonFrom } from './scan-json-from';
import { steppedDecoder } from './stepped-decoder';

/** Options of {@link createNamedJsonCallDecoder}. */
export interface NamedJsonCallDecoderOptions {
  /** What ends the tool name (`>`, `[ARGS]`, `<｜tool▁sep｜>`, a newline). */
  nameEnd: string;
  /** The closing delimiter after the arguments; undefined when the call ends with its JSON value. */
  closer: string | undefined;
  tools: ToolsByName;
  sink: CallSink;
  /** Reads the text before `nameEnd` into the tool name and the model's call id. Default: the trimmed text. */
  parseName?: (text: string) => { name: string; id?: string } | undefined;
  /** Only known tools are calls; anything else is prose (a marker-less or ambiguous opener). */
  knownToolsOnly?: boolean;
  /** `nameEnd` is the first character of the arguments (`get_weather{…}`), read again as JSON. */
  nameEndOpensValue?: boolean;
  /**
   * The characters a name is made of (a one-character pattern such as `/[\w.-]/`): any other
   * character before `nameEnd` shows at once that the opener was prose. Default: any character.
   */
  nameChars?: RegExp;
  /**
   * Announce the call only once its arguments begin (`{`, or `"` of arguments encoded in a
   * string): a name followed by anything else (prose after `>>>get_weather`, an opener quoted in
   * an explanation) is not a call, and its text stays text. For openers that also occur in prose.
   * Default: announce as soon as the name is read.
   */
  confirmWithArguments?: boolean;
  /**
   * Whitespace right after the arguments belongs to the call even without a closer (the newline
   * Functionary writes before its next `>>>`). Default: the markup ends with the value.
   */
  trailingSpace?: boolean;
}

/** Longest tool name read before giving up: names are identifiers, not prose. */
const MAX_NAME_LENGTH = 256;

type Phase = 'name' | 'lead' | 'fence' | 'json' | 'trail';

/**
 * Decodes a call whose tool name comes before its JSON arguments, as in
 * `<function=NAME>{…}</function>`, `[TOOL_CALLS]NAME[ARGS]{…}` or
 * `functions.NAME:0<|tool_call_argument_begin|>{…}`: the name up to `nameEnd`, then optional
 * whitespace and a ```` ```json ```` fence, then the arguments as an object, streamed as
 * canonical JSON. The markup ends with the value (and a closing fence); the engine takes the
 * closer.
 */
export function createNamedJsonCallDecoder(options: NamedJsonCallDecoderOptions): CallDecoder {
  const { nameEnd, closer, tools, sink } = options;
  const parseName =
    options.parseName ?? ((text: string): { name: string; id?: string } => ({ name: text.trim() }));
  let phase: Phase = 'name';
  let status: CallStatus = 'open';
  let nameText = '';
  const fence = createJsonFence();
  /** The announced call's arguments: what the `json` phase scans, and the reader it scans into. */
  let args: { scanner: JsonScanner; reader: JsonArgumentsReader } | undefined;
  /** A name read but not yet announced (`confirmWithArguments`). */
  let unannounced: { name: string; id?: string } | undefined;

  function announce(parsed: { name: string; id?: string }): void {
    unannounced = undefined;
    sink.start(parsed.name, parsed.id);
    const reader = createJsonArgumentsReader(sink.input, tools.get(parsed.name)?.inputSchema);
    args = { scanner: createJsonScanner(reader), reader };
  }

  function announcedArgs(): { scanner: JsonScanner; reader: JsonArgumentsReader } {
    if (args === undefined) {
      throw new Error('createNamedJsonCallDecoder: arguments read before the call was announced');
    }
    return args;
  }

  /** Reads name characters; returns how many of `text` it took. */
  function readName(text: string, from: number): number {
    for (let i = from; i < text.length; i++) {
      const char = text.charAt(i);
      nameText += char;
      if (nameText.endsWith(nameEnd)) {
        const parsed = parseName(nameText.slice(0, -nameEnd.length));
        if (
          parsed === undefined ||
          !/^[\w.:-]+$/u.test(parsed.name) ||
          (options.knownToolsOnly && !tools.has(parsed.name))
        ) {
          status = 'not-a-call';
          return i + 1;
        }
        phase = 'lead';
        if (options.confirmWithArguments && !options.nameEndOpensValue) {
          unannounced = parsed;
          return i + 1;
        }
        announce(parsed);
        if (!options.nameEndOpensValue) return i + 1;
        phase = 'json';
        return i + 1 - nameEnd.length;
      }
      if (
        nameText.length > MAX_NAME_LENGTH + nameEnd.length ||
        (char === '\n' && nameEnd !== '\n') ||
        (options.nameChars !== undefined &&
          !nameEnd.includes(char) &&
          !options.nameChars.test(char))
      ) {
        status = 'not-a-call';
        return i + 1;
      }
    }
    return text.length;
  }

  function fail(message: string, cause?: unknown): void {
    sink.fail(message, cause);
    status = 'done';
  }

  /** Reads one character of the markup from `at`, or a run of the name, of JSON or of a fence's opening line. */
  function step(text: string, at: number): number {
    let i = at;
    const char = text.charAt(i);
    switch (phase) {
      case 'name':
        i = readName(text, i);
        break;
      case 'lead':
        if (unannounced !== undefined && (char === '{' || char === '"')) {
          // An object, or one encoded in a string: the arguments begin.
          announce(unannounced);
          phase = 'json';
        } else if (
          unannounced === undefined &&
          (char === '{' || char === '[' || char === '"' || char === 'n')
        ) {
          phase = 'json';
        } else if (char === '`' && !fence.opened) {
          fence.open();
          phase = 'fence';
        } else if (char.trim() === '') i++;
        else if (unannounced !== undefined) status = 'not-a-call';
        else fail(`Expected the arguments of the call, found ${JSON.stringify(char)}`);
        break;
      case 'fence':
        i = fence.skipOpeningLine(text, i);
        if (!fence.inOpeningLine) phase = 'lead';
        break;
      case 'json': {
        const { scanner, reader } = announcedArgs();
        const scanned = scanJsonFrom(scanner, text, i, () => {
          if (scanner.done) reader.end();
        });
        i = scanned.end;
        if ('error' in scanned) {
          const { error } = scanned;
          fail(error instanceof Error ? error.message : String(error), error);
          break;
        }
        if (!scanner.done) break;
        sink.endCall();
        if (closer === undefined && !fence.opened && !options.trailingSpace) status = 'done';
        else phase = 'trail';
        break;
      }
      case 'trail':
        if (fence.trails(char)) i++;
        else status = 'done';
        break;
    }
    return i;
  }

  function end(): void {
    if (phase === 'name' || unannounced !== undefined) {
      status = 'not-a-call';
      return;
    }
    if (phase === 'trail') {
      status = 'done';
      return;
    }
    if (phase === 'json') {
      const { scanner, reader } = announcedArgs();
      try {
        scanner.end();
        reader.end();
        sink.endCall();
        status = 'done';
        return;
      } catch {
        // Cut off inside the arguments: reported below.
      }
    }
    sink.fail('The call was cut off before its end');
    status = 'done';
  }

  return steppedDecoder({ step, end, status: () => status, closer: () => closer });
}
