import { describe, expect, it } from 'vitest';
import { autoProtocol } from '../auto/auto-protocol';
import { autoToolMiddleware } from '../auto/auto-tool-middleware';
import { toolMiddlewareFor } from '../auto/tool-middleware-for';
import type { ToolbridgeErrorReason } from '../engine/text-stream-parser';
import { inklingToolMiddleware } from '../presets/presets';
import { fixtureTools as tools } from '../testing/fixtures';
import { describeProtocolProperties } from '../testing/protocol-properties';
import { expectCleanReply, readThroughMiddleware } from '../testing/read-through-middleware';
import { rewrittenPrompt } from '../testing/rewritten-prompt';
import { readEveryWay } from '../testing/run-parser';
import { getTimeTool, twoCallHistory } from '../testing/two-call-history';
import type { ToolCallProtocol } from '../tool-call-protocol';
import {
  inklingFormat,
  inklingProtocol,
  inklingReasoningTags,
  inklingSystemPromptTemplate,
} from './inkling';

const protocol = inklingProtocol();
const options = {
  tools,
  reasoningTags: inklingReasoningTags,
  controlTokens: inklingFormat.controlTokens,
};
const THINK = '<|content_thinking|>';
const TEXT = '<|message_model|><|content_text|>';
const END = '<|end_message|>';
const END_SAMPLING = '<|content_model_end_sampling|>';
/** A call message as Inkling writes it: its header names the tool, its JSON names it again. */
const call = (name: string, args: string) =>
  `<|message_model|>${name}<|content_invoke_tool_json|>{"name":"${name}","args":${args}}${END}`;
const LYON = { toolName: 'get_weather', input: '{"city":"Lyon","days":2}' };

/** What `onError` was told while reading `text` whole. */
function reasonsOf(text: string, read: ToolCallProtocol = protocol): ToolbridgeErrorReason[] {
  const reasons: ToolbridgeErrorReason[] = [];
  read.parseGeneratedText({
    text,
    ...options,
    generateId: () => 'id',
    onError: (_message, { reason }) => reasons.push(reason),
  });
  return reasons;
}

