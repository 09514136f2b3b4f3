/**
 * Reads the YAML that models write as tool arguments (block mappings and sequences, plain,
 * quoted and block scalars, flow collections, comments) into JSON values, with YAML 1.2's core
 * schema. What tool arguments never need (anchors, aliases, tags, directives, several documents,
 * complex keys) is refused with a {@link YamlSyntaxError}, never guessed at. A value after
 * `key: ` that holds `: ` (`note: Note: bring a coat`) is read as the text it is, where YAML
 * would refuse it. Each line is read once: the time is linear in the text.
 */

/** YAML the reader refuses: a syntax error, or a feature tool arguments do not use. */
export class YamlSyntaxError extends Error {}

/** Options of {@link readYaml}. */
export interface ReadYamlOptions {
  /** Whether the plain value of a key of the top mapping is kept as text (`zip: 01234`, `version: 1.10`; null stays null): string parameters. */
  textKey?: (key: string) => boolean;
}

/** How deep collections may nest, as the JSON and XML readers allow: deeper is refused, never a stack overflow. */
const MAX_DEPTH = 1000;

/** Characters that cannot start a plain scalar or key. */
const INDICATORS = '[]{}#&*!|>%@`,';

/** Reads a YAML document: a block mapping, sequence or scalar. An empty document is null. */
export function readYaml(source: string, options: ReadYamlOptions = {}): unknown {
  const lines = source.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line));
  // The break that ends the last line opens no line of its own.
  if (lines.at(-1) === '') lines.pop();
  let pos = 0;
  /** The current line after a `- ` read on it: its text and the column the text starts at. */
  let partial: { text: string; indent: number } | undefined;
  /** Collections open around the node being read. */
  let depth = 0;

  const fail = (message: string): never => {
    throw new YamlSyntaxError(`YAML line ${pos + 1}: ${message}`);
  };

  function indentOf(line: string): number {
    let i = 0;
    while (line.charCodeAt(i) === 0x20) i++;
    if (line.charAt(i) === '\t' && line.trim() !== '') fail('a tab indents the line');
    return i;
  }

  /** The next line that holds a node, skipping blank and comment lines; undefined at the end. */
  function peek(): { text: string; indent: number } | undefined {
    if (partial !== undefined) return partial;
    for (; pos < lines.length; pos++) {
      const line = lines[pos] as string;
      const indent = indentOf(line);
      const text = line.slice(indent);
      if (text.trim() !== '' && !text.startsWith('#')) return { text, indent };
    }
    return undefined;
  }

  /** Leaves the current line. */
  function advance(): void {
    partial = undefined;
    pos++;
  }

  /** The node of a line more indented than `parent` (or a sequence at `parent` under a key), or null. */
  function child(parent: number, sequenceAtParent: boolean): unknown {
    const line = peek();
    if (line === undefined) return null;
    if (line.indent > parent || (sequenceAtParent && line.indent === parent && isItem(line.text)))
      return node(line, parent, undefined);
    return null;
  }

  /** The node that starts on `line`, inside a node indented `parent`. */
  function node(
    line: { text: string; indent: number },
    parent: number,
    textKey: ((key: string) => boolean) | undefined,
  ): unknown {
    if (isItem(line.text)) return sequence(line.indent);
    if (keyOf(line.text) !== undefined) return mapping(line.indent, textKey);
    return inline(line.text, parent, false);
  }

  /** Reads a collection one level deeper. */
  function nested<T>(read: () => T): T {
    if (++depth > MAX_DEPTH) fail(`collections nest more than ${MAX_DEPTH} deep`);
    const value = read();
    depth--;
    return value;
  }

  function sequence(indent: number): unknown[] {
    return nested(() => sequenceItems(indent));
  }

  function sequenceItems(indent: number): unknown[] {
    const items: unknown[] = [];
    for (let line = peek(); line?.indent === indent && isItem(line.text); line = peek()) {
      const rest = line.text.slice(1);
      const spaces = rest.length - rest.trimStart().length;
      const text = rest.trimStart();
      if (text === '' || text.startsWith('#')) {
        advance();
        items.push(child(indent, false));
      } else {
        partial = { text, indent: indent + 1 + spaces };
        items.push(node(partial, indent, undefined));
      }
    }
    return items;
  }

  function mapping(indent: number, textKey: ((key: string) => boolean) | undefined): object {
    return nested(() => mappingEntries(indent, textKey));
  }

  function mappingEntries(indent: number, textKey: ((key: string) => boolean) | undefined): object {
    const result: Record<string, unknown> = Object.create(null);
    for (let line = peek(); line !== undefined && line.indent >= indent; line = peek()) {
      if (line.indent > indent) fail('the line is indented more than its mapping');
      const entry = keyOf(line.text);
      if (entry === undefined) fail('a key was expected');
      const [key, rest] = entry as [string, string];
      if (Object.hasOwn(result, key)) fail(`the key ${JSON.stringify(key)} is given twice`);
      result[key] = inline(rest, indent, textKey?.(key) ?? false);
    }
    return result;
  }

  /** The value that starts with `text` on the current line, in a node indented `parent`. */
  function inline(text: string, parent: number, asText: boolean): unknown {
    const first = text.charAt(0);
    if (text === '' || first === '#') {
      advance();
      return child(parent, true);
    }
    if (first === '|' || first === '>') return blockScalar(text, parent);
    if (first === '"' || first === "'" || first === '[' || first === '{') {
      const flow = flowReader(text);
      const value = flow.value();
      flow.end();
      return value;
    }
    if ('&*!%@`'.includes(first)) fail(`${first} (anchors, aliases, tags) is not read`);
    return plain(text, parent, asText);
  }

  /** A plain scalar, folded over the more indented lines that follow. */
  function plain(text: string, parent: number, asText: boolean): unknown {
    const parts = [withoutComment(text)];
    advance();
    let blank = 0;
    for (; pos < lines.length; pos++) {
      const line = lines[pos] as string;
      const trimmed = line.trim();
      if (trimmed === '') {
        blank++;
        continue;
      }
      if (indentOf(line) <= parent || trimmed.startsWith('#')) break;
      if (keyOf(trimmed) !== undefined) fail('a key is indented under a value');
      for (; blank > 0; blank--) parts.push('');
      parts.push(withoutComment(trimmed));
    }
    // The blank lines after the scalar are not its own.
    pos -= blank;
    const value = foldPlain(parts);
    // A string parameter written `null` or `~` is left out, as YAML means it.
    return asText && scalar(value) !== null ? value : scalar(value);
  }

  /** A block scalar (`|`, `>`, with chomping and indentation indicators) whose header is `header`. */
  function blockScalar(header: string, parent: number): string {
    const match = /^([|>])([-+]?)([1-9]?)([-+]?)\s*(?:#.*)?$/.exec(header);
    if (match === null || (match[2] !== '' && match[4] !== '')) fail('a block scalar header');
    const [, style, chompA, width, chompB] = match as RegExpExecArray;
    const chomp = chompA || chompB;
    advance();
    let indent = width === '' ? 0 : parent + Number(width);
    const content: string[] = [];
    for (; pos < lines.length; pos++) {
      const line = lines[pos] as string;
      const spaces = line.length - line.trimStart().length;
      if (line.trim() === '') {
        content.push(line.slice(Math.min(spaces, indent || spaces)));
        continue;
      }
      if (indent === 0) {
        if (spaces <= parent) break;
        indent = spaces;
      }
      if (spaces < indent) break;
      content.push(line.slice(indent));
    }
    // Lines of spaces only after the last text are the trailing breaks chomping decides on.
    let end = content.length;
    while (end > 0 && content[end - 1] === '') end--;
    const body = content.slice(0, end);
    const text = style === '|' ? body.join('\n') : fold(body);
    if (chomp === '-') return text;
    if (chomp === '+') return text + '\n'.repeat(content.length - end + (end > 0 ? 1 : 0));
    return end > 0 ? `${text}\n` : text;
  }

  /** A flow collection or quoted scalar from `text`, continued over the next lines as needed. */
  function flowReader(text: string) {
    let buffer = text;
    let i = 0;

    /** The next character, pulling the next line when this one is used up; '' at the end. */
    function at(): string {
      while (i >= buffer.length) {
        if (pos + 1 >= lines.length) return '';
        advance();
        buffer = `\n${lines[pos] as string}`;
        i = 0;
      }
      return buffer.charAt(i);
    }

    function skipSpace(): void {
      for (let c = at(); c !== ''; c = at()) {
        if (c === '#' && (i === 0 || /\s/.test(buffer.charAt(i - 1)))) i = buffer.length;
        else if (/\s/.test(c)) i++;
        else return;
      }
    }

    function expect(char: string): void {
      skipSpace();
      if (at() !== char) fail(`${char} was expected`);
      i++;
    }

    function value(): unknown {
      skipSpace();
      const c = at();
      if (c === '[') return collection(']');
      if (c === '{') return collection('}');
      if (c === '"' || c === "'") return quoted(c);
      if (c === '' || '&*!%@`]},'.includes(c)) fail(`${c || 'the end'} cannot start a value`);
      return scalar(plainInFlow());
    }

    function plainInFlow(): string {
      let text = '';
      for (let c = at(); c !== '' && !',[]{}'.includes(c); c = at()) {
        if (c === ':' && /^[\s,[\]{}]?$/.test(buffer.charAt(i + 1))) break;
        if (c === '#' && /\s/.test(buffer.charAt(i - 1))) break;
        text += c;
        i++;
      }
      return foldPlain(text.split('\n'));
    }

    /** A mapping's key and value, or a sequence's entry (`[a: 1]` holds a one-key mapping). */
    function entry(inMapping: boolean): [string, unknown] | unknown {
      const first = value();
      skipSpace();
      if (at() !== ':') return inMapping ? [keyText(first), null] : first;
      i++;
      skipSpace();
      const c = at();
      const second = c === ',' || c === '}' || c === ']' ? null : value();
      if (inMapping) return [keyText(first), second];
      return Object.fromEntries([[keyText(first), second]]);
    }

    function collection(close: ']' | '}'): unknown {
      return nested(() => collectionItems(close));
    }

    function collectionItems(close: ']' | '}'): unknown {
      i++;
      const mapping = close === '}';
      const items: unknown[] = [];
      const object: Record<string, unknown> = Object.create(null);
      for (;;) {
        skipSpace();
        if (at() === close) break;
        const read = entry(mapping);
        if (mapping) {
          const [key, item] = read as [string, unknown];
          if (Object.hasOwn(object, key)) fail(`the key ${JSON.stringify(key)} is given twice`);
          object[key] = item;
        } else items.push(read);
        skipSpace();
        if (at() !== ',') break;
        i++;
      }
      expect(close);
      return mapping ? object : items;
    }

    function quoted(quote: string): string {
      i++;
      let text = '';
      /** The length of the text without the spaces written last: a line break drops them, escaped ones stay. */
      let kept = 0;
      for (;;) {
        const c = at();
        if (c === '') fail('a quoted scalar is not closed');
        i++;
        if (c === quote) {
          if (quote === "'" && buffer.charAt(i) === "'") {
            i++;
            text += "'";
            kept = text.length;
            continue;
          }
          return text;
        }
        if (c === '\n') text = text.slice(0, kept) + lineFold();
        else if (c === '\\' && quote === '"') text += escapeSequence();
        else text += c;
        if (c !== ' ' && c !== '\t') kept = text.length;
      }
    }

    /** What a line break in a quoted scalar reads as: a space, or the empty lines after it. */
    function lineFold(): string {
      let breaks = 0;
      for (;;) {
        while (at() === ' ' || at() === '\t') i++;
        if (at() !== '\n') return breaks === 0 ? ' ' : '\n'.repeat(breaks);
        breaks++;
        i++;
      }
    }

    function escapeSequence(): string {
      const c = at();
      i++;
      if (c === '\n') {
        while (at() === ' ' || at() === '\t') i++;
        return '';
      }
      const simple = ESCAPES[c];
      if (simple !== undefined) return simple;
      const digits = c === 'x' ? 2 : c === 'u' ? 4 : c === 'U' ? 8 : 0;
      const hex = buffer.slice(i, i + digits);
      if (digits === 0 || !/^[0-9a-fA-F]+$/.test(hex) || hex.length !== digits)
        fail(`\\${c} is no escape`);
      i += digits;
      return String.fromCodePoint(Number.parseInt(hex, 16));
    }

    /** Nothing but a comment may follow the value on its line. */
    function end(): void {
      const rest = buffer.slice(i).trim();
      if (rest !== '' && !rest.startsWith('#')) fail(`${rest} follows the value`);
      advance();
    }

    return { value, end };
  }

  const first = peek();
  const result = first === undefined ? null : node(first, -1, options.textKey);
  if (peek() !== undefined) fail('the line is indented less than the document');
  return result;
}

