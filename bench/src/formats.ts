import { pythonJson } from './chat-templates.ts';

/** One tool call as the synthetic replies write it. */
export interface Call {
  name: string;
  args: Record<string, unknown>;
}

/**
 * Middleware as the bench drives it, a text tool middleware's three hooks: both libraries' types
 * differ only in their provider major.
 */
export interface AnyMiddleware {
  transformParams(options: {
    type: 'generate' | 'stream';
    params: unknown;
    model: unknown;
  }): PromiseLike<unknown>;
  wrapStream(options: {
    doStream: () => PromiseLike<unknown>;
    doGenerate: () => PromiseLike<unknown>;
    params: unknown;
    model: unknown;
  }): PromiseLike<unknown>;
  wrapGenerate(options: {
    doStream: () => PromiseLike<unknown>;
    doGenerate: () => PromiseLike<unknown>;
    params: unknown;
    model: unknown;
  }): PromiseLike<unknown>;
}

/** Picks a library's middleware for a format out of its exports; undefined when it has none. */
export type Resolve = (exports: Readonly<Record<string, unknown>>) => AnyMiddleware | undefined;

/**
 * A wire format the bench measures: how a model writes calls in it, and which export of each
 * library reads it. Exports are looked up by name when the bench starts, so a middleware that
 * does not exist yet makes its cells say "not yet", and is measured as soon as it is exported.
 */
export interface BenchFormat {
  id: string;
  /**
   * A reply made of these calls. Formats that leave room for prose write `prose(index)` before
   * each call (`prose` may be absent); formats whose whole reply is the call list write none.
   */
  reply(calls: readonly Call[], prose?: (index: number) => string): string;
  /** The argument of the many-pieces workload: a JSON array of small objects, or an XML list of items. */
  pieces: 'json' | 'xml';
  toolbridge: Resolve;
  peer: Resolve;
}

/** The export `name`, when it is a middleware. */
export function named(name: string): Resolve {
  return (exports) => asMiddleware(exports[name]);
}

/** The first of several ways to get a middleware that works. */
export function firstOf(...ways: Resolve[]): Resolve {
  return (exports) => {
    for (const way of ways) {
      const middleware = way(exports);
      if (middleware !== undefined) return middleware;
    }
    return undefined;
  };
}

/** `createToolMiddleware({ protocol: factory() })`, when the library exports the protocol factory `factory`. */
export function protocolNamed(factory: string): Resolve {
  return (exports) => {
    const create = exports['createToolMiddleware'];
    const protocol = exports[factory];
    if (typeof create !== 'function' || typeof protocol !== 'function') return undefined;
    return asMiddleware(create({ protocol: protocol() }));
  };
}

function asMiddleware(value: unknown): AnyMiddleware | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { transformParams, wrapStream, wrapGenerate } = value as Partial<AnyMiddleware>;
  return typeof transformParams === 'function' &&
    typeof wrapStream === 'function' &&
    typeof wrapGenerate === 'function'
    ? (value as AnyMiddleware)
    : undefined;
}

/** Calls each on its own, prose before each, one per line: for formats with a marker around a call. */
function tagged(write: (call: Call) => string): BenchFormat['reply'] {
  return (calls, prose) =>
    calls.map((call, index) => `${prose?.(index) ?? ''}${write(call)}`).join('\n');
}

/** Hermes / Qwen 2.5 (formats.md §3.1). */
function hermesCall({ name, args }: Call): string {
  return `<tool_call>\n${JSON.stringify({ name, arguments: args })}\n</tool_call>`;
}

/** Morph-XML: `<tool><arg>value</arg></tool>`, lists as `<item>`s. */
function xmlCall({ name, args }: Call): string {
  const element = (key: string, value: unknown): string =>
    Array.isArray(value)
      ? `<${key}>${value.map((item) => element('item', item)).join('')}</${key}>`
      : typeof value === 'object' && value !== null
        ? `<${key}>${Object.entries(value)
            .map(([k, v]) => element(k, v))
            .join('')}</${key}>`
        : `<${key}>${String(value)}</${key}>`;
  return `<${name}>\n${Object.entries(args)
    .map(([key, value]) => element(key, value))
    .join('\n')}\n</${name}>`;
}

/** Qwen3-Coder (formats.md §3.2): raw string values, JSON for the rest, every element on its own line. */
function qwen3CoderCall({ name, args }: Call): string {
  const parameters = Object.entries(args).map(
    ([key, value]) =>
      `<parameter=${key}>\n${typeof value === 'string' ? value : JSON.stringify(value)}\n</parameter>\n`,
  );
  return `<tool_call>\n<function=${name}>\n${parameters.join('')}</function>\n</tool_call>`;
}

/** Llama 3.x JSON (formats.md §3.3): the reply is the call object; several are `;`-separated. */
function llama3Reply(calls: readonly Call[]): string {
  return calls
    .map(({ name, args }) => `{"name": ${JSON.stringify(name)}, "parameters": ${pythonJson(args)}}`)
    .join('; ');
}

/** A Python literal of a JSON value. */
function pythonLiteral(value: unknown): string {
  if (value === null) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (Array.isArray(value)) return `[${value.map(pythonLiteral).join(', ')}]`;
  if (typeof value === 'object')
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}: ${pythonLiteral(item)}`)
      .join(', ')}}`;
  return JSON.stringify(value);
}

/** Pythonic (formats.md §3.4): the reply is one list of calls with keyword arguments. */
function pythonicReply(calls: readonly Call[]): string {
  const call = ({ name, args }: Call) =>
    `${name}(${Object.entries(args)
      .map(([key, value]) => `${key}=${pythonLiteral(value)}`)
      .join(', ')})`;
  return `[${calls.map(call).join(', ')}]`;
}

/** `auto`: whatever the library calls its recognise-any-format middleware. */
const auto = firstOf(named('autoToolMiddleware'), protocolNamed('autoProtocol'));

/**
 * The formats measured, one line each. `toolbridge` and `peer` name the export of each library
 * that reads the format; a name a library does not export leaves its cells empty.
 */
// biome-ignore format: one line per format
export const FORMATS: readonly BenchFormat[] = [
  { id: 'hermes', reply: tagged(hermesCall), pieces: 'json', toolbridge: named('hermesToolMiddleware'), peer: named('hermesToolMiddleware') },
  { id: 'xml', reply: tagged(xmlCall), pieces: 'xml', toolbridge: named('xmlToolMiddleware'), peer: named('morphXmlToolMiddleware') },
  { id: 'qwen3-coder', reply: tagged(qwen3CoderCall), pieces: 'json', toolbridge: named('qwen3CoderToolMiddleware'), peer: named('qwen3CoderToolMiddleware') },
  { id: 'llama3-json', reply: llama3Reply, pieces: 'json', toolbridge: named('llama3JsonToolMiddleware'), peer: named('llama3JsonToolMiddleware') },
  { id: 'pythonic', reply: pythonicReply, pieces: 'json', toolbridge: named('pythonicToolMiddleware'), peer: named('pythonicToolMiddleware') },
  { id: 'auto (hermes text)', reply: tagged(hermesCall), pieces: 'json', toolbridge: auto, peer: auto },
];

export function formatById(id: string): BenchFormat {
  const format = FORMATS.find((candidate) => candidate.id === id);
  if (format === undefined) throw new Error(`no bench format ${id}`);
  return format;
}
