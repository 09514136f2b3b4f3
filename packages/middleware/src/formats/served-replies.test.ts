import type { LanguageModelV4FunctionTool, LanguageModelV4Middleware } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { autoToolMiddleware } from '../auto/auto-tool-middleware';
import { formatToolMiddleware } from '../auto/format-tool-middleware';
import { toolMiddlewareFor } from '../auto/tool-middleware-for';
import { toolbridgeOptions } from '../middleware/toolbridge-options';
import {
  commandRToolMiddleware,
  deepseekR1ToolMiddleware,
  deepseekToolMiddleware,
  glmToolMiddleware,
  hermesToolMiddleware,
  llama3JsonToolMiddleware,
  mistralToolMiddleware,
  pythonicToolMiddleware,
  qwen3CoderToolMiddleware,
} from '../presets/presets';
import { type ReplyMeaning, readThroughMiddleware } from '../testing/read-through-middleware';

const object = (properties: Record<string, 'string' | 'integer'>) => ({
  type: 'object' as const,
  properties: Object.fromEntries(
    Object.entries(properties).map(([key, type]) => [key, { type }] as const),
  ),
});
const tools: LanguageModelV4FunctionTool[] = [
  { type: 'function', name: 'get_weather', inputSchema: object({ city: 'string' }) },
  { type: 'function', name: 'special_function', inputSchema: object({ arg1: 'integer' }) },
  { type: 'function', name: 'list_files', inputSchema: object({ path: 'string' }) },
];

const OSLO = { toolName: 'get_weather', input: '{"city":"Oslo"}' };
const ARG1 = { toolName: 'special_function', input: '{"arg1":1}' };
const reply = (text: string, reasoning = '', calls: ReplyMeaning['calls'] = []): ReplyMeaning => ({
  text,
  reasoning,
  calls,
});
/** The chat template opened reasoning, as the preset is told per call. */
const templateOpened = toolbridgeOptions({ startWithReasoning: true });

interface ServedReply {
  what: string;
  reply: string;
  expected: ReplyMeaning;
  /** The family's preset, and what the call says (the preset cannot know the template). */
  preset: LanguageModelV4Middleware;
  presetOptions?: ReturnType<typeof toolbridgeOptions>;
  /** Ids of models of the family, as servers name them. */
  ids: readonly string[];
}

