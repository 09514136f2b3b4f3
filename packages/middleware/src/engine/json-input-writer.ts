/**
 * Writes a tool's input as canonical JSON text, piece by piece, so that each piece can go
 * out as a `tool-input-delta` the moment it is certain, and the pieces always concatenate
 * to valid JSON. Knows what is open, so a call cut short can be closed.
 */
export interface JsonInputWriter {
  openObject(): void;
  openArray(): void;
  /** Closes the innermost open container, if any. */
  close(): void;
  key(name: string): void;
  /** A complete value, written at once. */
  value(value: unknown): void;
  stringStart(): void;
  /** String content; never ends inside a surrogate pair (the scanners guarantee that). */
  stringChunk(text: string): void;
  stringEnd(): void;
  /** Closes whatever is open (a string, a missing value, containers), leaving valid JSON: `{}` if nothing was written. */
  closeAll(): void;
}

/** A writer that hands each piece of JSON to `output`. */
export function createJsonInputWriter(output: (json: string) => void): JsonInputWriter {
  /** Open containers, innermost last, by their closing bracket; true when the container already holds a member. */
  const open: Array<{ close: '}' | ']'; hasMember: boolean }> = [];
  let inString = false;
  let awaitingValue = false;
  let written = false;

  function emit(json: string): void {
    written = true;
    output(json);
  }

  function beginValue(text: string): void {
    const container = open.at(-1);
    const inArray = container?.close === ']';
    const separator = inArray && container.hasMember ? ',' : '';
    if (inArray) container.hasMember = true;
    awaitingValue = false;
    emit(separator + text);
  }

  function openContainer(start: '{' | '[', close: '}' | ']'): void {
    beginValue(start);
    open.push({ close, hasMember: false });
  }

  function close(): void {
    const container = open.pop();
    if (container !== undefined) emit(container.close);
  }

  function value(json: unknown): void {
    beginValue(JSON.stringify(json) ?? 'null');
  }

  function stringEnd(): void {
    inString = false;
    emit('"');
  }

  return {
    openObject: () => openContainer('{', '}'),
    openArray: () => openContainer('[', ']'),
    close,
    key(name) {
      const container = open.at(-1);
      emit(`${container?.hasMember ? ',' : ''}${JSON.stringify(name)}:`);
      if (container !== undefined) container.hasMember = true;
      awaitingValue = true;
    },
    value,
    stringStart() {
      beginValue('"');
      inString = true;
    },
    stringChunk(text) {
      if (text.length === 0) return;
      // Most pieces need no escape: they go out as they are, without two new strings each.
      emit(needsEscape(text) ? JSON.stringify(text).slice(1, -1) : text);
    },
    stringEnd,
    closeAll() {
      if (!written) value({});
      if (inString) stringEnd();
      if (awaitingValue) value(null);
      while (open.length > 0) close();
    },
  };
}

/**
 * Whether `JSON.stringify` would escape anything in `text`: a quote, a backslash, a control
 * character, or a surrogate (escaped when lone; any surrogate takes the slow path).
 */
function needsEscape(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x22 || code === 0x5c || (code >= 0xd800 && code <= 0xdfff))
      return true;
  }
  return false;
}
