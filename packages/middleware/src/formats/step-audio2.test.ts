import type { LanguageModelV4Prompt } from '@ai-sdk/provider';
import { describe, expect, it, vi } from 'vitest';
import { autoToolMiddleware } from '../auto/auto-tool-middleware';
import { toolMiddlewareFor } from '../auto/tool-middleware-for';
import { toolbridgeOptions } from '../middleware/toolbridge-options';
import { stepAudio2ToolMiddleware } from '../presets/presets';
import { fixtureTools, typedTools } from '../testing/fixtures';
import { describeProtocolProperties } from '../testing/protocol-properties';
import { expectCleanReply, readThroughMiddleware } from '../testing/read-through-middleware';
import { rewrittenPrompt } from '../testing/rewritten-prompt';
import { readEveryWay } from '../testing/run-parser';
import { getTimeTool, twoCallHistory } from '../testing/two-call-history';
import {
  stepAudio2Format,
  stepAudio2Protocol,
  stepAudio2SystemPromptTemplate,
} from './step-audio2';

const protocol = stepAudio2Protocol();
const tools = typedTools;
const think: Array<[string, string]> = [['<think>', '</think>']];
const preset = stepAudio2ToolMiddleware;

/** A call as Step-Audio 2 writes it (vLLM's Step-Audio 2 tokenizer, SGLang's detector). */
const call = (name: string, args: string) => `<tool_call>function\n${name}\n${args}</tool_call>`;

describe('stepAudio2Protocol', () => {
  it('reads calls written back to back, with prose around them', () => {
    const text = `Let me check.${call('get_weather', '{"city": "Shanghai", "days": 2}')}${call('get_time', '{}')}\nDone.`;
    expect(readEveryWay(protocol, text, { tools })).toMatchObject({
      text: 'Let me check.\nDone.',
      calls: [
        { toolName: 'get_weather', input: '{"city":"Shanghai","days":2}' },
        { toolName: 'get_time', input: '{}' },
      ],
    });
  });

  it('reads space around the body and its lines, as the servers that strip it do', () => {
    for (const text of [
      '<tool_call>\nfunction\nget_weather\n{"city": "Lyon"}\n</tool_call>',
      '<tool_call>function\nget_weather \n  {"city": "Lyon"}</tool_call>',
      '<tool_call>function\nget_weather\n{\n  "city": "Lyon"\n}</tool_call>',
    ]) {
      expect(readEveryWay(protocol, text, { tools })).toMatchObject({
        text: '',
        calls: [{ toolName: 'get_weather', input: '{"city":"Lyon"}' }],
      });
    }
  });

  it('keeps string values exactly, its own closer and newlines included', () => {
    const content = 'if (a < b) {\n  return "</tool_call>";\n}\n';
    const text = call('write_file', JSON.stringify({ path: 'a.ts', content }));
    expect(readEveryWay(protocol, text, { tools }).calls).toEqual([
      { toolName: 'write_file', input: JSON.stringify({ path: 'a.ts', content }) },
    ]);
  });

  it('never runs a call cut off inside its arguments', () => {
    const onError = vi.fn();
    const text = '<tool_call>function\nwrite_file\n{"path": "a.py", "content": "half a fi';
    const [cut] = readEveryWay(protocol, text, { tools, onError }).calls;
    expect(cut).toEqual({ toolName: 'write_file', input: '{"path":"a.py","content":"half a fi' });
    expect(onError).toHaveBeenCalledWith(
      expect.any(String),
      expect.objectContaining({ reason: 'call-cut-off' }),
    );
  });

  it('runs a call whose arguments closed when </tool_call> never came', () => {
    expect(
      readEveryWay(protocol, '<tool_call>function\nget_weather\n{"city": "Oslo"}', { tools }),
    ).toMatchObject({ text: '', calls: [{ toolName: 'get_weather', input: '{"city":"Oslo"}' }] });
  });

  it('reports an unknown tool inside the tags as a call', () => {
    expect(readEveryWay(protocol, call('no_such_tool', '{"x": 1}'), { tools }).calls).toEqual([
      { toolName: 'no_such_tool', input: '{"x":1}' },
    ]);
  });

  it('keeps a body of another layout as text, and says so', () => {
    const onError = vi.fn();
    for (const text of [
      '<tool_call>{"name": "get_time", "arguments": {}}</tool_call>',
      '<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>SF</arg_value>\n</tool_call>',
      // The type word missing, or the name not followed by JSON arguments.
      '<tool_call>get_weather\n{"city": "SF"}</tool_call>',
      '<tool_call>function\nget_weather\ncity=SF</tool_call>',
      '<tool_call>function\n<arg_key>city</arg_key></tool_call>',
    ]) {
      onError.mockClear();
      expect(readEveryWay(protocol, text, { tools, onError }), text).toMatchObject({
        text,
        calls: [],
      });
      expect(onError).toHaveBeenCalledWith(
        expect.any(String),
        expect.objectContaining({ reason: 'malformed-call' }),
      );
    }
  });

  it('reads <think> reasoning, and calls mentioned in it stay reasoning', () => {
    const mention = `A call is ${call('get_time', '{}')}.`;
    const text = `<think>${mention}</think>\n\n${call('get_time', '{}')}`;
    expect(readEveryWay(protocol, text, { tools, reasoningTags: think })).toMatchObject({
      reasoning: mention,
      text: '\n\n',
      calls: [{ toolName: 'get_time', input: '{}' }],
    });
  });

  it('writes past calls as the model does, and they read back; results in <tool_response>', () => {
    const input = { path: 'a <b>.txt', content: 'x</tool_call>\n', options: { deep: true } };
    const past = protocol.formatToolCall({ toolCallId: 'c', toolName: 'configure', input });
    expect(past).toBe(
      call(
        'configure',
        '{"path":"a \\u003cb\\u003e.txt","content":"x\\u003c/tool_call\\u003e\\n","options":{"deep":true}}',
      ),
    );
    expect(readEveryWay(protocol, past, { tools }).calls).toEqual([
      { toolName: 'configure', input: JSON.stringify(input) },
    ]);
    expect(
      protocol.formatToolResponse({
        toolCallId: 'c',
        toolName: 'get_weather',
        output: { type: 'json', value: { temp_c: 14 } },
      }),
    ).toBe('<tool_response>{"temp_c":14}</tool_response>');
  });

  it('prompts with the tools as JSON lines and the call layout', () => {
    const prompt = stepAudio2SystemPromptTemplate(protocol.formatTools(fixtureTools.slice(2)));
    expect(prompt).toContain(
      '<tools>\n{"type":"function","function":{"name":"get_time","parameters":{"type":"object","properties":{}}}}\n</tools>',
    );
    expect(prompt).toContain(call('function_name', '{"argument_name": "value"}'));
  });
});

