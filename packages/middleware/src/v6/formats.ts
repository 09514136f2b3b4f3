/**
 * `@toolbridge/middleware/v6/formats`: the formats of `@toolbridge/middleware/formats` for AI SDK 6
 * (`ai@6`, `LanguageModelV3`).
 *
 * Every name `@toolbridge/middleware/formats` exports, with the ready-made middlewares typed as
 * `LanguageModelV3Middleware` for `wrapLanguageModel` of `ai@6`. Like the main entry's, each is
 * built on its first use.
 */
import type { LanguageModelMiddleware as LanguageModelV3Middleware } from 'ai-v6';
import * as core from '../formats-entry';
import { toV3Middleware } from './to-v3-middleware';

export * from '../formats-entry';

/** `hermesToolMiddleware` of `@toolbridge/middleware/formats`, for AI SDK 6. */
export const hermesToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(
  core.hermesToolMiddleware,
);
/** `gemmaToolMiddleware` of `@toolbridge/middleware/formats`, for AI SDK 6. */
export const gemmaToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(
  core.gemmaToolMiddleware,
);
/** `xmlToolMiddleware` of `@toolbridge/middleware/formats`, for AI SDK 6. */
export const xmlToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(
  core.xmlToolMiddleware,
);
/** `yamlXmlToolMiddleware` of `@toolbridge/middleware/formats`, for AI SDK 6. */
export const yamlXmlToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(
  core.yamlXmlToolMiddleware,
);
/** `toolCallTagMiddleware` of `@toolbridge/middleware/formats`, for AI SDK 6. */
export const toolCallTagMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(
  core.toolCallTagMiddleware,
);
/** `llama3JsonToolMiddleware` of `@toolbridge/middleware/formats`, for AI SDK 6. */
export const llama3JsonToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(
  core.llama3JsonToolMiddleware,
);
/** `qwen3CoderToolMiddleware` of `@toolbridge/middleware/formats`, for AI SDK 6. */
export const qwen3CoderToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(
  core.qwen3CoderToolMiddleware,
);
/** `mistralToolMiddleware` of `@toolbridge/middleware/formats`, for AI SDK 6. */
export const mistralToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(
  core.mistralToolMiddleware,
);
/** `graniteToolMiddleware` of `@toolbridge/middleware/formats`, for AI SDK 6. */
export const graniteToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(
  core.graniteToolMiddleware,
);
/** `xlamToolMiddleware` of `@toolbridge/middleware/formats`, for AI SDK 6. */
export const xlamToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(
  core.xlamToolMiddleware,
);
/** `functionaryToolMiddleware` of `@toolbridge/middleware/formats`, for AI SDK 6. */
export const functionaryToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(
  core.functionaryToolMiddleware,
);
/** `commandRToolMiddleware` of `@toolbridge/middleware/formats`, for AI SDK 6. */
export const commandRToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(
  core.commandRToolMiddleware,
);
/** `internlmToolMiddleware` of `@toolbridge/middleware/formats`, for AI SDK 6. */
export const internlmToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(
  core.internlmToolMiddleware,
);
/** `lmStudioToolMiddleware` of `@toolbridge/middleware/formats`, for AI SDK 6. */
export const lmStudioToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(
  core.lmStudioToolMiddleware,
);
/** `harmonyToolMiddleware` of `@toolbridge/middleware/formats`, for AI SDK 6. */
export const harmonyToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(
  core.harmonyToolMiddleware,
);
/** `deepseekToolMiddleware` of `@toolbridge/middleware/formats`, for AI SDK 6. */
export const deepseekToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(
  core.deepseekToolMiddleware,
);
/** `deepseekR1ToolMiddleware` of `@toolbridge/middleware/formats`, for AI SDK 6. */
export const deepseekR1ToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(
  core.deepseekR1ToolMiddleware,
);
/** `deepseekV31ToolMiddleware` of `@toolbridge/middleware/formats`, for AI SDK 6. */
export const deepseekV31ToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(
  core.deepseekV31ToolMiddleware,
);
/** `kimiK2ToolMiddleware` of `@toolbridge/middleware/formats`, for AI SDK 6. */
export const kimiK2ToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(
  core.kimiK2ToolMiddleware,
);
/** `apertusToolMiddleware` of `@toolbridge/middleware/formats`, for AI SDK 6. */
export const apertusToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(
  core.apertusToolMiddleware,
);
/** `genericJsonToolMiddleware` of `@toolbridge/middleware/formats`, for AI SDK 6. */
export const genericJsonToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(
  core.genericJsonToolMiddleware,
);
/** `museToolMiddleware` of `@toolbridge/middleware/formats`, for AI SDK 6. */
export const museToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(
  core.museToolMiddleware,
);
/** `olmo3ToolMiddleware` of `@toolbridge/middleware/formats`, for AI SDK 6. */
export const olmo3ToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(
  core.olmo3ToolMiddleware,
);
/** `gigachatToolMiddleware` of `@toolbridge/middleware/formats`, for AI SDK 6. */
export const gigachatToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(
  core.gigachatToolMiddleware,
);
/** `longcatToolMiddleware` of `@toolbridge/middleware/formats`, for AI SDK 6. */
export const longcatToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(
  core.longcatToolMiddleware,
);
/** `pythonicToolMiddleware` of `@toolbridge/middleware/formats`, for AI SDK 6. */
export const pythonicToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(
  core.pythonicToolMiddleware,
);
/** `gemmaToolCodeMiddleware` of `@toolbridge/middleware/formats`, for AI SDK 6. */
export const gemmaToolCodeMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(
  core.gemmaToolCodeMiddleware,
);
/** `gemma4ToolMiddleware` of `@toolbridge/middleware/formats`, for AI SDK 6. */
export const gemma4ToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(
  core.gemma4ToolMiddleware,
);
/** `functionGemmaToolMiddleware` of `@toolbridge/middleware/formats`, for AI SDK 6. */
export const functionGemmaToolMiddleware: LanguageModelV3Middleware =
  /* @__PURE__ */ toV3Middleware(core.functionGemmaToolMiddleware);
