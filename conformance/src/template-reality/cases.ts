import type { LanguageModelV4CallOptions, SharedV4ProviderOptions } from '@ai-sdk/provider';
import type { ToolName } from './tools.ts';

/**
 * Where a reply stands against its family's chat template:
 * - `template-opened`: thinking on, and the generation prompt opened the reasoning block, so the
 *   reply starts inside it and only the closer appears (or a call, or nothing);
 * - `thinking-off`: the template (or the server) turned thinking off, so there is no reasoning;
 * - `model-opener`: the template opens nothing and the model writes its own opener;
 * - `no-reasoning`: a family without reasoning;
 * - `control-kept`: the server keeps special tokens, so the end-of-turn (or start-of-text, or
 *   recipient) token the model wrote is in the text;
 * - `control-stripped`: the same reply as a server that skips special tokens hands it back.
 */
export type Condition =
  | 'template-opened'
  | 'thinking-off'
  | 'model-opener'
  | 'no-reasoning'
  | 'control-kept'
  | 'control-stripped';

/** A call as read: the tool and its input as canonical JSON. */
export interface ExpectedCall {
  toolName: string;
  input: string;
}

/** What a reply means: the text the user sees, the reasoning, the calls. */
export interface Meaning {
  text: string;
  reasoning: string;
  calls: ExpectedCall[];
}

/** What the request said about thinking, as the AI SDK carries it. */
export interface RequestSwitch {
  reasoning?: LanguageModelV4CallOptions['reasoning'];
  providerOptions?: SharedV4ProviderOptions;
}

/** A reply exactly as a family's generation prompt leaves it, and what it means. */
export interface TemplateRealityCase {
  /** `family-slug/what`, unique. */
  id: string;
  family: string;
  /** A real id of a model of the family, as a server names it. */
  modelId: string;
  condition: Condition;
  /** The raw text the server hands back. */
  reply: string;
  tools: readonly ToolName[];
  /** The request's thinking switch, when it said one; none: the request said nothing. */
  request?: RequestSwitch;
  /** What the reply means (design.md: reasoning never swallows an answer or a call; control tokens are never text). */
  expected: Meaning;
  /**
   * What `autoToolMiddleware` reads, when it cannot know what it is not told: without the model
   * id, a reply that starts inside a reasoning block the template opened and never closes it
   * reads as text. Default: `expected`.
   */
  throughAuto?: Meaning;
  /** Where the reply (or its shape) comes from. */
  source: string;
}

/** The two ways a user reaches a family's reading. */
export type ReadingPath = 'registry' | 'auto';

function meaning(text: string, reasoning = '', calls: ExpectedCall[] = []): Meaning {
  return { text, reasoning, calls };
}

function call(toolName: ToolName, input: Record<string, unknown>): ExpectedCall {
  return { toolName, input: JSON.stringify(input) };
}

const thinkingOn: RequestSwitch = {
  providerOptions: { vllm: { chat_template_kwargs: { enable_thinking: true } } },
};
const thinkingOff: RequestSwitch = {
  providerOptions: { vllm: { chat_template_kwargs: { enable_thinking: false } } },
};
/** DeepSeek V3.1's switch is `thinking`, not `enable_thinking`. */
const deepseekThinkingOn: RequestSwitch = {
  providerOptions: { vllm: { chat_template_kwargs: { thinking: true } } },
};
/** llama.cpp's `reasoning_effort: none` (or `--reasoning off`) closes the block in the prompt. */
const reasoningNone: RequestSwitch = { reasoning: 'none' };

// Sources, named once.
const LLAMA_TEST = 'ggml-org/llama.cpp tests/test-chat.cpp';
const LLAMA_TEMPLATE_TEST = 'ggml-org/llama.cpp tools/server/tests/unit/test_template.py';
const OLLAMA_COHERE = 'ollama/ollama model/parsers/cohere_test.go, model/renderers/cohere.go';
const FORMATS_MD = 'shared/docs/formats.md';

// The classic answer and call of llama.cpp's tests.
const HELLO = "Hello, world!\nWhat's up?";
const THINKING = "I'm\nthinking";
const ARG1 = call('special_function', { arg1: 1 });

// DeepSeek's markers: FULLWIDTH VERTICAL LINE and LOWER ONE EIGHTH BLOCK, not `|` and `_`.
const DS_CALLS_BEGIN = '<｜tool▁calls▁begin｜>';
const DS_CALL_BEGIN = '<｜tool▁call▁begin｜>';
const DS_SEP = '<｜tool▁sep｜>';
const DS_CALL_END = '<｜tool▁call▁end｜>';
const DS_CALLS_END = '<｜tool▁calls▁end｜>';
const DS_EOS = '<｜end▁of▁sentence｜>';
const DSML = '｜DSML｜';

const HERMES_ARG1 =
  '<tool_call>\n{"name": "special_function", "arguments": {"arg1": 1}}\n</tool_call>';
const HERMES_LYON =
  '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Lyon"}}\n</tool_call>';
const QWEN_XML_LYON =
  '<tool_call>\n<function=get_weather>\n<parameter=city>\nLyon\n</parameter>\n</function>\n</tool_call>';
const QWEN_XML_ARG1 =
  '<tool_call>\n<function=special_function>\n<parameter=arg1>\n1\n</parameter>\n</function>\n</tool_call>';
const R1_ARG1 = `${DS_CALLS_BEGIN}${DS_CALL_BEGIN}function${DS_SEP}special_function\n\`\`\`json\n{"arg1": 1}\n\`\`\`${DS_CALL_END}${DS_CALLS_END}`;
const V31_TOKYO = `${DS_CALLS_BEGIN}${DS_CALL_BEGIN}get_time${DS_SEP}{"city": "Tokyo"}${DS_CALL_END}${DS_CALLS_END}`;
const DSML_LYON = `<${DSML}function_calls>\n<${DSML}invoke name="get_weather">\n<${DSML}parameter name="city" string="true">Lyon</${DSML}parameter>\n</${DSML}invoke>\n</${DSML}function_calls>`;
const GLM_ARG1 =
  '<tool_call>special_function\n<arg_key>arg1</arg_key>\n<arg_value>1</arg_value>\n</tool_call>';
const GLM47_LYON =
  '<tool_call>get_weather<arg_key>city</arg_key><arg_value>Lyon</arg_value></tool_call>';
const KIMI_ARG1 =
  '<|tool_calls_section_begin|><|tool_call_begin|>functions.special_function:0<|tool_call_argument_begin|>{"arg1": 1}<|tool_call_end|><|tool_calls_section_end|>';
const KIMI_IN_THINK =
  '<|tool_calls_section_begin|><|tool_call_begin|>functions.complex_function_in_think:0<|tool_call_argument_begin|>{"name": "John Doe", "age": 30, "active": true, "score": 95.5}<|tool_call_end|><|tool_calls_section_end|>';
const MINIMAX_ARG1 =
  '<minimax:tool_call>\n<invoke name="special_function">\n<parameter name="arg1">1</parameter>\n</invoke>\n</minimax:tool_call>';
const SEED_SUM =
  '<seed:tool_call>\n<function=calculate_sum>\n<parameter=numbers>[1, 2, 3]</parameter>\n</function>\n</seed:tool_call>';
const R7B_ARG1 =
  '<|START_ACTION|>[\n    {"tool_call_id": "0", "tool_name": "special_function", "parameters": {"arg1": 1}}\n]<|END_ACTION|>';
const HARMONY_ANALYSIS = `<|channel|>analysis<|message|>${THINKING}<|end|>`;
const HARMONY_ARG1 = `<|start|>assistant<|channel|>commentary to=functions.special_function <|constrain|>json<|message|>{"arg1": 1}`;
const GEMMA4_LYON = '<|tool_call>call:get_weather{city:<|"|>Lyon<|"|>}<tool_call|>';
const NEMOTRON_V2_ARG1 =
  '<TOOLCALL>[{"name": "special_function", "arguments": {"arg1": 1}}]</TOOLCALL>';

/**
 * Replies as each family's generation prompt leaves them, with what they mean. Where a server's
 * test holds a real output (llama.cpp's `test-chat.cpp`, Ollama's parser tests), the reply is that
 * output re-typed; otherwise it has the shape the family's template and parsers give it.
 */
