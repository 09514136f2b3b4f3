import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { MarkerSeeker } from './marker-seeker';
import { TextPieces } from './text-pieces';

/**
 * One reasoning block of a reply, as it streams: `reasoning-start` on its first text (a block
 * opened by a tag, at once), its deltas, `reasoning-end`. A block the chat template may have
 * opened can hold its text back until the reply shows it was reasoning.
 */
export class ReasoningBlock {
  private announced = false;
  /** What was read while held back, or undefined once it streams. */
  private held: TextPieces | undefined;
  /** Whether anything but whitespace was read. */
  readAny = false;
  /** Reads the block's text: what the seeker skips on the way to a marker. */
  readonly read = (text: string): void => {
    if (text.length === 0) return;
    if (!this.readAny && text.trim() !== '') this.readAny = true;
    if (this.held !== undefined) {
      this.held.push(text);
      return;
    }
    this.announce();
    this.emit({ type: 'reasoning-delta', id: this.id, delta: text });
  };

  /** Finds the markers that end or interrupt the block. */
  readonly seeker: MarkerSeeker;
  /** Opened by the chat template, not by a tag: a call ends it for good. */
  readonly implicit: boolean;

  /**
   * @param markers What ends or interrupts the block: its closers, control tokens, call openers.
   * @param opened How the block began: by a tag (announced at once), going on after a call that
   * interrupted it (announced on its first text), or by the chat template (`implicit`: any closer
   * ends it, and so does a call), streaming or `held` back.
   */
  constructor(
    private readonly emit: (part: LanguageModelV4StreamPart) => void,
    private readonly id: string,
    private readonly markers: readonly string[],
    opened: 'tag' | 'continued' | 'implicit' | 'held',
  ) {
    this.seeker = new MarkerSeeker(markers);
    this.implicit = opened === 'implicit' || opened === 'held';
    if (opened === 'tag') this.announce();
    if (opened === 'held') this.held = new TextPieces();
  }

  /** The block that goes on after a call interrupted this one, until the same closer. */
  continued(id: string): ReasoningBlock {
    return new ReasoningBlock(this.emit, id, this.markers, 'continued');
  }

  /** Whether its text is still held back. */
  get holding(): boolean {
    return this.held !== undefined;
  }

  /** The block ended: what was held goes out as reasoning after all, then `reasoning-end`. */
  end(): void {
    const held = this.held;
    this.held = undefined;
    if (held !== undefined) this.read(held.toString());
    if (this.announced) this.emit({ type: 'reasoning-end', id: this.id });
  }

  /** The reply ended with the block still held: it was no reasoning. Returns its text, emitting nothing. */
  release(): string {
    const text = (this.held?.toString() ?? '') + this.seeker.flush();
    this.held = undefined;
    return text;
  }

  private announce(): void {
    if (this.announced) return;
    this.announced = true;
    this.emit({ type: 'reasoning-start', id: this.id });
  }
}
