import { createJsonScanner, RJSONParseError } from '@toolbridge/rjson';
import type { JsonSchema } from '@toolbridge/rxml';
import {
  createJsonArgumentsReader,
  type JsonArgumentsReader,
} from '../decoders/json-arguments-reader';
import { createJsonInputWriter } from '../engine/json-input-writer';

/** Why a call's arguments are not a tool's input: cut off inside the value, or no object. */
export interface ArgumentsFailure {
  cutOff: boolean;
  error: unknown;
}

/**
 * Rewrites a provider's streamed argument JSON, delta by delta, as canonical JSON (relaxed
 * syntax repaired, values coerced by the schema), so that the deltas passed on concatenate to
 * the call's final input, as in the text protocols. The input depends only on the argument
 * text, never on how it was split: the generate path writes it in one piece.
 */
export class CanonicalArguments {
  private readonly pieces: string[] = [];
  private readonly writer = createJsonInputWriter((json) => {
    this.pieces.push(json);
    this.pending.push(json);
  });
  private readonly reader: JsonArgumentsReader;
  private readonly scanner;
  private pending: string[] = [];
  private failure: ArgumentsFailure | undefined;
  private ended = false;
  /** Only whitespace so far: no arguments, read as `{}`. */
  private blank = true;
  /** Whether any argument text was read. */
  started = false;

  constructor(schema: JsonSchema | undefined) {
    this.reader = createJsonArgumentsReader(this.writer, schema);
    this.scanner = createJsonScanner(this.reader);
  }

  /** Reads a provider delta; returns the canonical text it makes certain. */
  write(delta: string): string {
    if (delta.length === 0) return '';
    this.started = true;
    if (this.blank && delta.trim() !== '') this.blank = false;
    if (this.failure === undefined && !this.scanner.done) {
      try {
        this.scanner.write(delta);
        if (this.scanner.done) this.reader.end();
      } catch (error) {
        this.failure = { cutOff: false, error };
      }
    }
    return this.take();
  }

  /**
   * The arguments ended. Returns the last canonical text and the call's input: the canonical
   * JSON when the arguments were complete (`{}` when there were none), else the text sent so
   * far, never empty and never JSON, which the AI SDK reports as invalid and does not run.
   */
  end(): { delta: string; input: string; failure: ArgumentsFailure | undefined } {
    if (!this.ended) {
      this.ended = true;
      if (this.failure === undefined && !this.scanner.done) {
        if (this.blank) this.writer.value({});
        else {
          try {
            this.scanner.end();
            if (this.scanner.done) this.reader.end();
          } catch (error) {
            // The scanner's own error at the end means the value never closed; a handler's
            // error means the value is no object.
            this.failure = { cutOff: error instanceof RJSONParseError, error };
          }
        }
      }
      // An empty input reads as `{}` to the AI SDK, which would run the tool.
      if (this.failure !== undefined && this.pieces.length === 0) this.writer.openObject();
    }
    return { delta: this.take(), input: this.pieces.join(''), failure: this.failure };
  }

  private take(): string {
    const text = this.pending.join('');
    this.pending = [];
    return text;
  }
}
