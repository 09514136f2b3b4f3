import { readingFirst } from '../decoders/reading-first';
import {
  createXmlParameterCallDecoder,
  type XmlParameterSyntax,
} from '../decoders/xml-parameter-call-decoder';
import { functionToolLines } from '../protocols/describe-tool';
import { textOrJson } from '../text-or-json';
import { defineTextProtocol } from '../text-protocol';
import type { ToolCallProtocol } from '../tool-call-protocol';
import { toolResultValue } from '../tool-result-value';
import { defineFormat } from './define-format';
import { QWEN3_CODER_SYNTAX } from './qwen3-coder';

/** Qwen3-Coder's `<function=NAME>` `<parameter=KEY>`VALUE`</parameter>` `</function>`, values inline. */
const SEED_OSS_SYNTAX: XmlParameterSyntax = /* @__PURE__ */ (() => ({
  ...QWEN3_CODER_SYNTAX,
  inlineValues: true,
}))();

/**
 * ByteDance Seed-OSS: Qwen3-Coder's parameter syntax inside `<seed:tool_call>` tags, each value
 * written inline and typed by the tool's schema:
 * `<seed:tool_call>\n<function=get_weather>\n<parameter=city>Lyon</parameter>\n</function>\n</seed:tool_call>`.
 * Without its wrapper, a `<function=…>` block counts only for a known tool. Results go back as the
 * raw content of Seed's `tool` turn.
 */
export function seedOssProtocol(): ToolCallProtocol {
  return defineTextProtocol({
    format: 'seed-oss',
    grammar: (tools) => ({
      openers: ['<seed:tool_call>', '<function='],
      explicitOpeners: ['<seed:tool_call>'],
      startCall: (opener, sink) => {
        const bare = opener === '<function=';
        const decoder = createXmlParameterCallDecoder({
          syntax: SEED_OSS_SYNTAX,
          closer: bare ? undefined : '</seed:tool_call>',
          tools,
          sink,
          single: bare,
          knownToolsOnly: bare,
        });
        // The bare opener is the start of the call's own syntax.
        return bare ? readingFirst(decoder, opener) : decoder;
      },
    }),
    formatTools: (tools) => functionToolLines(tools),
    formatToolCall: ({ toolName, input }) => {
      const parameters = Object.entries((input ?? {}) as Record<string, unknown>).map(
        ([key, value]) => `<parameter=${key}>${textOrJson(value)}</parameter>\n`,
      );
      return `<seed:tool_call>\n<function=${toolName}>\n${parameters.join('')}</function>\n</seed:tool_call>`;
    },
    formatToolResponse: ({ output }) => {
      const { value } = toolResultValue(output);
      return textOrJson(value);
    },
  });
}

/** The system prompt of `seedOssToolMiddleware`: the tools as JSON, and the call layout of Seed's template. */
export function seedOssSystemPromptTemplate(tools: string): string {
  return `You may call one or more of these functions (one JSON description per line):
${tools}

To call a function, write:
<seed:tool_call>
<function=function_name>
<parameter=parameter_name>value</parameter>
</function>
</seed:tool_call>

Write each value right between its tags, text and code as they are, other values as JSON; give every required parameter; one <seed:tool_call> block per call, several allowed. Results come back as the next message. When you have what you need, answer in plain text.`;
}

/** Seed-OSS's reasoning tags, `<seed:think>` first (the pair `startWithReasoning` opens), then `<think>`. */
export const seedOssReasoningTags: ReadonlyArray<readonly [string, string]> = [
  ['<seed:think>', '</seed:think>'],
  ['<think>', '</think>'],
];

/** Seed-OSS's `<seed:tool_call>` calls, with `<seed:think>` reasoning. */
export const seedOssFormat = /* @__PURE__ */ defineFormat({
  name: 'seed-oss',
  protocol: seedOssProtocol,
  systemPrompt: seedOssSystemPromptTemplate,
  controlTokens: ['<seed:eos>'],
  reasoningTags: seedOssReasoningTags,
  models: [{ family: 'Seed-OSS', match: /seed-oss/ }],
});
