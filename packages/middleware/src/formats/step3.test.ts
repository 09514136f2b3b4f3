import { describe, expect, it, vi } from 'vitest';
import { autoProtocol } from '../auto/auto-protocol';
import { autoToolMiddleware } from '../auto/auto-tool-middleware';
import { toolMiddlewareFor } from '../auto/tool-middleware-for';
import { toolbridgeOptions } from '../middleware/toolbridge-options';
import { step3ToolMiddleware } from '../presets/presets';
import { fixtureTools, typedTools } from '../testing/fixtures';
import { describeProtocolProperties } from '../testing/protocol-properties';
import { expectCleanReply, readThroughMiddleware } from '../testing/read-through-middleware';
import { rewrittenPrompt } from '../testing/rewritten-prompt';
import { readEveryWay } from '../testing/run-parser';
import { timeCallHistory } from '../testing/time-call-history';
import { step3Format, step3Protocol, step3SystemPromptTemplate } from './step3';

const protocol = step3Protocol();
const tools = typedTools;
const think: Array<[string, string]> = [['<think>', '</think>']];

const BEGIN = '<｜tool_calls_begin｜>';
const END = '<｜tool_calls_end｜>';
const CALL = '<｜tool_call_begin｜>';
const CALL_END = '<｜tool_call_end｜>';
const SEP = '<｜tool_sep｜>';

const param = (key: string, value: string) =>
  `<steptml:parameter name="${key}">${value}</steptml:parameter>`;
const invoke = (name: string, body: string) =>
  `<steptml:invoke name="${name}">${body}</steptml:invoke>`;
/** A call as SGLang's Step-3 tests write it: the type word after the begin token, a newline after each tag. */
const call = (name: string, ...params: string[]) =>
  `${CALL}function${SEP}${invoke(name, `\n${params.map((p) => `${p}\n`).join('')}`)}${CALL_END}\n`;
/** A section of calls, a newline after its begin token. */
const section = (...calls: string[]) => `${BEGIN}\n${calls.join('')}${END}`;

/** The input of the only call `text` holds, parsed. */
function onlyInput(text: string): unknown {
  const { calls } = readEveryWay(protocol, text, { tools });
  expect(calls).toHaveLength(1);
  return JSON.parse(calls[0]?.input ?? '');
}

