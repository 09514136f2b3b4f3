import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';

/**
 * Tools the fixtures call: a plain one, one with typed fields, and a coding one; a tuple, so
 * that a test can take one by its place.
 */
export const fixtureTools: [
  LanguageModelV4FunctionTool,
  LanguageModelV4FunctionTool,
  LanguageModelV4FunctionTool,
] = [
  {
    type: 'function',
    name: 'get_weather',
    description: 'Current weather and a forecast for a city.',
    inputSchema: {
      type: 'object',
      properties: {
        city: { type: 'string' },
        days: { type: 'integer' },
        units: { type: 'string', enum: ['metric', 'imperial'] },
        detailed: { type: 'boolean' },
        tags: { type: 'array', items: { type: 'string' } },
      },
      required: ['city'],
    },
  },
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
  { type: 'function', name: 'get_time', inputSchema: { type: 'object', properties: {} } },
];

/**
 * The fixture tools and `configure`, whose arguments take each JSON type: what the tests of
 * typed values (raw text converted by the schema) call.
 */
export const typedTools: LanguageModelV4FunctionTool[] = [
  ...fixtureTools,
  {
    type: 'function',
    name: 'configure',
    inputSchema: {
      type: 'object',
      properties: {
        options: { type: 'object' },
        ids: { type: 'array', items: { type: 'integer' } },
        enabled: { type: 'boolean' },
        ratio: { type: 'number' },
        note: { type: ['string', 'null'] },
        label: { type: ['string', 'null'] },
      },
    },
  },
];

const code =
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the fixture is JavaScript source with a template literal.
  'function lt(a, b) {\n  return a < b && b > 0 ? "<ok/>" : `&amp; ${a}`;\n}\n// 😀 naïve 中文';

/** Replies as models write them, per protocol: prose around calls, parallel calls, reasoning, deviations. */
export const fixtureReplies = {
  hermes: [
    'Let me look that up.\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Oslo", "days": 3}}\n</tool_call>',
    '<think>The user wants two cities. <tool_call>not this</tool_call></think>Checking both.\n<tool_call>{"name": "get_weather", "arguments": {"city": "Rome"}}</tool_call>\n<tool_call>{"name": "get_weather", "arguments": {"city": "Paris", "units": "metric"}}</tool_call>\nDone.',
    "<tool_call>{'name': 'get_weather', 'arguments': {city: 'Seoul', days: '2', detailed: True, tags: 'rain',}}</tool_call>",
    '<tool_call>{"name": "get_weather", "arguments": "{\\"city\\": \\"Lima\\", \\"days\\": 1}"}</tool_call>',
    '<tool_call>\n```json\n{"name": "get_weather", "parameters": {"city": "Quito"}}\n```\n</tool_call>',
    `I'll write it.\n<tool_call>${JSON.stringify({ name: 'write_file', arguments: { path: 'src/lt.ts', content: code } })}</tool_call>`,
    '<tool_call>{"name": "get_time", "arguments": {}}</tool_call><tool_call>{"name": "no_such_tool", "arguments": {"x": 1}}</tool_call>',
    'Plain answer with a < sign, a <tool_ mention and no call.',
    '<tool_call>this is not json</tool_call> but the reply goes on',
    '<tool_call>{"name": "get_weather", "arguments": {"city": "Cut off mid',
    '<tool_call>{"arguments": {"city": "Name last"}, "name": "get_weather"}</tool_call>',
    '<tool_call>{"name": "get_weather", "arguments": {"__proto__": {"polluted": 1}, "city": "Proto"}}</tool_call>',
  ],
  gemma: [
    'Sure.\n```tool_call\n{"name": "get_weather", "arguments": {"city": "Oslo"}}\n```\nWaiting for the result.',
    '```tool_call\n{"name": "get_time", "arguments": {}}\n```\n```tool_call\n{"name": "get_weather", "arguments": {"city": "Rome", "tags": ["a", "b"]}}\n```',
    'Some code:\n```ts\nconst a = 1;\n```\nand no call.',
    `\`\`\`tool_call\n${JSON.stringify({ name: 'write_file', arguments: { path: 'a.md', content: 'Use ```code``` fences' } })}\n\`\`\``,
  ],
  xml: [
    'Let me check.\n<get_weather>\n<city>Oslo</city>\n<days>3</days>\n</get_weather>',
    'Use the <get_weather> tool, or <unknown_tool><x>1</x></unknown_tool>. <get_time></get_time> and <get_time/>',
    `<write_file>\n<path>src/lt.ts</path>\n<content>\n${code}\n</content>\n</write_file> Written.`,
    '<get_weather><city>Rome</city><tags><item>sun</item><item>wind</item></tags><detailed>true</detailed></get_weather>',
    '<get_weather><city>Twice</city><city>Again</city></get_weather> after',
    '<think>maybe <get_weather><city>No</city></get_weather></think><get_weather><city><![CDATA[  padded  ]]></city></get_weather>',
    '<get_weather><city>Cut off mid',
    '<get_weather>\n  <city>  São Paulo  </city>\n  <units>metric</units>\n</get_weather>',
    // A closing tag followed by text is text of the value; the one followed by the closer ends it.
    '<write_file><path>a.md</path><content>Use </content> literally: x </content> y\n</content>\n</write_file> Done.',
    // Spaces in closing tags, misspelt closers, attributes, comments, `<tool />`.
    '<get_weather id="1"><!-- look up --><city lang="en">Seoul</ city >\n<days>2</dys><units>metric</unit></get_weather><get_time />',
    // The tool's closer closes an open argument; a call whose arguments closed runs unclosed.
    '<get_weather><city>Seoul</get_weather> and <get_weather><city>Lima</city>',
    // Text beside the arguments is dropped, never a #text key.
    '<get_weather><days>1</days> mixed <city>Oslo</city></get_weather>',
    // Tool tags in prose, followed by no argument of the tool.
    'In the README: attw --format <get_weather> <file-name>, and `<get_time>` too.',
    // A lone high surrogate at the end of a string field, kept once.
    '<get_weather><city>a\ud800</city><units>\ud83d\ude00 b\ud800 </units></get_weather>',
    // Nesting too deep fails the call, which is skipped to its closer from where it broke.
    `<get_weather><city>x</city><detailed><![CDATA[</get_weather>]]>${'<a>'.repeat(1001)}</get_weather> after`,
  ],
  toolCallTag: [
    '<TOOL_CALL>{"tool": "get_weather", "args": {"city": "Oslo"}, "reasoning": "needs weather"}</TOOL_CALL>',
    '<TOOL_CALL>{"tool": "get_time", "args": {}}</TOOL_CALL> and a second <TOOL_CALL>{"tool": "get_time", "args": {}}</TOOL_CALL>',
    'The answer is 42.',
  ],
} as const;
