import { parse as parseXml } from '@toolbridge/rxml';
import {
  createXmlParameterCallDecoder,
  type XmlParameterSyntax,
} from '../decoders/xml-parameter-call-decoder';
import { escapeCloser, serverTools, type TemplatePrompt } from '../prompt/template-prompt';
import { functionToolLines } from '../protocols/describe-tool';
import { templateJson } from '../safe-json';
import { textOrJson } from '../text-or-json';
import { defineTextProtocol } from '../text-protocol';
import type { ToolCallProtocol } from '../tool-call-protocol';
import { toolResultValue } from '../tool-result-value';
import { BARE_INVOKE, bareInvokeDecoder } from './deepseek-dsml';
import { defineFormat } from './define-format';

/** MiniMax-M2: `<invoke name="NAME">` `<parameter name="KEY">`VALUE`</parameter>` `</invoke>`. */
export const M2_SYNTAX: XmlParameterSyntax = {
  nameOpen: '<invoke name="',
  nameClose: ['">'],
  callClose: '</invoke>',
  keyOpen: '<parameter name="',
  keyClose: '"',
  valueOpen: '>',
  valueClose: '</parameter>',
  inlineValues: true,
};

/** The namespace token MiniMax-M3 writes before each of its tags (a special token). */
const NS = ']<]minimax[>[';

/**
 * MiniMax-M3: every tag after the namespace token, each parameter a tag of its own name, objects
 * as tags inside it and lists as `<item>` tags: `NS<invoke name="NAME">NS<KEY>VALUE NS</KEY>NS</invoke>`.
 */
const M3_SYNTAX: XmlParameterSyntax = {
  nameOpen: `${NS}<invoke name="`,
  nameClose: ['">'],
  callClose: `${NS}</invoke>`,
  keyOpen: `${NS}<`,
  keyClose: '>',
  valueOpen: '',
  valueClose: (key) => `${NS}</${key}>`,
  nestedValue: (markup, schema) => parseXml(markup.split(NS).join(''), schema),
  inlineValues: true,
  nullIsText: true,
};

/** Options of {@link minimaxProtocol}. */
export interface MinimaxProtocolOptions {
  /**
   * How past calls are written back for the model: MiniMax-M2's `<minimax:tool_call>` (M2, M2.1,
   * M2.5, M2.7; the default) or MiniMax-M3's namespaced tags. Both are read either way.
   */
  variant?: 'm2' | 'm3';
}

/**
 * MiniMax-M2 and M3: several calls in one wrapper, each argument raw text typed by the tool's
 * schema. M2: `<minimax:tool_call>\n<invoke name="get_weather">\n<parameter name="city">Lyon</parameter>\n</invoke>\n</minimax:tool_call>`;
 * M3 writes the same with every tag after its `]<]minimax[>[` token, parameters named by their
 * tags (`<city>Lyon</city>`) and nested values as tags. An M2 `<invoke>` without its wrapper
 * counts only for a known tool. Results go back as `<response>` blocks, the content of MiniMax's
 * `tool` turn.
 */
export function minimaxProtocol(options: MinimaxProtocolOptions = {}): ToolCallProtocol {
  const m3 = options.variant === 'm3';
  return defineTextProtocol({
    format: 'minimax',
    grammar: (tools) => ({
      // A bare <invoke> (its wrapper left out) is DeepSeek's marker-less DSML too: read alike by
      // both, so that `auto` means the same whichever reads it; only for a known tool.
      openers: ['<minimax:tool_call>', `${NS}<tool_call>`, BARE_INVOKE],
      explicitOpeners: ['<minimax:tool_call>', `${NS}<tool_call>`],
      // M3 opens a reply without reasoning with a lone close of the block it did not write.
      wrappers: ['</mm:think>'],
      startCall: (opener, sink) => {
        if (opener === BARE_INVOKE) return bareInvokeDecoder(tools, sink);
        return opener === '<minimax:tool_call>'
          ? createXmlParameterCallDecoder({
              syntax: M2_SYNTAX,
              closer: '</minimax:tool_call>',
              tools,
              sink,
            })
          : createXmlParameterCallDecoder({
              syntax: M3_SYNTAX,
              closer: `${NS}</tool_call>`,
              tools,
              sink,
            });
      },
    }),
    formatTools: (tools) => functionToolLines(tools),
    formatToolCall: ({ toolName, input }) => {
      const entries = Object.entries((input ?? {}) as Record<string, unknown>);
      if (m3) {
        return `${NS}<tool_call>\n${NS}<invoke name="${toolName}">${m3Value(Object.fromEntries(entries))}${NS}</invoke>\n${NS}</tool_call>`;
      }
      const parameters = entries.map(
        ([key, value]) => `<parameter name="${key}">${textOrJson(value)}</parameter>\n`,
      );
      return `<minimax:tool_call>\n<invoke name="${toolName}">\n${parameters.join('')}</invoke>\n</minimax:tool_call>`;
    },
    formatToolResponse: ({ output }) => {
      const { value } = toolResultValue(output);
      return `<response>${textOrJson(value)}</response>`;
    },
  });
}