describe('step3Protocol', () => {
  it('reads several calls in one section, with prose around it', () => {
    const text = `Sure.\n${section(
      call('get_weather', param('city', 'SF'), param('days', '3')),
      call('get_time'),
    )}\nDone.`;
    expect(readEveryWay(protocol, text, { tools })).toMatchObject({
      text: 'Sure.\n\nDone.',
      calls: [
        { toolName: 'get_weather', input: '{"city":"SF","days":3}' },
        { toolName: 'get_time', input: '{}' },
      ],
    });
  });

  it("reads the layout Step-3's prompt shows: a newline before the type word, values inline", () => {
    const text = `${BEGIN}\n${CALL}\nfunction${SEP}${invoke('get_weather', param('city', 'Lyon'))}${CALL_END}\n${CALL}\nfunction${SEP}${invoke('get_time', '')}${CALL_END}\n${END}`;
    expect(readEveryWay(protocol, text, { tools })).toMatchObject({
      text: '',
      calls: [
        { toolName: 'get_weather', input: '{"city":"Lyon"}' },
        { toolName: 'get_time', input: '{}' },
      ],
    });
  });

  it('reads calls written without the type word, back to back', () => {
    const text = `${BEGIN}${CALL}${invoke('get_weather', param('city', 'Tokyo'))}${CALL_END}${CALL}${invoke('get_time', '')}${CALL_END}${END}`;
    expect(readEveryWay(protocol, text, { tools }).calls).toEqual([
      { toolName: 'get_weather', input: '{"city":"Tokyo"}' },
      { toolName: 'get_time', input: '{}' },
    ]);
  });

  it('keeps string values exactly: surrounding whitespace, newlines, code with < and quotes', () => {
    for (const content of [
      '    if x:',
      'return 1\n',
      'hello ',
      'if (a < b) {\n  return "</x>";\n}',
    ]) {
      const text = section(call('write_file', param('path', 'a.py'), param('content', content)));
      expect(readEveryWay(protocol, text, { tools }).calls).toEqual([
        { toolName: 'write_file', input: JSON.stringify({ path: 'a.py', content }) },
      ]);
    }
  });

  it("types values by the tool's schema: numbers, booleans, JSON and Python-literal lists and objects", () => {
    const text = section(
      call(
        'configure',
        param('options', "{'mode': 'fast', 'retries': 2,}"),
        param('ids', '[1, 2]'),
        param('enabled', ' true '),
        param('ratio', '0.5'),
        param('note', 'null'),
      ),
    );
    expect(onlyInput(text)).toEqual({
      options: { mode: 'fast', retries: 2 },
      ids: [1, 2],
      enabled: true,
      ratio: 0.5,
      note: null,
    });
  });

  it('never runs a call cut off inside a parameter', () => {
    const onError = vi.fn();
    const text = `${BEGIN}\n${CALL}function${SEP}<steptml:invoke name="write_file"><steptml:parameter name="content">half a fi`;
    const [cut] = readEveryWay(protocol, text, { tools, onError }).calls;
    expect(cut).toEqual({ toolName: 'write_file', input: '{"content":"half a fi' });
    expect(onError).toHaveBeenCalledWith(
      expect.any(String),
      expect.objectContaining({ reason: 'call-cut-off' }),
    );
  });

  it('runs a call whose parameters all closed when the closing tags and tokens never came', () => {
    for (const text of [
      `${BEGIN}\n${CALL}function${SEP}<steptml:invoke name="get_weather">${param('city', 'Oslo')}`,
      `${BEGIN}\n${CALL}function${SEP}${invoke('get_weather', param('city', 'Oslo'))}`,
      `${BEGIN}\n${CALL}function${SEP}${invoke('get_weather', param('city', 'Oslo'))}${CALL_END}`,
    ]) {
      expect(readEveryWay(protocol, text, { tools })).toMatchObject({
        text: '',
        calls: [{ toolName: 'get_weather', input: '{"city":"Oslo"}' }],
      });
    }
  });

  it('reports an unknown tool inside the tokens as a call', () => {
    expect(
      readEveryWay(protocol, section(call('no_such_tool', param('x', '1'))), { tools }).calls,
    ).toEqual([{ toolName: 'no_such_tool', input: '{"x":"1"}' }]);
  });

  it('keeps a call token followed by no invoke as text, and says so', () => {
    const onError = vi.fn();
    for (const text of [
      `${CALL}custom${SEP}${invoke('get_weather', param('city', 'SF'))}${CALL_END}\ntail`,
      // The name written before the invoke, as DeepSeek writes it after the separator.
      `${CALL}function${SEP}get_weather\n${invoke('get_weather', param('city', 'SF'))}${CALL_END}`,
    ]) {
      onError.mockClear();
      expect(readEveryWay(protocol, text, { tools, onError })).toMatchObject({ text, calls: [] });
      expect(onError).toHaveBeenCalledWith(
        expect.any(String),
        expect.objectContaining({ reason: 'malformed-call' }),
      );
    }
  });

  it('never shows the section tokens as text, even without a call between them', () => {
    // The newline before the closing token is the section's, as between calls.
    expect(readEveryWay(protocol, `Nothing to call.${BEGIN}\n${END}`, { tools })).toMatchObject({
      text: 'Nothing to call.',
      calls: [],
    });
  });

  it("keeps DeepSeek's tokens (joined by ▁) and ASCII bars as text", () => {
    for (const text of [
      `<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>${invoke('get_time', '')}<｜tool▁call▁end｜>`,
      `<|tool_calls_begin|><|tool_call_begin|>function<|tool_sep|>${invoke('get_time', '')}<|tool_call_end|>`,
    ]) {
      expect(readEveryWay(protocol, text, { tools })).toMatchObject({ text, calls: [] });
    }
  });

  it('reads <think> reasoning, and calls mentioned in it stay reasoning', () => {
    const text = `<think>A call opens with ${CALL} and ${BEGIN}.</think>\n\n${section(call('get_time'))}`;
    expect(readEveryWay(protocol, text, { tools, reasoningTags: think })).toMatchObject({
      reasoning: `A call opens with ${CALL} and ${BEGIN}.`,
      text: '\n\n',
      calls: [{ toolName: 'get_time', input: '{}' }],
    });
  });

  it('writes past calls in the layout its prompt shows, and they read back', () => {
    const input = { path: 'a <b>.txt', content: 'x\n', options: { deep: true }, ids: [1] };
    const past = protocol.formatToolCall({ toolCallId: 'c', toolName: 'configure', input });
    expect(past).toBe(
      `${BEGIN}\n${CALL}\nfunction${SEP}${invoke(
        'configure',
        param('path', 'a <b>.txt') +
          param('content', 'x\n') +
          param('options', '{"deep":true}') +
          param('ids', '[1]'),
      )}${CALL_END}\n${END}`,
    );
    expect(onlyInput(past)).toEqual(input);
    expect(
      protocol.formatToolResponse({
        toolCallId: 'c',
        toolName: 'get_weather',
        output: { type: 'json', value: { temp_c: 14 } },
      }),
    ).toBe('<tool_response>{"temp_c":14}</tool_response>');
  });

  it('prompts with the tools as JSON lines and the call section', () => {
    const prompt = step3SystemPromptTemplate(protocol.formatTools(fixtureTools.slice(2)));
    expect(prompt).toContain(
      '<tools>\n{"type":"function","function":{"name":"get_time","parameters":{"type":"object","properties":{}}}}\n</tools>',
    );
    expect(prompt).toContain(
      `${BEGIN}\n${CALL}\nfunction${SEP}<steptml:invoke name="function_name"><steptml:parameter name="parameter_name">value</steptml:parameter></steptml:invoke>${CALL_END}\n${END}`,
    );
  });
});

