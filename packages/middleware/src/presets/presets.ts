/**
 * The ready-made middlewares, one per format (and DeepSeek R1's with its reasoning opened): each a
 * format value made a middleware on its first use. They live above the formats, which know
 * nothing of the middleware they are built into.
 */
import { apertusFormat } from '../formats/apertus';
import { commandRFormat } from '../formats/command-r';
import { cwmFormat } from '../formats/cwm';
import { deepseekFormat, deepseekV31Format } from '../formats/deepseek';
import { deepseekDsmlFormat } from '../formats/deepseek-dsml';
import { dotsFormat } from '../formats/dots';
import { functionGemmaFormat } from '../formats/function-gemma';
import { functionaryFormat } from '../formats/functionary';
import { gemmaFormat } from '../formats/gemma';
import { gemmaToolCodeFormat } from '../formats/gemma-tool-code';
import { gemma4Format } from '../formats/gemma4';
import { genericJsonFormat } from '../formats/generic-json';
import { gigachatFormat } from '../formats/gigachat';
import { glmFormat } from '../formats/glm';
import { graniteFormat } from '../formats/granite';
import { granite20bFcFormat } from '../formats/granite-20b-fc';
import { harmonyFormat } from '../formats/harmony';
import { hermesFormat } from '../formats/hermes';
import { hunyuanFormat } from '../formats/hunyuan';
import { hyperclovaxFormat } from '../formats/hyperclovax';
import { inklingFormat } from '../formats/inkling';
import { internlmFormat } from '../formats/internlm';
import { k2HorizonFormat } from '../formats/k2-horizon';
import { kimiK2Format } from '../formats/kimi-k2';
import { kimiK3Format } from '../formats/kimi-k3';
import { llama3JsonFormat } from '../formats/llama3-json';
import { lmStudioFormat } from '../formats/lm-studio';
import { longcatFormat } from '../formats/longcat';
import { minimaxFormat } from '../formats/minimax';
import { mistralFormat } from '../formats/mistral';
import { museFormat } from '../formats/muse';
import { olmo3Format } from '../formats/olmo3';
import { openPanguFormat } from '../formats/openpangu';
import { plamoFormat } from '../formats/plamo';
import { pythonicFormat } from '../formats/pythonic';
import { qwen3CoderFormat } from '../formats/qwen3-coder';
import { seedOssFormat } from '../formats/seed-oss';
import { solarOpenFormat } from '../formats/solar-open';
import { stepAudio2Format } from '../formats/step-audio2';
import { step3Format } from '../formats/step3';
import { telechatFormat } from '../formats/telechat';
import { toolCallTagFormat } from '../formats/tool-call-tag';
import { xlamFormat } from '../formats/xlam';
import { xmlFormat } from '../formats/xml';
import { yamlXmlFormat } from '../formats/yaml-xml';
import { formatPreset } from './format-preset';

/**
 * Tool calling for Apertus (Swiss AI) in its own format (see {@link apertusProtocol}). Its
 * reasoning section, `<|inner_prefix|>…<|inner_suffix|>`, is reasoning; so is `<think>`.
 */
export const apertusToolMiddleware = /* @__PURE__ */ formatPreset(apertusFormat);

/** Tool calling for Cohere Command R7B / Command A (and the Command R / R+ `Action:` form), in Cohere's own format. */
export const commandRToolMiddleware = /* @__PURE__ */ formatPreset(commandRFormat);

/** Tool calling for DeepSeek-V3.2, V4 and V4.1 in their DSML format (V4.1's spaced `<｜DSML｜ calls>` too), with `<think>` reasoning. */
export const deepseekDsmlToolMiddleware = /* @__PURE__ */ formatPreset(deepseekDsmlFormat);

/**
 * Tool calling for DeepSeek V3, V3-0324, R1, R1-0528 and the R1 distills in their own format
 * (`<｜tool▁calls▁begin｜>…`, see {@link deepseekProtocol}); V3.1 calls are read too. `<think>` is
 * reasoning when the model writes it. For a chat template that opens the reasoning block itself,
 * use {@link deepseekR1ToolMiddleware}.
 */
