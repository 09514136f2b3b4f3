import { describe, expect, it, vi } from 'vitest';
import { autoToolMiddleware } from '../auto/auto-tool-middleware';
import { toolMiddlewareFor } from '../auto/tool-middleware-for';
import { toolbridgeOptions } from '../middleware/toolbridge-options';
import { hyperclovaxToolMiddleware } from '../presets/presets';
import { fixtureTools, typedTools } from '../testing/fixtures';
import { describeProtocolProperties } from '../testing/protocol-properties';
import { expectCleanReply, readThroughMiddleware } from '../testing/read-through-middleware';
import { readEveryWay } from '../testing/run-parser';
import {
  hyperclovaxFormat,
  hyperclovaxProtocol,
  hyperclovaxSystemPromptTemplate,
  hyperclovaxReasoningTags as reasoningTags,
} from './hyperclovax';

const protocol = hyperclovaxProtocol();
const tools = typedTools;
const { controlTokens } = hyperclovaxFormat;

const ROLE = ' -> tool/function_call\n';
const TURN = '<|im_end|>\n<|im_start|>assistant';
const END = '<|im_end|>';
const STOP = '<|stop|>';
const THINK = '/think\n';
const ANSWER = `${TURN}\n`;

const LYON = { toolName: 'get_weather', input: '{"city":"Lyon","days":2}' };
const TIME = { toolName: 'get_time', input: '{}' };