describe('the Step-3 preset', () => {
  // Step-3's generation prompt ends with `<think>\n`: raw output starts inside the reasoning.
  const opened = toolbridgeOptions({ startWithReasoning: true });

  it('reads a reply that starts inside the reasoning the template opened', async () => {
    expect(
      await readThroughMiddleware(
        step3ToolMiddleware,
        `Need the weather.\n</think>\n\n${section(call('get_weather', param('city', 'Lyon')))}<|EOT|>`,
        { tools, providerOptions: opened },
      ),
    ).toEqual({
      reasoning: 'Need the weather.\n',
      text: '\n\n',
      calls: [{ toolName: 'get_weather', input: '{"city":"Lyon"}' }],
    });
  });

  it('ends that reasoning at a call section when the model skips </think>', async () => {
    for (const opening of [BEGIN, `${BEGIN}\n`]) {
      expect(
        await readThroughMiddleware(
          step3ToolMiddleware,
          `Need the time.${opening}${call('get_time')}${END}`,
          { tools, providerOptions: opened },
        ),
      ).toEqual({
        reasoning: 'Need the time.',
        text: '',
        calls: [{ toolName: 'get_time', input: '{}' }],
      });
    }
  });

  it('keeps call tokens the reasoning mentions in the reasoning', async () => {
    const mention = `A call opens with ${BEGIN}${CALL} and a name.\n`;
    expect(
      await readThroughMiddleware(
        step3ToolMiddleware,
        `${mention}</think>\n\n${section(call('get_time'))}`,
        { tools, providerOptions: opened },
      ),
    ).toEqual({ reasoning: mention, text: '\n\n', calls: [{ toolName: 'get_time', input: '{}' }] });
  });

  it('keeps its end-of-turn token out of the text', async () => {
    expect(await readThroughMiddleware(step3ToolMiddleware, 'Hello.<|EOT|>', { tools })).toEqual({
      reasoning: '',
      text: 'Hello.',
      calls: [],
    });
  });

  it('reads <think> as reasoning and no other tag', async () => {
    expect(
      await readThroughMiddleware(
        step3ToolMiddleware,
        '<think>Plan.</think><thinking>x</thinking>',
        {
          tools,
        },
      ),
    ).toEqual({ reasoning: 'Plan.', text: '<thinking>x</thinking>', calls: [] });
  });

  it('writes the tool list into the system message, past calls and results as Step-3 reads them', async () => {
    const prompt = timeCallHistory;
    const rewritten = await rewrittenPrompt(step3ToolMiddleware, prompt, fixtureTools.slice(2));
    expect(rewritten?.[0]).toEqual({
      role: 'system',
      content: step3SystemPromptTemplate(protocol.formatTools(fixtureTools.slice(2))),
    });
    expect(rewritten?.slice(1)).toEqual([
      prompt[0],
      {
        role: 'assistant',
        content: [
          {
            type: 'text',
            text: `${BEGIN}\n${CALL}\nfunction${SEP}${invoke('get_time', '')}${CALL_END}\n${END}`,
          },
        ],
      },
      { role: 'user', content: [{ type: 'text', text: '<tool_response>12:00</tool_response>' }] },
    ]);
  });
});