describe("step-audio2's template prompt (vLLM's Step-Audio 2 tokenizer)", () => {
  const getTime = getTimeTool();
  const toolsTurn =
    '<|BOT|>tool_json_schemas\n[{"type": "function", "function": {"name": "get_time", "parameters": {"type": "object", "properties": {"zone": {"type": "string"}}}}}]';
  const history = (system: LanguageModelV4Prompt) =>
    twoCallHistory(system, { secondInput: { offset: -5 }, lastResult: '19:00<|EOT|>' });
  const transform = (prompt: LanguageModelV4Prompt) => rewrittenPrompt(preset, prompt, getTime);

  it('writes the tools turn after the system turn, calls after the text, results as function_output turns', async () => {
    expect(await transform(history([{ role: 'system', content: 'Be brief.' }]))).toEqual([
      // The server closes the system turn with <|EOT|>: the tools turn follows it.
      { role: 'system', content: `Be brief.<|EOT|>${toolsTurn}` },
      { role: 'user', content: [{ type: 'text', text: 'Time in Tokyo and Lima?' }] },
      {
        role: 'assistant',
        content: [
          {
            type: 'text',
            // Arguments as json.dumps writes them; each result a turn naming its tool, its <|EOT|> escaped.
            text: 'Checking.<tool_call>function\nget_time\n{"zone": "JST"}</tool_call><tool_call>function\nget_time\n{"offset": -5}</tool_call><|EOT|><|BOT|>function_output\nget_time\n{"time":"09:00"}<|EOT|><|BOT|>function_output\nget_time\n19:00<\\|EOT|>',
          },
        ],
      },
    ]);
  });

  it('makes the tools turn the system message when there is none, as the tokenizer leaves it', async () => {
    expect((await transform(history([])))?.[0]).toEqual({ role: 'system', content: toolsTurn });
  });
});

describe('the Step-Audio 2 preset', () => {
  it('keeps its end of turn and speech tokens out of the text', async () => {
    const reply = `<tts_start>Let me look.<tts_end>${call('get_weather', '{"city": "Lyon"}')}<|EOT|>`;
    const meaning = await readThroughMiddleware(preset, reply, { tools });
    expect(meaning).toEqual({
      reasoning: '',
      text: 'Let me look.',
      calls: [{ toolName: 'get_weather', input: '{"city":"Lyon"}' }],
    });
  });

  it('reads <think> as reasoning and no other tag', async () => {
    expect(
      await readThroughMiddleware(preset, '<think>Plan.</think><thinking>x</thinking>', { tools }),
    ).toEqual({ reasoning: 'Plan.', text: '<thinking>x</thinking>', calls: [] });
  });

  it('reads a reply that starts inside <think> the caller opened, when told so', async () => {
    expect(
      await readThroughMiddleware(preset, `Need it.</think>\n\n${call('get_time', '{}')}`, {
        tools,
        providerOptions: toolbridgeOptions({ startWithReasoning: true }),
      }),
    ).toEqual({
      reasoning: 'Need it.',
      text: '\n\n',
      calls: [{ toolName: 'get_time', input: '{}' }],
    });
  });
});

