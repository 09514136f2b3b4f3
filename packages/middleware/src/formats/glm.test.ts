import type { LanguageModelV4Prompt } from '@ai-sdk/provider';
import { describe, expect, it, vi } from 'vitest';
import { autoToolMiddleware } from '../auto/auto-tool-middleware';
import { toolMiddlewareFor } from '../auto/tool-middleware-for';
import { toolbridgeOptions } from '../middleware/toolbridge-options';
import { glmToolMiddleware } from '../presets/presets';
import { typedTools } from '../testing/fixtures';
import { describeProtocolProperties } from '../testing/protocol-properties';
import { expectCleanReply, readThroughMiddleware } from '../testing/read-through-middleware';
import { rewrittenPrompt } from '../testing/rewritten-prompt';
import { firstCallInput, readEveryWay } from '../testing/run-parser';
import { getTimeTool, twoCallHistory } from '../testing/two-call-history';
import { glmFormat, glmProtocol } from './glm';

const protocol = glmProtocol();
const tools = typedTools;

const pair = (key: string, value: string) =>
  `<arg_key>${key}</arg_key>\n<arg_value>${value}</arg_value>\n`;
const call = (name: string, pairs: string) => `<tool_call>${name}\n${pairs}</tool_call>`;
/** A call in iQuest's tags, compact as vLLM's tests write it. */
const iquest = (tag: string, name: string, pairs: string) => `<${tag}>${name}${pairs}</${tag}>`;
const compact = (key: string, value: string) =>
  `<arg_key>${key}</arg_key><arg_value>${value}</arg_value>`;
/** What never reaches the text or reasoning of a GLM reply. */
const MARKUP = [
  '<tool_call>',
  '</tool_call>',
  '<arg_key>',
  '<arg_value>',
  '<iquest_tool_call>',
  '</iquest_tool_call>',
  '<iquestcoder_tool_call>',
  '</iquestcoder_tool_call>',
  '<think>',
  '</think>',
];