describe('Step-3 calls read by auto', () => {
  const auto = autoProtocol();

  it("reads a Step-3 section as step3, though DeepSeek's garbled opening token is spelt the same", () => {
    const { calls, parts } = readEveryWay(
      auto,
      `Checking.\n${section(call('get_weather', param('city', 'Lima')))}`,
      { tools },
    );
    expect(calls).toEqual([{ toolName: 'get_weather', input: '{"city":"Lima"}' }]);
    const read = parts.flatMap((part) =>
      part.type === 'tool-call' ? [part.providerMetadata?.toolbridge?.format] : [],
    );
    expect(read).toEqual(['step3']);
  });

  it("still reads DeepSeek's calls after that token as DeepSeek's", () => {
    const text =
      '<｜tool_calls_begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{"city": "Lima"}\n```<｜tool▁call▁end｜>';
    const { calls, parts } = readEveryWay(auto, text, { tools });
    expect(calls).toEqual([{ toolName: 'get_weather', input: '{"city":"Lima"}' }]);
    expect(
      parts.flatMap((part) =>
        part.type === 'tool-call' ? [part.providerMetadata?.toolbridge?.format] : [],
      ),
    ).toEqual(['deepseek']);
  });
});

/** Step-3's markup and end of turn: none of it may be left in the text a user reads. */
const MARKUP = ['<｜', '｜>', 'steptml', '<think>', '</think>', '<|EOT|>'];

describe.each([
  ['step3ToolMiddleware', step3ToolMiddleware],
  ['autoToolMiddleware', autoToolMiddleware],
  ["toolMiddlewareFor('stepfun-ai/step3')", toolMiddlewareFor('stepfun-ai/step3')],
])("Step-3's typical reply, through %s", (_name, middleware) => {
  // The template opened `<think>\n`: the reply starts inside the reasoning.
  const opened = toolbridgeOptions({ startWithReasoning: true });
  const LYON = { toolName: 'get_weather', input: '{"city":"Lyon","days":2}' };
  const TIME = { toolName: 'get_time', input: '{}' };

  it('reads the reasoning, parallel calls in one section, and drops the end of turn', async () => {
    const reply = `Two lookups.\n</think>\n\n${section(
      call('get_weather', param('city', 'Lyon'), param('days', '2')),
      call('get_time'),
    )}<|EOT|>`;
    const meaning = await readThroughMiddleware(middleware, reply, {
      tools,
      providerOptions: opened,
    });
    expect(meaning).toEqual({ reasoning: 'Two lookups.\n', text: '\n\n', calls: [LYON, TIME] });
    expectCleanReply(meaning, [LYON, TIME], MARKUP);
  });

  it('reads an answer after the reasoning as text, the end of turn left out', async () => {
    const meaning = await readThroughMiddleware(
      middleware,
      'Easy.\n</think>\n\nIt is 391.<|EOT|>',
      { tools, providerOptions: opened },
    );
    expect(meaning).toEqual({ reasoning: 'Easy.\n', text: '\n\nIt is 391.', calls: [] });
    expectCleanReply(meaning, [], MARKUP);
  });

  it('never runs a call cut off inside a parameter, and leaves no markup in the text', async () => {
    const { text, calls } = await readThroughMiddleware(
      middleware,
      `Writing.\n</think>\n\n${BEGIN}\n${CALL}function${SEP}<steptml:invoke name="write_file"><steptml:parameter name="content">half a fi`,
      { tools, providerOptions: opened },
    );
    for (const marker of MARKUP) expect(text, marker).not.toContain(marker);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.toolName).toBe('write_file');
    expect(() => JSON.parse(calls[0]?.input ?? '')).toThrow();
  });
});

