/** Thrown when a call's XML cannot be read; says where. */
export class RXMLParseError extends Error {
  override readonly name: string = 'RXMLParseError';
  /** Offset (UTF-16 code units) in the input where reading failed. */
  readonly offset: number;

  constructor(message: string, options: { offset: number; cause?: unknown }) {
    super(`${message} at offset ${options.offset}`, { cause: options.cause });
    this.offset = options.offset;
  }
}

/** Thrown when a string-typed field is given twice, since one of the two values would be lost. */
export class RXMLDuplicateStringTagError extends RXMLParseError {
  override readonly name = 'RXMLDuplicateStringTagError';
  /** The repeated tag. */
  readonly tag: string;

  constructor(tag: string, options: { offset: number }) {
    super(`String field <${tag}> is given more than once`, options);
    this.tag = tag;
  }
}

/** Thrown, in strict mode, when a value cannot take any type its schema allows. */
export class RXMLCoercionError extends Error {
  override readonly name = 'RXMLCoercionError';
  /** Where the value sits, as property names and array indexes from the root. */
  readonly path: ReadonlyArray<string | number>;
  /** The value as read. */
  readonly value: unknown;

  constructor(path: ReadonlyArray<string | number>, value: unknown, expected: string) {
    super(`Cannot read ${JSON.stringify(value)} at /${path.join('/')} as ${expected}`);
    this.path = path;
    this.value = value;
  }
}