describe('glmProtocol', () => {
  it('reads a call after prose, string values exactly as written', () => {
    const code = '\nif (a < b && c) {\n  return "</x>";\n}\n';
    const text = `I'll write it.\n${call('write_file', pair('path', 'src/a.ts') + pair('content', code))}`;
    expect(readEveryWay(protocol, text, { tools })).toMatchObject({
      text: "I'll write it.\n",
      // Values sit right between their tags: their newlines are content.
      calls: [
        { toolName: 'write_file', input: JSON.stringify({ path: 'src/a.ts', content: code }) },
      ],
    });
  });

  it('reads parallel calls, the compact GLM-4.7 form and a call without arguments', () => {
    const text = `${call('get_weather', pair('city', 'Lyon') + pair('days', '2'))}\n<tool_call>get_weather<arg_key>city</arg_key><arg_value>Porto</arg_value></tool_call><tool_call>get_time</tool_call>`;
    const { calls, parts } = readEveryWay(protocol, text, { tools });
    expect(calls).toEqual([
      { toolName: 'get_weather', input: '{"city":"Lyon","days":2}' },
      { toolName: 'get_weather', input: '{"city":"Porto"}' },
      { toolName: 'get_time', input: '{}' },
    ]);
    // </tool_call> is the call's own close: nothing was repaired.
    for (const part of parts) {
      if (part.type === 'tool-call')
        expect(part.providerMetadata?.toolbridge).not.toHaveProperty('repairs');
    }
  });

  it('reads reasoning first, and GLM-4.7 output that starts inside it', () => {
    const reply = `<think>Two lookups.</think>\n${call('get_weather', pair('city', 'Oslo'))}`;
    expect(
      readEveryWay(protocol, reply, { tools, reasoningTags: [['<think>', '</think>']] }),
    ).toMatchObject({
      reasoning: 'Two lookups.',
      calls: [{ toolName: 'get_weather', input: '{"city":"Oslo"}' }],
    });
    const opened = `Two lookups.</think>${call('get_weather', pair('city', 'Oslo'))}`;
    expect(
      readEveryWay(protocol, opened, {
        tools,
        reasoningTags: [['<think>', '</think>']],
        startWithReasoning: true,
      }),
    ).toMatchObject({ reasoning: 'Two lookups.', text: '', calls: [{ toolName: 'get_weather' }] });
  });

  it('types non-string values by the schema: JSON, Python literals, null', () => {
    const text = call(
      'configure',
      pair('options', "{'deep': True, 'list': [1, 2,]}") +
        pair('ids', '[1, 2]') +
        pair('ratio', '2.5') +
        pair('note', 'null'),
    );
    expect(firstCallInput(protocol, text, { tools })).toEqual({
      options: { deep: true, list: [1, 2] },
      ids: [1, 2],
      ratio: 2.5,
      note: null,
    });
  });

  it('fails a call whose key has no value, and keeps the text after it', () => {
    const onError = vi.fn();
    const { text, calls } = readEveryWay(
      protocol,
      '<tool_call>get_weather\n<arg_key>city</arg_key></tool_call>Thanks, that is all.',
      { tools, onError },
    );
    expect(text).toBe('Thanks, that is all.');
    // The call is reported, its input unfinished: it never runs.
    expect(calls).toHaveLength(1);
    for (const { input } of calls) expect(() => JSON.parse(input)).toThrow();
    expect(onError).toHaveBeenCalled();
  });

  it('reads a Hermes-style JSON body, arguments given as a JSON-encoded string too', () => {
    const text =
      '<tool_call>{"name": "get_weather", "arguments": "{\\"city\\": \\"Lima\\", \\"days\\": 1}"}</tool_call>';
    expect(readEveryWay(protocol, text, { tools }).calls).toEqual([
      { toolName: 'get_weather', input: '{"city":"Lima","days":1}' },
    ]);
  });

  it('never runs a call cut off inside a value, and runs one whose values all closed', () => {
    expect(
      readEveryWay(protocol, '<tool_call>write_file\n<arg_key>content</arg_key>\n<arg_value>half', {
        tools,
      }).calls,
    ).toEqual([{ toolName: 'write_file', input: '{"content":"half' }]);
    expect(
      readEveryWay(protocol, `<tool_call>get_weather\n${pair('city', 'Lyon')}`, { tools }).calls,
    ).toEqual([{ toolName: 'get_weather', input: '{"city":"Lyon"}' }]);
  });

  it('reports an unknown tool inside <tool_call> as a call, for the SDK to answer', () => {
    const onError = vi.fn();
    expect(
      readEveryWay(protocol, call('no_such_tool', pair('x', '1')), { tools, onError }).calls,
    ).toEqual([{ toolName: 'no_such_tool', input: '{"x":"1"}' }]);
  });

  it('keeps <tool_call> in prose and call-shaped text without the tag as text', () => {
    for (const text of [
      'Wrap calls in <tool_call> tags, one per call.',
      'A call looks like <tool_call>{name}<arg_key>… in GLM.',
      // The tags are ordinary added tokens that servers print; without them nothing is a call.
      'get_weather\n<arg_key>city</arg_key>\n<arg_value>Lyon</arg_value>\n</tool_call>',
    ]) {
      expect(readEveryWay(protocol, text, { tools })).toMatchObject({ text, calls: [] });
    }
  });

  it('writes a past call and a result as the GLM template does', () => {
    const input = { city: 'Lyon', days: 2, tags: ['a'] };
    const text = protocol.formatToolCall({ toolCallId: 'c', toolName: 'get_weather', input });
    expect(text).toBe(
      '<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Lyon</arg_value>\n<arg_key>days</arg_key>\n<arg_value>2</arg_value>\n<arg_key>tags</arg_key>\n<arg_value>["a"]</arg_value>\n</tool_call>',
    );
    expect(firstCallInput(protocol, text, { tools })).toEqual(input);
    expect(
      protocol.formatToolResponse({
        toolCallId: 'c',
        toolName: 'get_weather',
        output: { type: 'json', value: { temp_c: 14 } },
      }),
    ).toBe('<tool_response>\n{"temp_c":14}\n</tool_response>');
  });
});