/** `glmToolMiddleware` of `@toolbridge/middleware/formats`, for AI SDK 6. */
export const glmToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(
  core.glmToolMiddleware,
);
/** `seedOssToolMiddleware` of `@toolbridge/middleware/formats`, for AI SDK 6. */
export const seedOssToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(
  core.seedOssToolMiddleware,
);
/** `minimaxToolMiddleware` of `@toolbridge/middleware/formats`, for AI SDK 6. */
export const minimaxToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(
  core.minimaxToolMiddleware,
);
/** `deepseekDsmlToolMiddleware` of `@toolbridge/middleware/formats`, for AI SDK 6. */
export const deepseekDsmlToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(
  core.deepseekDsmlToolMiddleware,
);
/** `kimiK3ToolMiddleware` of `@toolbridge/middleware/formats`, for AI SDK 6. */
export const kimiK3ToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(
  core.kimiK3ToolMiddleware,
);
/** `dotsToolMiddleware` of `@toolbridge/middleware/formats`, for AI SDK 6. */
export const dotsToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(
  core.dotsToolMiddleware,
);
/** `hunyuanToolMiddleware` of `@toolbridge/middleware/formats`, for AI SDK 6. */
export const hunyuanToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(
  core.hunyuanToolMiddleware,
);
/** `inklingToolMiddleware` of `@toolbridge/middleware/formats`, for AI SDK 6. */
export const inklingToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(
  core.inklingToolMiddleware,
);
/** `k2HorizonToolMiddleware` of `@toolbridge/middleware/formats`, for AI SDK 6. */
export const k2HorizonToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(
  core.k2HorizonToolMiddleware,
);
/** `step3ToolMiddleware` of `@toolbridge/middleware/formats`, for AI SDK 6. */
export const step3ToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(
  core.step3ToolMiddleware,
);
/** `cwmToolMiddleware` of `@toolbridge/middleware/formats`, for AI SDK 6. */
export const cwmToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(
  core.cwmToolMiddleware,
);
/** `granite20bFcToolMiddleware` of `@toolbridge/middleware/formats`, for AI SDK 6. */
export const granite20bFcToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(
  core.granite20bFcToolMiddleware,
);
/** `plamoToolMiddleware` of `@toolbridge/middleware/formats`, for AI SDK 6. */
export const plamoToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(
  core.plamoToolMiddleware,
);
/** `stepAudio2ToolMiddleware` of `@toolbridge/middleware/formats`, for AI SDK 6. */
export const stepAudio2ToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(
  core.stepAudio2ToolMiddleware,
);
/** `hyperclovaxToolMiddleware` of `@toolbridge/middleware/formats`, for AI SDK 6. */
export const hyperclovaxToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(
  core.hyperclovaxToolMiddleware,
);
/** `openPanguToolMiddleware` of `@toolbridge/middleware/formats`, for AI SDK 6. */
export const openPanguToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(
  core.openPanguToolMiddleware,
);
/** `solarOpenToolMiddleware` of `@toolbridge/middleware/formats`, for AI SDK 6. */
export const solarOpenToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(
  core.solarOpenToolMiddleware,
);
/** `telechatToolMiddleware` of `@toolbridge/middleware/formats`, for AI SDK 6. */
export const telechatToolMiddleware: LanguageModelV3Middleware = /* @__PURE__ */ toV3Middleware(
  core.telechatToolMiddleware,
);