export const deepseekToolMiddleware = /* @__PURE__ */ formatPreset(deepseekFormat);

/**
 * {@link deepseekToolMiddleware} for DeepSeek R1 served with its current chat template, which
 * ends the prompt with `<think>\n`: the reply starts inside the reasoning, and everything before
 * the lone `</think>` (the call tokens R1 mentions there included) is reasoning. Only for servers
 * that pass the reasoning on in the text: when the server splits it off (vLLM's
 * `--reasoning-parser`, Ollama's `think`), the text has no `</think>`, and
 * {@link deepseekToolMiddleware} is the one to use.
 */
export const deepseekR1ToolMiddleware = /* @__PURE__ */ formatPreset(deepseekFormat, {
  opensReasoning: 'always',
});

/**
 * Tool calling for DeepSeek V3.1 and V3.1-Terminus: history written in the V3.1 layout
 * (`NAME<｜tool▁sep｜>{…}`, bare `<｜tool▁output▁begin｜>` results); V3 / R1 calls are read too.
 * In thinking mode the template opens `<think>`: pass `startWithReasoning: true` per call.
 */
export const deepseekV31ToolMiddleware = /* @__PURE__ */ formatPreset(deepseekV31Format);

/**
 * Tool calling for rednote's dots3-note in its `<dots_function_call>` format, with `<think>`
 * reasoning (see docs/formats/dots.md).
 */
export const dotsToolMiddleware = /* @__PURE__ */ formatPreset(dotsFormat);

/**
 * Tool calling for FunctionGemma in its own format: `<start_function_call>call:NAME{…}<end_function_call>`
 * calls, `<start_function_response>` results.
 */
export const functionGemmaToolMiddleware = /* @__PURE__ */ formatPreset(functionGemmaFormat);

/** Tool calling for Functionary v3.2 in its own format: `>>>get_weather\n{…}`, with `>>>all` before text. */
export const functionaryToolMiddleware = /* @__PURE__ */ formatPreset(functionaryFormat);

/**
 * Tool calling for Gemma 2 and 3 (and models that follow markdown well) in Google's documented
 * style: Python calls in ```` ```tool_code ```` fences, results in ```` ```tool_output ````.
 */
export const gemmaToolCodeMiddleware = /* @__PURE__ */ formatPreset(gemmaToolCodeFormat);

/**
 * Tool calling for Gemma and other models that follow markdown instructions well: calls in
 * ```` ```tool_call ```` fences, results in ```` ```tool_response ```` fences.
 */
export const gemmaToolMiddleware = /* @__PURE__ */ formatPreset(gemmaFormat);

/**
 * Tool calling for Gemma 4 in its own format: `<|tool_call>call:NAME{…}<tool_call|>` calls,
 * `<|channel>thought…<channel|>` reasoning, `<|tool_response>` results.
 */
export const gemma4ToolMiddleware = /* @__PURE__ */ formatPreset(gemma4Format);

/**
 * Tool calling through llama.cpp's generic JSON envelope (see {@link genericJsonProtocol}): for
 * models with no tool format of their own, and for models served with llama.cpp's generic tool
 * grammar.
 */
export const genericJsonToolMiddleware = /* @__PURE__ */ formatPreset(genericJsonFormat);

/**
 * Tool calling for GigaChat 3.5 in its GCML block, also reading GigaChat 3's `function call`
 * turn. For GigaChat 3 and 3.1, `formatToolMiddleware('gigachat3')` prompts and writes the
 * history in their own layout.
 */
export const gigachatToolMiddleware = /* @__PURE__ */ formatPreset(gigachatFormat);

/**
 * Tool calling for GLM-4.5, 4.6 and 4.7 in their own `<arg_key>`/`<arg_value>` format; their
 * `<think>` reasoning is read as reasoning (the default tags). GLM-4.7's template opens the reasoning block itself: for its thinking
 * mode, set `startWithReasoning: true` (see docs/formats/glm.md).
 */
