const EXCERPT_RADIUS = 20;

/** Thrown when text cannot be read as JSON, even relaxed; says where and shows the text there. */
export class RJSONParseError extends Error {
  override readonly name = 'RJSONParseError';
  /** Offset (UTF-16 code units) in the input where reading failed. */
  readonly offset: number;
  /** A short piece of the input around `offset`. */
  readonly excerpt: string;

  constructor(message: string, options: { offset: number; excerpt?: string; cause?: unknown }) {
    super(
      options.excerpt === undefined
        ? `${message} at offset ${options.offset}`
        : `${message} at offset ${options.offset}: ${JSON.stringify(options.excerpt)}`,
      { cause: options.cause },
    );
    this.offset = options.offset;
    this.excerpt = options.excerpt ?? '';
  }
}

/** The part of `text` around `offset` that an error message shows. */
export function excerptAt(text: string, offset: number): string {
  return text.slice(Math.max(0, offset - EXCERPT_RADIUS), offset + EXCERPT_RADIUS);
}