describe('hyperclovaxProtocol', () => {
  it('reads the JSON list after the function-call role, as vLLM tests write it', () => {
    const text = `${ROLE}[{"name": "get_weather", "arguments": {"city": "Lyon", "days": 2}}, {"name": "get_time", "arguments": {}}]${END}${STOP}`;
    expect(readEveryWay(protocol, text, { tools, controlTokens })).toMatchObject({
      text: '',
      calls: [LYON, TIME],
    });
  });

  it('reads calls in a new turn after text, and the arguments under parameters or input', () => {
    for (const key of ['parameters', 'input']) {
      const text = `Let me check.${TURN}${ROLE}[{"name": "get_weather", "${key}": {"city": "Lyon", "days": 2}}]${END}${STOP}`;
      expect(readEveryWay(protocol, text, { tools, controlTokens })).toMatchObject({
        text: 'Let me check.',
        calls: [LYON],
      });
    }
  });

  it("reads one call object for the list, as NAVER's model card shows it", () => {
    const text = `${TURN}${ROLE}{"name": "get_weather","input": {"city":"Lyon","days":2}}${END}${STOP}`;
    expect(readEveryWay(protocol, text, { tools, controlTokens })).toMatchObject({
      text: '',
      calls: [LYON],
    });
  });

  it('reads the role written without its leading space', () => {
    const text = `-> tool/function_call\n[{"name": "get_time", "arguments": {}}]${END}`;
    expect(readEveryWay(protocol, text, { tools, controlTokens })).toMatchObject({
      text: '',
      calls: [TIME],
    });
  });

  it('reads a bare list of known tools opening the reply: a reasoning parser stripped the role', () => {
    const text = '[{"name": "get_weather", "parameters": {"city": "Lyon", "days": 2}}]';
    expect(readEveryWay(protocol, text, { tools, controlTokens })).toMatchObject({
      text: '',
      calls: [LYON],
    });
    const sample = '[{"name": "not_a_tool", "arguments": {}}] is a sample.';
    expect(readEveryWay(protocol, sample, { tools, controlTokens })).toMatchObject({
      text: sample,
      calls: [],
    });
  });

  it('reads the short role naming a known tool as its call, and lists the repair', () => {
    const text = `${ROLE.slice(0, -'function_call\n'.length)}get_weather\n{"city": "Lyon", "days": 2}${END}`;
    const { calls, parts } = readEveryWay(protocol, text, { tools, controlTokens });
    expect(calls).toEqual([LYON]);
    const call = parts.find((part) => part.type === 'tool-call');
    expect(JSON.stringify(call?.providerMetadata)).toContain('short role');
  });

  it('keeps the short role as text when it names no known tool or no arguments follow', () => {
    for (const text of [
      '-> tool/unknown_tool\n{"city": "Seoul"}',
      'Pipe it -> tool/get_weather\nthen read the output.',
    ]) {
      expect(readEveryWay(protocol, text, { tools, controlTokens })).toMatchObject({
        text,
        calls: [],
      });
    }
  });

  it('reports an unknown tool after the role as a call', () => {
    const text = `${ROLE}[{"name": "no_such_tool", "arguments": {"x": 1}}]${END}`;
    expect(readEveryWay(protocol, text, { tools, controlTokens }).calls).toEqual([
      { toolName: 'no_such_tool', input: '{"x":1}' },
    ]);
  });

  it('never runs a call cut off inside its arguments', () => {
    const onError = vi.fn();
    const text = `${ROLE}[{"name": "write_file", "arguments": {"path": "a.txt", "content": "half a fi`;
    const [cut] = readEveryWay(protocol, text, { tools, controlTokens, onError }).calls;
    expect(cut?.toolName).toBe('write_file');
    expect(() => JSON.parse(cut?.input ?? '')).toThrow();
    expect(onError).toHaveBeenCalledWith(
      expect.any(String),
      expect.objectContaining({ reason: 'call-cut-off' }),
    );
  });

  it('runs a call whose arguments closed when the list and the end of message never came', () => {
    const text = `${ROLE}[{"name": "get_weather", "arguments": {"city": "Lyon", "days": 2}}`;
    expect(readEveryWay(protocol, text, { tools, controlTokens })).toMatchObject({
      text: '',
      calls: [LYON],
    });
  });

  it('keeps a role followed by no call as text, and says so', () => {
    const onError = vi.fn();
    const text = `${ROLE}I cannot call anything.${END}`;
    expect(readEveryWay(protocol, text, { tools, controlTokens, onError })).toMatchObject({
      text: `${ROLE}I cannot call anything.`,
      calls: [],
    });
    expect(onError).toHaveBeenCalledWith(
      expect.any(String),
      expect.objectContaining({ reason: 'malformed-call' }),
    );
  });

  it('reads /think reasoning up to the answer turn, then the answer', () => {
    const text = `${THINK}The user wants 391.${ANSWER}It is 391.${END}<|endofturn|>`;
    expect(readEveryWay(protocol, text, { tools, controlTokens, reasoningTags })).toMatchObject({
      reasoning: 'The user wants 391.',
      text: 'It is 391.',
      calls: [],
    });
  });

  it('ends /think reasoning where the call turn opens', () => {
    const text = `${THINK}Need the weather.${TURN}${ROLE}[{"name": "get_weather", "arguments": {"city": "Lyon", "days": 2}}]${END}${STOP}`;
    expect(readEveryWay(protocol, text, { tools, controlTokens, reasoningTags })).toMatchObject({
      reasoning: 'Need the weather.',
      text: '',
      calls: [LYON],
    });
  });

  it('keeps a role the reasoning mentions in the reasoning', () => {
    const mention = `I will use the assistant${ROLE}role for this.`;
    const text = `${THINK}${mention}${TURN}${ROLE}[{"name": "get_time", "arguments": {}}]${END}`;
    expect(readEveryWay(protocol, text, { tools, controlTokens, reasoningTags })).toMatchObject({
      reasoning: mention,
      calls: [TIME],
    });
  });

  it('writes past calls after the role, and they read back; results as their raw value', () => {
    const input = { path: 'a "b".txt', content: 'x\n', options: { deep: true } };
    const past = protocol.formatToolCall({ toolCallId: 'c', toolName: 'configure', input });
    expect(past).toBe(
      `${ROLE}[{"name": "configure", "arguments": ${JSON.stringify(input).replaceAll('":', '": ').replaceAll(',"', ', "')}}]`,
    );
    const [call] = readEveryWay(protocol, past, { tools, controlTokens }).calls;
    expect(JSON.parse(call?.input ?? '')).toEqual(input);
    expect(
      protocol.formatToolResponse({
        toolCallId: 'c',
        toolName: 'get_weather',
        output: { type: 'json', value: { temp_c: 14 } },
      }),
    ).toBe('{"temp_c":14}');
  });

  it('prompts with the tools as a JSON list and the role with its list', () => {
    const prompt = hyperclovaxSystemPromptTemplate(protocol.formatTools(fixtureTools.slice(2)));
    expect(prompt).toContain(
      '[{"name": "get_time", "parameters": {"type": "object", "properties": {}}}]',
    );
    expect(prompt).toContain(`${ROLE}[{"name": "tool_name", "arguments": {"parameter": "value"}}`);
  });
});