export const glmToolMiddleware = /* @__PURE__ */ formatPreset(glmFormat);

/**
 * Tool calling for IBM Granite 3.x models in their own format: `<|tool_call|>` and a JSON list
 * of calls. (Granite 4 writes Hermes-style calls: use `hermesToolMiddleware` for it.)
 */
export const graniteToolMiddleware = /* @__PURE__ */ formatPreset(graniteFormat);

/** Tool calling for gpt-oss (20b, 120b) in its own Harmony format, with its `analysis` channel as reasoning. */
export const harmonyToolMiddleware = /* @__PURE__ */ formatPreset(harmonyFormat);

/**
 * Tool calling for Hermes, Qwen 2.5/3, QwQ and models fine-tuned on their format:
 * `<tool_call>{"name": …, "arguments": {…}}</tool_call>`, results in `<tool_response>`. Also
 * reads the slips of those models (see `jsonMixProtocol`): other keys for the name and the
 * arguments, a call of a declared tool without its tags or in a `json` fence, Qwen's `<tools>`,
 * Glaive's `<functioncall>`.
 */
export const hermesToolMiddleware = /* @__PURE__ */ formatPreset(hermesFormat);

/**
 * Tool calling for Tencent Hunyuan HY v3 / v4 (Hy3, Hy4) in their own `<tool_calls>` format, with
 * or without the checkpoint's token suffix; `<think>` reasoning, suffixed or not, is read as
 * reasoning. Hy3 opens the reasoning block only when `reasoning_effort` asks for thinking, Hy4 by
 * default (see docs/formats/hunyuan.md).
 */
export const hunyuanToolMiddleware = /* @__PURE__ */ formatPreset(hunyuanFormat);

/** Tool calling for Thinking Machines' Inkling in its own format: typed messages, calls as `{"name", "args"}` JSON. */
export const inklingToolMiddleware = /* @__PURE__ */ formatPreset(inklingFormat);

/** Tool calling for InternLM2 / 2.5 and Intern-S1 in their own plugin format. */
export const internlmToolMiddleware = /* @__PURE__ */ formatPreset(internlmFormat);

/**
 * Tool calling for K2 Horizon (IFM's K2-Horizon 0.9B to 375B-A23B) in its own `<ifm|tool_calls>`
 * format, all three of its layouts read; its `<ifm|think>` reasoning (and the medium and low
 * efforts' `<ifm|think_fast>`, `<ifm|think_faster>`) is read as reasoning. The template opens the
 * reasoning block itself, so the reply is read as starting inside it unless the request turns
 * thinking off (see docs/formats/k2-horizon.md).
 */
export const k2HorizonToolMiddleware = /* @__PURE__ */ formatPreset(k2HorizonFormat);

/**
 * Tool calling for Kimi K2 and K2-Thinking in their own format (see {@link kimiK2Protocol}).
 * `<think>` is reasoning; a call K2-Thinking writes inside its `<think>` block is read, and the
 * reasoning goes on after it (`callsInReasoning`).
 */
export const kimiK2ToolMiddleware = /* @__PURE__ */ formatPreset(kimiK2Format);

/**
 * Tool calling for Kimi K3 in its own tag-token format; its think channel and `<think>` are
 * reasoning. In thinking mode K3's template opens the think channel itself: for output that
 * starts inside it, set `startWithReasoning: true` (see docs/formats/kimi-k3.md).
 */
export const kimiK3ToolMiddleware = /* @__PURE__ */ formatPreset(kimiK3Format);

/** Tool calling for Llama 3.x models in their own JSON format: `{"name": …, "parameters": {…}}`. */
export const llama3JsonToolMiddleware = /* @__PURE__ */ formatPreset(llama3JsonFormat);

/** Tool calling in LM Studio's default format: `[TOOL_REQUEST]{"name": …, "arguments": {…}}[END_TOOL_REQUEST]`. */
export const lmStudioToolMiddleware = /* @__PURE__ */ formatPreset(lmStudioFormat);

