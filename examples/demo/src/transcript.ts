import { CLEAR_LINE, type Terminal } from './terminal.ts';

/** The prefix of each line of the model's reasoning. */
export const REASONING_PREFIX = '┆ ';

/**
 * Lays a run out on a terminal: the model's answer as it streams, its reasoning set apart
 * (dim, each line prefixed, a blank line after it), and lines of their own for tool calls,
 * results and notices. Whitespace the model writes between a sentence and a call, or between
 * two calls, is layout and is dropped, so parallel calls sit on consecutive lines.
 */
export class Transcript {
  readonly #terminal: Terminal;
  #atLineStart = true;
  /** Whitespace at the end of what was written so far, held until more text follows it. */
  #pendingSpace = '';
  #inReasoning = false;
  /** A blank line is due before whatever comes next (after reasoning). */
  #gapDue = false;
  /** A status line is shown on a live terminal, to be cleared before anything else. */
  #statusShown = false;

  constructor(terminal: Terminal) {
    this.#terminal = terminal;
  }

  /** A piece of the answer. */
  text(delta: string): void {
    if (this.#inReasoning) this.endReasoning();
    const body = this.#holdSpace(delta);
    if (body === undefined) return;
    this.#write(this.#atLineStart ? stripBlankLines(body) : body);
  }

  /** A piece of the model's reasoning. */
  reasoning(delta: string): void {
    if (!this.#inReasoning) {
      this.#startBlock();
      this.#inReasoning = true;
    }
    const body = this.#holdSpace(delta);
    if (body === undefined) return;
    const lines = (this.#atLineStart ? stripBlankLines(body) : body).split('\n');
    lines.forEach((line, index) => {
      if (index > 0) this.#write('\n');
      if (this.#atLineStart) this.#write(this.#terminal.style('dim', REASONING_PREFIX));
      if (line.length > 0) this.#write(this.#terminal.style('dim', line));
    });
  }

  /** The reasoning ended: the next thing printed comes after a blank line. */
  endReasoning(): void {
    if (!this.#inReasoning) return;
    this.#inReasoning = false;
    this.#pendingSpace = '';
    this.#endLine();
    this.#gapDue = true;
  }

  /** Starts a line of its own (a tool call whose input follows with {@link append}). */
  startLine(text: string): void {
    this.#startBlock();
    this.#write(text);
  }

  /** Continues the current line. */
  append(text: string): void {
    this.#write(text);
  }

  /** A whole line of its own. */
  line(text: string): void {
    this.#startBlock();
    this.#write(`${text}\n`);
  }

  /**
   * A status that stands until the next output: on a live terminal it is rewritten in place
   * and cleared when anything else is printed; elsewhere it is printed as a line.
   */
  status(text: string): void {
    if (!this.#terminal.live) {
      this.line(text);
      return;
    }
    if (!this.#statusShown) this.#startBlock();
    this.#terminal.write(`${CLEAR_LINE}${this.#terminal.style('dim', text)}`);
    this.#statusShown = true;
  }

  /** Ends the current line, if one is open, and clears a status. */
  endLine(): void {
    this.endReasoning();
    this.#pendingSpace = '';
    this.#endLine();
    if (this.#statusShown) {
      this.#terminal.write(CLEAR_LINE);
      this.#statusShown = false;
    }
  }

  /** Returns what to write now, holding trailing whitespace back; undefined if all is held. */
  #holdSpace(delta: string): string | undefined {
    const text = this.#pendingSpace + delta;
    let end = text.length;
    while (end > 0 && /\s/.test(text.charAt(end - 1))) end--;
    if (end === 0) {
      this.#pendingSpace = text;
      return undefined;
    }
    if (this.#gapDue) this.#startBlock();
    this.#pendingSpace = text.slice(end);
    return text.slice(0, end);
  }

  /** Whatever comes next starts on a fresh line, after a blank line if one is due. */
  #startBlock(): void {
    if (this.#inReasoning) this.endReasoning();
    this.#pendingSpace = '';
    this.#endLine();
    if (this.#gapDue) {
      this.#gapDue = false;
      this.#write('\n');
    }
  }

  #endLine(): void {
    if (!this.#atLineStart) this.#write('\n');
  }

  #write(text: string): void {
    if (text.length === 0) return;
    if (this.#statusShown) {
      this.#terminal.write(CLEAR_LINE);
      this.#statusShown = false;
    }
    this.#terminal.write(text);
    this.#atLineStart = text.endsWith('\n');
  }
}

/** Drops blank lines at the start of a piece that begins a line. */
function stripBlankLines(text: string): string {
  return text.replace(/^(?:[ \t]*\r?\n)+/, '');
}