/** A value in M3's tags: objects as tags, lists as `<item>` tags, text as it is; nulls are left out, as M3's own renderer does. */
function m3Value(value: unknown): string {
  if (Array.isArray(value)) {
    return value
      .filter((item) => item !== null && item !== undefined)
      .map((item) => `${NS}<item>${m3Value(item)}${NS}</item>`)
      .join('');
  }
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value)
      .filter(([, item]) => item !== null && item !== undefined)
      .map(([key, item]) => `${NS}<${key}>${m3Value(item)}${NS}</${key}>`)
      .join('');
  }
  return textOrJson(value);
}

/** The system prompt of `minimaxToolMiddleware`: the tools as JSON, and MiniMax-M2's call layout. */
export function minimaxSystemPromptTemplate(tools: string): string {
  return `# Tools

You may call one or more of these functions (one JSON description per line):
<tools>
${tools}
</tools>

To call functions, write one block with an invoke per call:
<minimax:tool_call>
<invoke name="function_name">
<parameter name="parameter_name">value</parameter>
</invoke>
</minimax:tool_call>

Write text values as they are and other values as JSON; give every required parameter. Results come back in <response> blocks. When you have what you need, answer in plain text.`;
}

/** MiniMax's reasoning tags: M2's `<think>` first (the pair `startWithReasoning` opens), then M3's `<mm:think>`. */
export const minimaxReasoningTags: ReadonlyArray<readonly [string, string]> = [
  ['<think>', '</think>'],
  ['<mm:think>', '</mm:think>'],
];

/**
 * MiniMax-M2's chat template with native tools: a `# Tools` section after the system text (its
 * default identity when there is none), each tool's function as a `tojson` line in `<tool>`; calls
 * in one `<minimax:tool_call>` block after the turn's text, text values as they are and others as
 * `tojson`; a run of results as one `]~b]tool` turn of `<response>` blocks.
 */
const minimaxM2Template: TemplatePrompt = {
  toolsIn: 'system',
  tools: (tools, system) => `${system || 'You are a helpful assistant.'}

# Tools
You may call one or more tools to assist with the user query.
Here are the tools available in JSONSchema format:

<tools>
${serverTools(tools)
  .map((tool) => `<tool>${templateJson(tool.function)}</tool>\n`)
  .join('')}</tools>

When making tool calls, use XML format to invoke tools and pass parameters:

<minimax:tool_call>
<invoke name="tool-name-1">
<parameter name="param-key-1">param-value-1</parameter>
<parameter name="param-key-2">param-value-2</parameter>
...
</invoke>
</minimax:tool_call>`,
  calls: (text, calls) =>
    `${text}\n<minimax:tool_call>\n${calls
      .map(({ toolName, input }) => {
        const parameters = Object.entries((input ?? {}) as Record<string, unknown>).map(
          ([key, value]) =>
            `<parameter name="${key}">${typeof value === 'string' ? value : templateJson(value)}</parameter>\n`,
        );
        return `<invoke name="${toolName}">\n${parameters.join('')}</invoke>\n`;
      })
      .join('')}</minimax:tool_call>\n`,
  // Only its special tokens open the `]~b]tool` turn: the calling turn's text closes itself and
  // opens it, and the template closes it. `</think>` is escaped too: the template would take the
  // turn's text before one for reasoning.
  results: (results) =>
    `[e~[\n]~b]tool${results
      .map(
        ({ content }) =>
          `\n<response>${escapeCloser(escapeCloser(content, '</response>'), '</think>')}</response>`,
      )
      .join('')}`,
  resultsIn: 'assistant',
};

/** MiniMax M2 / M3's `<minimax:tool_call>` calls. */
export const minimaxFormat = /* @__PURE__ */ defineFormat({
  name: 'minimax',
  protocol: () => minimaxProtocol(),
  systemPrompt: minimaxSystemPromptTemplate,
  template: minimaxM2Template,
  controlTokens: ['[e~['],
  reasoningTags: minimaxReasoningTags,
  models: [
    { family: 'MiniMax M2', match: /minimax-?m2/, opensReasoning: 'always' },
    { family: 'MiniMax M3', match: /minimax-?m3/ },
  ],
});
