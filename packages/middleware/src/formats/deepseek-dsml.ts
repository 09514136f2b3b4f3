import { readingFirst } from '../decoders/reading-first';
import {
  createXmlParameterCallDecoder,
  type XmlParameterSyntax,
} from '../decoders/xml-parameter-call-decoder';
import type { CallDecoder, CallSink, ToolsByName } from '../engine/call-grammar';
import { escapeCloser, serverTools, type TemplatePrompt } from '../prompt/template-prompt';
import { functionToolLines } from '../protocols/describe-tool';
import { templateJson } from '../safe-json';
import { textOrJson } from '../text-or-json';
import { defineTextProtocol } from '../text-protocol';
import type { ToolCallProtocol } from '../tool-call-protocol';
import { toolResultValue } from '../tool-result-value';
import { defineFormat } from './define-format';

/** DeepSeek's marker, with FULLWIDTH VERTICAL LINE (U+FF5C) on both sides. */
const DSML = '｜DSML｜';
/** V4.1's marker: the same, then a SPACE (U+0020) before every tag name (`<｜DSML｜ calls>`). */
const DSML_V41 = '｜DSML｜ ';

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
const V41_SYNTAX = /* @__PURE__ */ dsmlSyntax(DSML_V41);
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
   * How past calls and results are written: DeepSeek-V3.2's `function_calls` wrapper (the
   * default), V4's `tool_calls`, or V4.1's spaced `<｜DSML｜ calls>` markup with
   * `<tool_result>` results. All three are read either way.
   */
  variant?: 'v3.2' | 'v4' | 'v4.1';
}

/** One past call in V4.1's spaced markup, as its encoder writes it: a parameter a line. */
function v41Invoke(toolName: string, input: unknown): string {
  const parameters = Object.entries((input ?? {}) as Record<string, unknown>).map(([key, value]) =>
    typeof value === 'string'
      ? `<${DSML_V41}parameter name="${key}" string="true">${value}</${DSML_V41}parameter>`
      : `<${DSML_V41}parameter name="${key}" string="false">${templateJson(value)}</${DSML_V41}parameter>`,
  );
  return `<${DSML_V41}invoke name="${toolName}">\n${parameters.join('\n')}\n</${DSML_V41}invoke>`;
}

/** Past calls in V4.1's `<｜DSML｜ calls>` block. */
function v41Calls(invokes: readonly string[]): string {
  return `<${DSML_V41}calls>\n${invokes.join('\n')}\n</${DSML_V41}calls>`;
}

/** A result as V4.1's encoder writes it in the user turn; its closer in the text is broken. */
function v41Result(content: string): string {
  return `<tool_result>${escapeCloser(content, '</tool_result>')}</tool_result>`;
}

/**
 * DeepSeek-V3.2, V4 and V4.1 "DSML": calls in `<｜DSML｜function_calls>` (V4:
 * `<｜DSML｜tool_calls>`; V4.1: `<｜DSML｜ calls>`, every tag name after a space), one
 * `<｜DSML｜invoke name="…">` per call, each parameter saying whether its value is text
 * (`string="true"`) or JSON (`string="false"`); an invoke may come without the wrapper. The same
 * markup without the `｜DSML｜` marker, in `<function_calls>` or as a bare `<invoke name="…">`,
 * counts only for a known tool. Results go back as
 * `<function_results><result>…</result></function_results>` (V4.1: `<tool_result>…</tool_result>`).
 */