const ESCAPES: Record<string, string> = {
  '0': '\0',
  a: '\x07',
  b: '\b',
  t: '\t',
  '\t': '\t',
  n: '\n',
  v: '\v',
  f: '\f',
  r: '\r',
  e: '\x1b',
  ' ': ' ',
  '"': '"',
  '/': '/',
  '\\': '\\',
  N: '\x85',
  _: '\xa0',
  L: '\u2028',
  P: '\u2029',
};

/** Whether a line opens a sequence item (`- `). */
function isItem(text: string): boolean {
  return text.startsWith('-') && (text.length === 1 || text.charAt(1) === ' ');
}

/** The key of a `key: value` line and the text after `: `, or undefined for no key line. */
export function keyOf(text: string): [string, string] | undefined {
  const first = text.charAt(0);
  if (first === '"' || first === "'") {
    const close = closingQuote(text);
    const after = close < 0 ? '' : text.slice(close + 1).trimStart();
    if (close < 0 || !/^:(\s|$)/.test(after)) return undefined;
    return [readYaml(text.slice(0, close + 1)) as string, after.slice(1).trimStart()];
  }
  if (INDICATORS.includes(first) || isItem(text)) return undefined;
  const colon = /:(?:\s|$)|\s#/.exec(text);
  if (colon === null || colon[0].charAt(0) !== ':') return undefined;
  return [text.slice(0, colon.index).trimEnd(), text.slice(colon.index + 1).trimStart()];
}

