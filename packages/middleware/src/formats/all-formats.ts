import { apertusFormat } from './apertus';
import { commandRFormat } from './command-r';
import { cwmFormat } from './cwm';
import { deepseekFormat } from './deepseek';
import { deepseekDsmlFormat } from './deepseek-dsml';
import type { Format } from './define-format';
import { dotsFormat } from './dots';
import { functionGemmaFormat } from './function-gemma';
import { functionaryFormat } from './functionary';
import { gemmaFormat } from './gemma';
import { gemmaToolCodeFormat } from './gemma-tool-code';
import { gemma4Format } from './gemma4';
import { genericJsonFormat } from './generic-json';
import { gigachatFormat } from './gigachat';
import { glmFormat } from './glm';
import { graniteFormat } from './granite';
import { granite20bFcFormat } from './granite-20b-fc';
import { harmonyFormat } from './harmony';
import { hermesFormat } from './hermes';
import { hunyuanFormat } from './hunyuan';
import { hyperclovaxFormat } from './hyperclovax';
import { inklingFormat } from './inkling';
import { internlmFormat } from './internlm';
import { k2HorizonFormat } from './k2-horizon';
import { kimiK2Format } from './kimi-k2';
import { kimiK3Format } from './kimi-k3';
import { llama3JsonFormat } from './llama3-json';
import { lmStudioFormat } from './lm-studio';
import { longcatFormat } from './longcat';
import { minimaxFormat } from './minimax';
import { mistralFormat } from './mistral';
import { museFormat } from './muse';
import { olmo3Format } from './olmo3';
import { openPanguFormat } from './openpangu';
import { plamoFormat } from './plamo';
import { pythonicFormat } from './pythonic';
import { qwen3CoderFormat } from './qwen3-coder';
import { seedOssFormat } from './seed-oss';
import { solarOpenFormat } from './solar-open';
import { stepAudio2Format } from './step-audio2';
import { step3Format } from './step3';
import { telechatFormat } from './telechat';
import { toolCallTagFormat } from './tool-call-tag';
import {
  jsonArrayFunctoolsFormat,
  jsonArrayToolCallsFormat,
  jsonArrayToolcallFormat,
  xlamFormat,
} from './xlam';
import { xmlFormat } from './xml';
import { yamlXmlFormat } from './yaml-xml';

/**
 * Every format toolbridge knows, the one list the presets, `auto`, the model table, the
 * reasoning tags `auto` reads and the CLI's choices are derived from. The order is `auto`'s:
 * where formats share an opener, the one that decides soonest whether the markup is its own
 * comes first (Hermes JSON before Qwen3-Coder XML after `<tool_call>`, Functionary's JSON before
 * Qwen3-Coder's parameters after `<function=`, Step-Audio 2's `function` line and TeleChat's name
 * (announced only once `<param_key>`, `{` or the closer shows it is TeleChat's) before GLM's name
 * after `<tool_call>`, DeepSeek DSML's `<invoke>` before Olmo 3's Python calls after
 * `<function_calls>`, openPangu's JSON list before LFM2's Python list after `<|tool_call_start|>`, morph-XML's
 * argument elements before YAML lines after a tool's tag, Granite's bare call that fills its line
 * before the bare calls that must fill the reply, at its start). It is also the model table's order, specific rows
 * before broad ones (see `ModelRow.broad`).
 */
export const FORMATS = [
  hermesFormat,
  functionaryFormat,
  qwen3CoderFormat,
  stepAudio2Format,
  telechatFormat,
  glmFormat,
  k2HorizonFormat,
  seedOssFormat,
  minimaxFormat,
  dotsFormat,
  deepseekDsmlFormat,
  olmo3Format,
  kimiK3Format,
  graniteFormat,
  gemmaFormat,
  gemmaToolCodeFormat,
  gemma4Format,
  functionGemmaFormat,
  toolCallTagFormat,
  llama3JsonFormat,
  inklingFormat,
  mistralFormat,
  granite20bFcFormat,
  xlamFormat,
  openPanguFormat,
  pythonicFormat,
  jsonArrayToolCallsFormat,
  jsonArrayToolcallFormat,
  jsonArrayFunctoolsFormat,
  hunyuanFormat,
  commandRFormat,
  internlmFormat,
  gigachatFormat,
  longcatFormat,
  lmStudioFormat,
  harmonyFormat,
  museFormat,
  deepseekFormat,
  step3Format,
  hyperclovaxFormat,
  plamoFormat,
  cwmFormat,
  kimiK2Format,
  solarOpenFormat,
  apertusFormat,
  xmlFormat,
  yamlXmlFormat,
  genericJsonFormat,
] as const;

/** The names of a format and its variants. */
type NamesOf<F> = F extends Format<infer Name, infer VariantName> ? Name | VariantName : never;

/** The name of a format a model can be prompted in. */
export type FormatName = NamesOf<(typeof FORMATS)[number]>;

/** Every format and variant, each after its family: what `formatToolMiddleware` builds by name. */
export function allFormats(): Format<FormatName>[] {
  return FORMATS.flatMap((format) => [format, ...format.variants]) as Format<FormatName>[];
}

/** The format of a name, or undefined. */
export function formatNamed(name: string): Format<FormatName> | undefined {
  return allFormats().find((format) => format.name === name);
}
