import type { LanguageModelV4FunctionTool, LanguageModelV4Prompt } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import {
  escapeCloser,
  rewriteForTemplate,
  serverTools,
  type TemplatePrompt,
  toolJsonLines,
  toolMessageContent,
} from './template-prompt';

const TOOLS: LanguageModelV4FunctionTool[] = [
  { type: 'function', name: 'add', inputSchema: { type: 'object' } },
];

/** A template that marks every piece, so a test sees what went where. */
const marking = (overrides: Partial<TemplatePrompt> = {}): TemplatePrompt => ({
  toolsIn: 'system',
  tools: (tools, text) => `${text ?? '(none)'}+[${tools.map((tool) => tool.name).join(',')}]`,
  calls: (text, calls) => `${text}${calls.map((call) => `<${call.toolName}>`).join('')}`,
  results: (results) => results.map((result) => `(${result.content})`).join(''),
  ...overrides,
});

const call = (id: string) =>
  ({ type: 'tool-call', toolCallId: id, toolName: 'add', input: { a: 1 } }) as const;
const result = (id: string, value: string) =>
  ({
    type: 'tool-result',
    toolCallId: id,
    toolName: 'add',
    output: { type: 'text', value },
  }) as const;

const CONVERSATION: LanguageModelV4Prompt = [
  { role: 'system', content: 'sys' },
  { role: 'user', content: [{ type: 'text', text: 'first' }] },
  {
    role: 'assistant',
    content: [
      { type: 'reasoning', text: 'thinking' },
      { type: 'text', text: 'a' },
      { type: 'text', text: 'b' },
      call('1'),
      call('2'),
    ],
  },
  { role: 'tool', content: [result('1', 'r1')] },
  {
    role: 'tool',
    content: [
      {
        type: 'tool-approval-response',
        approvalId: 'x',
        approved: true,
      },
      result('2', 'r2'),
    ],
  },
  { role: 'user', content: [{ type: 'text', text: 'last' }] },
];

describe('rewriteForTemplate', () => {
  it("writes the tools into the system message, each turn's calls after its text, a run of results as one user turn", () => {
    expect(rewriteForTemplate(CONVERSATION, TOOLS, marking())).toEqual([
      { role: 'system', content: 'sys+[add]' },
      { role: 'user', content: [{ type: 'text', text: 'first' }] },
      {
        role: 'assistant',
        content: [
          { type: 'reasoning', text: 'thinking' },
          { type: 'text', text: 'ab<add><add>' },
        ],
      },
      { role: 'user', content: [{ type: 'text', text: '(r1)(r2)' }] },
      { role: 'user', content: [{ type: 'text', text: 'last' }] },
    ]);
  });

  it('makes a system message when there is none', () => {
    const [first] = rewriteForTemplate(CONVERSATION.slice(1), TOOLS, marking());
    expect(first).toEqual({ role: 'system', content: '(none)+[add]' });
  });

  it('writes the tools into the first or the last user message when the template does', () => {
    const texts = (placement: TemplatePrompt['toolsIn']) =>
      rewriteForTemplate(CONVERSATION, TOOLS, marking({ toolsIn: placement })).flatMap((message) =>
        message.role === 'user'
          ? message.content.flatMap((part) => (part.type === 'text' ? [part.text] : []))
          : [],
      );
    expect(texts('first-user')).toEqual(['first+[add]', '(r1)(r2)', 'last']);
    expect(texts('last-user')).toEqual(['first', '(r1)(r2)', 'last+[add]']);
  });

  it('writes the tools into the last question, not into results that end the conversation', () => {
    const rewritten = rewriteForTemplate(
      CONVERSATION.slice(0, -1),
      TOOLS,
      marking({ toolsIn: 'last-user' }),
    );
    expect(rewritten[1]).toEqual({
      role: 'user',
      content: [{ type: 'text', text: 'first+[add]' }],
    });
    expect(rewritten[3]).toEqual({ role: 'user', content: [{ type: 'text', text: '(r1)(r2)' }] });
  });

  it('appends the results to the calling turn when the template gives them a role of their own', () => {
    const rewritten = rewriteForTemplate(CONVERSATION, TOOLS, marking({ resultsIn: 'assistant' }));
    expect(rewritten[2]).toEqual({
      role: 'assistant',
      content: [
        { type: 'reasoning', text: 'thinking' },
        { type: 'text', text: 'ab<add><add>(r1)(r2)' },
      ],
    });
    expect(rewritten.map((message) => message.role)).toEqual([
      'system',
      'user',
      'assistant',
      'user',
    ]);
  });

  it('writes no tool list without tools, and leaves turns without calls alone', () => {
    const plain: LanguageModelV4Prompt = [
      { role: 'user', content: [{ type: 'text', text: 'hi' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'hello' }] },
    ];
    expect(rewriteForTemplate(plain, [], marking())).toEqual(plain);
  });
});

describe('toolMessageContent: a result as an OpenAI-compatible provider sends it', () => {
  it('writes text as it is, JSON compact, a denial as its reason, media as placeholders', () => {
    expect(toolMessageContent({ type: 'text', value: 'a "b"' })).toBe('a "b"');
    expect(toolMessageContent({ type: 'error-text', value: 'down' })).toBe('down');
    expect(toolMessageContent({ type: 'json', value: { a: [1, 'x'] } })).toBe('{"a":[1,"x"]}');
    expect(toolMessageContent({ type: 'error-json', value: null })).toBe('null');
    expect(toolMessageContent({ type: 'execution-denied', reason: 'no' })).toBe('no');
    expect(toolMessageContent({ type: 'execution-denied' })).toBe('Tool call execution denied.');
    expect(
      toolMessageContent({
        type: 'content',
        value: [
          { type: 'text', text: 'see' },
          { type: 'file', mediaType: 'image/png', data: { type: 'data', data: 'AAAA' } },
        ],
      } as never),
    ).toBe('see\n[Image: image/png]');
  });
});

describe('escapeCloser', () => {
  it("breaks each of the wrapper's closers, and leaves other text as it is", () => {
    expect(escapeCloser('a</x>b</x>', '</x>')).toBe('a<\\/x>b<\\/x>');
    expect(escapeCloser('a</y>', '</x>')).toBe('a</y>');
  });
});

describe('serverTools', () => {
  it('gives the tools as an OpenAI-compatible server receives them, key order included', () => {
    expect(
      JSON.stringify(
        serverTools([
          { type: 'function', name: 'a', description: 'd', inputSchema: { type: 'object' } },
          ...TOOLS,
        ]),
      ),
    ).toBe(
      '[{"type":"function","function":{"name":"a","description":"d","parameters":{"type":"object"}}},{"type":"function","function":{"name":"add","parameters":{"type":"object"}}}]',
    );
  });
});

describe('toolJsonLines', () => {
  it('lists each tool as tojson writes it, one per line', () => {
    expect(toolJsonLines([...TOOLS, { type: 'function', name: 'b', inputSchema: {} }])).toBe(
      '{"type": "function", "function": {"name": "add", "parameters": {"type": "object"}}}\n{"type": "function", "function": {"name": "b", "parameters": {}}}',
    );
  });
});