export const TEMPLATE_REALITY_CASES: readonly TemplateRealityCase[] = [
  // ---- Qwen3 (hybrid): the template opens nothing; thinking on by default, the model writes
  // <think>; enable_thinking=false writes "<think>\n\n</think>\n\n" into the prompt.
  {
    id: 'qwen3/model-opener-answer',
    family: 'Qwen3',
    modelId: 'qwen3:8b',
    condition: 'model-opener',
    reply: `<think>\n${THINKING}\n</think>\n\n${HELLO}`,
    tools: ['special_function'],
    expected: meaning(HELLO, THINKING),
    source: `${LLAMA_TEST} (Hermes 2 Pro, reasoning_format deepseek), laid out as Qwen3's template writes it`,
  },
  {
    id: 'qwen3/model-opener-call',
    family: 'Qwen3',
    modelId: 'qwen3:8b',
    condition: 'model-opener',
    reply: `<think>\nThe user wants the weather in Lyon.\n</think>\n\n${HERMES_LYON}`,
    tools: ['get_weather'],
    expected: meaning('', 'The user wants the weather in Lyon.', [
      call('get_weather', { city: 'Lyon' }),
    ]),
    source: `${FORMATS_MD} §3.1; Qwen3 chat template (conformance/fixtures/templates/qwen3.jinja)`,
  },
  {
    id: 'qwen3/thinking-off-answer',
    family: 'Qwen3',
    modelId: 'qwen3:8b',
    condition: 'thinking-off',
    reply: HELLO,
    tools: ['special_function'],
    request: thinkingOff,
    expected: meaning(HELLO),
    source: `${LLAMA_TEMPLATE_TEST} (Qwen3-0.6B off: prompt ends "<think>\\n\\n</think>\\n\\n")`,
  },
  {
    id: 'qwen3/thinking-off-call',
    family: 'Qwen3',
    modelId: 'qwen3:8b',
    condition: 'thinking-off',
    reply: HERMES_ARG1,
    tools: ['special_function'],
    request: thinkingOff,
    expected: meaning('', '', [ARG1]),
    source: `${LLAMA_TEST} (Hermes 2 Pro)`,
  },
  {
    id: 'qwen3/control-kept-answer',
    family: 'Qwen3',
    modelId: 'qwen3:8b',
    condition: 'control-kept',
    reply: `<think>\n${THINKING}\n</think>\n\n${HELLO}<|im_end|>`,
    tools: ['special_function'],
    expected: meaning(HELLO, THINKING),
    source: `${LLAMA_TEST} (Hermes end token <|im_end|>)`,
  },
  {
    id: 'qwen3/control-kept-call',
    family: 'Qwen3',
    modelId: 'qwen3:8b',
    condition: 'control-kept',
    reply: `${HERMES_ARG1}<|im_end|>`,
    tools: ['special_function'],
    expected: meaning('', '', [ARG1]),
    source: `${LLAMA_TEST} (Hermes end token <|im_end|>)`,
  },

  // ---- Qwen3 thinking-2507: the prompt always ends "<|im_start|>assistant\n<think>\n".
  {
    id: 'qwen3-thinking-2507/opened-answer',
    family: 'Qwen3 thinking-2507',
    modelId: 'Qwen/Qwen3-4B-Thinking-2507',
    condition: 'template-opened',
    reply: `${THINKING}\n</think>\n\n${HELLO}`,
    tools: ['special_function'],
    expected: meaning(HELLO, THINKING),
    source:
      'unslothai/unsloth unsloth/chat_templates.py (qwen3-thinking: generation prompt opens <think>); vllm-project/vllm vllm/reasoning/qwen3_reasoning_parser.py',
  },
  {
    id: 'qwen3-thinking-2507/opened-calls',
    family: 'Qwen3 thinking-2507',
    modelId: 'Qwen/Qwen3-4B-Thinking-2507',
    condition: 'template-opened',
    reply: `The user wants both cities, so two lookups are needed.\n</think>\n\n${HERMES_LYON}\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Porto"}}\n</tool_call>`,
    tools: ['get_weather'],
    expected: meaning('', 'The user wants both cities, so two lookups are needed.', [
      call('get_weather', { city: 'Lyon' }),
      call('get_weather', { city: 'Porto' }),
    ]),
    source: `${FORMATS_MD} §3.1 (Qwen3 thinking model, template already opened <think>)`,
  },
  {
    id: 'qwen3-thinking-2507/opened-call-unclosed',
    family: 'Qwen3 thinking-2507',
    modelId: 'Qwen/Qwen3-4B-Thinking-2507',
    condition: 'template-opened',
    reply: `The user wants the weather in Lyon.\n${HERMES_LYON}`,
    tools: ['get_weather'],
    expected: meaning('', 'The user wants the weather in Lyon.', [
      call('get_weather', { city: 'Lyon' }),
    ]),
    throughAuto: meaning('The user wants the weather in Lyon.', '', [
      call('get_weather', { city: 'Lyon' }),
    ]),
    source: `${FORMATS_MD} §2.3 (Qwen3 thinking models call before </think>); vllm qwen3_reasoning_parser.py (<tool_call> ends reasoning)`,
  },
  {
    id: 'qwen3-thinking-2507/opened-unclosed',
    family: 'Qwen3 thinking-2507',
    modelId: 'Qwen/Qwen3-4B-Thinking-2507',
    condition: 'template-opened',
    reply: THINKING,
    tools: ['special_function'],
    expected: meaning('', THINKING),
    throughAuto: meaning(THINKING),
    source:
      'vllm-project/vllm vllm/reasoning/qwen3_reasoning_parser.py (thinking always on, no </think>: all reasoning)',
  },
  {
    id: 'qwen3-thinking-2507/control-kept-answer',
    family: 'Qwen3 thinking-2507',
    modelId: 'Qwen/Qwen3-4B-Thinking-2507',
    condition: 'control-kept',
    reply: `${THINKING}\n</think>\n\n${HELLO}<|im_end|>`,
    tools: ['special_function'],
    expected: meaning(HELLO, THINKING),
    source: 'Qwen3 template end of turn <|im_end|>',
  },

  // ---- Qwen3.5: the template opens "<think>\n" unless enable_thinking=false, which writes
  // "<think>\n\n</think>\n\n"; calls in Qwen3-Coder XML.
  {
    id: 'qwen3.5/opened-answer',
    family: 'Qwen3.5',
    modelId: 'qwen3.5:27b',
    condition: 'template-opened',
    reply: `${THINKING}\n</think>\n\n${HELLO}`,
    tools: ['get_weather'],
    expected: meaning(HELLO, THINKING),
    source:
      'ollama/ollama model/renderers/qwen35.go (prefill "<think>\\n"); vllm qwen3_reasoning_parser.py (Qwen3.5 places <think> in the prompt)',
  },
  {
    id: 'qwen3.5/opened-call',
    family: 'Qwen3.5',
    modelId: 'qwen3.5:27b',
    condition: 'template-opened',
    reply: `The user wants the weather in Lyon.\n</think>\n\n${QWEN_XML_LYON}`,
    tools: ['get_weather'],
    expected: meaning('', 'The user wants the weather in Lyon.', [
      call('get_weather', { city: 'Lyon' }),
    ]),
    source: 'ollama model/renderers/qwen35.go; vllm qwen3_reasoning_parser.py',
  },
  {
    id: 'qwen3.5/opened-call-unclosed',
    family: 'Qwen3.5',
    modelId: 'qwen3.5:27b',
    condition: 'template-opened',
    reply: `The user wants the weather in Lyon.\n${QWEN_XML_LYON}`,
    tools: ['get_weather'],
    expected: meaning('', 'The user wants the weather in Lyon.', [
      call('get_weather', { city: 'Lyon' }),
    ]),
    throughAuto: meaning('The user wants the weather in Lyon.', '', [
      call('get_weather', { city: 'Lyon' }),
    ]),
    source:
      'vllm-project/vllm vllm/reasoning/qwen3_reasoning_parser.py ("Qwen3.5 models may emit <tool_call> inside the thinking block without closing </think>")',
  },
  {
    id: 'qwen3.5/thinking-off-answer',
    family: 'Qwen3.5',
    modelId: 'qwen3.5:27b',
    condition: 'thinking-off',
    reply: HELLO,
    tools: ['get_weather'],
    expected: meaning(HELLO),
    source:
      'ollama model/renderers/qwen35.go (think=false prefills "<think>\\n\\n</think>\\n\\n"); the request said nothing',
  },
  {
    id: 'qwen3.5/thinking-off-answer-requested',
    family: 'Qwen3.5',
    modelId: 'qwen3.5:27b',
    condition: 'thinking-off',
    reply: HELLO,
    tools: ['get_weather'],
    request: thinkingOff,
    expected: meaning(HELLO),
    source: 'vllm qwen3_reasoning_parser.py (enable_thinking=False: all output is content)',
  },
  {
    id: 'qwen3.5/thinking-off-call',
    family: 'Qwen3.5',
    modelId: 'qwen3.5:27b',
    condition: 'thinking-off',
    reply: QWEN_XML_LYON,
    tools: ['get_weather'],
    expected: meaning('', '', [call('get_weather', { city: 'Lyon' })]),
    source: `${FORMATS_MD} §3.2`,
  },
  {
    id: 'qwen3.5/control-kept-call',
    family: 'Qwen3.5',
    modelId: 'qwen3.5:27b',
    condition: 'control-kept',
    reply: `The user wants the weather in Lyon.\n</think>\n\n${QWEN_XML_LYON}<|im_end|>`,
    tools: ['get_weather'],
    expected: meaning('', 'The user wants the weather in Lyon.', [
      call('get_weather', { city: 'Lyon' }),
    ]),
    source: 'ollama model/renderers/qwen35.go (turns end with <|im_end|>)',
  },

  // ---- QwQ-32B: the template always opens "<think>\n".
  {
    id: 'qwq/opened-call',
    family: 'QwQ',
    modelId: 'qwq:32b',
    condition: 'template-opened',
    reply: `${THINKING}</think>\n<tool_call>{"name": "special_function", "arguments": {"arg1": 1}}</tool_call>`,
    tools: ['special_function'],
    expected: meaning('', THINKING, [ARG1]),
    source: `${LLAMA_TEST} ("QwQ-32B's template adds a trailing <think>", thinking_forced_open)`,
  },
  {
    id: 'qwq/opened-answer',
    family: 'QwQ',
    modelId: 'qwq:32b',
    condition: 'template-opened',
    reply: `${THINKING}</think>${HELLO}`,
    tools: ['special_function'],
    expected: meaning(HELLO, THINKING),
    source: `${LLAMA_TEST} (Hermes 2 Pro, thinking_forced_open)`,
  },
  {
    id: 'qwq/thinking-off-answer-requested',
    family: 'QwQ',
    modelId: 'qwq:32b',
    condition: 'thinking-off',
    reply: HELLO,
    tools: ['special_function'],
    request: reasoningNone,
    expected: meaning(HELLO),
    source: `${LLAMA_TEMPLATE_TEST} (QwQ-32B off: prompt ends "<think>\\n</think>")`,
  },
  {
    id: 'qwq/control-kept-answer',
    family: 'QwQ',
    modelId: 'qwq:32b',
    condition: 'control-kept',
    reply: `${THINKING}</think>${HELLO}<|im_end|>`,
    tools: ['special_function'],
    expected: meaning(HELLO, THINKING),
    source: `${LLAMA_TEST} (QwQ-32B end token <|im_end|>)`,
  },

  // ---- DeepSeek R1 / R1-0528: the updated template opens "<think>\n".
  {
    id: 'deepseek-r1/opened-answer',
    family: 'DeepSeek R1',
    modelId: 'deepseek-ai/DeepSeek-R1-0528',
    condition: 'template-opened',
    reply: `${THINKING}</think>${HELLO}`,
    tools: ['special_function'],
    expected: meaning(HELLO, THINKING),
    source: `${LLAMA_TEST} (DeepSeek R1, thinking_forced_open: "Latest template update adds a trailing <think>\\n")`,
  },
  {
    id: 'deepseek-r1/opened-call',
    family: 'DeepSeek R1',
    modelId: 'deepseek-ai/DeepSeek-R1-0528',
    condition: 'template-opened',
    reply: `${THINKING}</think>\n\n${R1_ARG1}`,
    tools: ['special_function'],
    expected: meaning('', THINKING, [ARG1]),
    source: `${LLAMA_TEST} (DeepSeek R1 call), with the opener in the prompt`,
  },
  {
    id: 'deepseek-r1/opened-call-unclosed',
    family: 'DeepSeek R1',
    modelId: 'deepseek-ai/DeepSeek-R1-0528',
    condition: 'template-opened',
    reply: `${THINKING}\n${R1_ARG1}`,
    tools: ['special_function'],
    expected: meaning('', THINKING, [ARG1]),
    throughAuto: meaning(THINKING, '', [ARG1]),
    source:
      'design.md (a call opener ends implicit reasoning); shape of llama.cpp test-chat.cpp R1 calls',
  },
  {
    id: 'deepseek-r1/opened-model-opener-too',
    family: 'DeepSeek R1',
    modelId: 'deepseek-ai/DeepSeek-R1-0528',
    condition: 'template-opened',
    reply: `<think>${THINKING}</think>${HELLO}`,
    tools: ['special_function'],
    expected: meaning(HELLO, THINKING),
    source: `${LLAMA_TEST} (R1 Distill template, thinking_forced_open, the model writes <think> again)`,
  },
  {
    id: 'deepseek-r1/thinking-off-answer-requested',
    family: 'DeepSeek R1',
    modelId: 'deepseek-ai/DeepSeek-R1-0528',
    condition: 'thinking-off',
    reply: HELLO,
    tools: ['special_function'],
    request: reasoningNone,
    expected: meaning(HELLO),
    source: `${LLAMA_TEMPLATE_TEST} (reasoning off closes the block in the prompt: "<think>\\n</think>")`,
  },
  {
    id: 'deepseek-r1/control-kept-answer',
    family: 'DeepSeek R1',
    modelId: 'deepseek-ai/DeepSeek-R1-0528',
    condition: 'control-kept',
    reply: `${THINKING}</think>${HELLO}${DS_EOS}`,
    tools: ['special_function'],
    expected: meaning(HELLO, THINKING),
    source: `${LLAMA_TEST} (DeepSeek R1 end token <｜end▁of▁sentence｜>)`,
  },
  {
    id: 'deepseek-r1/control-kept-call',
    family: 'DeepSeek R1',
    modelId: 'deepseek-ai/DeepSeek-R1-0528',
    condition: 'control-kept',
    reply: `${THINKING}</think>\n\n${R1_ARG1}${DS_EOS}`,
    tools: ['special_function'],
    expected: meaning('', THINKING, [ARG1]),
    source: `${LLAMA_TEST} (DeepSeek R1 end token <｜end▁of▁sentence｜>)`,
  },

  // ---- DeepSeek R1 distills (Qwen/Llama based, Hermes calls): the template opens "<think>\n".
  {
    id: 'deepseek-r1-distill/opened-answer',
    family: 'DeepSeek R1 distill',
    modelId: 'deepseek-r1:14b',
    condition: 'template-opened',
    reply: `${THINKING}</think>${HELLO}`,
    tools: ['special_function'],
    expected: meaning(HELLO, THINKING),
    source: `${LLAMA_TEMPLATE_TEST} (DeepSeek-R1-Distill-Qwen-32B: prompt ends "<think>\\n"); ${LLAMA_TEST}`,
  },
  {
    id: 'deepseek-r1-distill/thinking-off-answer-requested',
    family: 'DeepSeek R1 distill',
    modelId: 'deepseek-r1:14b',
    condition: 'thinking-off',
    reply: HELLO,
    tools: ['special_function'],
    request: reasoningNone,
    expected: meaning(HELLO),
    source: `${LLAMA_TEMPLATE_TEST} (DeepSeek-R1-Distill-Qwen-32B off: "<think>\\n</think>")`,
  },
  {
    id: 'deepseek-r1-distill/control-kept-answer',
    family: 'DeepSeek R1 distill',
    modelId: 'deepseek-r1:14b',
    condition: 'control-kept',
    reply: `${THINKING}</think>${HELLO}${DS_EOS}`,
    tools: ['special_function'],
    expected: meaning(HELLO, THINKING),
    source: `${LLAMA_TEST} (R1 distill end token <｜end▁of▁sentence｜>)`,
  },

  // ---- DeepSeek V3 / V3-0324: no reasoning.
  {
    id: 'deepseek-v3/control-kept-call',
    family: 'DeepSeek V3',
    modelId: 'deepseek-ai/DeepSeek-V3-0324',
    condition: 'control-kept',
    reply: `Let me check.${DS_CALLS_BEGIN}${DS_CALL_BEGIN}function${DS_SEP}get_weather\n\`\`\`json\n{"city": "Lyon"}\n\`\`\`${DS_CALL_END}${DS_CALLS_END}${DS_EOS}`,
    tools: ['get_weather'],
    expected: meaning('Let me check.', '', [call('get_weather', { city: 'Lyon' })]),
    source: `${FORMATS_MD} §3.7 7a; DeepSeek V3 template (conformance/fixtures/templates/deepseek-v3.jinja)`,
  },

  // ---- DeepSeek V3.1: `thinking` (default false) writes "<think>" or "</think>" into the prompt.
  {
    id: 'deepseek-v3.1/thinking-off-call',
    family: 'DeepSeek V3.1',
    modelId: 'deepseek-ai/DeepSeek-V3.1',
    condition: 'thinking-off',
    reply: V31_TOKYO,
    tools: ['get_time'],
    expected: meaning('', '', [call('get_time', { city: 'Tokyo' })]),
    source: `${LLAMA_TEST} (DeepSeek V3.1 "happy path")`,
  },
  {
    id: 'deepseek-v3.1/thinking-off-text-and-calls',
    family: 'DeepSeek V3.1',
    modelId: 'deepseek-ai/DeepSeek-V3.1',
    condition: 'thinking-off',
    reply: `CONTENT${DS_CALLS_BEGIN}${DS_CALL_BEGIN}get_time${DS_SEP}{"city": "Paris"}${DS_CALL_END}${DS_CALL_BEGIN}get_weather${DS_SEP}{"city": "Paris"}${DS_CALL_END}${DS_CALLS_END}`,
    tools: ['get_time', 'get_weather'],
    expected: meaning('CONTENT', '', [
      call('get_time', { city: 'Paris' }),
      call('get_weather', { city: 'Paris' }),
    ]),
    source: `${LLAMA_TEST} (DeepSeek V3.1 multiple tool calls)`,
  },
  {
    id: 'deepseek-v3.1/thinking-off-answer',
    family: 'DeepSeek V3.1',
    modelId: 'deepseek-ai/DeepSeek-V3.1',
    condition: 'thinking-off',
    reply: 'CONTENT',
    tools: ['get_time'],
    expected: meaning('CONTENT'),
    source: `${LLAMA_TEST} (DeepSeek V3.1, not forced open)`,
  },
  {
    id: 'deepseek-v3.1/opened-answer',
    family: 'DeepSeek V3.1',
    modelId: 'deepseek-ai/DeepSeek-V3.1',
    condition: 'template-opened',
    reply: `${THINKING}</think>${HELLO}`,
    tools: ['get_time'],
    request: deepseekThinkingOn,
    expected: meaning(HELLO, THINKING),
    source: `${LLAMA_TEST} (DeepSeek V3.1, thinking_forced_open)`,
  },
  {
    id: 'deepseek-v3.1/opened-call',
    family: 'DeepSeek V3.1',
    modelId: 'deepseek-ai/DeepSeek-V3.1',
    condition: 'template-opened',
    reply: `REASONING</think>${V31_TOKYO}`,
    tools: ['get_time'],
    request: deepseekThinkingOn,
    expected: meaning('', 'REASONING', [call('get_time', { city: 'Tokyo' })]),
    source: `${LLAMA_TEST} (DeepSeek V3.1 "simple + thinking open")`,
  },
  {
    id: 'deepseek-v3.1/opened-answer-request-silent',
    family: 'DeepSeek V3.1',
    modelId: 'deepseek-ai/DeepSeek-V3.1',
    condition: 'template-opened',
    reply: `${THINKING}</think>${HELLO}`,
    tools: ['get_time'],
    expected: meaning(HELLO, THINKING),
    source: `${LLAMA_TEST} (thinking on server-wide; design.md: an orphan closer ends reasoning that began at the reply's start)`,
  },
  {
    id: 'deepseek-v3.1/control-kept-call',
    family: 'DeepSeek V3.1',
    modelId: 'deepseek-ai/DeepSeek-V3.1',
    condition: 'control-kept',
    reply: `${V31_TOKYO}${DS_EOS}`,
    tools: ['get_time'],
    expected: meaning('', '', [call('get_time', { city: 'Tokyo' })]),
    source: `${LLAMA_TEST} (DeepSeek V3.1 end token <｜end▁of▁sentence｜>)`,
  },

  // ---- DeepSeek V3.2 (DSML): enable_thinking (default true) writes "<think>", else "</think>".
  {
    id: 'deepseek-v3.2/opened-call',
    family: 'DeepSeek V3.2',
    modelId: 'deepseek-ai/DeepSeek-V3.2',
    condition: 'template-opened',
    reply: `The user wants the weather in Lyon.</think>\n\n${DSML_LYON}`,
    tools: ['get_weather'],
    expected: meaning('', 'The user wants the weather in Lyon.', [
      call('get_weather', { city: 'Lyon' }),
    ]),
    source:
      'ggml-org/llama.cpp models/templates/DeepSeek-V3.2.jinja (enable_thinking default true)',
  },
  {
    id: 'deepseek-v3.2/opened-answer',
    family: 'DeepSeek V3.2',
    modelId: 'deepseek-ai/DeepSeek-V3.2',
    condition: 'template-opened',
    reply: `${THINKING}</think>${HELLO}`,
    tools: ['get_weather'],
    expected: meaning(HELLO, THINKING),
    source: 'ggml-org/llama.cpp models/templates/DeepSeek-V3.2.jinja',
  },
  {
    id: 'deepseek-v3.2/thinking-off-call',
    family: 'DeepSeek V3.2',
    modelId: 'deepseek-ai/DeepSeek-V3.2',
    condition: 'thinking-off',
    reply: `\n\n${DSML_LYON}`,
    tools: ['get_weather'],
    request: thinkingOff,
    expected: meaning('', '', [call('get_weather', { city: 'Lyon' })]),
    source:
      'ggml-org/llama.cpp models/templates/DeepSeek-V3.2.jinja (enable_thinking=false writes </think>)',
  },
  {
    id: 'deepseek-v3.2/control-kept-call',
    family: 'DeepSeek V3.2',
    modelId: 'deepseek-ai/DeepSeek-V3.2',
    condition: 'control-kept',
    reply: `The user wants the weather in Lyon.</think>\n\n${DSML_LYON}${DS_EOS}`,
    tools: ['get_weather'],
    expected: meaning('', 'The user wants the weather in Lyon.', [
      call('get_weather', { city: 'Lyon' }),
    ]),
    source:
      'ggml-org/llama.cpp models/templates/DeepSeek-V3.2.jinja (assistant turns end with eos)',
  },

  // ---- GLM-4.5 / 4.6: the prompt ends "<|assistant|>"; the model writes "\n<think>…</think>";
  // enable_thinking=false writes "\n<think></think>". Generation stops on <|user|> / <|observation|>.
  {
    id: 'glm-4.6/model-opener-answer',
    family: 'GLM-4.5/4.6',
    modelId: 'zai-org/GLM-4.6',
    condition: 'model-opener',
    reply: `\n<think>${THINKING}</think>\n${HELLO}`,
    tools: ['special_function'],
    expected: meaning(HELLO, THINKING),
    source: `${LLAMA_TEST} (GLM 4.5)`,
  },
  {
    id: 'glm-4.6/model-opener-call',
    family: 'GLM-4.5/4.6',
    modelId: 'zai-org/GLM-4.6',
    condition: 'model-opener',
    reply: `\n<think>${THINKING}</think>\n${GLM_ARG1}`,
    tools: ['special_function'],
    expected: meaning('', THINKING, [ARG1]),
    source: `${LLAMA_TEST} (GLM 4.5)`,
  },
  {
    id: 'glm-4.6/model-opener-text-and-call',
    family: 'GLM-4.5/4.6',
    modelId: 'zai-org/GLM-4.6',
    condition: 'model-opener',
    reply: `\n<think>${THINKING}</think>${HELLO}\n${GLM_ARG1}`,
    tools: ['special_function'],
    expected: meaning(HELLO, THINKING, [ARG1]),
    source: `${LLAMA_TEST} (GLM 4.5 extra content and thinking)`,
  },
  {
    id: 'glm-4.6/interleaved-thinking',
    family: 'GLM-4.5/4.6',
    modelId: 'zai-org/GLM-4.6',
    condition: 'model-opener',
    reply: `\n<think>${THINKING}</think>Hello, world!\n<think>Thinking2</think>What's up?\n${GLM_ARG1}`,
    tools: ['special_function'],
    expected: meaning("Hello, world!\nWhat's up?", "I'm\nthinkingThinking2", [ARG1]),
    source: `${LLAMA_TEST} (GLM 4.5 interleaved thinking)`,
  },
  {
    id: 'glm-4.6/thinking-off-call',
    family: 'GLM-4.5/4.6',
    modelId: 'zai-org/GLM-4.6',
    condition: 'thinking-off',
    reply: `\n${GLM_ARG1}`,
    tools: ['special_function'],
    request: thinkingOff,
    expected: meaning('', '', [ARG1]),
    source: `${LLAMA_TEST} (GLM 4.5 tool call); GLM-4.6 template (enable_thinking=false writes "\\n<think></think>")`,
  },
  {
    id: 'glm-4.6/control-kept-call',
    family: 'GLM-4.5/4.6',
    modelId: 'zai-org/GLM-4.6',
    condition: 'control-kept',
    reply: `\n<think>${THINKING}</think>\n${GLM_ARG1}<|observation|>`,
    tools: ['special_function'],
    expected: meaning('', THINKING, [ARG1]),
    source: `${LLAMA_TEST} (GLM-4.6 end tokens <|assistant|>, <|observation|>); GLM eos ids = <|endoftext|>, <|user|>, <|observation|>`,
  },
  {
    id: 'glm-4.6/control-kept-answer',
    family: 'GLM-4.5/4.6',
    modelId: 'zai-org/GLM-4.6',
    condition: 'control-kept',
    reply: `\n<think>${THINKING}</think>\n${HELLO}<|user|>`,
    tools: ['special_function'],
    expected: meaning(HELLO, THINKING),
    source:
      'GLM generation_config eos ids 151329/151336/151338 = <|endoftext|>, <|user|>, <|observation|>',
  },

  // ---- GLM-4.7: thinking on by default, the prompt ends "<|assistant|><think>"; off: "</think>".
  {
    id: 'glm-4.7/opened-answer',
    family: 'GLM-4.7',
    modelId: 'zai-org/GLM-4.7',
    condition: 'template-opened',
    reply: `${THINKING}</think>${HELLO}`,
    tools: ['get_weather'],
    expected: meaning(HELLO, THINKING),
    source: 'ollama/ollama model/renderers/glm47.go (enable_thinking default: prompt ends <think>)',
  },
  {
    id: 'glm-4.7/opened-call',
    family: 'GLM-4.7',
    modelId: 'zai-org/GLM-4.7',
    condition: 'template-opened',
    reply: `The user wants the weather in Lyon.</think>${GLM47_LYON}`,
    tools: ['get_weather'],
    expected: meaning('', 'The user wants the weather in Lyon.', [
      call('get_weather', { city: 'Lyon' }),
    ]),
    source: `ollama model/renderers/glm47.go; ${FORMATS_MD} §3.8 (GLM-4.7 compact form)`,
  },
  {
    id: 'glm-4.7/opened-call-unclosed',
    family: 'GLM-4.7',
    modelId: 'zai-org/GLM-4.7',
    condition: 'template-opened',
    reply: `The user wants the weather in Lyon.${GLM47_LYON}`,
    tools: ['get_weather'],
    expected: meaning('', 'The user wants the weather in Lyon.', [
      call('get_weather', { city: 'Lyon' }),
    ]),
    throughAuto: meaning('The user wants the weather in Lyon.', '', [
      call('get_weather', { city: 'Lyon' }),
    ]),
    source: 'design.md (a call opener ends implicit reasoning); ollama model/renderers/glm47.go',
  },
  {
    id: 'glm-4.7/thinking-off-answer',
    family: 'GLM-4.7',
    modelId: 'zai-org/GLM-4.7',
    condition: 'thinking-off',
    reply: HELLO,
    tools: ['get_weather'],
    expected: meaning(HELLO),
    source:
      'ollama model/renderers/glm47.go (think=false writes </think>); the request said nothing',
  },
  {
    id: 'glm-4.7/thinking-off-call',
    family: 'GLM-4.7',
    modelId: 'zai-org/GLM-4.7',
    condition: 'thinking-off',
    reply: GLM47_LYON,
    tools: ['get_weather'],
    request: thinkingOff,
    expected: meaning('', '', [call('get_weather', { city: 'Lyon' })]),
    source: 'ollama model/renderers/glm47.go',
  },
  {
    id: 'glm-4.7/control-kept-call',
    family: 'GLM-4.7',
    modelId: 'zai-org/GLM-4.7',
    condition: 'control-kept',
    reply: `The user wants the weather in Lyon.</think>${GLM47_LYON}<|observation|>`,
    tools: ['get_weather'],
    expected: meaning('', 'The user wants the weather in Lyon.', [
      call('get_weather', { city: 'Lyon' }),
    ]),
    source: 'GLM eos ids (<|observation|> ends a call turn)',
  },
  {
    id: 'glm-4.7/control-kept-answer',
    family: 'GLM-4.7',
    modelId: 'zai-org/GLM-4.7',
    condition: 'control-kept',
    reply: `${THINKING}</think>${HELLO}<|user|>`,
    tools: ['get_weather'],
    expected: meaning(HELLO, THINKING),
    source: 'GLM eos ids (<|user|> ends an answer turn)',
  },

  // ---- Kimi K2 (instruct): no reasoning; turns end with <|im_end|>.
  {
    id: 'kimi-k2/call',
    family: 'Kimi K2',
    modelId: 'moonshotai/Kimi-K2-Instruct-0905',
    condition: 'no-reasoning',
    reply: KIMI_ARG1,
    tools: ['special_function'],
    expected: meaning('', '', [ARG1]),
    source: `${LLAMA_TEST} (Kimi K2)`,
  },
  {
    id: 'kimi-k2/text-and-call',
    family: 'Kimi K2',
    modelId: 'moonshotai/Kimi-K2-Instruct-0905',
    condition: 'no-reasoning',
    reply:
      'Let me start by examining the relevant files to understand the current implementation.<|tool_calls_section_begin|><|tool_call_begin|>functions.read_file:0<|tool_call_argument_begin|>{"files":[{"path":"src/app/Partners.tsx","line_ranges":["1-100"]}]}<|tool_call_end|><|tool_calls_section_end|>',
    tools: ['read_file'],
    expected: meaning(
      'Let me start by examining the relevant files to understand the current implementation.',
      '',
      [call('read_file', { files: [{ path: 'src/app/Partners.tsx', line_ranges: ['1-100'] }] })],
    ),
    source: `${LLAMA_TEST} (Kimi K2 streaming)`,
  },
  {
    id: 'kimi-k2/control-kept-call',
    family: 'Kimi K2',
    modelId: 'moonshotai/Kimi-K2-Instruct-0905',
    condition: 'control-kept',
    reply: `${KIMI_ARG1}<|im_end|>`,
    tools: ['special_function'],
    expected: meaning('', '', [ARG1]),
    source: `${LLAMA_TEST} (Kimi end token <|im_end|>)`,
  },
  {
    id: 'kimi-k2/control-kept-answer',
    family: 'Kimi K2',
    modelId: 'moonshotai/Kimi-K2-Instruct-0905',
    condition: 'control-kept',
    reply: `${HELLO}<|im_end|>`,
    tools: ['special_function'],
    expected: meaning(HELLO),
    source: `${LLAMA_TEST} (Kimi end token <|im_end|>)`,
  },

  // ---- Kimi K2 Thinking: the prompt ends "<|im_assistant|>assistant<|im_middle|>"; the model
  // writes <think>, and may call inside it.
  {
    id: 'kimi-k2-thinking/model-opener-answer',
    family: 'Kimi K2 Thinking',
    modelId: 'moonshotai/Kimi-K2-Thinking',
    condition: 'model-opener',
    reply: `<think>${THINKING}</think>${HELLO}`,
    tools: ['special_function'],
    expected: meaning(HELLO, THINKING),
    source: `${LLAMA_TEST} (Kimi K2 Thinking template)`,
  },
  {
    id: 'kimi-k2-thinking/call-in-unclosed-think',
    family: 'Kimi K2 Thinking',
    modelId: 'moonshotai/Kimi-K2-Thinking',
    condition: 'model-opener',
    reply: `<think>I'm thinking${KIMI_IN_THINK}`,
    tools: ['complex_function_in_think'],
    expected: meaning('', "I'm thinking", [
      call('complex_function_in_think', { name: 'John Doe', age: 30, active: true, score: 95.5 }),
    ]),
    source: `${LLAMA_TEST} (Kimi K2: tool call in think); vllm kimi_k2_reasoning_parser.py (the section ends reasoning)`,
  },
  {
    id: 'kimi-k2-thinking/call-in-think-then-closer',
    family: 'Kimi K2 Thinking',
    modelId: 'moonshotai/Kimi-K2-Thinking',
    condition: 'model-opener',
    reply: `<think>I'm thinking${KIMI_IN_THINK}I'm still thinking</think>Hello`,
    tools: ['complex_function_in_think'],
    expected: meaning('Hello', "I'm thinkingI'm still thinking", [
      call('complex_function_in_think', { name: 'John Doe', age: 30, active: true, score: 95.5 }),
    ]),
    source: `${LLAMA_TEST} (Kimi K2: tool call in think, then more thinking)`,
  },
  {
    id: 'kimi-k2-thinking/multiple-calls',
    family: 'Kimi K2 Thinking',
    modelId: 'moonshotai/Kimi-K2-Thinking',
    condition: 'model-opener',
    reply:
      "<think>I'm thinking.</think>Let me call multiple tools.<|tool_calls_section_begin|>" +
      '<|tool_call_begin|>functions.read_file:0<|tool_call_argument_begin|>{"files":[{"path":"src/app/Partners.tsx","line_ranges":["1-100"]}]}<|tool_call_end|>' +
      '<|tool_call_begin|>functions.web_search:1<|tool_call_argument_begin|>{"query":"\\"From Zero\\" Linkin Park album tracklist complete songs","limit":3,"type":"text"}<|tool_call_end|>' +
      '<|tool_call_begin|>functions.complex_function:2<|tool_call_argument_begin|>{"name": "John Doe", "age": 30, "active": true, "score": 95.5}<|tool_call_end|>' +
      '<|tool_call_begin|>functions.emoji_function:3<|tool_call_argument_begin|>{"message":"Hello! 👋 🌟 🚀 Testing emojis: 😀😃😄😁 and symbols: ∑∏∆∇"}<|tool_call_end|>' +
      '<|tool_calls_section_end|>',
    tools: ['read_file', 'web_search', 'complex_function', 'emoji_function'],
    expected: meaning('Let me call multiple tools.', "I'm thinking.", [
      call('read_file', { files: [{ path: 'src/app/Partners.tsx', line_ranges: ['1-100'] }] }),
      call('web_search', {
        query: '"From Zero" Linkin Park album tracklist complete songs',
        limit: 3,
        type: 'text',
      }),
      call('complex_function', { name: 'John Doe', age: 30, active: true, score: 95.5 }),
      call('emoji_function', {
        message: 'Hello! 👋 🌟 🚀 Testing emojis: 😀😃😄😁 and symbols: ∑∏∆∇',
      }),
    ]),
    source: `${LLAMA_TEST} (Kimi K2 multiple tool calls)`,
  },
  {
    id: 'kimi-k2-thinking/control-kept-call',
    family: 'Kimi K2 Thinking',
    modelId: 'moonshotai/Kimi-K2-Thinking',
    condition: 'control-kept',
    reply: `<think>${THINKING}</think>${KIMI_ARG1}<|im_end|>`,
    tools: ['special_function'],
    expected: meaning('', THINKING, [ARG1]),
    source: `${LLAMA_TEST} (Kimi K2 Thinking end token <|im_end|>)`,
  },

  // ---- MiniMax M2: the prompt always ends "]~b]ai\n<think>\n"; turns end with "[e~[".
  {
    id: 'minimax-m2/opened-answer',
    family: 'MiniMax M2',
    modelId: 'MiniMaxAI/MiniMax-M2',
    condition: 'template-opened',
    reply: `${THINKING}\n</think>\n\n${HELLO}`,
    tools: ['special_function'],
    expected: meaning(HELLO, THINKING),
    source:
      'MiniMax-M2 template (conformance/fixtures/templates/minimax-m2.jinja: generation prompt opens <think>); llama.cpp test-chat.cpp (MiniMax-M2 streaming)',
  },
  {
    id: 'minimax-m2/opened-text-and-call',
    family: 'MiniMax M2',
    modelId: 'MiniMaxAI/MiniMax-M2',
    condition: 'template-opened',
    reply: `${THINKING}\n</think>\n\n${HELLO}\n\n${MINIMAX_ARG1}\n`,
    tools: ['special_function'],
    expected: meaning(HELLO, THINKING, [ARG1]),
    source: `${LLAMA_TEST} (MiniMax-M2 streaming), with the opener in the prompt`,
  },
  {
    id: 'minimax-m2/opened-call-unclosed',
    family: 'MiniMax M2',
    modelId: 'MiniMaxAI/MiniMax-M2',
    condition: 'template-opened',
    reply: `${THINKING}\n${MINIMAX_ARG1}`,
    tools: ['special_function'],
    expected: meaning('', THINKING, [ARG1]),
    throughAuto: meaning(THINKING, '', [ARG1]),
    source: 'design.md (a call opener ends implicit reasoning); MiniMax-M2 template',
  },
  {
    id: 'minimax-m2/control-kept-answer',
    family: 'MiniMax M2',
    modelId: 'MiniMaxAI/MiniMax-M2',
    condition: 'control-kept',
    reply: `${THINKING}\n</think>\n\n${HELLO}[e~[`,
    tools: ['special_function'],
    expected: meaning(HELLO, THINKING),
    source: `${LLAMA_TEST} (MiniMax-M2 end token "[e~[")`,
  },
  {
    id: 'minimax-m2/control-kept-call',
    family: 'MiniMax M2',
    modelId: 'MiniMaxAI/MiniMax-M2',
    condition: 'control-kept',
    reply: `${THINKING}\n</think>\n\n${MINIMAX_ARG1}[e~[`,
    tools: ['special_function'],
    expected: meaning('', THINKING, [ARG1]),
    source: `${LLAMA_TEST} (MiniMax-M2 end token "[e~[")`,
  },

  // ---- Seed-OSS: the model writes <seed:think>; turns end with <seed:eos>.
  {
    id: 'seed-oss/model-opener-answer',
    family: 'Seed-OSS',
    modelId: 'ByteDance-Seed/Seed-OSS-36B-Instruct',
    condition: 'model-opener',
    reply: "<seed:think>I'm thinking about the answer</seed:think>Hello, world!",
    tools: ['calculate_sum'],
    expected: meaning('Hello, world!', "I'm thinking about the answer"),
    source: `${LLAMA_TEST} (Seed-OSS)`,
  },
  {
    id: 'seed-oss/model-opener-call',
    family: 'Seed-OSS',
    modelId: 'ByteDance-Seed/Seed-OSS-36B-Instruct',
    condition: 'model-opener',
    reply: `<seed:think>I need to calculate the sum of these numbers</seed:think>${SEED_SUM}`,
    tools: ['calculate_sum'],
    expected: meaning('', 'I need to calculate the sum of these numbers', [
      call('calculate_sum', { numbers: [1, 2, 3] }),
    ]),
    source: `${LLAMA_TEST} (Seed-OSS reasoning + tool call)`,
  },
  {
    id: 'seed-oss/no-reasoning-answer',
    family: 'Seed-OSS',
    modelId: 'ByteDance-Seed/Seed-OSS-36B-Instruct',
    condition: 'thinking-off',
    reply: 'This is a simple response without reasoning.',
    tools: ['calculate_sum'],
    expected: meaning('This is a simple response without reasoning.'),
    source: `${LLAMA_TEST} (Seed-OSS content without reasoning)`,
  },
  {
    id: 'seed-oss/control-kept-answer',
    family: 'Seed-OSS',
    modelId: 'ByteDance-Seed/Seed-OSS-36B-Instruct',
    condition: 'control-kept',
    reply: "<seed:think>I'm thinking about the answer</seed:think>Hello, world!<seed:eos>",
    tools: ['calculate_sum'],
    expected: meaning('Hello, world!', "I'm thinking about the answer"),
    source: `${LLAMA_TEST} (Seed-OSS end token <seed:eos>)`,
  },
  {
    id: 'seed-oss/control-kept-call',
    family: 'Seed-OSS',
    modelId: 'ByteDance-Seed/Seed-OSS-36B-Instruct',
    condition: 'control-kept',
    reply: `${SEED_SUM}<seed:eos>`,
    tools: ['calculate_sum'],
    expected: meaning('', '', [call('calculate_sum', { numbers: [1, 2, 3] })]),
    source: `${LLAMA_TEST} (Seed-OSS end token <seed:eos>)`,
  },

  // ---- Command R7B: the prompt ends "<|START_OF_TURN_TOKEN|><|CHATBOT_TOKEN|>"; the model writes
  // <|START_THINKING|>; reasoning off pre-fills "<|START_THINKING|><|END_THINKING|>".
  {
    id: 'command-r7b/model-opener-answer',
    family: 'Cohere Command R7B',
    modelId: 'CohereForAI/c4ai-command-r7b-12-2024',
    condition: 'model-opener',
    reply: `<|START_THINKING|>${THINKING}<|END_THINKING|><|START_RESPONSE|>${HELLO}<|END_RESPONSE|>`,
    tools: ['special_function'],
    expected: meaning(HELLO, THINKING),
    source: `${LLAMA_TEST} (Command R7B)`,
  },
  {
    id: 'command-r7b/model-opener-call',
    family: 'Cohere Command R7B',
    modelId: 'CohereForAI/c4ai-command-r7b-12-2024',
    condition: 'model-opener',
    reply: `<|START_THINKING|>${THINKING}<|END_THINKING|>${R7B_ARG1}`,
    tools: ['special_function'],
    expected: meaning('', THINKING, [ARG1]),
    source: `${LLAMA_TEST} (Command R7B)`,
  },
  {
    id: 'command-r7b/thinking-off-call',
    family: 'Cohere Command R7B',
    modelId: 'CohereForAI/c4ai-command-r7b-12-2024',
    condition: 'thinking-off',
    reply: R7B_ARG1,
    tools: ['special_function'],
    request: reasoningNone,
    expected: meaning('', '', [ARG1]),
    source: `${LLAMA_TEMPLATE_TEST} (R7B off: prompt ends "<|START_THINKING|><|END_THINKING|>"); ${LLAMA_TEST}`,
  },
  {
    id: 'command-r7b/bare-answer',
    family: 'Cohere Command R7B',
    modelId: 'CohereForAI/c4ai-command-r7b-12-2024',
    condition: 'thinking-off',
    reply: HELLO,
    tools: ['special_function'],
    expected: meaning(HELLO),
    source: `${LLAMA_TEST} (Command R7B plain content)`,
  },
  {
    id: 'command-r7b/control-kept-answer',
    family: 'Cohere Command R7B',
    modelId: 'CohereForAI/c4ai-command-r7b-12-2024',
    condition: 'control-kept',
    reply: `<|START_THINKING|>${THINKING}<|END_THINKING|><|START_RESPONSE|>${HELLO}<|END_RESPONSE|><|END_OF_TURN_TOKEN|>`,
    tools: ['special_function'],
    expected: meaning(HELLO, THINKING),
    source: `${LLAMA_TEST} (Command R7B end token <|END_OF_TURN_TOKEN|>)`,
  },
  {
    id: 'command-r7b/control-kept-call',
    family: 'Cohere Command R7B',
    modelId: 'CohereForAI/c4ai-command-r7b-12-2024',
    condition: 'control-kept',
    reply: `<|START_THINKING|>${THINKING}<|END_THINKING|>${R7B_ARG1}<|END_OF_TURN_TOKEN|>`,
    tools: ['special_function'],
    expected: meaning('', THINKING, [ARG1]),
    source: `${LLAMA_TEST} (Command R7B end token <|END_OF_TURN_TOKEN|>)`,
  },

  // ---- Command A (03-2025): R7B's template and markers.
  {
    id: 'command-a/control-kept-call',
    family: 'Cohere Command A',
    modelId: 'CohereLabs/c4ai-command-a-03-2025',
    condition: 'control-kept',
    reply: `<|START_THINKING|>I will look up the weather in Lyon.<|END_THINKING|><|START_ACTION|>[\n    {"tool_call_id": "0", "tool_name": "get_weather", "parameters": {"city": "Lyon"}}\n]<|END_ACTION|><|END_OF_TURN_TOKEN|>`,
    tools: ['get_weather'],
    expected: meaning('', 'I will look up the weather in Lyon.', [
      call('get_weather', { city: 'Lyon' }),
    ]),
    source: `${LLAMA_TEST} (Command R7B action shape); ${FORMATS_MD} §3.16`,
  },
  {
    id: 'command-a/control-kept-answer',
    family: 'Cohere Command A',
    modelId: 'CohereLabs/c4ai-command-a-03-2025',
    condition: 'control-kept',
    reply: `<|START_RESPONSE|>${HELLO}<|END_RESPONSE|><|END_OF_TURN_TOKEN|>`,
    tools: ['get_weather'],
    expected: meaning(HELLO),
    source: `${LLAMA_TEST} (Command R7B response shape); ${FORMATS_MD} §3.16`,
  },

  // ---- Command A (reasoning): `reasoning` (default true) leaves <|START_THINKING|> open in the
  // prompt; false writes "<|START_THINKING|><|END_THINKING|>". Answers in <|START_TEXT|>.
  {
    id: 'command-a-reasoning/opened-answer',
    family: 'Cohere Command A reasoning',
    modelId: 'CohereLabs/command-a-reasoning-08-2025',
    condition: 'template-opened',
    reply: 'Let me think about this.<|END_THINKING|><|START_TEXT|>Hello world!<|END_TEXT|>',
    tools: ['get_weather', 'get_time'],
    expected: meaning('Hello world!', 'Let me think about this.'),
    source: `${OLLAMA_COHERE} (TestCohereParseThinkingThenText)`,
  },
  {
    id: 'command-a-reasoning/opened-calls',
    family: 'Cohere Command A reasoning',
    modelId: 'CohereLabs/command-a-reasoning-08-2025',
    condition: 'template-opened',
    reply:
      'plan<|END_THINKING|><|START_ACTION|>[\n' +
      '    {"tool_call_id": "0", "tool_name": "get_weather", "parameters": {"city": "Paris"}},' +
      '    {"tool_call_id": "1", "tool_name": "get_time", "parameters": {}}' +
      '\n]<|END_ACTION|>',
    tools: ['get_weather', 'get_time'],
    expected: meaning('', 'plan', [call('get_weather', { city: 'Paris' }), call('get_time', {})]),
    source: `${OLLAMA_COHERE} (TestCohereParseToolCall)`,
  },
  {
    id: 'command-a-reasoning/thinking-off-answer',
    family: 'Cohere Command A reasoning',
    modelId: 'CohereLabs/command-a-reasoning-08-2025',
    condition: 'thinking-off',
    reply: '<|START_TEXT|>direct answer<|END_TEXT|>',
    tools: ['get_weather', 'get_time'],
    request: reasoningNone,
    expected: meaning('direct answer'),
    source: `${OLLAMA_COHERE} (TestCohereParseReasoningOff)`,
  },
  {
    id: 'command-a-reasoning/opened-bare-content',
    family: 'Cohere Command A reasoning',
    modelId: 'CohereLabs/command-a-reasoning-08-2025',
    condition: 'template-opened',
    reply: 'thought<|END_THINKING|>Just plain text output',
    tools: ['get_weather', 'get_time'],
    expected: meaning('Just plain text output', 'thought'),
    source: `${OLLAMA_COHERE} (TestCohereParseBareContent)`,
  },
  {
    id: 'command-a-reasoning/control-kept-answer',
    family: 'Cohere Command A reasoning',
    modelId: 'CohereLabs/command-a-reasoning-08-2025',
    condition: 'control-kept',
    reply: 't<|END_THINKING|><|START_TEXT|>answer<|END_OF_TURN_TOKEN|>',
    tools: ['get_weather', 'get_time'],
    expected: meaning('answer', 't'),
    source: `${OLLAMA_COHERE} (TestCohereParseEndOfTurnWithoutEndText)`,
  },

  // ---- Apriel 1.6: the prompt ends "<|begin_assistant|>\nHere are my reasoning steps:\n"; the
  // reasoning ends at "[BEGIN FINAL RESPONSE]"; turns end with <|end|>.
  {
    id: 'apriel-1.6/opened-call',
    family: 'Apriel 1.6',
    modelId: 'ServiceNow-AI/Apriel-1.6-15b-Thinker',
    condition: 'template-opened',
    reply:
      'The user wants the weather in Lyon. I should call get_weather.\n[BEGIN FINAL RESPONSE]\n<tool_calls>[{"name": "get_weather", "arguments": {"city": "Lyon"}}]</tool_calls>',
    tools: ['get_weather'],
    expected: meaning('', 'The user wants the weather in Lyon. I should call get_weather.', [
      call('get_weather', { city: 'Lyon' }),
    ]),
    source:
      'ggml-org/llama.cpp models/templates/Apriel-1.6-15b-Thinker-fixed.jinja (reasoning prefix in the prompt, <tool_calls>[…]</tool_calls>)',
  },
  {
    id: 'apriel-1.6/opened-answer',
    family: 'Apriel 1.6',
    modelId: 'ServiceNow-AI/Apriel-1.6-15b-Thinker',
    condition: 'control-kept',
    reply:
      '1. The capital of France is Paris.\n[BEGIN FINAL RESPONSE]\nParis.\n[END FINAL RESPONSE]<|end|>',
    tools: ['get_weather'],
    expected: meaning('Paris.', '1. The capital of France is Paris.'),
    source:
      'Apriel-1.6 template; reply shape as a third-party test strips it ("Here are my reasoning steps:\\n1. x\\n[BEGIN FINAL RESPONSE]\\nParis.\\n[END FINAL RESPONSE]<|end|>")',
  },

  // ---- Apriel 1.5: the prompt ends "<|assistant|>\n"; the system prompt asks for reasoning, then
  // "[BEGIN FINAL RESPONSE] … [END FINAL RESPONSE]"; turns end with <|end|>.
  {
    id: 'apriel-1.5/answer',
    family: 'Apriel 1.5',
    modelId: 'ServiceNow-AI/Apriel-1.5-15b-Thinker',
    condition: 'control-kept',
    reply:
      "That's it. No need for extra. We'll comply.\n[BEGIN FINAL RESPONSE]\nTwo tabby cats are curled up sleeping side‑by‑side on a pink couch, with a TV remote resting nearby.\n[END FINAL RESPONSE]\n<|end|>",
    tools: ['get_weather'],
    expected: meaning(
      'Two tabby cats are curled up sleeping side‑by‑side on a pink couch, with a TV remote resting nearby.',
      "That's it. No need for extra. We'll comply.",
    ),
    source:
      'a real output of mlx-community/Apriel-1.5-15b-Thinker-6bit-MLX quoted by an MLX model check report (tail); ggml-org/llama.cpp models/templates/unsloth-Apriel-1.5.jinja',
  },

  // ---- Magistral / Ministral reasoning: the model writes [THINK]…[/THINK]; turns end with </s>.
  {
    id: 'magistral/model-opener-answer',
    family: 'Magistral / Ministral reasoning',
    modelId: 'mistralai/Magistral-Small-2509',
    condition: 'model-opener',
    reply: '[THINK]raisonnement[/THINK]Réponse',
    tools: ['special_function'],
    expected: meaning('Réponse', 'raisonnement'),
    source: `${LLAMA_TEST} (Magistral)`,
  },
  {
    id: 'ministral-reasoning/model-opener-call',
    family: 'Magistral / Ministral reasoning',
    modelId: 'mistralai/Ministral-3-14B-Reasoning-2512',
    condition: 'model-opener',
    reply: `[THINK]${THINKING}[/THINK][TOOL_CALLS]special_function[ARGS]{"arg1":1}`,
    tools: ['special_function'],
    expected: meaning('', THINKING, [ARG1]),
    source: `${LLAMA_TEST} (Ministral-3-14B-Reasoning-2512 tool call with reasoning)`,
  },
  {
    id: 'ministral-reasoning/parallel-calls',
    family: 'Magistral / Ministral reasoning',
    modelId: 'mistralai/Ministral-3-14B-Reasoning-2512',
    condition: 'thinking-off',
    reply:
      '[TOOL_CALLS]special_function[ARGS]{"arg1": 1}[TOOL_CALLS]special_function_with_opt[ARGS]{"arg1": 1, "arg2": 2}',
    tools: ['special_function', 'special_function_with_opt'],
    expected: meaning('', '', [ARG1, call('special_function_with_opt', { arg1: 1, arg2: 2 })]),
    source: `${LLAMA_TEST} (Ministral-3-14B-Reasoning-2512 parallel tool calls)`,
  },
  {
    id: 'magistral/control-kept-answer',
    family: 'Magistral / Ministral reasoning',
    modelId: 'mistralai/Magistral-Small-2509',
    condition: 'control-kept',
    reply: '[THINK]raisonnement[/THINK]Réponse</s>',
    tools: ['special_function'],
    expected: meaning('Réponse', 'raisonnement'),
    source: `${LLAMA_TEST} (Mistral end token </s>)`,
  },
  {
    id: 'ministral-reasoning/control-kept-call',
    family: 'Magistral / Ministral reasoning',
    modelId: 'mistralai/Ministral-3-14B-Reasoning-2512',
    condition: 'control-kept',
    reply: `[THINK]${THINKING}[/THINK][TOOL_CALLS]special_function[ARGS]{"arg1":1}</s>`,
    tools: ['special_function'],
    expected: meaning('', THINKING, [ARG1]),
    source: `${LLAMA_TEST} (Mistral end token </s>)`,
  },

  // ---- Mistral without reasoning: Small 3.2 (v11 calls), Nemo (pre-v11 calls); end </s>.
  {
    id: 'mistral-small-3.2/text-and-calls',
    family: 'Mistral',
    modelId: 'mistralai/Mistral-Small-3.2-24B-Instruct-2506',
    condition: 'no-reasoning',
    reply:
      'I\'ll check both cities.[TOOL_CALLS]get_weather[ARGS]{"city": "Lyon"}[TOOL_CALLS]get_weather[ARGS]{"city": "Porto"}',
    tools: ['get_weather'],
    expected: meaning("I'll check both cities.", '', [
      call('get_weather', { city: 'Lyon' }),
      call('get_weather', { city: 'Porto' }),
    ]),
    source: `${FORMATS_MD} §3.5 5b`,
  },
  {
    id: 'mistral-small-3.2/control-kept-call',
    family: 'Mistral',
    modelId: 'mistralai/Mistral-Small-3.2-24B-Instruct-2506',
    condition: 'control-kept',
    reply: '[TOOL_CALLS]get_weather[ARGS]{"city": "Lyon"}</s>',
    tools: ['get_weather'],
    expected: meaning('', '', [call('get_weather', { city: 'Lyon' })]),
    source: `${FORMATS_MD} §3.5 5b; ${LLAMA_TEST} (Mistral end token </s>)`,
  },
  {
    id: 'mistral-nemo/control-kept-call',
    family: 'Mistral',
    modelId: 'mistral-nemo:12b',
    condition: 'control-kept',
    reply:
      '[TOOL_CALLS][{"name": "special_function", "arguments": {"arg1": 1}, "id": "123456789"}]</s>',
    tools: ['special_function'],
    expected: meaning('', '', [ARG1]),
    source: `${LLAMA_TEST} (Mistral Nemo, end token </s>)`,
  },
  {
    id: 'mistral-nemo/control-kept-answer',
    family: 'Mistral',
    modelId: 'mistral-nemo:12b',
    condition: 'control-kept',
    reply: `${HELLO}</s>`,
    tools: ['special_function'],
    expected: meaning(HELLO),
    source: `${LLAMA_TEST} (Mistral Nemo, end token </s>)`,
  },

  // ---- gpt-oss (Harmony): the prompt ends "<|start|>assistant"; reasoning always (effort
  // low/medium/high); <|return|> ends a final answer, <|call|> a call.
  {
    id: 'gpt-oss/answer',
    family: 'gpt-oss',
    modelId: 'gpt-oss:20b',
    condition: 'model-opener',
    reply: `${HARMONY_ANALYSIS}<|start|>assistant<|channel|>final<|message|>${HELLO}`,
    tools: ['special_function'],
    expected: meaning(HELLO, THINKING),
    source: `${LLAMA_TEST} (GPT-OSS)`,
  },
  {
    id: 'gpt-oss/call',
    family: 'gpt-oss',
    modelId: 'gpt-oss:20b',
    condition: 'model-opener',
    reply: `${HARMONY_ANALYSIS}${HARMONY_ARG1}`,
    tools: ['special_function'],
    expected: meaning('', THINKING, [ARG1]),
    source: `${LLAMA_TEST} (GPT-OSS)`,
  },
  {
    id: 'gpt-oss/preamble-and-call',
    family: 'gpt-oss',
    modelId: 'gpt-oss:20b',
    condition: 'model-opener',
    reply: `${HARMONY_ANALYSIS}<|start|>assistant<|channel|>commentary<|message|>${HELLO}<|end|>${HARMONY_ARG1}`,
    tools: ['special_function'],
    expected: meaning(HELLO, THINKING, [ARG1]),
    source: `${LLAMA_TEST} (GPT-OSS commentary preamble, then call)`,
  },
  {
    id: 'gpt-oss/recipient-in-role',
    family: 'gpt-oss',
    modelId: 'gpt-oss:20b',
    condition: 'model-opener',
    reply: `${HARMONY_ANALYSIS}<|start|>assistant to=functions.special_function<|channel|>analysis <|constrain|>json<|message|>{"arg1": 1}`,
    tools: ['special_function'],
    expected: meaning('', THINKING, [ARG1]),
    source: `${LLAMA_TEST} (GPT-OSS tool calling in role header)`,
  },
  {
    id: 'gpt-oss/control-kept-answer',
    family: 'gpt-oss',
    modelId: 'gpt-oss:20b',
    condition: 'control-kept',
    reply: `${HARMONY_ANALYSIS}<|start|>assistant<|channel|>final<|message|>${HELLO}<|return|>`,
    tools: ['special_function'],
    expected: meaning(HELLO, THINKING),
    source: `${LLAMA_TEST} (GPT-OSS end tokens <|return|>, <|call|>)`,
  },
  {
    id: 'gpt-oss/control-kept-call',
    family: 'gpt-oss',
    modelId: 'gpt-oss:20b',
    condition: 'control-kept',
    reply: `${HARMONY_ANALYSIS}${HARMONY_ARG1}<|call|>`,
    tools: ['special_function'],
    expected: meaning('', THINKING, [ARG1]),
    source: `${LLAMA_TEST} (GPT-OSS end tokens <|return|>, <|call|>)`,
  },

  // ---- Gemma 3: no reasoning; turns end with <end_of_turn>.
  {
    id: 'gemma-3/call',
    family: 'Gemma 3',
    modelId: 'gemma3:27b',
    condition: 'no-reasoning',
    reply: '```tool_code\nget_weather(city="Lyon")\n```',
    tools: ['get_weather'],
    expected: meaning('', '', [call('get_weather', { city: 'Lyon' })]),
    source: `${FORMATS_MD} §3.6 6a`,
  },
  {
    id: 'gemma-3/control-kept-call',
    family: 'Gemma 3',
    modelId: 'gemma3:27b',
    condition: 'control-kept',
    reply: '```tool_code\nget_weather(city="Lyon")\n```<end_of_turn>',
    tools: ['get_weather'],
    expected: meaning('', '', [call('get_weather', { city: 'Lyon' })]),
    source: `${LLAMA_TEST} (Gemma end token <end_of_turn>)`,
  },
  {
    id: 'gemma-3/control-kept-answer',
    family: 'Gemma 3',
    modelId: 'gemma3:27b',
    condition: 'control-kept',
    reply: `${HELLO}<end_of_turn>`,
    tools: ['get_weather'],
    expected: meaning(HELLO),
    source: `${LLAMA_TEST} (Gemma end token <end_of_turn>)`,
  },

  // ---- Gemma 4: thinking on puts <|think|> in the system turn, and the model writes its thought
  // channel; the large models' prompt pre-fills an empty "<|channel>thought\n<channel|>" when off.
  // Turns end with <turn|>; after its calls the model writes <|tool_response> and stops.
  {
    id: 'gemma-4/model-opener-calls',
    family: 'Gemma 4',
    modelId: 'google/gemma-4-31B-it',
    condition: 'model-opener',
    reply: `<|channel>thought\nNeed the weather for two cities.<channel|>${GEMMA4_LYON}<|tool_call>call:get_weather{city:<|"|>Porto<|"|>}<tool_call|><|tool_response>`,
    tools: ['get_weather'],
    expected: meaning('', 'Need the weather for two cities.', [
      call('get_weather', { city: 'Lyon' }),
      call('get_weather', { city: 'Porto' }),
    ]),
    source: `${FORMATS_MD} §3.6 6c; ollama model/renderers/gemma4.go`,
  },
  {
    id: 'gemma-4/model-opener-answer',
    family: 'Gemma 4',
    modelId: 'google/gemma-4-31B-it',
    condition: 'control-kept',
    reply: `<|channel>thought\nThe user greets me.<channel|>${HELLO}<turn|>`,
    tools: ['get_weather'],
    expected: meaning(HELLO, 'The user greets me.'),
    source: 'ollama model/renderers/gemma4.go (thought channel, <turn|>)',
  },
  {
    id: 'gemma-4/thinking-off-call',
    family: 'Gemma 4',
    modelId: 'google/gemma-4-31B-it',
    condition: 'thinking-off',
    reply: `${GEMMA4_LYON}<|tool_response>`,
    tools: ['get_weather'],
    expected: meaning('', '', [call('get_weather', { city: 'Lyon' })]),
    source: `ollama model/renderers/gemma4.go (no-think prefill); ${FORMATS_MD} §2.7`,
  },
  {
    id: 'gemma-4/thinking-off-answer',
    family: 'Gemma 4',
    modelId: 'google/gemma-4-31B-it',
    condition: 'control-kept',
    reply: `${HELLO}<turn|>`,
    tools: ['get_weather'],
    expected: meaning(HELLO),
    source: 'ollama model/renderers/gemma4.go (turns end with <turn|>)',
  },

  // ---- Granite 3.3: `thinking` asks (in the system prompt) for <think>…</think><response>…</response>.
  {
    id: 'granite-3.3/model-opener-answer',
    family: 'Granite 3.x',
    modelId: 'ibm-granite/granite-3.3-8b-instruct',
    condition: 'model-opener',
    reply: `<think>${THINKING}</think><response>${HELLO}</response>`,
    tools: ['special_function'],
    expected: meaning(HELLO, THINKING),
    source: `${LLAMA_TEST} (Granite, reasoning_format deepseek); granite-3.3 template`,
  },
  {
    id: 'granite-3.3/call',
    family: 'Granite 3.x',
    modelId: 'ibm-granite/granite-3.3-8b-instruct',
    condition: 'no-reasoning',
    reply: '<|tool_call|>[{"name": "special_function", "arguments": {"arg1": 1}}]',
    tools: ['special_function'],
    expected: meaning('', '', [ARG1]),
    source: `${LLAMA_TEST} (Granite)`,
  },
  {
    id: 'granite-3.3/control-kept-call',
    family: 'Granite 3.x',
    modelId: 'ibm-granite/granite-3.3-8b-instruct',
    condition: 'control-kept',
    reply: '<|tool_call|>[{"name": "special_function", "arguments": {"arg1": 1}}]<|end_of_text|>',
    tools: ['special_function'],
    expected: meaning('', '', [ARG1]),
    source: `${LLAMA_TEST} (Granite end token <|end_of_text|>)`,
  },
  {
    id: 'granite-3.3/control-kept-answer',
    family: 'Granite 3.x',
    modelId: 'ibm-granite/granite-3.3-8b-instruct',
    condition: 'control-kept',
    reply: `${HELLO}<|end_of_text|>`,
    tools: ['special_function'],
    expected: meaning(HELLO),
    source: `${LLAMA_TEST} (Granite end token <|end_of_text|>)`,
  },

  // ---- Granite 4: Hermes calls, arguments often a JSON-encoded string.
  {
    id: 'granite-4/call',
    family: 'Granite 4',
    modelId: 'ibm-granite/granite-4.0-h-small',
    condition: 'no-reasoning',
    reply: HERMES_LYON,
    tools: ['get_weather'],
    expected: meaning('', '', [call('get_weather', { city: 'Lyon' })]),
    source: `${FORMATS_MD} §3.11 (Granite 4 = Hermes shape)`,
  },
  {
    id: 'granite-4/call-string-arguments',
    family: 'Granite 4',
    modelId: 'ibm-granite/granite-4.0-h-small',
    condition: 'no-reasoning',
    reply:
      '<tool_call>\n{"name": "get_weather", "arguments": "{\\"city\\": \\"Lyon\\"}"}\n</tool_call>',
    tools: ['get_weather'],
    expected: meaning('', '', [call('get_weather', { city: 'Lyon' })]),
    source: `${FORMATS_MD} §2.4, §3.11 (Granite 4 emits arguments as a JSON string)`,
  },

  // ---- Llama 3.x: calls are the whole turn; <|eot_id|> ends a turn, <|eom_id|> a tool turn.
  {
    id: 'llama-3.1/control-kept-call',
    family: 'Llama 3.x',
    modelId: 'llama3.1:8b',
    condition: 'control-kept',
    reply: '{"name": "special_function", "parameters": {"arg1": 1}}<|eot_id|>',
    tools: ['special_function'],
    expected: meaning('', '', [ARG1]),
    source: `${LLAMA_TEST} (Llama 3.x, end tokens <|eom_id|>, <|eot_id|>)`,
  },
  {
    id: 'llama-3.1/python-tag-call',
    family: 'Llama 3.x',
    modelId: 'meta-llama/Llama-3.3-70B-Instruct',
    condition: 'control-kept',
    reply: '<|python_tag|>{"name": "special_function", "parameters": {"arg1": 1}}<|eom_id|>',
    tools: ['special_function'],
    expected: meaning('', '', [ARG1]),
    source: `${FORMATS_MD} §3.3 (<|python_tag|> before custom-tool JSON, <|eom_id|> after)`,
  },
  {
    id: 'llama-3.1/control-kept-answer',
    family: 'Llama 3.x',
    modelId: 'llama3.1:8b',
    condition: 'control-kept',
    reply: `${HELLO}<|eot_id|>`,
    tools: ['special_function'],
    expected: meaning(HELLO),
    source: `${LLAMA_TEST} (Llama 3.x end token <|eot_id|>)`,
  },
  {
    id: 'llama-3.2/json-call',
    family: 'Llama 3.x',
    modelId: 'llama3.2:3b',
    condition: 'control-kept',
    reply: '{"name": "special_function", "parameters": {"arg1": 1}}<|eot_id|>',
    tools: ['special_function'],
    expected: meaning('', '', [ARG1]),
    source: `${LLAMA_TEST} (Llama-3.2-3B-Instruct template: Llama 3.x JSON calls)`,
  },
  {
    id: 'llama-3.2/pythonic-call',
    family: 'Llama 3.x',
    modelId: 'llama3.2:3b',
    condition: 'control-kept',
    reply: '[get_weather(city="Lyon")]<|eot_id|>',
    tools: ['get_weather'],
    expected: meaning('', '', [call('get_weather', { city: 'Lyon' })]),
    source: `${FORMATS_MD} §3.4 (Meta's documented prompt for Llama 3.2 1B/3B)`,
  },

  // ---- Llama 4: pythonic calls, optionally in <|python_start|>…<|python_end|>; turns end <|eot|>.
  {
    id: 'llama-4/control-kept-calls',
    family: 'Llama 4',
    modelId: 'meta-llama/Llama-4-Scout-17B-16E-Instruct',
    condition: 'control-kept',
    reply: '[get_weather(city="Lyon"), get_weather(city="Porto")]<|eot|>',
    tools: ['get_weather'],
    expected: meaning('', '', [
      call('get_weather', { city: 'Lyon' }),
      call('get_weather', { city: 'Porto' }),
    ]),
    source: `${FORMATS_MD} §3.4 (Llama 4 pythonic list; ipython turns end <|eot|>)`,
  },
  {
    id: 'llama-4/python-start-call',
    family: 'Llama 4',
    modelId: 'meta-llama/Llama-4-Scout-17B-16E-Instruct',
    condition: 'control-kept',
    reply: '<|python_start|>[get_weather(city="Lyon")]<|python_end|><|eot|>',
    tools: ['get_weather'],
    expected: meaning('', '', [call('get_weather', { city: 'Lyon' })]),
    source: `${FORMATS_MD} §3.4 (Llama 4 wraps the list in <|python_start|> … <|python_end|>)`,
  },
  {
    id: 'llama-4/control-kept-answer',
    family: 'Llama 4',
    modelId: 'meta-llama/Llama-4-Scout-17B-16E-Instruct',
    condition: 'control-kept',
    reply: `${HELLO}<|eot|>`,
    tools: ['get_weather'],
    expected: meaning(HELLO),
    source: `${FORMATS_MD} §3.4 (Llama 4 turns end with <|eot|>)`,
  },

  // ---- Hermes 2 Pro / 3: ChatML, no reasoning; turns end with <|im_end|>.
  {
    id: 'hermes-3/control-kept-call',
    family: 'Hermes 2/3',
    modelId: 'hermes3:8b',
    condition: 'control-kept',
    reply: `${HERMES_ARG1}<|im_end|>`,
    tools: ['special_function'],
    expected: meaning('', '', [ARG1]),
    source: `${LLAMA_TEST} (Hermes 2 Pro template, end token <|im_end|>)`,
  },
  {
    id: 'hermes-3/text-and-call',
    family: 'Hermes 2/3',
    modelId: 'hermes3:8b',
    condition: 'no-reasoning',
    reply: `${HELLO}${HERMES_ARG1}`,
    tools: ['special_function'],
    expected: meaning(HELLO, '', [ARG1]),
    source: `${LLAMA_TEST} (Hermes 2 Pro content and call)`,
  },
  {
    id: 'hermes-3/control-kept-answer',
    family: 'Hermes 2/3',
    modelId: 'hermes3:8b',
    condition: 'control-kept',
    reply: `${HELLO}<|im_end|>`,
    tools: ['special_function'],
    expected: meaning(HELLO),
    source: `${LLAMA_TEST} (Hermes 2 Pro template, end token <|im_end|>)`,
  },

  // ---- Functionary v3.2: the prompt ends ">>>", so the first recipient comes without it;
  // `all` is the recipient of text to the user.
  {
    id: 'functionary-v3.2/text-and-call',
    family: 'Functionary v3',
    modelId: 'meetkai/functionary-medium-v3.2',
    condition: 'no-reasoning',
    reply: 'all\nHello, world!\nnono\nWhat\'s up?>>>special_function\n{"arg1": 1}\n',
    tools: ['special_function'],
    expected: meaning("Hello, world!\nnono\nWhat's up?", '', [ARG1]),
    source: `${LLAMA_TEST} (Functionary v3.2)`,
  },
  {
    id: 'functionary-v3.2/answer',
    family: 'Functionary v3',
    modelId: 'meetkai/functionary-medium-v3.2',
    condition: 'no-reasoning',
    reply: `all\n${HELLO}`,
    tools: ['special_function'],
    expected: meaning(HELLO),
    source: `${LLAMA_TEST} (Functionary v3.2)`,
  },
  {
    id: 'functionary-v3.2/call',
    family: 'Functionary v3',
    modelId: 'meetkai/functionary-medium-v3.2',
    condition: 'no-reasoning',
    reply: 'special_function\n{"arg1": 1}',
    tools: ['special_function'],
    expected: meaning('', '', [ARG1]),
    source: `${LLAMA_TEST} (Functionary v3.2)`,
  },
  {
    id: 'functionary-v3.2/python',
    family: 'Functionary v3',
    modelId: 'meetkai/functionary-medium-v3.2',
    condition: 'no-reasoning',
    reply: "python\n# This is a program:\nprint('hey')",
    tools: ['python'],
    expected: meaning('', '', [call('python', { code: "# This is a program:\nprint('hey')" })]),
    source: `${LLAMA_TEST} (Functionary v3.2 python)`,
  },
  {
    id: 'functionary-v3.2/control-kept-answer',
    family: 'Functionary v3',
    modelId: 'meetkai/functionary-medium-v3.2',
    condition: 'control-kept',
    reply: `all\n${HELLO}<|eot_id|>`,
    tools: ['special_function'],
    expected: meaning(HELLO),
    source: `${LLAMA_TEST} (Functionary v3.2 end tokens <|eom_id|>, <|eot_id|>)`,
  },
  {
    id: 'functionary-v3.1/control-kept-call',
    family: 'Functionary v3',
    modelId: 'meetkai/functionary-medium-v3.1',
    condition: 'control-kept',
    reply: '<function=special_function>{"arg1": 1}</function><|eom_id|>',
    tools: ['special_function'],
    expected: meaning('', '', [ARG1]),
    source: `${LLAMA_TEST} (Functionary v3.1 Llama 3.1, end tokens <|eom_id|>, <|eot_id|>)`,
  },

  // ---- Nemotron Nano v2: reasoning on by default, the prompt ends "<think>\n" (/no_think:
  // "<think></think>"); calls in <TOOLCALL>[…]</TOOLCALL>; turns end with <SPECIAL_12>.
  {
    id: 'nemotron-nano-v2/opened-call',
    family: 'Nemotron Nano v2',
    modelId: 'nvidia/NVIDIA-Nemotron-Nano-9B-v2',
    condition: 'template-opened',
    reply: `${THINKING}\n</think>\n${NEMOTRON_V2_ARG1}`,
    tools: ['special_function'],
    expected: meaning('', THINKING, [ARG1]),
    source:
      'llama.cpp server /apply-template of the Nemotron Nano v2 template (prompt ends "<SPECIAL_11>Assistant\\n<think>\\n"); llama.cpp test-chat.cpp (Nemotron V2 calls)',
  },
  {
    id: 'nemotron-nano-v2/model-opener-call',
    family: 'Nemotron Nano v2',
    modelId: 'nvidia/NVIDIA-Nemotron-Nano-9B-v2',
    condition: 'model-opener',
    reply: `<think>${THINKING}</think>${NEMOTRON_V2_ARG1}`,
    tools: ['special_function'],
    expected: meaning('', THINKING, [ARG1]),
    source: `${LLAMA_TEST} (Nemotron V2 tool calls with thinking)`,
  },
  {
    id: 'nemotron-nano-v2/call-then-text',
    family: 'Nemotron Nano v2',
    modelId: 'nvidia/NVIDIA-Nemotron-Nano-9B-v2',
    condition: 'thinking-off',
    reply: `${NEMOTRON_V2_ARG1}${HELLO}`,
    tools: ['special_function'],
    request: thinkingOff,
    expected: meaning(HELLO, '', [ARG1]),
    source: `${LLAMA_TEST} (Nemotron V2 tool calls with extra content)`,
  },
  {
    id: 'nemotron-nano-v2/control-kept-answer',
    family: 'Nemotron Nano v2',
    modelId: 'nvidia/NVIDIA-Nemotron-Nano-9B-v2',
    condition: 'control-kept',
    reply: `${THINKING}\n</think>\n${HELLO}\n<SPECIAL_12>`,
    tools: ['special_function'],
    expected: meaning(HELLO, THINKING),
    source: `${LLAMA_TEST} (Nemotron V2 end token <SPECIAL_12>)`,
  },

  // ---- Nemotron 3 Nano: enable_thinking (default true) opens "<think>\n"; off: "<think></think>";
  // Qwen3-Coder XML calls; turns end with <|im_end|>.
  {
    id: 'nemotron-3-nano/opened-answer',
    family: 'Nemotron 3 Nano',
    modelId: 'nemotron-3-nano:30b',
    condition: 'template-opened',
    reply: `${THINKING}\n</think>\n${HELLO}`,
    tools: ['special_function'],
    request: thinkingOn,
    expected: meaning(HELLO, THINKING),
    source: `${LLAMA_TEST} (NVIDIA-Nemotron-3-Nano-30B-A3B, enable_thinking); ollama model/renderers/nemotron3nano.go`,
  },
  {
    id: 'nemotron-3-nano/opened-call',
    family: 'Nemotron 3 Nano',
    modelId: 'nemotron-3-nano:30b',
    condition: 'template-opened',
    reply: `${THINKING}\n</think>\n${QWEN_XML_ARG1}`,
    tools: ['special_function'],
    expected: meaning('', THINKING, [ARG1]),
    source: `${LLAMA_TEST} (NVIDIA-Nemotron-3-Nano-30B-A3B tool call with reasoning)`,
  },
  {
    id: 'nemotron-3-nano/opened-call-unclosed',
    family: 'Nemotron 3 Nano',
    modelId: 'nemotron-3-nano:30b',
    condition: 'template-opened',
    reply: `${THINKING}\n${QWEN_XML_ARG1}`,
    tools: ['special_function'],
    expected: meaning('', THINKING, [ARG1]),
    throughAuto: meaning(THINKING, '', [ARG1]),
    source: `${FORMATS_MD} §3.2, §3.22 (Nemotron 3 Nano may skip </think> before <tool_call>)`,
  },
  {
    id: 'nemotron-3-nano/thinking-off-call',
    family: 'Nemotron 3 Nano',
    modelId: 'nemotron-3-nano:30b',
    condition: 'thinking-off',
    reply: QWEN_XML_ARG1,
    tools: ['special_function'],
    request: thinkingOff,
    expected: meaning('', '', [ARG1]),
    source: `${LLAMA_TEST} (NVIDIA-Nemotron-3-Nano-30B-A3B, enable_thinking = false)`,
  },
  {
    id: 'nemotron-3-nano/thinking-off-answer',
    family: 'Nemotron 3 Nano',
    modelId: 'nemotron-3-nano:30b',
    condition: 'thinking-off',
    reply: HELLO,
    tools: ['special_function'],
    expected: meaning(HELLO),
    source: `${LLAMA_TEST} (Nemotron 3 Nano basic message); the request said nothing`,
  },
  {
    id: 'nemotron-3-nano/control-kept-answer',
    family: 'Nemotron 3 Nano',
    modelId: 'nemotron-3-nano:30b',
    condition: 'control-kept',
    reply: `${THINKING}\n</think>\n${HELLO}<|im_end|>`,
    tools: ['special_function'],
    expected: meaning(HELLO, THINKING),
    source: 'ollama model/renderers/nemotron3nano.go (ChatML turns end with <|im_end|>)',
  },

  // ---- Phi-4-mini and FireFunction v2: `functools[…]`.
  {
    id: 'phi-4-mini/calls',
    family: 'Phi-4-mini',
    modelId: 'microsoft/Phi-4-mini-instruct',
    condition: 'no-reasoning',
    reply:
      'functools[{"name": "get_weather", "arguments": {"city": "Lyon"}}, {"name": "get_weather", "arguments": {"city": "Porto"}}]',
    tools: ['get_weather'],
    expected: meaning('', '', [
      call('get_weather', { city: 'Lyon' }),
      call('get_weather', { city: 'Porto' }),
    ]),
    source: `${FORMATS_MD} §3.12`,
  },
  {
    id: 'phi-4-mini/control-kept-call',
    family: 'Phi-4-mini',
    modelId: 'microsoft/Phi-4-mini-instruct',
    condition: 'control-kept',
    reply: 'functools[{"name": "get_weather", "arguments": {"city": "Lyon"}}]<|end|>',
    tools: ['get_weather'],
    expected: meaning('', '', [call('get_weather', { city: 'Lyon' })]),
    source:
      'ggml-org/llama.cpp models/templates/llama-cpp-microsoft-Phi-4-mini-instruct.jinja (turns end with <|end|>)',
  },
  {
    id: 'firefunction-v2/control-kept-call',
    family: 'FireFunction',
    modelId: 'fireworks-ai/llama-3-firefunction-v2',
    condition: 'control-kept',
    reply: ' functools[{"name": "special_function", "arguments": {"arg1": 1}}]<|eot_id|>',
    tools: ['special_function'],
    expected: meaning('', '', [ARG1]),
    source: `${LLAMA_TEST} (FireFunction v2, end token <|eot_id|>)`,
  },

  // ---- InternLM 2 / 2.5: <|action_start|><|plugin|> … <|action_end|>; turns end with <|im_end|>.
  {
    id: 'internlm/text-and-call',
    family: 'InternLM',
    modelId: 'internlm/internlm2_5-7b-chat',
    condition: 'no-reasoning',
    reply:
      'Let me look it up.<|action_start|><|plugin|>\n{"name": "get_weather", "parameters": {"city": "Lyon"}}<|action_end|>',
    tools: ['get_weather'],
    expected: meaning('Let me look it up.', '', [call('get_weather', { city: 'Lyon' })]),
    source: `${FORMATS_MD} §3.20`,
  },
  {
    id: 'internlm/control-kept-call',
    family: 'InternLM',
    modelId: 'internlm/internlm2_5-7b-chat',
    condition: 'control-kept',
    reply:
      '<|action_start|><|plugin|>\n{"name": "get_weather", "parameters": {"city": "Lyon"}}<|action_end|><|im_end|>',
    tools: ['get_weather'],
    expected: meaning('', '', [call('get_weather', { city: 'Lyon' })]),
    source: `${FORMATS_MD} §3.20 (ChatML turns end with <|im_end|>)`,
  },

  // ---- Jamba: <tool_calls>[…]</tool_calls>.
  {
    id: 'jamba/call',
    family: 'Jamba',
    modelId: 'ai21labs/AI21-Jamba-Mini-1.7',
    condition: 'no-reasoning',
    reply: '<tool_calls>[{"name": "get_weather", "arguments": {"city": "Lyon"}}]</tool_calls>',
    tools: ['get_weather'],
    expected: meaning('', '', [call('get_weather', { city: 'Lyon' })]),
    source: `${FORMATS_MD} §3.19; vllm-project/vllm jamba tool parser`,
  },

  // ---- Special tokens stripped: a server that skips special tokens (the default of most) drops
  // the markers that are special tokens, and the calls lose their openers.
  {
    id: 'mistral-nemo/control-stripped-call',
    family: 'Mistral',
    modelId: 'mistral-nemo:12b',
    condition: 'control-stripped',
    reply: '[{"name": "special_function", "arguments": {"arg1": 1}, "id": "123456789"}]',
    tools: ['special_function'],
    expected: meaning('', '', [ARG1]),
    source: `${FORMATS_MD} §2.1, §3.5 ([TOOL_CALLS] is a special token: 5a degrades to a bare JSON array); ${LLAMA_TEST} (Mistral Nemo)`,
  },
  {
    id: 'mistral-small-3.2/control-stripped-call',
    family: 'Mistral',
    modelId: 'mistralai/Mistral-Small-3.2-24B-Instruct-2506',
    condition: 'control-stripped',
    reply: 'get_weather{"city": "Lyon"}',
    tools: ['get_weather'],
    expected: meaning('', '', [call('get_weather', { city: 'Lyon' })]),
    source: `${FORMATS_MD} §3.5, §4.4 (v11+ degrades to NAME{…})`,
  },
  {
    id: 'kimi-k2/control-stripped-call',
    family: 'Kimi K2',
    modelId: 'moonshotai/Kimi-K2-Instruct-0905',
    condition: 'control-stripped',
    reply: 'functions.get_weather:0{"city": "Lyon"}',
    tools: ['get_weather'],
    expected: meaning('', '', [call('get_weather', { city: 'Lyon' })]),
    source: `${FORMATS_MD} §3.9, §4.4 (stripped: functions.NAME:IDX{…} run together)`,
  },
  {
    id: 'gemma-4/control-stripped-call',
    family: 'Gemma 4',
    modelId: 'google/gemma-4-31B-it',
    condition: 'control-stripped',
    reply: 'call:get_weather{city:Lyon}',
    tools: ['get_weather'],
    expected: meaning('', '', [call('get_weather', { city: 'Lyon' })]),
    source: `${FORMATS_MD} §2.1, §3.6 (stripped: call:get_weather{city:Lyon})`,
  },
  {
    id: 'granite-3.3/control-stripped-call',
    family: 'Granite 3.x',
    modelId: 'ibm-granite/granite-3.3-8b-instruct',
    condition: 'control-stripped',
    reply: '[{"name": "special_function", "arguments": {"arg1": 1}}]',
    tools: ['special_function'],
    expected: meaning('', '', [ARG1]),
    source: `${FORMATS_MD} §3.11 (<|tool_call|> stripped leaves a bare JSON array)`,
  },
  {
    id: 'command-r7b/control-stripped-call',
    family: 'Cohere Command R7B',
    modelId: 'CohereForAI/c4ai-command-r7b-12-2024',
    condition: 'control-stripped',
    reply:
      '[\n    {"tool_call_id": "0", "tool_name": "special_function", "parameters": {"arg1": 1}}\n]',
    tools: ['special_function'],
    expected: meaning('', '', [ARG1]),
    source: `${LLAMA_TEST} (Command R7B action body), its special tokens stripped`,
  },

  // ---- Hunyuan A13B: "<think>\n…\n</think>\n<answer>\n…\n</answer>"; calls inside the answer.
  {
    id: 'hunyuan-a13b/model-opener-answer',
    family: 'Hunyuan',
    modelId: 'tencent/Hunyuan-A13B-Instruct',
    condition: 'model-opener',
    reply: '<think>\nThe user greets me.\n</think>\n<answer>\nHello! How can I help?\n</answer>',
    tools: ['get_weather'],
    expected: meaning('Hello! How can I help?', 'The user greets me.'),
    source:
      'vllm-project/vllm vllm/reasoning/hunyuan_a13b_reasoning_parser.py (think / answer sections)',
  },
  {
    id: 'hunyuan-a13b/model-opener-calls',
    family: 'Hunyuan',
    modelId: 'tencent/Hunyuan-A13B-Instruct',
    condition: 'model-opener',
    reply:
      '<think>\nTwo lookups needed.\n</think>\n<answer>\n<tool_calls>[{"name": "get_weather", "arguments": {"city": "Lyon"}}, {"name": "get_weather", "arguments": {"city": "Porto"}}]</tool_calls>\n</answer>',
    tools: ['get_weather'],
    expected: meaning('', 'Two lookups needed.', [
      call('get_weather', { city: 'Lyon' }),
      call('get_weather', { city: 'Porto' }),
    ]),
    source: `${FORMATS_MD} §3.17 17a; vllm hunyuan_a13b tool and reasoning parsers`,
  },
];

