import type { LanguageModelV4FunctionTool, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import type { ToolCallProtocol } from '@toolbridge/middleware';
import {
  gemmaProtocol,
  jsonMixProtocol,
  morphXmlProtocol,
  type ParseOptions,
} from '@toolbridge/middleware/formats';

const tools: LanguageModelV4FunctionTool[] = [
  {
    type: 'function',
    name: 'get_weather',
    inputSchema: {
      type: 'object',
      properties: { city: { type: 'string' }, days: { type: 'integer' }, n: { type: 'number' } },
    },
  },
  {
    type: 'function',
    name: 'write_file',
    inputSchema: {
      type: 'object',
      properties: { path: { type: 'string' }, content: { type: 'string' } },
    },
  },
  { type: 'function', name: 'get_time', inputSchema: { type: 'object', properties: {} } },
];

const PROTOCOLS = {
  hermes: jsonMixProtocol(),
  gemma: gemmaProtocol(),
  xml: morphXmlProtocol(),
} satisfies Record<string, ToolCallProtocol>;

/** One call as read: its tool, and its input (an object) or, when it must not run, the unfinished text. */
export interface ReadCall {
  toolName: string;
  input: unknown;
  runs: boolean;
}

/** A malformation models write, the rule that reads it, and what it must read as. */
export interface MalformedCase {
  rule: string;
  protocol: keyof typeof PROTOCOLS;
  reply: string;
  calls: ReadCall[];
  text: string;
  options?: Omit<ParseOptions, 'tools' | 'generateId'>;
}

const runs = (toolName: string, input: unknown): ReadCall => ({ toolName, input, runs: true });
const rejected = (toolName: string, input: string): ReadCall => ({ toolName, input, runs: false });

/** The catalogue: each repair rule of docs/streaming.md with a reply that needs it. */
export const MALFORMED_BUT_MEANT: MalformedCase[] = [
  {
    rule: 'an unescaped quote inside a string is a quote',
    protocol: 'hermes',
    reply:
      '<tool_call>{"name": "write_file", "arguments": {"content": "He said "hi" there", "path": "a"}}</tool_call>',
    calls: [runs('write_file', { content: 'He said "hi" there', path: 'a' })],
    text: '',
  },
  {
    rule: 'relaxed JSON: single quotes, bare keys, Python literals, trailing commas',
    protocol: 'hermes',
    reply:
      "<tool_call>{'name': 'get_weather', 'arguments': {city: 'Oslo', days: '2', n: None,}}</tool_call>",
    calls: [runs('get_weather', { city: 'Oslo', days: 2, n: null })],
    text: '',
  },
  {
    rule: 'arguments written as a JSON-encoded string',
    protocol: 'hermes',
    reply:
      '<tool_call>{"name": "get_weather", "arguments": "{\\"city\\": \\"Lima\\"}"}</tool_call>',
    calls: [runs('get_weather', { city: 'Lima' })],
    text: '',
  },
  {
    rule: '`"arguments": null` before the name is no arguments',
    protocol: 'hermes',
    reply: '<tool_call>{"arguments": null, "name": "get_time"}</tool_call>',
    calls: [runs('get_time', {})],
    text: '',
  },
  {
    rule: 'a call without its closer ends where its value ends; the next call is read',
    protocol: 'hermes',
    reply:
      '<tool_call>{"name": "get_time", "arguments": {}}\n<tool_call>{"name": "get_weather", "arguments": {"city": "Rome"}}</tool_call> Done.',
    calls: [runs('get_time', {}), runs('get_weather', { city: 'Rome' })],
    text: ' Done.',
  },
  {
    rule: 'text inside the delimiters after the value is text',
    protocol: 'hermes',
    reply: '<tool_call>{"name": "get_time", "arguments": {}} Checking now.</tool_call>',
    calls: [runs('get_time', {})],
    text: 'Checking now.',
  },
  {
    rule: 'complete arguments run without the envelope’s last brace',
    protocol: 'hermes',
    reply: '<tool_call>{"name": "get_weather", "arguments": {"city": "Oslo"}</tool_call>',
    calls: [runs('get_weather', { city: 'Oslo' })],
    text: '',
  },
  {
    rule: 'complete arguments run when a trailing key is cut off',
    protocol: 'hermes',
    reply:
      '<tool_call>{"name": "get_weather", "arguments": {"city": "Oslo"}, "reasoning": "the user asked',
    calls: [runs('get_weather', { city: 'Oslo' })],
    text: '',
  },
  {
    rule: 'a list of calls in one markup is one call each',
    protocol: 'hermes',
    reply:
      '<tool_call>[{"name": "get_time", "arguments": {}}, {"name": "get_weather", "arguments": {"city": "Rome"}}]</tool_call>',
    calls: [runs('get_time', {}), runs('get_weather', { city: 'Rome' })],
    text: '',
  },
  {
    rule: 'the Gemma fence with a space, upper case, no newline',
    protocol: 'gemma',
    reply: '``` TOOL_CALL{"name": "get_time", "arguments": {}}\n```',
    calls: [runs('get_time', {})],
    text: '',
  },
  {
    rule: 'an opener in prose, no call after it, is text',
    protocol: 'hermes',
    reply:
      'I will use a <tool_call> block:\n<tool_call>{"name": "get_time", "arguments": {}}</tool_call>',
    calls: [runs('get_time', {})],
    text: 'I will use a <tool_call> block:\n',
  },
  {
    rule: 'a number too large for JSON stays as written',
    protocol: 'hermes',
    reply: '<tool_call>{"name": "get_weather", "arguments": {"n": 1e999}}</tool_call>',
    calls: [runs('get_weather', { n: '1e999' })],
    text: '',
  },
  {
    rule: 'reasoning opened by the chat template: text before a lone </think>',
    protocol: 'hermes',
    reply:
      'Maybe <tool_call> then.</think>Sure.<tool_call>{"name": "get_time", "arguments": {}}</tool_call>',
    calls: [runs('get_time', {})],
    text: 'Sure.',
    options: { reasoningTags: [['<think>', '</think>']], startWithReasoning: true },
  },
  {
    rule: 'reasoning opened by the chat template: a call ends it (the model skipped the closer)',
    protocol: 'hermes',
    reply: 'The user wants the time.\n<tool_call>{"name": "get_time", "arguments": {}}</tool_call>',
    calls: [runs('get_time', {})],
    text: '',
    options: { reasoningTags: [['<think>', '</think>']], startWithReasoning: true },
  },
  {
    rule: 'cut off inside the arguments: never runs',
    protocol: 'hermes',
    reply: '<tool_call>{"name": "write_file", "arguments": {"path": "a.ts", "content": "abc',
    calls: [rejected('write_file', '{"path":"a.ts","content":"abc')],
    text: '',
  },
  {
    rule: 'unreadable arguments after the name: never runs',
    protocol: 'hermes',
    reply: '<tool_call>{"name": "write_file", "arguments": not valid json}</tool_call> after',
    calls: [rejected('write_file', '{')],
    text: ' after',
  },
  {
    rule: 'arguments that are no object: never run',
    protocol: 'hermes',
    reply: '<tool_call>{"name": "write_file", "arguments": ["a.ts"]}</tool_call>',
    calls: [rejected('write_file', '{')],
    text: '',
  },
  {
    rule: 'XML: an argument left open is closed by the tool’s closing tag',
    protocol: 'xml',
    reply: '<get_weather><city>Seoul</get_weather>',
    calls: [runs('get_weather', { city: 'Seoul' })],
    text: '',
  },
  {
    rule: 'XML: every argument closed, the closing tag missing',
    protocol: 'xml',
    reply: '<get_weather><city>Seoul</city>',
    calls: [runs('get_weather', { city: 'Seoul' })],
    text: '',
  },
  {
    rule: 'XML: cut off inside an argument: never runs',
    protocol: 'xml',
    reply: '<write_file><path>a.ts</path><content>abc',
    calls: [rejected('write_file', '{"path":"a.ts","content":"abc')],
    text: '',
  },
];

/** What a reply reads as, in one path. */
export interface Reading {
  calls: ReadCall[];
  text: string;
}

function readParts(parts: readonly LanguageModelV4StreamPart[]): Reading {
  const calls: ReadCall[] = [];
  let text = '';
  for (const part of parts) {
    if (part.type === 'text-delta') text += part.delta;
    if (part.type !== 'tool-call') continue;
    const rejectedCall = (part.providerMetadata?.toolbridge as { rejected?: boolean } | undefined)
      ?.rejected;
    calls.push(
      rejectedCall
        ? rejected(part.toolName, part.input)
        : runs(part.toolName, JSON.parse(part.input)),
    );
  }
  return { calls, text };
}

/** Reads a case whole, one character at a time and in 3-character chunks. */
export function readCase(entry: MalformedCase): [Reading, Reading, Reading] {
  const protocol = PROTOCOLS[entry.protocol];
  const threes = Array.from({ length: Math.ceil(entry.reply.length / 3) }, (_, index) =>
    entry.reply.slice(index * 3, index * 3 + 3),
  );
  const read = (chunks: readonly string[]) => {
    const parts: LanguageModelV4StreamPart[] = [];
    let id = 0;
    const parser = protocol.createStreamParser(
      { ...entry.options, tools, generateId: () => `${id++}` },
      (part) => parts.push(part),
    );
    for (const chunk of chunks) parser.push(chunk);
    parser.finish();
    return readParts(parts);
  };
  return [read([entry.reply]), read([...entry.reply]), read(threes)];
}