/** Step-Audio 2's markup, end of turn and speech tokens: none of it may be left in the text. */
const MARKUP = [
  '<tool_call>',
  '</tool_call>',
  '<think>',
  '</think>',
  '<|EOT|>',
  '<tts_start>',
  '<tts_end>',
];

// Needs integration: autoToolMiddleware and toolMiddlewareFor read the format list and registry.
describe.each([
  ['the Step-Audio 2 preset', preset],
  ['autoToolMiddleware', autoToolMiddleware],
  [
    "toolMiddlewareFor('stepfun-ai/Step-Audio-2-mini')",
    toolMiddlewareFor('stepfun-ai/Step-Audio-2-mini'),
  ],
])("Step-Audio 2's typical reply, through %s", (_name, middleware) => {
  const LYON = { toolName: 'get_weather', input: '{"city":"Lyon","days":2}' };
  const TIME = { toolName: 'get_time', input: '{}' };

  it('reads parallel calls after a spoken lead-in, and drops the speech and end-of-turn tokens', async () => {
    const reply = `<tts_start>Two lookups.<tts_end>${call('get_weather', '{"city": "Lyon", "days": 2}')}${call('get_time', '{}')}<|EOT|>`;
    const meaning = await readThroughMiddleware(middleware, reply, { tools });
    expect(meaning).toEqual({ reasoning: '', text: 'Two lookups.', calls: [LYON, TIME] });
    expectCleanReply(meaning, [LYON, TIME], MARKUP);
  });

  it('reads mini Think reasoning, then an answer', async () => {
    const meaning = await readThroughMiddleware(
      middleware,
      '<think>\nEasy.\n</think>\n\nIt is 391.<|EOT|>',
      { tools },
    );
    expect(meaning).toEqual({ reasoning: '\nEasy.\n', text: '\n\nIt is 391.', calls: [] });
    expectCleanReply(meaning, [], MARKUP);
  });

  it('never runs a call cut off inside its arguments, and leaves no markup in the text', async () => {
    const { text, calls } = await readThroughMiddleware(
      middleware,
      'Writing.<tool_call>function\nwrite_file\n{"path": "a.py", "content": "half a fi',
      { tools },
    );
    for (const marker of MARKUP) expect(text, marker).not.toContain(marker);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.toolName).toBe('write_file');
    expect(() => JSON.parse(calls[0]?.input ?? '')).toThrow();
  });
});

describe("Step-Audio 2's model row", () => {
  const [row] = stepAudio2Format.models;
  const matches = (id: string) => row?.match.test(id.toLowerCase()) ?? false;

  it('serves Step-Audio 2 mini, mini Base and mini Think as Hugging Face and servers name them', () => {
    for (const id of [
      'stepfun-ai/Step-Audio-2-mini',
      'stepfun-ai/Step-Audio-2-mini-Base',
      'stepfun-ai/Step-Audio-2-mini-Think',
      'step-audio-2-mini',
      'step-audio-2-mini-think',
    ]) {
      expect(matches(id), id).toBe(true);
    }
  });

  it('leaves the other Step models to their rows', () => {
    for (const id of [
      'stepfun-ai/step3',
      'stepfun-ai/Step-Audio-R1',
      'stepfun-ai/Step-Audio-EditX',
      'stepfun-ai/Step-Audio-TTS-3B',
      'stepfun-ai/Step-3.5-Flash',
    ]) {
      expect(matches(id), id).toBe(false);
    }
  });
});

describeProtocolProperties(
  [
    call('get_weather', '{"city": "Oslo", "days": 3}'),
    `<think>Need weather.</think>\n\n${call('get_weather', '{"city": "Rome"}')}`,
    `Both.${call('get_time', '{}')}${call('get_weather', '{"city": "Paris", "tags": ["a"]}')}\nDone.`,
    call('write_file', '{"path": "a.ts", "content": "const x = \\"</tool_call>\\" && y;\\n"}'),
    '<tool_call>function\nwrite_file\n{"path": "a.py", "content": "cut off',
    call('no_such_tool', '{"x": 1}'),
    '<tool_call>get_weather\n{"city": "SF"}</tool_call> tail',
    'Prose with <tool_call> and no call.',
  ].map((reply, index) => ({ name: `step-audio2 #${index}`, protocol, reply })),
);
