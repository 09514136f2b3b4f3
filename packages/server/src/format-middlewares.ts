import type { LanguageModelV4Middleware } from '@ai-sdk/provider';
import * as toolbridge from '@toolbridge/middleware';

/**
 * The tool middleware of each format a server can be told to use (`format` option, `--format`):
 * the preset of every format `builtInFormats()` names, and `auto`, which prompts in Hermes and
 * reads every format.
 */
export function formatMiddlewares(): Record<string, LanguageModelV4Middleware> {
  const jsonArray = (wrapper: toolbridge.JsonArrayWrapper) =>
    toolbridge.createToolMiddleware({
      protocol: toolbridge.jsonArrayProtocol({ wrapper }),
      toolSystemPromptTemplate: toolbridge.jsonArraySystemPromptTemplate(wrapper),
    });
  return {
    auto: toolbridge.autoToolMiddleware,
    hermes: toolbridge.hermesToolMiddleware,
    functionary: toolbridge.functionaryToolMiddleware,
    'qwen3-coder': toolbridge.qwen3CoderToolMiddleware,
    glm: toolbridge.glmToolMiddleware,
    'seed-oss': toolbridge.seedOssToolMiddleware,
    minimax: toolbridge.minimaxToolMiddleware,
    'deepseek-dsml': toolbridge.deepseekDsmlToolMiddleware,
    'kimi-k3': toolbridge.kimiK3ToolMiddleware,
    gemma: toolbridge.gemmaToolMiddleware,
    'gemma-tool-code': toolbridge.gemmaToolCodeMiddleware,
    gemma4: toolbridge.gemma4ToolMiddleware,
    'function-gemma': toolbridge.functionGemmaToolMiddleware,
    'tool-call-tag': toolbridge.toolCallTagMiddleware,
    'llama3-json': toolbridge.llama3JsonToolMiddleware,
    mistral: toolbridge.mistralToolMiddleware,
    granite: toolbridge.graniteToolMiddleware,
    xlam: toolbridge.xlamToolMiddleware,
    pythonic: toolbridge.pythonicToolMiddleware,
    'json-array-tool-calls': jsonArray('tool_calls'),
    'json-array-toolcall': jsonArray('TOOLCALL'),
    'json-array-functools': jsonArray('functools'),
    'command-r': toolbridge.commandRToolMiddleware,
    internlm: toolbridge.internlmToolMiddleware,
    'lm-studio': toolbridge.lmStudioToolMiddleware,
    harmony: toolbridge.harmonyToolMiddleware,
    deepseek: toolbridge.deepseekToolMiddleware,
    'kimi-k2': toolbridge.kimiK2ToolMiddleware,
    apertus: toolbridge.apertusToolMiddleware,
    xml: toolbridge.xmlToolMiddleware,
  };
}