/** HyperCLOVA X's markup and end-of-turn tokens: none of it may be left in what a user reads. */
const MARKUP = ['<|im_end|>', '<|im_start|>', '<|stop|>', '<|endofturn|>', '-> tool/', '/think'];

describe.each([
  ['hyperclovaxToolMiddleware', hyperclovaxToolMiddleware],
  [
    "toolMiddlewareFor('naver-hyperclovax/HyperCLOVAX-SEED-Think-14B')",
    toolMiddlewareFor('naver-hyperclovax/HyperCLOVAX-SEED-Think-14B'),
  ],
])("HyperCLOVA X SEED Think 14B's typical reply, through %s", (_name, middleware) => {
  it('reads the reasoning, parallel calls in one list, and drops the end of turn', async () => {
    const reply = `${THINK}Two lookups.${TURN}${ROLE}[{"name": "get_weather", "arguments": {"city": "Lyon", "days": 2}}, {"name": "get_time", "arguments": {}}]${END}${STOP}`;
    const meaning = await readThroughMiddleware(middleware, reply, { tools });
    expect(meaning).toEqual({ reasoning: 'Two lookups.', text: '', calls: [LYON, TIME] });
    expectCleanReply(meaning, [LYON, TIME], MARKUP);
  });

  it('reads calls that open the reply', async () => {
    const reply = `${ROLE}[{"name": "get_time", "arguments": {}}]${END}${STOP}`;
    const meaning = await readThroughMiddleware(middleware, reply, { tools });
    expect(meaning).toEqual({ reasoning: '', text: '', calls: [TIME] });
    expectCleanReply(meaning, [TIME], MARKUP);
  });

  it('reads an answer after the reasoning as text, the end of turn left out', async () => {
    const reply = `${THINK}Easy.${ANSWER}It is 391.${END}<|endofturn|>`;
    const meaning = await readThroughMiddleware(middleware, reply, { tools });
    expect(meaning).toEqual({ reasoning: 'Easy.', text: 'It is 391.', calls: [] });
    expectCleanReply(meaning, [], MARKUP);
  });

  it('reads a reply that starts inside reasoning the prompt opened (force_reasoning)', async () => {
    const meaning = await readThroughMiddleware(
      middleware,
      `Need the time.${TURN}${ROLE}[{"name": "get_time", "arguments": {}}]${END}${STOP}`,
      { tools, providerOptions: toolbridgeOptions({ startWithReasoning: true }) },
    );
    expect(meaning).toEqual({ reasoning: 'Need the time.', text: '', calls: [TIME] });
    expectCleanReply(meaning, [TIME], MARKUP);
  });

  it("starts inside reasoning under the template's force_reasoning, in text under skip_reasoning", async () => {
    const reply = `Need the time.${TURN}${ROLE}[{"name": "get_time", "arguments": {}}]${END}${STOP}`;
    const kwargs = (said: Record<string, boolean | undefined>) => ({
      providerOptions: { vllm: { chat_template_kwargs: said } },
    });
    expect(
      await readThroughMiddleware(middleware, reply, {
        tools,
        ...kwargs({ force_reasoning: true }),
      }),
    ).toEqual({ reasoning: 'Need the time.', text: '', calls: [TIME] });
    const answer = 'It is noon.';
    for (const said of [{ skip_reasoning: true }, { force_reasoning: false }]) {
      expect(await readThroughMiddleware(middleware, answer, { tools, ...kwargs(said) })).toEqual({
        reasoning: '',
        text: answer,
        calls: [],
      });
    }
  });

  it('ignores the switches other templates read, which this one does not: the model decides', async () => {
    const answer = 'It is noon.';
    for (const options of [
      { reasoning: 'high' as const },
      { providerOptions: { vllm: { chat_template_kwargs: { enable_thinking: true } } } },
    ]) {
      expect(await readThroughMiddleware(middleware, answer, { tools, ...options })).toEqual({
        reasoning: '',
        text: answer,
        calls: [],
      });
    }
  });

  it('never runs a call cut off inside its arguments, and leaves no markup in the text', async () => {
    const { text, calls } = await readThroughMiddleware(
      middleware,
      `${ROLE}[{"name": "write_file", "arguments": {"path": "a.txt", "content": "half a fi`,
      { tools },
    );
    for (const marker of MARKUP) expect(text, marker).not.toContain(marker);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.toolName).toBe('write_file');
    expect(() => JSON.parse(calls[0]?.input ?? '')).toThrow();
  });
});

