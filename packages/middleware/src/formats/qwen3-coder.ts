import {
  createDispatchingDecoder,
  createPrefixDispatchingDecoder,
} from '../decoders/dispatching-decoder';
import { createJsonCallDecoder, JSON_CALL_KEYS } from '../decoders/json-call-decoder';
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
import { defineFormat, formatPreset } from './define-format';

/**
 * `<function=NAME>` `<parameter=KEY>` VALUE `</parameter>` `</function>`; a `{…}` body in place of
 * the parameters is the arguments as JSON (Llama 3.1's `<function=NAME>{…}</function>`), never
 * text to drop.
 */
export const QWEN3_CODER_SYNTAX: XmlParameterSyntax = {
  nameOpen: '<function=',
  nameClose: ['>'],
  callClose: '</function>',
  keyOpen: '<parameter=',
  keyClose: '>',
  valueOpen: '',
  valueClose: '</parameter>',
  jsonArguments: { open: '{' },
};

/**
 * The same calls with names in attributes, as models also write them:
 * `<function name="NAME">` `<parameter name="KEY">` (or `<param name="KEY">`) VALUE
 * `</parameter>` (`</param>`) `</function>`. Values are trimmed as Qwen3-Coder's are.
 */
const QWEN3_CODER_ATTRIBUTE_SYNTAX: XmlParameterSyntax = {
  ...QWEN3_CODER_SYNTAX,
  nameOpen: '<function name="',
  nameClose: ['">'],
  keyOpen: '<parameter name="',
  keyClose: '"',
  valueOpen: '>',
  keySpellings: [['<param name="', '</param>']],
};

/**
 * Qwen3-Coder (and Qwen3.5, Nemotron 3 Nano): each call in `<tool_call>` tags, its arguments as
 * raw text per parameter, typed by the tool's schema:
 * `<tool_call>\n<function=get_weather>\n<parameter=city>\nLyon\n</parameter>\n</function>\n</tool_call>`.
 * The `<tool_call>` opener is often left out (its closer is then markup, never text); a
 * Hermes-style JSON body is read too. Names in attributes (`<function name="get_weather">` with
 * `<parameter name="city">` or `<param name="city">`) read as the same call; like a bare
 * `<function=`, such markup without `<tool_call>` counts only for a known tool.
 */
export function qwen3CoderProtocol(): ToolCallProtocol {
  return defineTextProtocol({
    format: 'qwen3-coder',
    grammar: (tools) => ({
      openers: ['<tool_call>', QWEN3_CODER_SYNTAX.nameOpen, QWEN3_CODER_ATTRIBUTE_SYNTAX.nameOpen],
      explicitOpeners: ['<tool_call>'],
      startCall: (opener, sink) => {
        // Without its <tool_call> wrapper, a call counts only for a known tool.
        const xml = (syntax: XmlParameterSyntax, single: boolean) =>
          createXmlParameterCallDecoder({
            syntax,
            closer: '</tool_call>',
            tools,
            sink,
            single,
            knownToolsOnly: single,
          });
        // The opener, or the prefix it was chosen by, is the start of the call's own markup.
        const afterNameOpen = (syntax: XmlParameterSyntax, single: boolean) =>
          readingFirst(xml(syntax, single), syntax.nameOpen);
        if (opener === '<tool_call>') {
          return createDispatchingDecoder((first) =>
            first === '{'
              ? createJsonCallDecoder({ keys: JSON_CALL_KEYS, closer: '</tool_call>', tools, sink })
              : first === '<'
                ? createPrefixDispatchingDecoder(
                    [
                      [
                        QWEN3_CODER_ATTRIBUTE_SYNTAX.nameOpen,
                        () => afterNameOpen(QWEN3_CODER_ATTRIBUTE_SYNTAX, false),
                      ],
                    ],
                    () => xml(QWEN3_CODER_SYNTAX, false),
                  )
                : undefined,
          );
        }
        return afterNameOpen(
          opener === QWEN3_CODER_SYNTAX.nameOpen
            ? QWEN3_CODER_SYNTAX
            : QWEN3_CODER_ATTRIBUTE_SYNTAX,
          true,
        );
      },
    }),
    formatTools: (tools) => functionToolLines(tools),
    formatToolCall: ({ toolName, input }) => {
      const parameters = Object.entries((input ?? {}) as Record<string, unknown>).map(
        ([key, value]) => `<parameter=${key}>\n${textOrJson(value)}\n</parameter>\n`,
      );
      return `<tool_call>\n<function=${toolName}>\n${parameters.join('')}</function>\n</tool_call>`;
    },
    formatToolResponse: ({ output }) => {
      const { value } = toolResultValue(output);
      return `<tool_response>\n${textOrJson(value)}\n</tool_response>`;
    },
  });
}

/** The system prompt of {@link qwen3CoderToolMiddleware}: the tools, and calls with raw parameter values. */
export function qwen3CoderSystemPromptTemplate(tools: string): string {
  return `# Tools

You may call one or more of these functions (one JSON description per line):
<tools>
${tools}
</tools>

To call a function, write:
<tool_call>
<function=function_name>
<parameter=parameter_name>
value
</parameter>
</function>
</tool_call>

Write each parameter value as plain text on its own lines, code and quotes as they are; give every required parameter; one <tool_call> block per call, several allowed. Results come back in <tool_response> blocks. When you have what you need, answer in plain text.`;
}

/** Qwen3-Coder's XML parameters. */
export const qwen3CoderFormat = /* @__PURE__ */ defineFormat({
  name: 'qwen3-coder',
  protocol: qwen3CoderProtocol,
  systemPrompt: qwen3CoderSystemPromptTemplate,
  controlTokens: ['<|im_end|>', '<|endoftext|>'],
  models: [
    { family: 'Qwen3-Coder', match: /qwen3[._-]?coder/ },
    { family: 'Qwen3.5', match: /qwen3\.5/, opensReasoning: 'by-default' },
    {
      family: 'Nemotron 3 Nano',
      match: /nemotron-?3(?:\.5)?-nano/,
      opensReasoning: 'by-default',
    },
    // Their servers read them with the Qwen3-Coder parser (vLLM step3p5, minicpm5 for the XML).
    { family: 'Step 3.5', match: /step-?3\.5/ },
    { family: 'MiniCPM 4 / 5', match: /minicpm-?[45]/ },
  ],
});

/** Tool calling for Qwen3-Coder and models trained on its XML-parameter format. */
export const qwen3CoderToolMiddleware = /* @__PURE__ */ formatPreset(qwen3CoderFormat);
