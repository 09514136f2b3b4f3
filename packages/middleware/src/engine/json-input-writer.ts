/**
 * Writes a tool's input as canonical JSON text, piece by piece, so that each piece can go
 * out as a `tool-input-delta` the moment it is certain, and the pieces always concatenate
 * to valid JSON. Knows what is open, so a call cut short can be closed.
 */
export class JsonInputWriter {
  /** Open containers, innermost last, by their closing bracket; true when the container already holds a member. */
  private readonly open: Array<{ close: '}' | ']'; hasMember: boolean }> = [];
  private inString = false;
  private awaitingValue = false;
  private written = false;

  constructor(private readonly output: (json: string) => void) {}

  private emit(json: string): void {
    this.written = true;
    this.output(json);
  }

  openObject(): void {
    this.openContainer('{', '}');
  }

  openArray(): void {
    this.openContainer('[', ']');
  }

  close(): void {
    const container = this.open.pop();
    if (container !== undefined) this.emit(container.close);
  }

  key(name: string): void {
    const container = this.open.at(-1);
    this.emit(`${container?.hasMember ? ',' : ''}${JSON.stringify(name)}:`);
    if (container !== undefined) container.hasMember = true;
    this.awaitingValue = true;
  }

  /** A complete value, written at once. */
  value(value: unknown): void {
    this.beginValue(JSON.stringify(value) ?? 'null');
  }

  stringStart(): void {
    this.beginValue('"');
    this.inString = true;
  }

  /** String content; never ends inside a surrogate pair (the scanners guarantee that). */
  stringChunk(text: string): void {
    if (text.length === 0) return;
    // Most pieces need no escape: they go out as they are, without two new strings each.
    this.emit(needsEscape(text) ? JSON.stringify(text).slice(1, -1) : text);
  }

  stringEnd(): void {
    this.inString = false;
    this.emit('"');
  }

  /** Closes whatever is open (a string, a missing value, containers), leaving valid JSON: `{}` if nothing was written. */
  closeAll(): void {
    if (!this.written) this.value({});
    if (this.inString) this.stringEnd();
    if (this.awaitingValue) this.value(null);
    while (this.open.length > 0) this.close();
  }

  private openContainer(open: '{' | '[', close: '}' | ']'): void {
    this.beginValue(open);
    this.open.push({ close, hasMember: false });
  }

  private beginValue(text: string): void {
    const container = this.open.at(-1);
    const inArray = container?.close === ']';
    const separator = inArray && container.hasMember ? ',' : '';
    if (inArray) container.hasMember = true;
    this.awaitingValue = false;
    this.emit(separator + text);
  }
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
