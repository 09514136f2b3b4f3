/**
 * The markdown fence a model may write around a call's JSON (```` ```json ````, the JSON,
 * ```` ``` ````), as the JSON decoders read past it: the rest of its opening line is skipped, and
 * its closing ticks after the value belong to the markup.
 */
export interface JsonFence {
  /** Whether the model opened a fence. */
  readonly opened: boolean;
  /** Whether the opening line is still being read. */
  readonly inOpeningLine: boolean;
  /** A backtick where the JSON was to start opens the fence. */
  open(): void;
  /** Skips the opening line from `i` (the ticks, a label such as `json`, the newline); returns where reading stopped. */
  skipOpeningLine(text: string, i: number): number;
  /** Whether `char`, read after the JSON, still belongs to the markup: whitespace, or one of the three closing ticks. */
  trails(char: string): boolean;
}

/** A fence not opened yet. */
export function createJsonFence(): JsonFence {
  let closingTicks = 0;
  const fence = {
    opened: false,
    inOpeningLine: false,
    open() {
      fence.opened = true;
      fence.inOpeningLine = true;
    },
    skipOpeningLine(text: string, i: number) {
      const newline = text.indexOf('\n', i);
      if (newline === -1) return text.length;
      fence.inOpeningLine = false;
      return newline + 1;
    },
    trails: (char: string) =>
      char.trim() === '' || (fence.opened && char === '`' && closingTicks++ < 3),
  };
  return fence;
}