export function deepseekDsmlProtocol(options: DeepseekDsmlProtocolOptions = {}): ToolCallProtocol {
  const { variant } = options;
  const wrapper = variant === 'v4' ? 'tool_calls' : 'function_calls';
  // Wrappers a call block opens with; each closes with its own `</…>`.
  const dsmlWrappers = [`<${DSML}function_calls>`, `<${DSML}tool_calls>`, `<${DSML_V41}calls>`];
  return defineTextProtocol({
    format: 'deepseek-dsml',
    grammar: (tools) => ({
      openers: [
        ...dsmlWrappers,
        '<function_calls>',
        DSML_SYNTAX.nameOpen,
        V41_SYNTAX.nameOpen,
        BARE_INVOKE,
      ],
      explicitOpeners: [
        ...dsmlWrappers,
        '<function_calls>',
        DSML_SYNTAX.nameOpen,
        V41_SYNTAX.nameOpen,
      ],
      startCall: (opener, sink) => {
        if (opener === BARE_INVOKE) return bareInvokeDecoder(tools, sink);
        // The marker makes an invoke a call even without its wrapper.
        if (opener === DSML_SYNTAX.nameOpen)
          return unwrappedInvokeDecoder(DSML_SYNTAX, tools, sink, false);
        if (opener === V41_SYNTAX.nameOpen)
          return unwrappedInvokeDecoder(V41_SYNTAX, tools, sink, false);
        const plain = opener === '<function_calls>';
        return createXmlParameterCallDecoder({
          // V4.1's spaced wrapper holds spaced invokes (its encoder and servers' parsers write and
          // read no other).
          syntax: plain
            ? PLAIN_SYNTAX
            : opener.startsWith(`<${DSML_V41}`)
              ? V41_SYNTAX
              : DSML_SYNTAX,
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
      if (variant === 'v4.1') return v41Calls([v41Invoke(toolName, input)]);
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
      if (variant === 'v4.1') return v41Result(textOrJson(value));
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

/**
 * DeepSeek-V4.1's encoder (`encoding/encoding.py` in the model repository; it has no Jinja
 * template) with tools: its `## Tools` section after the system text, even an empty one, each
 * tool's function as a JSON line; calls in one spaced `<｜DSML｜ calls>` block a blank line after
 * the turn's text; a run of results as one user turn of `<tool_result>` blocks, a blank line
 * between them.
 */
const deepseekV41Template: TemplatePrompt = {
  toolsIn: 'system',
  tools: (tools, system) => `${system ?? ''}

## Tools

You have access to a set of tools to help answer the user's question. You can invoke tools by writing a "<${DSML_V41}calls>" block like the following:

<${DSML_V41}calls>
<${DSML_V41}invoke name="$TOOL_NAME">
<${DSML_V41}parameter name="$PARAMETER_NAME" string="true|false">$PARAMETER_VALUE</${DSML_V41}parameter>
...
</${DSML_V41}invoke>
<${DSML_V41}invoke name="$TOOL_NAME2">
...
</${DSML_V41}invoke>
</${DSML_V41}calls>

String parameters should be specified as is and set \`string="true"\`. For all other types (numbers, booleans, arrays, objects), pass the value in JSON format and set \`string="false"\`.

If thinking_mode is enabled (triggered by <think>), you MUST output your complete reasoning inside <think>...</think> BEFORE any tool calls or final response.

Otherwise, output directly after </think> with tool calls or final response.

### Available Tool Schemas

${serverTools(tools)
  .map((tool) => templateJson(tool.function))
  .join('\n')}

You MUST strictly follow the above defined tool name and parameter schemas to invoke tool calls.
`,
  calls: (text, calls) =>
    `${text}\n\n${v41Calls(calls.map(({ toolName, input }) => v41Invoke(toolName, input)))}`,
  results: (results) => results.map(({ content }) => v41Result(content)).join('\n\n'),
};

/** DeepSeek V3.2 / V4 / V4.1's DSML calls. */
export const deepseekDsmlFormat = /* @__PURE__ */ defineFormat({
  name: 'deepseek-dsml',
  protocol: () => deepseekDsmlProtocol(),
  systemPrompt: deepseekDsmlSystemPromptTemplate,
  controlTokens: ['<｜end▁of▁sentence｜>'],
  models: [
    // Before V3.2 / V4's row, whose pattern also matches `deepseek-v4.1`.
    {
      family: 'DeepSeek V4.1',
      match: /deepseek-(?:chat-)?v4\.1/,
      opensReasoning: 'by-default',
      template: deepseekV41Template,
    },
    {
      family: 'DeepSeek V3.2 / V4',
      match: /deepseek-(?:chat-)?v(?:3\.2|4)/,
      opensReasoning: 'by-default',
    },
  ],
});
