import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { createMarkerSeeker, type MarkerSeeker } from './marker-seeker';
import { createTextPieces } from './text-pieces';

/**
 * One reasoning block of a reply, as it streams: `reasoning-start` on its first text (a block
 * opened by a tag, at once), its deltas, `reasoning-end`. A block the chat template may have
 * opened can hold its text back until the reply shows it was reasoning.
 */
export interface ReasoningBlock {
  /** Whether anything but whitespace was read. */
  readonly readAny: boolean;
  /** Reads the block's text: what the seeker skips on the way to a marker. */
  readonly read: (text: string) => void;
  /** Finds the markers that end or interrupt the block. */
  readonly seeker: MarkerSeeker;
  /** Opened by the chat template, not by a tag: a call ends it for good. */
  readonly implicit: boolean;
  /** Whether its text is still held back. */
  readonly holding: boolean;
  /** The block that goes on after a call interrupted this one, until the same closer. */
  continued(id: string): ReasoningBlock;
  /** The block ended: what was held goes out as reasoning after all, then `reasoning-end`. */
  end(): void;
  /** The reply ended with the block still held: it was no reasoning. Returns its text, emitting nothing. */
  release(): string;
}

/**
 * A reasoning block with the id `id`.
 *
 * @param markers What ends or interrupts the block: its closers, control tokens, call openers.
 * @param opened How the block began: by a tag (announced at once), going on after a call that
 * interrupted it (announced on its first text), or by the chat template (`implicit`: any closer
 * ends it, and so does a call), streaming or `held` back.
 */
export function createReasoningBlock(
  emit: (part: LanguageModelV4StreamPart) => void,
  id: string,
  markers: readonly string[],
  opened: 'tag' | 'continued' | 'implicit' | 'held',
): ReasoningBlock {
  let announced = false;
  /** What was read while held back, or undefined once it streams. */
  let held = opened === 'held' ? createTextPieces() : undefined;
  const seeker = createMarkerSeeker(markers);

  function announce(): void {
    if (announced) return;
    announced = true;
    emit({ type: 'reasoning-start', id });
  }

  function read(text: string): void {
    if (text.length === 0) return;
    if (!block.readAny && text.trim() !== '') block.readAny = true;
    if (held !== undefined) {
      held.push(text);
      return;
    }
    announce();
    emit({ type: 'reasoning-delta', id, delta: text });
  }

  const block = {
    readAny: false,
    read,
    seeker,
    implicit: opened === 'implicit' || opened === 'held',
    get holding() {
      return held !== undefined;
    },
    continued: (nextId: string) => createReasoningBlock(emit, nextId, markers, 'continued'),
    end() {
      const text = held;
      held = undefined;
      if (text !== undefined) read(text.toString());
      if (announced) emit({ type: 'reasoning-end', id });
    },
    release() {
      const text = (held?.toString() ?? '') + seeker.flush();
      held = undefined;
      return text;
    },
  };
  if (opened === 'tag') announce();
  return block;
}
