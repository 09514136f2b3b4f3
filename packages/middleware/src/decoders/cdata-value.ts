const OPEN = '<![CDATA[';
const CLOSE = ']]>';

/**
 * A parameter value that may be wrapped whole in a CDATA section, read as it streams: MiniCPM
 * writes `<![CDATA[…]]>` around values. The opener at the value's start and the close at its end
 * are markup, with the whitespace outside them; a value that opens otherwise passes unchanged.
 */
export interface CdataValue {
  /** The value opened a CDATA section: its text is content exactly, whitespace included. */
  readonly inside: boolean;
  /** Something other than whitespace is held. */
  readonly holdsText: boolean;
  /** Takes a piece of the value; returns the text that is content for certain. */
  push(piece: string): string;
  /** The value is complete: returns the held text that was content after all. */
  end(): string;
}

/** A value that is never read as CDATA: its text passes unchanged. */
export const PLAIN_VALUE: CdataValue = {
  inside: false,
  holdsText: false,
  push: (piece) => piece,
  end: () => '',
};

/** Reads one value that may be wrapped in CDATA. */
export function createCdataValue(): CdataValue {
  let state: 'undecided' | 'inside' | 'none' = 'undecided';
  /** Whitespace before the value's first other character. */
  let space = '';
  /** The start of the value while it may still be the opener. */
  let head = '';
  /** Inside: the end of the text while it may be the close, with whitespace after it. */
  let tail = '';
  /** `tail` is the whole close and whitespace: more whitespace joins it without a rescan. */
  let closeHeld = false;

  return {
    get inside() {
      return state === 'inside';
    },
    get holdsText() {
      return head !== '' || state === 'inside';
    },
    push(piece) {
      if (state === 'none') return piece;
      if (state === 'undecided') {
        if (head === '') {
          const start = piece.length - piece.trimStart().length;
          space += piece.slice(0, start);
          piece = piece.slice(start);
        }
        head += piece;
        if (head.length < OPEN.length && OPEN.startsWith(head)) return '';
        if (!head.startsWith(OPEN)) {
          state = 'none';
          const text = space + head;
          space = head = '';
          return text;
        }
        state = 'inside';
        piece = head.slice(OPEN.length);
        space = head = '';
      }
      if (closeHeld && piece.trim() === '') {
        tail += piece;
        return '';
      }
      const text = tail + piece;
      const keep = closeTailLength(text);
      tail = text.slice(text.length - keep);
      closeHeld = tail.startsWith(CLOSE);
      return text.slice(0, text.length - keep);
    },
    end() {
      if (state === 'undecided') {
        state = 'none';
        return space + head;
      }
      return closeHeld ? '' : tail;
    },
  };
}

/** `text` as content: without the CDATA markers when it is wrapped in them. */
export function unwrapCdata(text: string): { text: string; cdata: boolean } {
  const value = createCdataValue();
  const content = value.push(text) + value.end();
  return { text: content, cdata: value.inside };
}

/**
 * How much of the end of `text` may be the close: `]]>` and the whitespace after it, or `]`,
 * `]]` that more text may complete. The whitespace scanned is new text only: a tail that was
 * the whole close took blank pieces without a rescan.
 */
function closeTailLength(text: string): number {
  const end = text.trimEnd().length;
  if (end >= CLOSE.length && text.startsWith(CLOSE, end - CLOSE.length)) {
    return text.length - end + CLOSE.length;
  }
  if (end < text.length) return 0;
  if (text.endsWith(']]')) return 2;
  return text.endsWith(']') ? 1 : 0;
}
