import type { JsonSchema } from '@toolbridge/rxml';
import type { CallSink } from '../engine/call-grammar';
import { createJsonArgumentsStreamer } from './json-arguments-streamer';
import { LiteralReader, type LiteralReaderOptions } from './literal-reader';

/** How far a call's arguments got: still being read, complete (the call ended), or failed. */
export type ArgumentsProgress = 'reading' | 'complete' | 'failed';

/**
 * The arguments of an announced call, written as literals (Python's or Gemma's, see
 * {@link LiteralReader}): they stream into the call's input as canonical JSON typed by the
 * tool's schema. Each slip read past is reported once, however often the model repeats it: a
 * model that quotes one string wrongly quotes them all.
 */
export class LiteralCallArguments {
  readonly reader: LiteralReader;
  private readonly repaired = new Set<string>();

  constructor(
    private readonly sink: CallSink,
    schema: JsonSchema | undefined,
    options: Omit<LiteralReaderOptions, 'target' | 'onRepair'>,
  ) {
    this.reader = new LiteralReader({
      ...options,
      target: createJsonArgumentsStreamer(sink.input, schema),
      onRepair: (message) => this.repair(message),
    });
  }

  /** Reports a slip of the model that was read past, unless the same one was already reported. */
  repair(message: string): void {
    if (this.repaired.has(message)) return;
    this.repaired.add(message);
    this.sink.repair(message);
  }

  /**
   * Reads `text` from `i`; returns where reading stopped and how far the arguments got. Text that
   * is no literal fails the call, which then never runs; complete arguments end it.
   */
  read(text: string, i: number): { next: number; progress: ArgumentsProgress } {
    let next: number;
    try {
      next = this.reader.write(text, i);
    } catch (error) {
      this.sink.fail(error instanceof Error ? error.message : String(error), error);
      return { next: this.reader.position, progress: 'failed' };
    }
    if (!this.reader.done) return { next, progress: 'reading' };
    this.sink.endCall();
    return { next, progress: 'complete' };
  }
}