describe("Step-3's model row opens the reasoning the preset does not", () => {
  const reply = `Need the time.\n</think>\n\n${section(call('get_time'))}<|EOT|>`;
  const TIME = { toolName: 'get_time', input: '{}' };

  it("toolMiddlewareFor('stepfun-ai/step3') starts inside the reasoning without being told", async () => {
    const meaning = await readThroughMiddleware(toolMiddlewareFor('stepfun-ai/step3'), reply, {
      tools,
    });
    expect(meaning).toEqual({ reasoning: 'Need the time.\n', text: '\n\n', calls: [TIME] });
    expectCleanReply(meaning, [TIME], MARKUP);
  });

  it.each([
    ['step3ToolMiddleware', step3ToolMiddleware],
    ['autoToolMiddleware', autoToolMiddleware],
  ])('%s starts in text unless the call says the reasoning is open', async (_name, middleware) => {
    const meaning = await readThroughMiddleware(middleware, reply, { tools });
    // The reasoning is read as text; its lone closer is still markup, kept out of it.
    expect(meaning).toEqual({ reasoning: '', text: 'Need the time.\n\n\n', calls: [TIME] });
    expectCleanReply(meaning, [TIME], MARKUP);
  });
});

describe("Step-3's model row", () => {
  const [row] = step3Format.models;
  const matches = (id: string) => row?.match.test(id.toLowerCase());

  it('serves Step-3 as Hugging Face, OpenRouter and StepFun name it, and opens its reasoning', () => {
    for (const id of ['stepfun-ai/step3', 'stepfun-ai/step3-fp8', 'step-3', 'step3']) {
      expect(matches(id), id).toBe(true);
    }
    expect(row?.opensReasoning).toBe('always');
  });

  it('leaves the Step models that write other formats to their rows', () => {
    for (const id of [
      'stepfun-ai/Step-3.5-Flash',
      'stepfun/step-3.5-flash',
      'stepfun/step-3.7-flash',
      'stepfun-ai/Step3-VL-10B',
      'step3p5',
      'stepfun-ai/Step-Audio-2-mini',
    ]) {
      expect(matches(id), id).toBe(false);
    }
  });
});

describeProtocolProperties(
  [
    section(call('get_weather', param('city', 'Oslo'), param('days', '3'))),
    `<think>Need weather.</think>\n\n${section(call('get_weather', param('city', 'Rome')))}`,
    `Both.\n${section(call('get_time'), call('get_weather', param('city', 'Paris'), param('tags', '["a"]')))}\nDone.`,
    `${BEGIN}\n${CALL}\nfunction${SEP}${invoke('write_file', param('path', 'a.ts') + param('content', 'const x = "<tag>" && y;\n\n'))}${CALL_END}\n${END}`,
    `${BEGIN}${CALL}${invoke('get_weather', param('city', 'Quito'))}${CALL_END}${END}`,
    `${BEGIN}\n${CALL}function${SEP}<steptml:invoke name="write_file"><steptml:parameter name="content">cut off`,
    section(call('no_such_tool', param('x', '1'))),
    `${CALL}custom${SEP}${invoke('get_time', '')}${CALL_END}\ntail`,
    `Prose with ${BEGIN} and no call.`,
    `Tokens spelt <|tool_calls_begin|> are text.`,
  ].map((reply, index) => ({ name: `step3 #${index}`, protocol, reply })),
);