/** Tool calling for LongCat-Flash in its `<longcat_tool_call>` tags. */
export const longcatToolMiddleware = /* @__PURE__ */ formatPreset(longcatFormat);

/**
 * Tool calling for MiniMax-M2 (M2, M2.1, M2.5, M2.7) in its `<minimax:tool_call>` format, which
 * also reads MiniMax-M3's namespaced calls; `<think>` and M3's `<mm:think>` are reasoning. M2's
 * template opens the reasoning block itself: for output that starts inside it, set
 * `startWithReasoning: true` (see docs/formats/minimax.md).
 */
export const minimaxToolMiddleware = /* @__PURE__ */ formatPreset(minimaxFormat);

/**
 * Tool calling for Mistral models in their own `[TOOL_CALLS]` format (v11+ layout in the
 * prompt and history; the pre-v11 JSON list is read too), with Magistral's `[THINK]` reasoning.
 */
export const mistralToolMiddleware = /* @__PURE__ */ formatPreset(mistralFormat);

/** Tool calling for Muse Glimmer in its own format: channel messages, calls in `<atem:function_calls>`. */
export const museToolMiddleware = /* @__PURE__ */ formatPreset(museFormat);

/**
 * Tool calling for Olmo 3 (Instruct and Think) in its own format: Python-style calls, one per
 * line, between `<function_calls>` and `</function_calls>`.
 */
export const olmo3ToolMiddleware = /* @__PURE__ */ formatPreset(olmo3Format);

/**
 * Tool calling in the pythonic format of Llama 3.2 and Llama 4, ToolACE and LFM2:
 * `[get_weather(city="Lyon")]`, also read inside `<|python_start|>` and `<|tool_call_start|>`.
 */
export const pythonicToolMiddleware = /* @__PURE__ */ formatPreset(pythonicFormat);

/** Tool calling for Qwen3-Coder and models trained on its XML-parameter format. */
export const qwen3CoderToolMiddleware = /* @__PURE__ */ formatPreset(qwen3CoderFormat);

/** Tool calling for ByteDance Seed-OSS in its own `<seed:tool_call>` format, with its `<seed:think>` reasoning. */
export const seedOssToolMiddleware = /* @__PURE__ */ formatPreset(seedOssFormat);

/**
 * Tool calling for StepFun Step-3 in its own format (see {@link step3Protocol}), with `<think>`
 * reasoning. Step-3's template opens the reasoning block itself: for raw output that starts inside
 * it, pass `startWithReasoning: true` per call, or use `toolMiddlewareFor('stepfun-ai/step3')`.
 */
export const step3ToolMiddleware = /* @__PURE__ */ formatPreset(step3Format);

/**
 * Tool calling for StepFun Step-Audio 2 mini in its own format (see {@link stepAudio2Protocol}):
 * `<tool_call>function\nNAME\n{…}</tool_call>`, `<think>` reasoning (mini Think), its speech
 * tokens `<tts_start>`/`<tts_end>` kept out of the text. StepFun's examples open `<think>` in the
 * assistant turn themselves: for raw output that starts inside it, pass `startWithReasoning: true`.
 */
export const stepAudio2ToolMiddleware = /* @__PURE__ */ formatPreset(stepAudio2Format);

/**
 * Tool calling for China Telecom TeleChat4 and XingChen Xing4.0 (XingChen4) in their own format
 * (see {@link telechatProtocol}): `<tool_call>NAME<param_key>K</param_key><param_value>V</param_value></tool_call>`,
 * with `<think>` reasoning. The template thinks unless `enable_thinking` is false, opening the
 * reasoning block itself: a reply is read as starting inside it once `</think>` or a call shows it
 * did; pass `startWithReasoning` per call to say so outright.
 */
export const telechatToolMiddleware = /* @__PURE__ */ formatPreset(telechatFormat);