describe("GLM-5.3-Flash's JSON layout: the name, `>`, the arguments, no closer", () => {
  it('reads the call after prose, and calls back to back', () => {
    expect(
      readEveryWay(
        protocol,
        'Checking.<tool_call>get_weather>{"city": "Lyon", "days": 2}<tool_call>get_time>{}',
        { tools },
      ),
    ).toMatchObject({
      text: 'Checking.',
      calls: [
        { toolName: 'get_weather', input: '{"city":"Lyon","days":2}' },
        { toolName: 'get_time', input: '{}' },
      ],
    });
  });

  it('reads the tool after a group and a slash, a closer when it comes, and text after', () => {
    expect(
      readEveryWay(protocol, '<tool_call>Weather/get_weather>{"city": "Oslo"}</tool_call> Done.', {
        tools,
      }),
    ).toMatchObject({
      text: ' Done.',
      calls: [{ toolName: 'get_weather', input: '{"city":"Oslo"}' }],
    });
    expect(
      readEveryWay(protocol, '<tool_call>get_weather>{"city": "Oslo"}\nThat is all.', { tools }),
    ).toMatchObject({ text: 'That is all.', calls: [{ toolName: 'get_weather' }] });
  });

  it('reads it beside the tag layout in one reply', () => {
    const text = `<tool_call>get_weather${compact('city', 'Porto')}</tool_call><tool_call>get_weather>{"city": "Oslo"}`;
    expect(readEveryWay(protocol, text, { tools }).calls).toEqual([
      { toolName: 'get_weather', input: '{"city":"Porto"}' },
      { toolName: 'get_weather', input: '{"city":"Oslo"}' },
    ]);
  });

  it('never runs a call cut off inside its JSON, nor one whose arguments are no JSON', () => {
    const onError = vi.fn();
    const cut = readEveryWay(protocol, '<tool_call>write_file>{"path": "a.ts", "content": "half', {
      tools,
      onError,
    });
    expect(cut.calls).toEqual([
      { toolName: 'write_file', input: '{"path":"a.ts","content":"half' },
    ]);
    expect(onError).toHaveBeenCalledWith(
      expect.any(String),
      expect.objectContaining({ reason: 'call-cut-off' }),
    );
    const prose = readEveryWay(protocol, '<tool_call>get_weather> in Lyon</tool_call> after', {
      tools,
    });
    expect(prose.text).toBe(' after');
    expect(prose.calls).toHaveLength(1);
    for (const { input } of prose.calls) expect(() => JSON.parse(input)).toThrow();
  });
});

describe("iQuest Coder V2's and IQuest-Q1's call tags", () => {
  it.each(['iquestcoder_tool_call', 'iquest_tool_call'])(
    'reads <%s> calls: typed values, no arguments, newlines between tags',
    (tag) => {
      const text = `Let me look.\n${iquest(tag, 'get_weather', compact('city', 'Dallas') + compact('days', '3'))}${iquest(tag, 'get_time', '')}${iquest(tag, 'get_weather\n', `${compact('city', '12345')}\n`)}`;
      expect(readEveryWay(protocol, text, { tools })).toMatchObject({
        text: 'Let me look.\n',
        calls: [
          { toolName: 'get_weather', input: '{"city":"Dallas","days":3}' },
          { toolName: 'get_time', input: '{}' },
          // A string argument stays text whatever it looks like.
          { toolName: 'get_weather', input: '{"city":"12345"}' },
        ],
      });
    },
  );

  it('reads only the key/value layout in them, and keeps a mention as text', () => {
    for (const text of [
      '<iquest_tool_call>get_weather>{"city": "Lyon"}</iquest_tool_call>',
      'Wrap calls in <iquestcoder_tool_call> tags.',
    ]) {
      const onError = vi.fn();
      expect(readEveryWay(protocol, text, { tools, onError })).toMatchObject({ text, calls: [] });
      expect(onError).toHaveBeenCalledWith(
        expect.any(String),
        expect.objectContaining({ reason: 'malformed-call' }),
      );
    }
  });
});

describe.each([
  ['glmToolMiddleware', glmToolMiddleware],
  ['autoToolMiddleware', autoToolMiddleware],
])('a GLM call with text after its name that is no markup, through %s', (_name, middleware) => {
  it('never runs with arguments the model did not write, and says so', async () => {
    const { text, calls } = await readThroughMiddleware(
      middleware,
      '<tool_call>get_weather\nsome junk here</tool_call> after',
      { tools },
    );
    expect(text).toBe(' after');
    // Announced at its name, the call ends with the input it had: invalid, so it never runs.
    expect(calls).toEqual([{ toolName: 'get_weather', input: '{' }]);
  });
});

