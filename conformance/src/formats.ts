import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import type { ToolCallProtocol } from '@toolbridge/middleware';
import {
  gemmaProtocol,
  gemmaSystemPromptTemplate,
  hermesSystemPromptTemplate,
  jsonMixProtocol,
  morphXmlProtocol,
  toolCallTagProtocol,
  toolCallTagSystemPromptTemplate,
  xmlSystemPromptTemplate,
} from '@toolbridge/middleware/formats';
import { type Call, renderReplies } from './render-reply.ts';
import { apertusReplies } from './replies/apertus.ts';
import { commandRPlusReplies, commandRReplies } from './replies/command-r.ts';
import { cwmReplies } from './replies/cwm.ts';
import { deepseekReplies, deepseekV31Replies } from './replies/deepseek.ts';
import { deepseekDsmlReplies } from './replies/deepseek-dsml.ts';
import { dotsReplies } from './replies/dots.ts';
import { functionGemmaReplies } from './replies/function-gemma.ts';
import { functionaryReplies, functionaryV31Replies } from './replies/functionary.ts';
import { gemmaToolCodeReplies } from './replies/gemma-tool-code.ts';
import { gemma4Replies } from './replies/gemma4.ts';
import { genericJsonReplies } from './replies/generic-json.ts';
import { gigachatReplies } from './replies/gigachat.ts';
import { glmReplies } from './replies/glm.ts';
import { graniteReplies } from './replies/granite.ts';
import { granite20bFcReplies } from './replies/granite-20b-fc.ts';
import { harmonyReplies } from './replies/harmony.ts';
import { hunyuanReplies } from './replies/hunyuan.ts';
import { hyperclovaxReplies } from './replies/hyperclovax.ts';
import { inklingReplies } from './replies/inkling.ts';
import { internlmReplies } from './replies/internlm.ts';
import { k2HorizonReplies } from './replies/k2-horizon.ts';
import { kimiK2Replies } from './replies/kimi-k2.ts';
import { kimiK3Replies } from './replies/kimi-k3.ts';
import { llama3JsonReplies } from './replies/llama3-json.ts';
import { lmStudioReplies } from './replies/lm-studio.ts';
import { longcatReplies } from './replies/longcat.ts';
import { minimaxReplies } from './replies/minimax.ts';
import { mistralPreV11Replies, mistralReplies } from './replies/mistral.ts';
import { museReplies } from './replies/muse.ts';
import { olmo3Replies } from './replies/olmo3.ts';
import { openPanguReplies } from './replies/openpangu.ts';
import { plamoReplies } from './replies/plamo.ts';
import { pythonicReplies } from './replies/pythonic.ts';
import { qwen3CoderReplies } from './replies/qwen3-coder.ts';
import { seedOssReplies } from './replies/seed-oss.ts';
import { solarOpenReplies } from './replies/solar-open.ts';
import { stepAudio2Replies } from './replies/step-audio2.ts';
import { step3Replies } from './replies/step3.ts';
import { telechatReplies } from './replies/telechat.ts';
import { jsonArrayWrapperReplies, xlamReplies } from './replies/xlam.ts';
import { yamlXmlReplies } from './replies/yaml-xml.ts';

/** A format the round trip covers: its protocol, its prompt, and how a model writes a case's calls in it. */
export interface ConformanceFormat {
  name: string;
  protocol: ToolCallProtocol;
  prompt: (tools: string) => string;
  /** The replies a model following the format writes for these calls. */
  writeReplies(calls: readonly Call[], tools: readonly LanguageModelV4FunctionTool[]): string[];
}

/** Every format of the round trip, in report order. */
export const CONFORMANCE_FORMATS: readonly ConformanceFormat[] = [
  {
    name: 'hermes',
    protocol: jsonMixProtocol(),
    prompt: hermesSystemPromptTemplate,
    writeReplies: (calls, tools) => renderReplies('hermes', calls, tools),
  },
  {
    name: 'gemma',
    protocol: gemmaProtocol(),
    prompt: gemmaSystemPromptTemplate,
    writeReplies: (calls, tools) => renderReplies('gemma', calls, tools),
  },
  {
    name: 'xml',
    protocol: morphXmlProtocol(),
    prompt: xmlSystemPromptTemplate,
    writeReplies: (calls, tools) => renderReplies('xml', calls, tools),
  },
  yamlXmlReplies,
  {
    name: 'tool-call-tag',
    protocol: toolCallTagProtocol(),
    prompt: toolCallTagSystemPromptTemplate,
    writeReplies: (calls, tools) => renderReplies('tool-call-tag', calls, tools),
  },
  llama3JsonReplies,
  qwen3CoderReplies,
  mistralReplies,
  mistralPreV11Replies,
  graniteReplies,
  granite20bFcReplies,
  xlamReplies,
  ...jsonArrayWrapperReplies,
  functionaryReplies,
  functionaryV31Replies,
  commandRReplies,
  commandRPlusReplies,
  internlmReplies,
  gigachatReplies,
  longcatReplies,
  lmStudioReplies,
  harmonyReplies,
  deepseekReplies,
  deepseekV31Replies,
  kimiK2Replies,
  apertusReplies,
  genericJsonReplies,
  glmReplies,
  k2HorizonReplies,
  hunyuanReplies,
  seedOssReplies,
  minimaxReplies,
  dotsReplies,
  museReplies,
  inklingReplies,
  deepseekDsmlReplies,
  step3Replies,
  stepAudio2Replies,
  telechatReplies,
  hyperclovaxReplies,
  openPanguReplies,
  solarOpenReplies,
  plamoReplies,
  cwmReplies,
  kimiK3Replies,
  pythonicReplies,
  olmo3Replies,
  gemmaToolCodeReplies,
  gemma4Replies,
  functionGemmaReplies,
];

/** The names of the formats of the round trip. */
export const CONFORMANCE_PROTOCOLS = CONFORMANCE_FORMATS.map((format) => format.name);
export type ConformanceProtocol = string;

/** A format of the round trip by name. */
export function conformanceFormat(name: string): ConformanceFormat {
  const format = CONFORMANCE_FORMATS.find((candidate) => candidate.name === name);
  if (format === undefined) throw new Error(`No conformance format named ${name}`);
  return format;
}
