import { readFileSync } from 'node:fs';
import { generateText, tool, wrapLanguageModel } from 'ai';
import { assert, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { scriptedModel } from '../testing/mock-model';
import { MODEL_FAMILIES, modelFamily } from './model-registry';
import { toolMiddlewareFor } from './tool-middleware-for';

/** Ids of each family as Ollama, Hugging Face, LM Studio and OpenRouter write them. */
const IDS: Record<string, string[]> = {
  'Qwen3-Coder': [
    'qwen3-coder:30b',
    'Qwen/Qwen3-Coder-30B-A3B-Instruct',
    'qwen/qwen3-coder-30b',
    'qwen/qwen3-coder:free',
  ],
  'Qwen3.5': ['qwen3.5:9b', 'Qwen/Qwen3.5-27B', 'qwen/qwen3.5-397b-a17b'],
  'Nemotron 3 Nano': [
    'nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B',
    'nemotron-3-nano:30b',
    'nemotron-3.5-nano',
  ],
  'Step 3.5 / 3.7': [
    'stepfun-ai/Step-3.5-Flash',
    'stepfun/step-3.5-flash',
    'step-3.5-flash',
    'stepfun/step-3.7-flash',
  ],
  'Step 3': ['stepfun-ai/step3', 'stepfun-ai/step3-fp8', 'step-3'],
  'PLaMo 3': ['plamo-3.0-prime', 'plamo-3.0-prime-beta', 'pfnet/plamo-3-nict-8b-base'],
  'Code World Model (CWM)': ['facebook/cwm', 'facebook/cwm-sft', 'cwm'],
  'Granite 20B Function Calling': ['ibm-granite/granite-20b-functioncalling'],
  'Arcee Trinity': [
    'arcee-ai/Trinity-Mini',
    'arcee-ai/trinity-mini:free',
    'arcee-ai/Trinity-Nano-Preview',
    'arcee-ai/trinity-large-preview:free',
  ],
  'Arcee Trinity Large Thinking': [
    'arcee-ai/Trinity-Large-Thinking',
    'arcee-ai/trinity-large-thinking',
  ],
  'MiMo-V2': [
    'XiaomiMiMo/MiMo-V2-Flash',
    'xiaomi/mimo-v2-flash:free',
    'XiaomiMiMo/MiMo-V2.5',
    'mimo-v2.6',
  ],
  'IQuest Coder': [
    'IQuestLab/IQuest-Coder-V1-40B-Instruct',
    'IQuestLab/IQuest-Coder-V1-7B-Thinking',
  ],
  'Deep Cogito': [
    'cogito:14b',
    'deepcogito/cogito-v1-preview-qwen-14B',
    'deepcogito/cogito-v2-preview-llama-70b',
  ],
  'Deep Cogito 671B': [
    'deepcogito/cogito-671b-v2.1',
    'deepcogito/cogito-v2.1-671b',
    'deepcogito/cogito-v2-preview-deepseek-671B-MoE',
    'deepcogito/cogito-v2-1-671b',
    'cogito-2.1:671b',
  ],
  'GLM-5.3-Flash': ['zai-org/GLM-5.3-Flash', 'z-ai/glm-5.3-flash', 'glm-5.3-flash:cloud'],
  'IQuest-Q1 / iQuest Coder V2': ['IQuestLab/IQuest-Q1'],
  'Spark X2.5': ['XHToken/Spark-X2.5-4B', 'spark-x2.5'],
  'dots3-note': [
    'dots-studio/dots3-note-prev',
    'dots-studio/dots3-note-prev-fp8',
    'dots3-note-prev',
    'dots3.note',
  ],
  'Hunyuan Hy3': ['tencent/Hy3', 'tencent/Hy3-preview', 'tencent/Hy3-FP8', 'tencent/hy3:free'],
  'Hunyuan Hy4': ['tencent/Hy4-preview'],
  Inkling: [
    'thinkingmachines/Inkling',
    'thinkingmachines/Inkling-Small-NVFP4',
    'thinkingmachines/inkling-small:free',
  ],
  'K2 Horizon': [
    'IFM/K2-Horizon-7B',
    'IFM/K2-Horizon-MoVA-36B-A4B',
    'IFM/K2-Horizon-375B-A23B',
    'ingloryon/k2-horizon:0.9b-q8_0',
  ],
  'MiniCPM 4 / 5, MiniCPM-V': [
    'openbmb/MiniCPM4-8B',
    'minicpm4:8b',
    'openbmb/MiniCPM-V-4_5',
    'minicpm-v:8b',
  ],
  BerryLM: ['RWB/BerryLM-OS', 'rwb-ai/BerryLM-OS'],
  'Step-Audio 2': [
    'stepfun-ai/Step-Audio-2-mini',
    'stepfun-ai/Step-Audio-2-mini-Base',
    'stepfun-ai/Step-Audio-2-mini-Think',
    'step-audio-2-mini',
  ],
  'openPangu 2.0': [
    'openpangu/openPangu-2.0-Flash',
    'openpangu/openPangu-2.0-Pro',
    'JANGQ-AI/openPangu-2.0-Flash-JANG_2L',
  ],
  'openPangu v1 (Embedded, R, Pro MoE)': [
    'FreedomIntelligence/openPangu-Embedded-7B-V1.1',
    'FreedomIntelligence/openPangu-Embedded-1B',
    'openpangu/openPangu-R-72B-2512-Int8',
  ],
  TeleChat4: ['telechat4'],
  'Xing4.0 (XingChen4)': [
    'XingChen-AGI/Xing4.0-29B-A4B',
    'Venastine-Research/Xing4.0-29B-A4B-GGUF',
    'xing4.0-29b-a4b',
  ],
  'Solar Open 2': ['upstage/Solar-Open2-250B', 'solar-open2'],
  'Solar Open': ['upstage/Solar-Open-100B'],
  'HyperCLOVA X SEED Think 14B': ['naver-hyperclovax/HyperCLOVAX-SEED-Think-14B'],
  'HyperCLOVA X SEED Think 32B': ['naver-hyperclovax/HyperCLOVAX-SEED-Think-32B'],
  'RWKV-7 G1': ['BlinkDL/rwkv7-g1', 'fla-hub/rwkv7-1.5B-g1', 'RWKV/RWKV7-7.2B-20260805'],
  SmolLM3: ['HuggingFaceTB/SmolLM3-3B', 'smollm3', 'smollm3:3b'],
  'EXAONE 4, K-EXAONE': ['LGAI-EXAONE/EXAONE-4.0-32B', 'exaone4', 'LGAI-EXAONE/K-EXAONE-236B-A23B'],
  'ERNIE 4.5': ['baidu/ERNIE-4.5-21B-A3B-PT', 'baidu/ernie-4.5-300b-a47b'],
  'Qwen3 thinking (2507)': ['Qwen/Qwen3-30B-A3B-Thinking-2507', 'qwen/qwen3-4b-thinking-2507'],
  QwQ: ['qwq:32b', 'Qwen/QwQ-32B', 'qwen/qwq-32b'],
  'Qwen 2.5': ['qwen2.5:7b', 'Qwen/Qwen2.5-72B-Instruct', 'qwen2.5-coder:7b'],
  'Qwen 2 / 3': ['qwen2:7b', 'Qwen/Qwen3-8B', 'qwen/qwen3-235b-a22b'],
  'DeepSeek V4.1': [
    'deepseek-ai/DeepSeek-V4.1',
    'deepseek-ai/DeepSeek-V4.1-Flash',
    'deepseek/deepseek-v4.1',
  ],
  'DeepSeek V3.2 / V4': ['deepseek-ai/DeepSeek-V3.2', 'deepseek/deepseek-v3.2-exp', 'deepseek-v4'],
  'DeepSeek V3.1': [
    'deepseek-ai/DeepSeek-V3.1',
    'deepseek-v3.1:671b',
    'deepseek/deepseek-chat-v3.1',
  ],
  'DeepSeek-R1 distills': ['deepseek-ai/DeepSeek-R1-Distill-Qwen-7B', 'deepseek-r1:7b'],
  'DeepSeek-R1': ['deepseek-ai/DeepSeek-R1-0528', 'deepseek/deepseek-r1', 'deepseek-r1:671b'],
  'DeepSeek V3': ['deepseek-ai/DeepSeek-V3-0324', 'deepseek/deepseek-chat'],
  'Hermes 2 Pro / 3 / 4': ['hermes3:8b', 'NousResearch/Hermes-3-Llama-3.1-8B'],
  'xLAM, Hammer': ['Salesforce/Llama-xLAM-2-8b-fc-r', 'MadeAgents/Hammer2.1-7b'],
  Functionary: ['meetkai/functionary-small-v3.2', 'meetkai/functionary-small-v3.1'],
  'Llama 3.2': ['llama3.2:3b', 'meta-llama/Llama-3.2-3B-Instruct', 'llama3.2'],
  'Llama 4': ['meta-llama/Llama-4-Scout-17B-16E-Instruct', 'llama4:scout'],
  'Llama 3.1 / 3.3': [
    'llama3.1:8b',
    'meta-llama/Llama-3.1-8B-Instruct',
    'meta-llama/llama-3.3-70b-instruct',
    'llama3.3',
  ],
  FunctionGemma: ['functiongemma:270m', 'google/functiongemma-270m-it'],
  'Gemma 4': ['gemma4:12b', 'google/gemma-4-27b-it'],
  'Gemma 2 / 3': ['gemma3:12b', 'google/gemma-3-27b-it', 'google/gemma-2-9b-it'],
  'gpt-oss': ['gpt-oss:20b', 'openai/gpt-oss-120b'],
  'Mistral 7B, Mixtral, Nemo': [
    'mistral',
    'mistral:7b',
    'mistralai/Mistral-7B-Instruct-v0.3',
    'mixtral:8x7b',
    'mistral-nemo:12b',
  ],
  'Mistral Small 3.2, Magistral, Devstral, Ministral': [
    'mistral-small3.2',
    'mistralai/Mistral-Small-3.2-24B-Instruct-2506',
    'magistral:24b',
    'devstral:24b',
    'mistralai/ministral-8b',
  ],
  'Granite 4': ['granite4:3b', 'ibm-granite/granite-4.0-h-tiny'],
  'Granite 3': ['granite3.3:8b', 'ibm-granite/granite-3.3-8b-instruct'],
  'Command R / R7B / A': [
    'command-r7b',
    'CohereForAI/c4ai-command-r7b-12-2024',
    'command-a-03-2025',
    'command-a:111b',
    'cohere/command-r-plus',
  ],
  'Command A Reasoning': ['CohereLabs/command-a-reasoning-08-2025', 'command-a-reasoning'],
  'InternLM, Intern-S1': ['internlm/internlm2_5-7b-chat', 'internlm/Intern-S1'],
  'GigaChat 3.5': ['ai-sage/GigaChat3.5-432B-A28B'],
  'LongCat-Flash': [
    'meituan-longcat/LongCat-Flash-Chat',
    'meituan-longcat/LongCat-Flash-Thinking',
    'meituan/longcat-flash-chat',
  ],
  'GigaChat 3': [
    'ai-sage/GigaChat3-10B-A1.8B',
    'ai-sage/GigaChat3-10B-A1.8B-GGUF',
    'ai-sage/GigaChat3.1-10B-A1.8B',
    'ai-sage/GigaChat3-702B-A36B-preview',
  ],
  'Kimi K3': ['moonshotai/Kimi-K3'],
  'Kimi K2': ['moonshotai/Kimi-K2-Instruct', 'moonshotai/kimi-k2-thinking', 'kimi-k2:1t'],
  'GLM-4.7': ['zai-org/GLM-4.7', 'glm-4.7'],
  'GLM-4.5 / 4.6': ['zai-org/GLM-4.5-Air', 'z-ai/glm-4.6'],
  'GLM-5': ['zai-org/GLM-5', 'zai-org/GLM-5.1', 'z-ai/glm-5', 'glm-5:cloud'],
  'Ling 3': [
    'inclusionAI/Ling-3.0-flash',
    'inclusionai/ling-3.0-flash',
    'inclusionai/ling-3.0-flash:free',
  ],
  'Poolside Laguna': [
    'poolside/Laguna-XS.2',
    'poolside/Laguna-S-2.1-GGUF',
    'poolside/laguna-xs-2.1:free',
    'poolside/laguna-m.1:free',
  ],
  'MiniMax M2': ['MiniMaxAI/MiniMax-M2', 'minimax/minimax-m2.5'],
  'MiniMax M3': ['MiniMaxAI/MiniMax-M3'],
  'Seed-OSS': ['ByteDance-Seed/Seed-OSS-36B-Instruct'],
  Apertus: ['swiss-ai/Apertus-8B-Instruct-2509'],
  'Phi-4-mini': ['microsoft/Phi-4-mini-instruct', 'phi4-mini:3.8b'],
  'FireFunction v2': ['fireworks-ai/llama-3-firefunction-v2', 'firefunction-v2'],
  'Jamba, Hunyuan A13B': ['ai21labs/AI21-Jamba-Mini-1.7', 'tencent/Hunyuan-A13B-Instruct'],
  'MiniMax-Text-01 / M1': [
    'MiniMaxAI/MiniMax-M1-80k',
    'MiniMaxAI/MiniMax-Text-01',
    'minimax/minimax-m1',
  ],
  'Muse Glimmer': ['muse-glimmer', 'muse_glimmer:q8'],
  'Apriel 1.5': ['ServiceNow-AI/Apriel-1.5-15b-Thinker', 'apriel-1.5-15b-thinker'],
  Apriel: ['ServiceNow-AI/Apriel-1.6-15b-Thinker', 'apriel-nemotron-15b-thinker'],
  'Nemotron Nano v2': ['nvidia/NVIDIA-Nemotron-Nano-9B-v2', 'nemotron-nano:9b'],
  'Llama Nemotron': [
    'nvidia/Llama-3_3-Nemotron-Super-49B-v1_5',
    'nvidia/llama-3.3-nemotron-super-49b-v1.5',
    'nvidia/Llama-3.1-Nemotron-Nano-4B-v1.1',
    'nvidia/Llama-3_1-Nemotron-Ultra-253B-v1',
  ],
  LFM2: ['LiquidAI/LFM2-1.2B', 'lfm2:1.2b'],
  'Olmo 3 Think': [
    'allenai/Olmo-3-7B-Think',
    'allenai/Olmo-3.1-32B-Think',
    'olmo-3:7b-think',
    'olmo-3.1:32b-think',
    'allenai/olmo-3-32b-think',
  ],
  'Olmo 3': [
    'allenai/Olmo-3-7B-Instruct',
    'allenai/Olmo-3.1-32B-Instruct',
    'olmo-3:7b-instruct',
    'olmo-3.1:32b-instruct',
    'allenai/olmo-3-7b-instruct',
  ],
};

describe('the model table', () => {
  it.each(MODEL_FAMILIES)('maps the ids of $family to its row', (row) => {
    const ids = IDS[row.family];
    assert.isDefined(ids, `ids for ${row.family}`);
    for (const id of ids) expect(modelFamily(id)?.family, id).toBe(row.family);
  });

  it('is documented row by row in docs/models.md', () => {
    const page = readFileSync(new URL('../../../../docs/models.md', import.meta.url), 'utf8');
    for (const row of MODEL_FAMILIES) {
      // Biome pads the table's cells.
      expect(
        page.split('\n').some((line) => line.startsWith(`| ${row.family} `)),
        row.family,
      ).toBe(true);
    }
  });

  it('knows no row for other ids', () => {
    expect(modelFamily('gpt-4o-mini')).toBeUndefined();
    expect(modelFamily('my-finetune')).toBeUndefined();
  });

  it.each([undefined, null, '', ' ', 7])(
    'refuses %j as an id with a TypeError naming the argument',
    (modelId) => {
      expect(() => modelFamily(modelId as never)).toThrow(TypeError);
      expect(() => modelFamily(modelId as never)).toThrow(
        /^modelFamily: the modelId argument must be a non-empty string/,
      );
    },
  );
});

describe('toolMiddlewareFor', () => {
  const tools = { get_weather: tool({ inputSchema: z.object({ city: z.string() }) }) };

  it("prompts in the model's own format and reads any format back", async () => {
    const model = scriptedModel([
      '<tool_call>{"name": "get_weather", "arguments": {"city": "Oslo"}}</tool_call>',
    ]);
    const result = await generateText({
      model: wrapLanguageModel({ model, middleware: toolMiddlewareFor('qwen3-coder:30b') }),
      tools,
      prompt: 'Weather?',
    });
    const [params] = model.doGenerateCalls;
    assert.isDefined(params);
    expect(params.prompt[0]).toMatchObject({ role: 'system' });
    // Qwen3-Coder's template's words and call example.
    expect(JSON.stringify(params.prompt[0])).toContain('<function=example_function_name>');
    expect(result.toolCalls).toMatchObject([{ toolName: 'get_weather', input: { city: 'Oslo' } }]);
  });

  it('starts inside the reasoning block where the template opens it', async () => {
    const result = await generateText({
      model: wrapLanguageModel({
        model: scriptedModel(['Thinking about it.</think>It is sunny.']),
        middleware: toolMiddlewareFor('deepseek-r1:7b'),
      }),
      tools,
      prompt: 'Weather?',
    });
    expect(result.reasoningText).toBe('Thinking about it.');
    expect(result.text).toBe('It is sunny.');
  });

  it("closes a template-opened block with the family's own tag", async () => {
    const result = await generateText({
      model: wrapLanguageModel({
        model: scriptedModel(['Hmm.</think>Sure.']),
        middleware: toolMiddlewareFor('zai-org/GLM-4.7'),
      }),
      tools,
      prompt: 'Weather?',
    });
    expect(result.reasoningText).toBe('Hmm.');
    expect(result.text).toBe('Sure.');
  });

  it('takes options over the table, such as a server that splits reasoning off', async () => {
    const result = await generateText({
      model: wrapLanguageModel({
        model: scriptedModel(['It is sunny.']),
        middleware: toolMiddlewareFor('deepseek-r1:7b', { startWithReasoning: false }),
      }),
      tools,
      prompt: 'Weather?',
    });
    expect(result.text).toBe('It is sunny.');
  });

  it('gives an unknown model the Hermes prompt', async () => {
    const model = scriptedModel(['No call.']);
    await generateText({
      model: wrapLanguageModel({
        model,
        middleware: toolMiddlewareFor('my-finetune', { onUnknownModel: false }),
      }),
      tools,
      prompt: 'Weather?',
    });
    const [params] = model.doGenerateCalls;
    assert.isDefined(params);
    expect(JSON.stringify(params.prompt[0])).toContain('<tool_call>');
  });
});