describe.each([
  ['glmToolMiddleware', glmToolMiddleware, true],
  ['autoToolMiddleware', autoToolMiddleware, true],
  ["toolMiddlewareFor('zai-org/GLM-5.3-Flash')", toolMiddlewareFor('zai-org/GLM-5.3-Flash'), false],
])("GLM-5.3-Flash's typical reply, through %s", (_name, middleware, told) => {
  // The template opened `<think>`: the reply starts inside the reasoning.
  const providerOptions = told ? toolbridgeOptions({ startWithReasoning: true }) : undefined;
  const LYON = { toolName: 'get_weather', input: '{"city":"Lyon","days":2}' };
  const TIME = { toolName: 'get_time', input: '{}' };

  it('reads the reasoning, then calls in both layouts', async () => {
    const meaning = await readThroughMiddleware(
      middleware,
      `Two lookups.</think><tool_call>Weather/get_weather>{"city": "Lyon", "days": 2}<tool_call>get_time</tool_call>`,
      { tools, ...(providerOptions && { providerOptions }) },
    );
    expect(meaning).toEqual({ reasoning: 'Two lookups.', text: '', calls: [LYON, TIME] });
    expectCleanReply(meaning, [LYON, TIME], MARKUP);
  });

  it('never runs a call cut off inside its JSON, and leaves no markup in the text', async () => {
    const { text, calls } = await readThroughMiddleware(
      middleware,
      'Writing.</think>Here.<tool_call>write_file>{"path": "a.ts", "content": "half a fi',
      { tools, ...(providerOptions && { providerOptions }) },
    );
    expect(text).toBe('Here.');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.toolName).toBe('write_file');
    expect(() => JSON.parse(calls[0]?.input ?? '')).toThrow();
  });
});

describe.each([
  ['glmToolMiddleware', glmToolMiddleware],
  ['autoToolMiddleware', autoToolMiddleware],
  ["toolMiddlewareFor('IQuestLab/IQuest-Q1')", toolMiddlewareFor('IQuestLab/IQuest-Q1')],
])("IQuest's typical reply, through %s", (_name, middleware) => {
  const DALLAS = { toolName: 'get_weather', input: '{"city":"Dallas","days":3}' };

  it('reads the reasoning and a call in each of its tags', async () => {
    const meaning = await readThroughMiddleware(
      middleware,
      `<think>Weather first.</think>${iquest('iquest_tool_call', 'get_weather', compact('city', 'Dallas') + compact('days', '3'))}${iquest('iquestcoder_tool_call', 'get_weather', compact('city', 'Dallas') + compact('days', '3'))}`,
      { tools },
    );
    expect(meaning).toEqual({ reasoning: 'Weather first.', text: '', calls: [DALLAS, DALLAS] });
    expectCleanReply(meaning, [DALLAS, DALLAS], MARKUP);
  });
});

describe("glm's model rows", () => {
  const rowOf = (id: string) => glmFormat.models.find((row) => row.match.test(id.toLowerCase()));

  it('serves GLM-5.3-Flash as Hugging Face, OpenRouter and Ollama name it, its reasoning opened', () => {
    for (const id of ['zai-org/GLM-5.3-Flash', 'z-ai/glm-5.3-flash', 'glm-5.3-flash:cloud']) {
      expect(rowOf(id)?.family, id).toBe('GLM-5.3-Flash');
    }
    expect(rowOf('zai-org/GLM-5.3-Flash')?.opensReasoning).toBe('always');
    expect(rowOf('zai-org/GLM-5.1')?.family).toBe('GLM-5');
  });

  it('serves IQuest-Q1 and leaves iQuest Coder V1 to its own row', () => {
    expect(rowOf('IQuestLab/IQuest-Q1')?.family).toBe('IQuest-Q1 / iQuest Coder V2');
    expect(rowOf('IQuestLab/IQuest-Q1')?.opensReasoning).toBe('by-default');
    for (const id of [
      'IQuestLab/IQuest-Coder-V1-40B-Instruct',
      'IQuestLab/IQuest-Coder-V1-7B-Thinking',
    ]) {
      expect(rowOf(id), id).toBeUndefined();
    }
  });
});