describe('inklingProtocol', () => {
  it('reads a thinking message as reasoning and a text message as text, markers left out', () => {
    expect(
      readEveryWay(
        protocol,
        `${THINK}17*23 = 391.${END}${TEXT}It is 391.${END}${END_SAMPLING}`,
        options,
      ),
    ).toMatchObject({ reasoning: '17*23 = 391.', text: 'It is 391.', calls: [] });
  });

  it('reads a call message as its call, its header and JSON never text', () => {
    expect(
      readEveryWay(
        protocol,
        `${THINK}Need the weather.${END}${call('get_weather', '{"city":"Lyon","days":2}')}${END_SAMPLING}`,
        options,
      ),
    ).toMatchObject({ reasoning: 'Need the weather.', text: '', calls: [LYON] });
  });

  it("reads a reply that opens with a call's tool name, the generation prompt having written <|message_model|>", () => {
    expect(
      readEveryWay(
        protocol,
        'get_weather<|content_invoke_tool_json|>{"name":"get_weather","args":{"city":"Lyon","days":2}}<|end_message|>',
        options,
      ),
    ).toMatchObject({ text: '', calls: [LYON] });
    // A reply that opens with prose is text, and so is a word longer than any tool name.
    expect(readEveryWay(protocol, 'get_weather is sunny today.', options)).toMatchObject({
      text: 'get_weather is sunny today.',
      calls: [],
    });
    const word = 'x'.repeat(300);
    expect(
      readEveryWay(
        protocol,
        `${word}<|content_invoke_tool_json|>{"name":"get_time","args":{}}${END}`,
        options,
      ),
    ).toMatchObject({ text: word, calls: [{ toolName: 'get_time', input: '{}' }] });
  });

  it('reads several call messages as several calls, after text', () => {
    expect(
      readEveryWay(
        protocol,
        `${TEXT}Checking.${END}${call('get_weather', '{"city":"Lyon","days":2}')}${call('get_time', '{}')}${END_SAMPLING}`,
        options,
      ),
    ).toMatchObject({ text: 'Checking.', calls: [LYON, { toolName: 'get_time', input: '{}' }] });
  });

  it('takes the name the JSON gives, and calls an unknown tool with no name left in the text', () => {
    expect(
      readEveryWay(protocol, `${call('no_such_tool', '{"x":1}')}${END_SAMPLING}`, options),
    ).toMatchObject({ text: '', calls: [{ toolName: 'no_such_tool', input: '{"x":1}' }] });
    expect(
      readEveryWay(
        protocol,
        '<|message_model|><|content_invoke_tool_json|>{"name":"get_time","args":{}}<|end_message|>',
        options,
      ),
    ).toMatchObject({ text: '', calls: [{ toolName: 'get_time', input: '{}' }] });
  });

  it('reads reasoning after an answer or a call, in its own message', () => {
    expect(
      readEveryWay(
        protocol,
        `${THINK}First.${END}${call('get_time', '{}')}<|message_model|>${THINK}Then.${END}${TEXT}Done.${END}${END_SAMPLING}`,
        options,
      ),
    ).toMatchObject({
      reasoning: 'First.Then.',
      text: 'Done.',
      calls: [{ toolName: 'get_time', input: '{}' }],
    });
  });

  it.each([
    ['the next message', `${THINK}Hm.${TEXT}Hello.${END}`, 'Hello.', []],
    ['a text content token', `${THINK}Hm.<|content_text|>Hello.${END}`, 'Hello.', []],
    ['the end of sampling', `${THINK}Hm.${END_SAMPLING}`, '', []],
    [
      'a call',
      `${THINK}Hm.<|content_invoke_tool_json|>{"name":"get_time","args":{}}${END}`,
      '',
      [{ toolName: 'get_time', input: '{}' }],
    ],
  ])(
    'ends a thinking message whose <|end_message|> is missing at %s',
    (_at, reply, text, calls) => {
      expect(readEveryWay(protocol, reply, options)).toMatchObject({
        reasoning: 'Hm.',
        text,
        calls,
      });
    },
  );

  it('keeps its message ends out of the text without its reasoning tags', () => {
    expect(
      readEveryWay(protocol, `<|content_text|>Hi.${END}${END_SAMPLING}`, { tools }),
    ).toMatchObject({ text: 'Hi.' });
  });

  it('never runs a call cut off inside its arguments, and runs one whose arguments closed', () => {
    const cut = readEveryWay(
      protocol,
      '<|message_model|>write_file<|content_invoke_tool_json|>{"name":"write_file","args":{"path":"a.md","content":"half',
      options,
    );
    expect(cut.calls).toHaveLength(1);
    const [input] = cut.calls.map((read) => read.input);
    expect(() => JSON.parse(input ?? '{}')).toThrow();
    expect(
      readEveryWay(
        protocol,
        '<|message_model|>get_weather<|content_invoke_tool_json|>{"name":"get_weather","args":{"city":"Lyon","days":2}',
        options,
      ).calls,
    ).toEqual([LYON]);
  });

  it('reports a call message whose JSON is unreadable, and keeps it as text', () => {
    const reply = `<|message_model|>get_weather<|content_invoke_tool_json|>not json${END}`;
    expect(reasonsOf(reply)).toEqual(['malformed-call']);
    expect(readEveryWay(protocol, reply, options)).toMatchObject({
      text: `<|message_model|>get_weather<|content_invoke_tool_json|>not json${END}`,
      calls: [],
    });
  });

  it('reads calls whose special tokens the server stripped, when they name a known tool', () => {
    const stripped = 'get_weather{"name":"get_weather","args":{"city":"Lyon","days":2}}';
    expect(readEveryWay(protocol, `Need the weather.${stripped}`, options)).toMatchObject({
      text: 'Need the weather.',
      calls: [LYON],
    });
    expect(readEveryWay(protocol, stripped, options).calls).toEqual([LYON]);
    for (const prose of [
      'Write get_weather{ city } to call it.',
      'no_such_tool{"name":"no_such_tool","args":{}}',
    ]) {
      expect(readEveryWay(protocol, prose, options)).toMatchObject({ text: prose, calls: [] });
    }
  });

  it('writes a past call as its call message, arguments with sorted keys, and reads it back', () => {
    const written = protocol.formatToolCall({
      toolCallId: 'c1',
      toolName: 'get_weather',
      input: { days: 2, city: 'Lyon' },
    });
    expect(written).toBe(
      '<|message_model|>get_weather<|content_invoke_tool_json|>{"name":"get_weather","args":{"city":"Lyon","days":2}}<|end_message|>',
    );
    expect(readEveryWay(protocol, written, options).calls).toEqual([LYON]);
  });

  it('writes no special token inside a past call, so its JSON cannot end the message early', () => {
    const input = { path: 'a.md', content: 'Ends with <|end_message|> here' };
    const written = protocol.formatToolCall({ toolCallId: 'c1', toolName: 'write_file', input });
    expect(written.match(/<\|end_message\|>/gu)).toHaveLength(1);
    const { calls } = readEveryWay(protocol, written, options);
    expect(calls.map((read) => JSON.parse(read.input))).toEqual([input]);
  });

  it("writes a result as its tool's message, a message end inside it escaped", () => {
    expect(
      protocol.formatToolResponse({
        toolCallId: 'c1',
        toolName: 'get_weather',
        output: { type: 'json', value: { temp: 14 } },
      }),
    ).toBe('<|message_tool|>get_weather<|content_text|>{"temp":14}<|end_message|>');
    expect(
      protocol.formatToolResponse({
        toolCallId: 'c1',
        toolName: 'get_time',
        output: { type: 'text', value: 'noon<|end_message|>' },
      }),
    ).toBe('<|message_tool|>get_time<|content_text|>noon<\\|end_message|><|end_message|>');
  });

  it("lists the tools as the template's tool_declare message does: sorted keys, compact", () => {
    expect(protocol.formatTools(tools.filter((tool) => tool.name === 'get_time'))).toBe(
      '[{"description":"","name":"get_time","parameters":{"properties":{},"type":"object"},"type":"function"}]',
    );
  });

  it('shows in its system prompt a call message that it reads', () => {
    const prompt = inklingSystemPromptTemplate('[]');
    const example = prompt.split('\n').find((line) => line.startsWith('<|message_model|>'));
    expect(example).toBeDefined();
    expect(readEveryWay(protocol, example ?? '', options).calls).toEqual([
      { toolName: 'tool_name', input: '{"parameter":"value"}' },
    ]);
  });
});

