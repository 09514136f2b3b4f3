import { apertusProtocol } from '../formats/apertus';
import { commandRProtocol } from '../formats/command-r';
import { deepseekProtocol } from '../formats/deepseek';
import { deepseekDsmlProtocol } from '../formats/deepseek-dsml';
import { functionGemmaProtocol } from '../formats/function-gemma';
import { functionaryProtocol } from '../formats/functionary';
import { gemmaToolCodeProtocol } from '../formats/gemma-tool-code';
import { gemmaProtocol } from '../formats/gemma-tool-middleware';
import { gemma4Protocol } from '../formats/gemma4';
import { glmProtocol } from '../formats/glm';
import { graniteProtocol } from '../formats/granite';
import { harmonyProtocol } from '../formats/harmony';
import { internlmProtocol } from '../formats/internlm';
import { kimiK2Protocol } from '../formats/kimi-k2';
import { kimiK3Protocol } from '../formats/kimi-k3';
import { llama3JsonProtocol } from '../formats/llama3-json';
import { lmStudioProtocol } from '../formats/lm-studio';
import { minimaxProtocol } from '../formats/minimax';
import { mistralProtocol } from '../formats/mistral';
import { pythonicProtocol } from '../formats/pythonic';
import { qwen3CoderProtocol } from '../formats/qwen3-coder';
import { seedOssProtocol } from '../formats/seed-oss';
import { toolCallTagProtocol } from '../formats/tool-call-tag-middleware';
import { jsonArrayProtocol } from '../formats/xlam';
import { jsonMixProtocol } from '../protocols/json-mix-protocol';
import { morphXmlProtocol } from '../protocols/morph-xml-protocol';
import { defineTextProtocol } from '../text-protocol';
import type { ToolCallProtocol } from '../tool-call-protocol';
import { combineGrammars } from './combine-grammars';
import { looseJsonGrammar } from './loose-json-grammar';

/** Options of {@link autoProtocol}. */
export interface AutoProtocolOptions {
  /** The format the model is prompted in: its tool list, past calls and results. Default: Hermes `<tool_call>` JSON. */
  prompt?: ToolCallProtocol;
  /** The formats read, by the name calls are reported under, in the order a shared opener tries them. Default: {@link builtInFormats}. */
  formats?: Readonly<Record<string, ToolCallProtocol>>;
}

/**
 * Every format toolbridge reads, by name, in the order a shared opener tries them: where
 * formats share an opener, the one that decides soonest whether the markup is its own comes
 * first (Hermes JSON before Qwen3-Coder XML after `<tool_call>`, Functionary's JSON before
 * Qwen3-Coder's parameters after `<function=`).
 */
export function builtInFormats(): Record<string, ToolCallProtocol> {
  return {
    hermes: jsonMixProtocol(),
    functionary: functionaryProtocol(),
    'qwen3-coder': qwen3CoderProtocol(),
    glm: glmProtocol(),
    'seed-oss': seedOssProtocol(),
    minimax: minimaxProtocol(),
    'deepseek-dsml': deepseekDsmlProtocol(),
    'kimi-k3': kimiK3Protocol(),
    gemma: gemmaProtocol(),
    'gemma-tool-code': gemmaToolCodeProtocol(),
    gemma4: gemma4Protocol(),
    'function-gemma': functionGemmaProtocol(),
    'tool-call-tag': toolCallTagProtocol(),
    'llama3-json': llama3JsonProtocol(),
    mistral: mistralProtocol(),
    granite: graniteProtocol(),
    xlam: jsonArrayProtocol(),
    pythonic: pythonicProtocol(),
    'json-array-tool-calls': jsonArrayProtocol({ wrapper: 'tool_calls' }),
    'json-array-toolcall': jsonArrayProtocol({ wrapper: 'TOOLCALL' }),
    'json-array-functools': jsonArrayProtocol({ wrapper: 'functools' }),
    'command-r': commandRProtocol(),
    internlm: internlmProtocol(),
    'lm-studio': lmStudioProtocol(),
    harmony: harmonyProtocol(),
    deepseek: deepseekProtocol(),
    'kimi-k2': kimiK2Protocol(),
    apertus: apertusProtocol(),
    xml: morphXmlProtocol(),
  };
}

/**
 * Reads every known tool-call format at once, so a user need not know what the model writes:
 * one scan for all openers, each opener handed to the formats that use it. Formats without a
 * marker of their own (bare JSON, a `json` fence) count only for known tools, where a call can
 * sit. The model is prompted in one format (`prompt`); each call reports the format it was read
 * in (`providerMetadata.toolbridge.format`).
 */
export function autoProtocol(options: AutoProtocolOptions = {}): ToolCallProtocol {
  const prompt = options.prompt ?? jsonMixProtocol();
  const formats = Object.entries(options.formats ?? builtInFormats());
  return defineTextProtocol({
    // Other formats read other calls: only the built-in set is `auto` to a reader.
    ...(options.formats === undefined ? { format: 'auto' } : {}),
    grammar: (tools) =>
      combineGrammars([
        ...formats.flatMap(([name, protocol]) =>
          protocol.grammar === undefined ? [] : [{ name, grammar: protocol.grammar(tools) }],
        ),
        { name: 'json', grammar: looseJsonGrammar(tools) },
      ]),
    formatTools: (tools) => prompt.formatTools(tools),
    formatToolCall: (call) => prompt.formatToolCall(call),
    formatToolResponse: (result) => prompt.formatToolResponse(result),
  });
}