/** Replies as servers hand them back: reasoning the template opened, control tokens, wire forms. */
const SERVED: ServedReply[] = [
  {
    what: 'a reply that starts inside reasoning the template opened',
    reply: "I'm thinking</think>Hello",
    expected: reply('Hello', "I'm thinking"),
    preset: deepseekR1ToolMiddleware,
    ids: ['deepseek-ai/DeepSeek-R1-0528', 'deepseek-r1:8b', 'Qwen/Qwen3-30B-A3B-Thinking-2507'],
  },
  {
    what: "Cohere's reasoning, then an action: no <|END_THINKING|> left in the text",
    reply:
      'I\'m\nthinking<|END_THINKING|><|START_ACTION|>[{"tool_call_id": "0", "tool_name": "get_weather", "parameters": {"city": "Oslo"}}]<|END_ACTION|>',
    expected: reply('', "I'm\nthinking", [OSLO]),
    preset: commandRToolMiddleware,
    presetOptions: templateOpened,
    ids: ['CohereLabs/command-a-reasoning-08-2025'],
  },
  {
    what: "Apriel's reasoning up to [BEGIN FINAL RESPONSE], and its end markers",
    reply: "I'm\nthinking\n[BEGIN FINAL RESPONSE]\nHello[END FINAL RESPONSE]<|end|>",
    expected: reply('\nHello', "I'm\nthinking\n"),
    preset: formatToolMiddleware('json-array-tool-calls'),
    presetOptions: templateOpened,
    ids: ['ServiceNow-AI/Apriel-1.6-15b-Thinker', 'ServiceNow-AI/Apriel-1.5-15b-Thinker'],
  },
  {
    what: 'a call that ends reasoning the template opened: the text before it is reasoning',
    reply:
      'Need to inspect the directory.\n<tool_call>\n{"name": "list_files", "arguments": {"path": "."}}\n</tool_call>',
    expected: reply('', 'Need to inspect the directory.\n', [
      { toolName: 'list_files', input: '{"path":"."}' },
    ]),
    preset: hermesToolMiddleware,
    presetOptions: templateOpened,
    ids: ['Qwen/Qwen3-30B-A3B-Thinking-2507', 'qwq:32b'],
  },
  {
    what: 'GLM-4.7 with thinking off: the answer is no reasoning',
    reply: 'Hello, world!',
    expected: reply('Hello, world!'),
    preset: glmToolMiddleware,
    ids: ['zai-org/GLM-4.7-Flash', 'zai-org/GLM-4.7'],
  },
  {
    what: 'GLM-4.7 with thinking off: its compact call is a call',
    reply: '<tool_call>special_function<arg_key>arg1</arg_key><arg_value>1</arg_value></tool_call>',
    expected: reply('', '', [ARG1]),
    preset: glmToolMiddleware,
    ids: ['zai-org/GLM-4.7-Flash'],
  },
  {
    what: 'a lone closer at the start of a reply',
    reply: '</think>Hello',
    expected: reply('Hello'),
    preset: llama3JsonToolMiddleware,
    ids: ['llama3.1:8b', 'my-finetune'],
  },
  {
    what: "Cohere's turn and text tokens kept by the server",
    reply:
      '<|START_OF_TURN_TOKEN|><|CHATBOT_TOKEN|><|START_TEXT|>Hello<|END_TEXT|><|END_OF_TURN_TOKEN|>',
    expected: reply('Hello'),
    preset: commandRToolMiddleware,
    ids: ['command-r7b', 'command-a:111b'],
  },
  {
    what: "Llama 4's end of turn and end of message",
    reply: '[get_weather(city="Oslo")]<|eom|>',
    expected: reply('', '', [OSLO]),
    preset: pythonicToolMiddleware,
    ids: ['llama4:scout'],
  },
  {
    what: "Llama 4's end of turn after an answer",
    reply: 'Hello<|eot|>',
    expected: reply('Hello'),
    preset: pythonicToolMiddleware,
    ids: ['meta-llama/Llama-4-Scout-17B-16E-Instruct'],
  },
  {
    what: "Phi-4-mini's <|end|>",
    reply: 'Hello<|end|>',
    expected: reply('Hello'),
    preset: formatToolMiddleware('json-array-functools'),
    ids: ['microsoft/Phi-4-mini-instruct'],
  },
  {
    what: "ChatML's <|im_end|>",
    reply: 'Hello<|im_end|>',
    expected: reply('Hello'),
    preset: hermesToolMiddleware,
    ids: ['qwen2.5:7b', 'hermes3:8b'],
  },
  {
    what: "Llama 3's <|eot_id|> after a call",
    reply: '{"name": "get_weather", "parameters": {"city": "Oslo"}}<|eot_id|>',
    expected: reply('', '', [OSLO]),
    preset: llama3JsonToolMiddleware,
    ids: ['llama3.1:8b'],
  },
  {
    what: "Mistral's </s>",
    reply: 'Hello</s>',
    expected: reply('Hello'),
    preset: mistralToolMiddleware,
    ids: ['mistral-small3.2'],
  },
  {
    what: "a DeepSeek R1 distill's call with its type word and a fenced body",
    reply:
      '<｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{"city": "Oslo"}\n```<｜tool▁call▁end｜>',
    expected: reply('', '', [OSLO]),
    preset: deepseekToolMiddleware,
    ids: ['deepseek-ai/DeepSeek-R1-Distill-Qwen-32B'],
  },
  {
    what: 'a Qwen3-Coder call without its <tool_call> opener',
    reply:
      '<function=get_weather>\n<parameter=city>\nOslo\n</parameter>\n</function>\n</tool_call>',
    expected: reply('', '', [OSLO]),
    preset: qwen3CoderToolMiddleware,
    ids: ['qwen3-coder:30b', 'Qwen/Qwen3.5-27B'],
  },
  {
    what: "Nemotron's <TOOLCALL> list after its reasoning",
    reply:
      '<think>hm</think><TOOLCALL>[{"name": "get_weather", "arguments": {"city": "Oslo"}}]</TOOLCALL>',
    expected: reply('', 'hm', [OSLO]),
    preset: formatToolMiddleware('json-array-toolcall'),
    ids: ['nvidia/NVIDIA-Nemotron-Nano-9B-v2', 'nemotron-nano:9b'],
  },
  {
    what: "FireFunction's functools[…]",
    reply: 'functools[{"name": "get_weather", "arguments": {"city": "Oslo"}}]',
    expected: reply('', '', [OSLO]),
    preset: formatToolMiddleware('json-array-functools'),
    ids: ['fireworks-ai/llama-3-firefunction-v2'],
  },
  {
    what: "Apriel's <tool_calls> list after its final-response marker",
    reply:
      'Checking.\n[BEGIN FINAL RESPONSE]\n<tool_calls>[{"name": "get_weather", "arguments": {"city": "Oslo"}}]</tool_calls>',
    expected: reply('\n', 'Checking.\n', [OSLO]),
    preset: formatToolMiddleware('json-array-tool-calls'),
    presetOptions: templateOpened,
    ids: ['ServiceNow-AI/Apriel-1.6-15b-Thinker'],
  },
];