/**
 * Cases that do not read as they mean yet, as `id@path` (`registry`: through
 * `toolMiddlewareFor(modelId)`, `auto`: through `autoToolMiddleware`). Their tests are marked
 * `it.fails`, so the suite stays green today and turns red when one starts passing: then remove
 * it from here. Grouped by cause.
 */
export const KNOWN_MISSES: readonly string[] = [
  // Through auto, reasoning the template opened reads as text: without the model id, auto cannot
  // know that the reply starts inside reasoning, and holding every reply's start until a closer
  // or a call shows it (what the registry does for templates that think by default) would stop
  // plain answers from streaming. Its lone closer is markup, never text. docs/reasoning.md.
  'qwen3-thinking-2507/opened-answer@auto',
  'qwen3-thinking-2507/opened-calls@auto',
  'qwen3-thinking-2507/control-kept-answer@auto',
  'qwen3.5/opened-answer@auto',
  'qwen3.5/opened-call@auto',
  'qwen3.5/control-kept-call@auto',
  'qwq/opened-call@auto',
  'qwq/opened-answer@auto',
  'qwq/control-kept-answer@auto',
  'deepseek-r1/opened-answer@auto',
  'deepseek-r1/opened-call@auto',
  'deepseek-r1/control-kept-answer@auto',
  'deepseek-r1/control-kept-call@auto',
  'deepseek-r1-distill/opened-answer@auto',
  'deepseek-r1-distill/control-kept-answer@auto',
  'deepseek-v3.1/opened-answer@auto',
  'deepseek-v3.1/opened-call@auto',
  'deepseek-v3.2/opened-call@auto',
  'deepseek-v3.2/opened-answer@auto',
  'deepseek-v3.2/control-kept-call@auto',
  'glm-4.7/opened-answer@auto',
  'glm-4.7/opened-call@auto',
  'glm-4.7/control-kept-call@auto',
  'glm-4.7/control-kept-answer@auto',
  'minimax-m2/opened-answer@auto',
  'minimax-m2/opened-text-and-call@auto',
  'minimax-m2/control-kept-answer@auto',
  'minimax-m2/control-kept-call@auto',
  'command-a-reasoning/opened-answer@auto',
  'command-a-reasoning/opened-calls@auto',
  'command-a-reasoning/opened-bare-content@auto',
  'command-a-reasoning/control-kept-answer@auto',
  'apriel-1.6/opened-call@auto',
  'apriel-1.6/opened-answer@auto',
  'apriel-1.5/answer@auto',
  'nemotron-nano-v2/opened-call@auto',
  'nemotron-nano-v2/control-kept-answer@auto',
  'nemotron-3-nano/opened-answer@auto',
  'nemotron-3-nano/opened-call@auto',
  'nemotron-3-nano/control-kept-answer@auto',
  // Through auto, a call Kimi K2 Thinking writes inside its <think> stays reasoning: auto reads no
  // call inside a block the model opened (callsInReasoning is Kimi's fact, known from the id).
  'kimi-k2-thinking/call-in-unclosed-think@auto',
  'kimi-k2-thinking/call-in-think-then-closer@auto',
  // DeepSeek V3.1 opens reasoning only when the request asks for thinking; a server that turns it
  // on by default, with a request that says nothing, leaves a lone </think> after text already
  // streamed as text.
  'deepseek-v3.1/opened-answer-request-silent@registry',
  'deepseek-v3.1/opened-answer-request-silent@auto',
];