describe("HyperCLOVA X's model row", () => {
  const [row] = hyperclovaxFormat.models;
  const matches = (id: string) => row?.match.test(id.toLowerCase());

  it('serves the 14B as Hugging Face names it, and leaves the 32B (GLM tags) to its row', () => {
    expect(matches('naver-hyperclovax/HyperCLOVAX-SEED-Think-14B')).toBe(true);
    expect(matches('naver-hyperclovax/HyperCLOVAX-SEED-Think-32B')).toBe(false);
    expect(matches('naver-hyperclovax/HyperCLOVAX-SEED-Text-Instruct-1.5B')).toBe(false);
  });
});

describeProtocolProperties(
  [
    `${ROLE}[{"name": "get_weather", "arguments": {"city": "Oslo", "days": 3}}]${END}${STOP}`,
    `Checking.${TURN}${ROLE}[{"name": "get_time", "arguments": {}}, {"name": "get_weather", "parameters": {"city": "Paris"}}]${END}`,
    `${THINK}Easy.${ANSWER}It is 391.${END}<|endofturn|>`,
    `${ROLE}[{"name": "write_file", "arguments": {"path": "a.ts", "content": "const x = \\"]<|im_end|>\\";\\n"}}]${END}`,
    `${ROLE}[{"name": "write_file", "arguments": {"content": "cut off`,
    '[{"name": "get_weather", "parameters": {"city": "Busan"}}]',
    '-> tool/get_weather\n{"city": "Seoul"}<|im_end|>',
    `${ROLE}No call here.${END}`,
    'Prose -> tool/ and /think mentioned.',
  ].map((reply, index) => ({ name: `hyperclovax #${index}`, protocol, reply })),
  reasoningTags,
);

describe('HyperCLOVA X SEED Think 14B through autoToolMiddleware', () => {
  it('reads its calls and leaves no role or end of turn in the text', async () => {
    const reply = `Two lookups.${TURN}${ROLE}[{"name": "get_weather", "arguments": {"city": "Lyon", "days": 2}}, {"name": "get_time", "arguments": {}}]${END}${STOP}`;
    const meaning = await readThroughMiddleware(autoToolMiddleware, reply, { tools });
    expect(meaning).toEqual({ reasoning: '', text: 'Two lookups.', calls: [LYON, TIME] });
  });

  it("keeps /think in prose as text, in auto and for other families: it is Qwen3's switch", async () => {
    const reply = 'Qwen3 has soft switches: add /think\nto a message, or /no_think.';
    for (const middleware of [autoToolMiddleware, toolMiddlewareFor('qwen3:8b')]) {
      expect(await readThroughMiddleware(middleware, reply, { tools })).toEqual({
        reasoning: '',
        text: reply,
        calls: [],
      });
    }
  });
});
