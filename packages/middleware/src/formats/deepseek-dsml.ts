import { readingFirst } from '../decoders/reading-first';
import {
  createXmlParameterCallDecoder,
  type XmlParameterSyntax,
} from '../decoders/xml-parameter-call-decoder';
import type { CallDecoder, CallSink, ToolsByName } from '../engine/call-grammar';
import { functionToolLines } from '../protocols/describe-tool';
import { textOrJson } from '../text-or-json';
import { defineTextProtocol } from '../text-protocol';
import type { ToolCallProtocol } from '../tool-call-protocol';
import { toolResultValue } from '../tool-result-value';
import { defineFormat } from './define-format';

/** DeepSeek's marker, with FULLWIDTH VERTICAL LINE (U+FF5C) on both sides. */
const DSML = '｜DSML｜';

/** Whether a parameter's `string="true|false"` attribute makes its value text or JSON. */
function stringAttribute(attributes: string): boolean | undefined {
  const match = /\bstring="(true|false)"/u.exec(attributes);
  return match === null ? undefined : match[1] === 'true';
}

/**
 * `<MARKinvoke name="NAME">` `<MARKparameter name="KEY" string="true|false">`VALUE
 * `</MARKparameter>` `</MARKinvoke>`, where MARK is `｜DSML｜` (or nothing, in the form some
 * parsers also read); a `{…}` body in place of the parameters is the arguments as JSON.
 */
function dsmlSyntax(mark: string): XmlParameterSyntax {
  return {
    nameOpen: `<${mark}invoke name="`,
    nameClose: ['">'],
    callClose: `</${mark}invoke>`,
    keyOpen: `<${mark}parameter name="`,
    keyClose: '"',
    valueOpen: '>',
    valueClose: `</${mark}parameter>`,
    valueIsString: stringAttribute,
    jsonArguments: { open: '{' },
    inlineValues: true,
  };
}

const DSML_SYNTAX = /* @__PURE__ */ dsmlSyntax(DSML);
const PLAIN_SYNTAX = /* @__PURE__ */ dsmlSyntax('');
/** Opens an invoke written without the marker and without a wrapper: MiniMax-M2's inner markup too. */
export const BARE_INVOKE: string = /* @__PURE__ */ (() => PLAIN_SYNTAX.nameOpen)();

/** One invoke written without its wrapper (a slip servers report); no wrapper closer is expected after it. */
function unwrappedInvokeDecoder(
  syntax: XmlParameterSyntax,
  tools: ToolsByName,
  sink: CallSink,
  knownToolsOnly: boolean,
): CallDecoder {
  return readingFirst(
    createXmlParameterCallDecoder({
      syntax,
      closer: undefined,
      tools,
      sink,
      single: true,
      knownToolsOnly,
    }),
    syntax.nameOpen,
  );
}

/** A bare `<invoke name="…">`, without marker or wrapper: only a known tool's, as the same tag explains calls in prose. */
export function bareInvokeDecoder(tools: ToolsByName, sink: CallSink): CallDecoder {
  return unwrappedInvokeDecoder(PLAIN_SYNTAX, tools, sink, true);
}

/** Options of {@link deepseekDsmlProtocol}. */
export interface DeepseekDsmlProtocolOptions {
  /**
   * The wrapper past calls are written in: DeepSeek-V3.2's `function_calls` (the default) or
   * V4's `tool_calls`. Both are read either way.
   */
  variant?: 'v3.2' | 'v4';
}

/**
 * DeepSeek-V3.2 and V4 "DSML": calls in `<｜DSML｜function_calls>` (V4: `<｜DSML｜tool_calls>`),
 * one `<｜DSML｜invoke name="…">` per call, each parameter saying whether its value is text
 * (`string="true"`) or JSON (`string="false"`); an invoke may come without the wrapper. The same
 * markup without the `｜DSML｜` marker, in `<function_calls>` or as a bare `<invoke name="…">`,
 * counts only for a known tool. Results go back as
 * `<function_results><result>…</result></function_results>`.
 */
export function deepseekDsmlProtocol(options: DeepseekDsmlProtocolOptions = {}): ToolCallProtocol {
  const wrapper = options.variant === 'v4' ? 'tool_calls' : 'function_calls';
  return defineTextProtocol({
    format: 'deepseek-dsml',
    grammar: (tools) => ({
      openers: [
        `<${DSML}function_calls>`,
        `<${DSML}tool_calls>`,
        '<function_calls>',
        DSML_SYNTAX.nameOpen,
        BARE_INVOKE,
      ],
      explicitOpeners: [
        `<${DSML}function_calls>`,
        `<${DSML}tool_calls>`,
        '<function_calls>',
        DSML_SYNTAX.nameOpen,
      ],
      startCall: (opener, sink) => {
        if (opener === BARE_INVOKE) return bareInvokeDecoder(tools, sink);
        // The marker makes an invoke a call even without its wrapper.
        if (opener === DSML_SYNTAX.nameOpen)
          return unwrappedInvokeDecoder(DSML_SYNTAX, tools, sink, false);
        const plain = opener === '<function_calls>';
        return createXmlParameterCallDecoder({
          syntax: plain ? PLAIN_SYNTAX : DSML_SYNTAX,
          // The closer of the opener that was read: `<X>` closes with `</X>`.
          closer: `</${opener.slice(1)}`,
          tools,
          sink,
          knownToolsOnly: plain,
        });
      },
    }),
    formatTools: (tools) => functionToolLines(tools),
    formatToolCall: ({ toolName, input }) => {
      const parameters = Object.entries((input ?? {}) as Record<string, unknown>).map(
        ([key, value]) =>
          typeof value === 'string'
            ? `<${DSML}parameter name="${key}" string="true">${value}</${DSML}parameter>\n`
            : `<${DSML}parameter name="${key}" string="false">${JSON.stringify(value)}</${DSML}parameter>\n`,
      );
      return `<${DSML}${wrapper}>\n<${DSML}invoke name="${toolName}">\n${parameters.join('')}</${DSML}invoke>\n</${DSML}${wrapper}>`;
    },
    formatToolResponse: ({ output }) => {
      const { value } = toolResultValue(output);
      return `<function_results>\n<result>${textOrJson(value)}</result>\n</function_results>`;
    },
  });
}

/** The system prompt of `deepseekDsmlToolMiddleware`: the tools as JSON, and the DSML call layout. */
export function deepseekDsmlSystemPromptTemplate(tools: string): string {
  return `## Tools

You may call one or more of these functions (one JSON description per line):
${tools}

To call functions, write one block with an invoke per call:
<${DSML}function_calls>
<${DSML}invoke name="function_name">
<${DSML}parameter name="parameter_name" string="true">text value</${DSML}parameter>
<${DSML}parameter name="other_parameter" string="false">42</${DSML}parameter>
</${DSML}invoke>
</${DSML}function_calls>

Write a text value as it is with string="true"; write numbers, booleans, lists and objects as JSON with string="false". Give every required parameter. Results come back in <function_results>. When you have what you need, answer in plain text.`;
}

/** DeepSeek V3.2 / V4's DSML calls. */
export const deepseekDsmlFormat = /* @__PURE__ */ defineFormat({
  name: 'deepseek-dsml',
  protocol: () => deepseekDsmlProtocol(),
  systemPrompt: deepseekDsmlSystemPromptTemplate,
  controlTokens: ['<｜end▁of▁sentence｜>'],
  models: [
    {
      family: 'DeepSeek V3.2 / V4',
      match: /deepseek-(?:chat-)?v(?:3\.2|4)/,
      opensReasoning: 'by-default',
    },
  ],
});