/** Where the quoted scalar that starts `text` ends on its line, or -1. */
function closingQuote(text: string): number {
  const quote = text.charAt(0);
  for (let i = 1; i < text.length; i++) {
    const c = text.charAt(i);
    if (c === '\\' && quote === '"') i++;
    else if (c === quote) {
      if (quote === "'" && text.charAt(i + 1) === "'") i++;
      else return i;
    }
  }
  return -1;
}

/** A flow key as text: keys of tool arguments are names. */
function keyText(key: unknown): string {
  return typeof key === 'string' ? key : JSON.stringify(key);
}

/** A plain scalar's text before a ` #` comment. */
function withoutComment(text: string): string {
  const comment = /\s#/.exec(text);
  return comment === null ? text : text.slice(0, comment.index);
}

/** Folds the lines of a plain scalar: a single break between lines is a space, each blank line a break. */
function foldPlain(parts: string[]): string {
  let text = '';
  let breaks = -1;
  for (const part of parts) {
    const line = part.trim();
    if (line === '' && breaks >= 0) {
      breaks++;
      continue;
    }
    if (breaks >= 0) text += breaks === 0 ? ' ' : '\n'.repeat(breaks);
    text += line;
    breaks = 0;
  }
  return text;
}

/** Folds the lines of a `>` scalar: a single break between text lines is a space. */
function fold(lines: string[]): string {
  let text = '';
  let previous: string | undefined;
  let breaks = 0;
  for (const line of lines) {
    if (line === '') {
      breaks++;
      continue;
    }
    const indented = /^\s/.test(line) || (previous !== undefined && /^\s/.test(previous));
    if (previous === undefined) text += '\n'.repeat(breaks);
    else text += breaks === 0 && !indented ? ' ' : '\n'.repeat(breaks + (indented ? 1 : 0));
    text += line;
    previous = line;
    breaks = 0;
  }
  return text;
}

/** A plain scalar's value under YAML 1.2's core schema: null, booleans, numbers, else the text. */
export function scalar(text: string): unknown {
  if (/^(?:~|null|Null|NULL)?$/.test(text)) return null;
  if (/^(?:true|True|TRUE)$/.test(text)) return true;
  if (/^(?:false|False|FALSE)$/.test(text)) return false;
  if (/^0o[0-7]+$/.test(text)) return Number.parseInt(text.slice(2), 8);
  if (/^0x[0-9a-fA-F]+$/.test(text)) return Number.parseInt(text.slice(2), 16);
  if (/^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/.test(text)) return Number(text);
  return text;
}
