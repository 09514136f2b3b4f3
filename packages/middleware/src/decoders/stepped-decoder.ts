import type { CallDecoder, CallStatus } from '../engine/call-grammar';

/** How a decoder that reads its markup a step at a time reads it; see {@link steppedDecoder}. */
export interface DecoderSteps {
  /** Reads `text` from `at`, the markup still open; returns where it stopped. */
  step(text: string, at: number): number;
  /** The output ended with the markup open: complete, fail or give up what is open. */
  end(): void;
  status(): CallStatus;
  /** The closer still expected, asked once the markup is no longer open. */
  closer(): string | undefined;
}

/**
 * The {@link CallDecoder} of a decoder that reads a step at a time: `write` steps while the
 * markup stays open and takes all the text while it does, or the text up to where it settled;
 * `end` ends only open markup; no closer is expected while it is open.
 */
export function steppedDecoder(steps: DecoderSteps): CallDecoder {
  const { step, end, status, closer } = steps;
  return {
    write(text) {
      let at = 0;
      while (at < text.length && status() === 'open') at = step(text, at);
      return status() === 'open' ? text.length : at;
    },
    end() {
      if (status() === 'open') end();
    },
    get status() {
      return status();
    },
    get closer() {
      return status() === 'open' ? undefined : closer();
    },
  };
}