describe.each(SERVED)('$what', ({ reply: text, expected, preset, presetOptions, ids }) => {
  it('reads through the family preset, in generate and in any chunking', async () => {
    expect(
      await readThroughMiddleware(preset, text, {
        tools,
        ...(presetOptions === undefined ? {} : { providerOptions: presetOptions }),
      }),
    ).toEqual(expected);
  });

  it.each(ids)('reads through toolMiddlewareFor(%j)', async (id) => {
    const middleware = toolMiddlewareFor(id, { onUnknownModel: false });
    expect(await readThroughMiddleware(middleware, text, { tools })).toEqual(expected);
  });
});

describe('thinking off, said in the request', () => {
  it.each([
    ['chat_template_kwargs', { vllm: { chat_template_kwargs: { enable_thinking: false } } }],
    ["Ollama's think", { ollama: { think: false } }],
    ['thinking.type', { zai: { thinking: { type: 'disabled' } } }],
  ])('reads the answer as text, told through %s', async (_how, providerOptions) => {
    expect(
      await readThroughMiddleware(toolMiddlewareFor('zai-org/GLM-4.7-Flash'), 'Hello, world!', {
        tools,
        providerOptions,
      }),
    ).toEqual(reply('Hello, world!'));
  });

  it('reads a reply that never closes as reasoning when thinking is on: the model was cut off thinking', async () => {
    expect(
      await readThroughMiddleware(toolMiddlewareFor('zai-org/GLM-4.7-Flash'), 'Hello, world!', {
        tools,
        providerOptions: { vllm: { chat_template_kwargs: { enable_thinking: true } } },
      }),
    ).toEqual(reply('', 'Hello, world!'));
  });

  it("reads R1's reply as text when the AI SDK's reasoning option is none", async () => {
    expect(
      await readThroughMiddleware(toolMiddlewareFor('deepseek-r1:8b'), 'Hello', {
        tools,
        reasoning: 'none',
      }),
    ).toEqual(reply('Hello'));
  });

  it('keeps a lone closer out of the text in auto, whatever the family', async () => {
    expect(
      await readThroughMiddleware(autoToolMiddleware, 'Sure.</think>Hello', { tools }),
    ).toEqual(reply('Sure.Hello'));
  });
});