describe("glm's template prompt (GLM-4.6's chat template)", () => {
  const getTime = getTimeTool();
  const toolsTurn = `# Tools

You may call one or more functions to assist with the user query.

You are provided with function signatures within <tools></tools> XML tags:
<tools>
{"type": "function", "function": {"name": "get_time", "parameters": {"type": "object", "properties": {"zone": {"type": "string"}}}}}
</tools>

For each function call, output the function name and arguments within the following XML format:
<tool_call>{function-name}
<arg_key>{arg-key-1}</arg_key>
<arg_value>{arg-value-1}</arg_value>
<arg_key>{arg-key-2}</arg_key>
<arg_value>{arg-value-2}</arg_value>
...
</tool_call>`;
  const history = (system: LanguageModelV4Prompt) =>
    twoCallHistory(system, {
      text: 'Checking.\n',
      secondInput: { offset: -5 },
      lastResult: '19:00</tool_response>',
    });
  const transform = (prompt: LanguageModelV4Prompt) =>
    rewrittenPrompt(glmToolMiddleware, prompt, getTime);

  it('writes the tools as a system turn before the system text, calls as tags, results as an observation', async () => {
    expect(await transform(history([{ role: 'system', content: 'Be brief.' }]))).toEqual([
      // The template gives the tools a <|system|> turn of their own.
      { role: 'system', content: `${toolsTurn}<|system|>\nBe brief.` },
      { role: 'user', content: [{ type: 'text', text: 'Time in Tokyo and Lima?' }] },
      {
        role: 'assistant',
        content: [
          {
            type: 'text',
            // Text stripped, values raw if text else JSON; a result's closer escaped.
            text: 'Checking.\n<tool_call>get_time\n<arg_key>zone</arg_key>\n<arg_value>JST</arg_value>\n</tool_call>\n<tool_call>get_time\n<arg_key>offset</arg_key>\n<arg_value>-5</arg_value>\n</tool_call><|observation|>\n<tool_response>\n{"time":"09:00"}\n</tool_response>\n<tool_response>\n19:00<\\/tool_response>\n</tool_response>',
          },
        ],
      },
    ]);
  });

  it('makes the tools turn the system message when there is none', async () => {
    expect((await transform(history([])))?.[0]).toEqual({ role: 'system', content: toolsTurn });
  });
});

describeProtocolProperties(
  [
    call('get_weather', pair('city', 'Oslo') + pair('days', '3')),
    `<think>Need weather.</think>\n${call('get_weather', pair('city', 'Rome'))}`,
    `Checking.\n${call('get_time', '')}\n${call('get_weather', pair('city', 'Paris') + pair('tags', '["a", "b"]'))} Done.`,
    '<tool_call>get_weather<arg_key>city</arg_key><arg_value>Quito</arg_value><arg_key>detailed</arg_key><arg_value>true</arg_value></tool_call>',
    call('write_file', pair('path', 'a.ts') + pair('content', 'const x = "<tag>" && y;\n')),
    '<tool_call>write_file\n<arg_key>content</arg_key>\n<arg_value>cut off',
    call('no_such_tool', pair('x', '1')),
    'Prose with <tool_call> and no call.',
    '<tool_call>{"name": "get_time", "arguments": {}}</tool_call>',
    '<tool_call>get_time</tool_call><tool_call>get_weather<arg_key>city</arg_key><arg_value>null</arg_value>',
    'Sure.<tool_call>Weather/get_weather>{"city": "Lima", "days": 1}<tool_call>get_time>{}',
    '<tool_call>write_file>{"path": "a.ts", "content": "cut',
    '<tool_call>get_weather\nsome junk here</tool_call> after',
    `${iquest('iquestcoder_tool_call', 'get_weather', compact('city', 'Lyon'))}${iquest('iquest_tool_call', 'get_time', '')}`,
  ].map((reply, index) => ({ name: `glm #${index}`, protocol, reply })),
);
