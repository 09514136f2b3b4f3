import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import type { BenchProtocol } from './contenders.ts';

/** The tools the synthetic replies call. */
export const benchTools: LanguageModelV4FunctionTool[] = [
  {
    type: 'function',
    name: 'write_file',
    description: 'Writes a file.',
    inputSchema: {
      type: 'object',
      properties: { path: { type: 'string' }, content: { type: 'string' } },
      required: ['path', 'content'],
    },
  },
  {
    type: 'function',
    name: 'tag_items',
    description: 'Tags items.',
    inputSchema: {
      type: 'object',
      properties: { items: { type: 'array', items: { type: 'string' } } },
      required: ['items'],
    },
  },
  {
    type: 'function',
    name: 'save_rows',
    description: 'Saves rows.',
    inputSchema: {
      type: 'object',
      properties: {
        rows: {
          type: 'array',
          items: { type: 'object', properties: { id: { type: 'integer' }, v: { type: 'string' } } },
        },
      },
      required: ['rows'],
    },
  },
  {
    type: 'function',
    name: 'get_time',
    description: 'The time.',
    inputSchema: { type: 'object', properties: {} },
  },
];

/** `length` characters of repeated text. */
export function fill(unit: string, length: number): string {
  return unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
}

/** Plain prose with no call in it. */
export function plainText(length: number): string {
  return fill(
    'The model answers in plain prose, with numbers like 3 < 4 and a & b, but no call. ',
    length,
  );
}

const CODE = 'export function add(a: number, b: number): number {\n  return a + b; // sum\n}\n';
/** Code without characters that need escaping in JSON or XML, so lengths compare directly. */
export const PLAIN_CODE =
  'const value = compute(alpha, beta) + offset; // one line of code\n'.replaceAll('\n', ' ');

function call(protocol: BenchProtocol, name: string, args: Record<string, unknown>): string {
  if (protocol === 'hermes')
    return `<tool_call>\n${JSON.stringify({ name, arguments: args })}\n</tool_call>`;
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

/** A reply writing one file of `length` characters of code. */
export function writeFileReply(protocol: BenchProtocol, length: number, code = CODE): string {
  return `I'll write the file.\n${call(protocol, 'write_file', { path: 'src/add.ts', content: fill(code, length) })}`;
}

/** A reply with one call whose argument is many small pieces, about `length` characters in all. */
export function manyPiecesReply(protocol: BenchProtocol, length: number): string {
  if (protocol === 'xml')
    return call('xml', 'tag_items', {
      items: Array.from({ length: Math.round(length / 17) }, (_, i) => `v${i % 1000}`),
    });
  return call('hermes', 'save_rows', {
    rows: Array.from({ length: Math.round(length / 17) }, (_, i) => ({ id: i, v: 'ab' })),
  });
}

/** A reply with `count` small calls and prose between them. */
export function manyCallsReply(protocol: BenchProtocol, count: number): string {
  return Array.from(
    { length: count },
    (_, i) => `Step ${i}.\n${call(protocol, 'get_time', {})}`,
  ).join('\n');
}