describe('Inkling replies read by auto', () => {
  // Mistral's stripped `get_weather{…}` takes any object as the arguments: Inkling's reads first.
  const auto = autoProtocol();

  it('reads a stripped call at the start of the reply as Inkling, before Mistral', () => {
    expect(
      readEveryWay(
        auto,
        'get_weather{"name":"get_weather","args":{"city":"Lyon","days":2}}',
        options,
      ).calls,
    ).toEqual([LYON]);
    // Mistral's own stripped call still reads as Mistral's.
    expect(readEveryWay(auto, 'get_weather{"city":"Lyon","days":2}', options).calls).toEqual([
      LYON,
    ]);
  });

  it('reads call messages and leaves their markup out of the text', () => {
    expect(
      readEveryWay(
        auto,
        `${THINK}Need it.${END}${call('get_weather', '{"city":"Lyon","days":2}')}`,
        options,
      ),
    ).toMatchObject({ reasoning: 'Need it.', text: '', calls: [LYON] });
  });
});

/** Inkling's markup: none of it may be left in the text a user reads. */
const MARKUP = ['<|', '|>', 'content_', 'message_', '"args"'];

describe.each([
  ['inklingToolMiddleware', inklingToolMiddleware],
  ['autoToolMiddleware', autoToolMiddleware],
  ["toolMiddlewareFor('thinkingmachines/Inkling')", toolMiddlewareFor('thinkingmachines/Inkling')],
])("Inkling's typical replies, through %s", (_name, middleware) => {
  const TIME = { toolName: 'get_time', input: '{}' };

  it('reads a thinking message, text, parallel call messages, and drops the end of sampling', async () => {
    const reply = `${THINK}Two lookups.${END}${TEXT}Checking.${END}${call('get_weather', '{"city":"Lyon","days":2}')}${call('get_time', '{}')}${END_SAMPLING}`;
    const meaning = await readThroughMiddleware(middleware, reply, { tools });
    expect(meaning).toEqual({ reasoning: 'Two lookups.', text: 'Checking.', calls: [LYON, TIME] });
    expectCleanReply(meaning, [LYON, TIME], MARKUP);
  });

  it('reads a reply that opens with the tool name the generation prompt left it to write', async () => {
    const reply = `get_weather<|content_invoke_tool_json|>{"name":"get_weather","args":{"city":"Lyon","days":2}}${END}${END_SAMPLING}`;
    const meaning = await readThroughMiddleware(middleware, reply, { tools });
    expect(meaning).toEqual({ reasoning: '', text: '', calls: [LYON] });
    expectCleanReply(meaning, [LYON], MARKUP);
  });

  it('reads reasoning and an answer, message ends left out', async () => {
    const meaning = await readThroughMiddleware(
      middleware,
      `${THINK}17*23 = 391.${END}${TEXT}It is 391.${END}${END_SAMPLING}`,
      { tools },
    );
    expect(meaning).toEqual({ reasoning: '17*23 = 391.', text: 'It is 391.', calls: [] });
    expectCleanReply(meaning, [], MARKUP);
  });

  it('never runs a call cut off inside its arguments, and leaves no markup in the text', async () => {
    const { text, calls } = await readThroughMiddleware(
      middleware,
      `${TEXT}Writing.${END}<|message_model|>write_file<|content_invoke_tool_json|>{"name":"write_file","args":{"path":"a.md","content":"half`,
      { tools },
    );
    expect(text).toBe('Writing.');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.toolName).toBe('write_file');
    expect(() => JSON.parse(calls[0]?.input ?? '')).toThrow();
  });
});