/**
 * Tool calling for NAVER HyperCLOVA X SEED Think 14B in its own format (see
 * {@link hyperclovaxProtocol}): the ` -> tool/function_call` role and one JSON list of calls,
 * with the `/think` reasoning it opens itself. Under `force_reasoning` the prompt opens the
 * reasoning: pass `startWithReasoning: true` per call. The 32B writes GLM's tags: use
 * {@link glmToolMiddleware}.
 */
export const hyperclovaxToolMiddleware = /* @__PURE__ */ formatPreset(hyperclovaxFormat);

/**
 * Tool calling for Huawei openPangu (2.0 and v1) in its own format (see {@link openPanguProtocol}):
 * one JSON list of calls in `<|tool_call_start|>` … `<|tool_call_end|>` (v1: `[unused11]` …
 * `[unused12]`), with `<think>` (v1: `[unused16]`) reasoning. openPangu 2.0's template opens the
 * reasoning block itself: for raw output that starts inside it, pass `startWithReasoning: true` per
 * call, or use `toolMiddlewareFor('openpangu/openPangu-2.0-Flash')`.
 */
export const openPanguToolMiddleware = /* @__PURE__ */ formatPreset(openPanguFormat);

/**
 * Tool calling for Upstage Solar Open 2 and Solar Open in their own formats (see
 * {@link solarOpenProtocol}), with `<|think:start|>` (and v1's `<|think|>`) reasoning. Solar Open
 * 2's template opens the reasoning block itself: for raw output that starts inside it, pass
 * `startWithReasoning: true` per call, or use `toolMiddlewareFor('upstage/Solar-Open2-250B')`.
 */
export const solarOpenToolMiddleware = /* @__PURE__ */ formatPreset(solarOpenFormat);

/**
 * One call per reply in `<TOOL_CALL>{"tool", "args", "reasoning"}</TOOL_CALL>`, results as
 * `TOOL_RESULT:` lines; the prompt spells out its rules, for small models that need them.
 */
export const toolCallTagMiddleware = /* @__PURE__ */ formatPreset(toolCallTagFormat);

/**
 * Tool calling for Salesforce xLAM, Hammer and other function-calling fine-tunes whose reply is
 * a bare JSON list of calls: `[{"name": …, "arguments": {…}}, …]`.
 */
export const xlamToolMiddleware = /* @__PURE__ */ formatPreset(xlamFormat);

/**
 * Tool calling in XML, which small models and coding models write reliably, and which
 * carries code without JSON escaping: `<get_weather><city>Seoul</city></get_weather>`.
 */
export const xmlToolMiddleware = /* @__PURE__ */ formatPreset(xmlFormat);

/**
 * Tool calling in an XML element named after the tool with YAML arguments inside, which carries
 * text over several lines as a `|` block, without escapes: `<get_weather>\ncity: Seoul\n</get_weather>`.
 */
export const yamlXmlToolMiddleware = /* @__PURE__ */ formatPreset(yamlXmlFormat);

/**
 * Tool calling for Meta's Code World Model (CWM) in its own format: `<tool: NAME>` blocks with
 * JSON arguments, or raw text for a tool with one string argument, and `<think>` reasoning. When
 * the request enables reasoning, the server opens `<think>\n`: pass `startWithReasoning: true` per
 * call, or use `toolMiddlewareFor('facebook/cwm')`.
 */
export const cwmToolMiddleware = /* @__PURE__ */ formatPreset(cwmFormat);

/**
 * Tool calling for IBM granite-20b-functioncalling in its own format: `<function_call>` and one
 * JSON object per call, no closing tag. Its `no_function` answer runs nothing and is left out of
 * the text.
 */
export const granite20bFcToolMiddleware = /* @__PURE__ */ formatPreset(granite20bFcFormat);

/**
 * Tool calling for PLaMo 3 (`plamo-3.0-prime`): `<|plamo:begin_tool_requests:plamo|>` sections, each
 * call's name and JSON arguments in tags, and `<|plamo:begin_think:plamo|>` reasoning.
 */
export const plamoToolMiddleware = /* @__PURE__ */ formatPreset(plamoFormat);