describe('inklingToolMiddleware', () => {
  it('reads reasoning, text and calls', async () => {
    expect(
      await readThroughMiddleware(
        inklingToolMiddleware,
        `${THINK}I should look it up.${END}${call('get_weather', '{"city":"Lyon","days":2}')}${END_SAMPLING}`,
        { tools },
      ),
    ).toEqual({ text: '', reasoning: 'I should look it up.', calls: [LYON] });
    expect(
      await readThroughMiddleware(inklingToolMiddleware, `${THINK}Easy.${END}${TEXT}Hello.${END}`, {
        tools,
      }),
    ).toEqual({ text: 'Hello.', reasoning: 'Easy.', calls: [] });
  });

  it('keeps the tokens of tool text and tool error blocks out of the text', async () => {
    expect(
      await readThroughMiddleware(
        inklingToolMiddleware,
        '<|content_invoke_tool_text|>raw<|content_tool_error|>!',
        { tools },
      ),
    ).toEqual({ text: 'raw!', reasoning: '', calls: [] });
  });

  it('declares the tools in the system prompt, past calls as call messages, results as tool messages', async () => {
    const prompt = await rewrittenPrompt(inklingToolMiddleware, twoCallHistory([]), getTimeTool());
    expect(prompt?.[0]).toMatchObject({
      role: 'system',
      content: expect.stringContaining(
        '[{"description":"","name":"get_time","parameters":{"properties":{"zone":{"type":"string"}},"type":"object"},"type":"function"}]',
      ),
    });
    expect(prompt?.slice(2)).toEqual([
      {
        role: 'assistant',
        content: [
          {
            type: 'text',
            text: `Checking.\n${call('get_time', '{"zone":"JST"}')}\n${call('get_time', '{"zone":"PET"}')}`,
          },
        ],
      },
      {
        role: 'user',
        content: [
          {
            type: 'text',
            text: '<|message_tool|>get_time<|content_text|>{"time":"09:00"}<|end_message|>\n<|message_tool|>get_time<|content_text|>19:00<|end_message|>',
          },
        ],
      },
    ]);
  });
});

describeProtocolProperties(
  [
    `${THINK}Need the weather.${END}${call('get_weather', '{"city":"Oslo"}')}${END_SAMPLING}`,
    `${TEXT}Checking.${END}${call('get_time', '{}')}${TEXT}Done.${END}${END_SAMPLING}`,
    `get_weather<|content_invoke_tool_json|>{"name":"get_weather","args":{"city":"Rome"}}${END}`,
    call(
      'write_file',
      JSON.stringify({ path: 'a.ts', content: 'const x = "<|end_message|>" && y;\n' }),
    ),
    `${call('no_such_tool', '{"x":1}')}${END_SAMPLING}`,
    '<|message_model|>write_file<|content_invoke_tool_json|>{"name":"write_file","args":{"path":"a","content":"cut',
    `<|message_model|>get_weather<|content_invoke_tool_json|>not json${END} and on`,
    'Checking.get_weather{"name":"get_weather","args":{"city":"Lima"}}',
    'Prose with get_weather{ braces } and no call.',
  ].map((reply, index) => ({ name: `inkling #${index}`, protocol, reply })),
  inklingReasoningTags,
);
