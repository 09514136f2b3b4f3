import { createDispatchingDecoder } from '../decoders/dispatching-decoder';
import { createFirstOfDecoder } from '../decoders/first-of-decoder';
import { createJsonCallDecoder, JSON_CALL_KEYS } from '../decoders/json-call-decoder';
import { createNamedJsonCallDecoder } from '../decoders/named-json-call-decoder';
import {
  createXmlParameterCallDecoder,
  type XmlParameterSyntax,
} from '../decoders/xml-parameter-call-decoder';
import type { CallSink, ToolsByName } from '../engine/call-grammar';
import { escapeCloser, type TemplatePrompt, toolJsonLines } from '../prompt/template-prompt';
import { functionToolLines } from '../protocols/describe-tool';
import { templateJson } from '../safe-json';
import { textOrJson } from '../text-or-json';
import { defineTextProtocol } from '../text-protocol';
import type { ToolCallProtocol } from '../tool-call-protocol';
import { toolResultValue } from '../tool-result-value';
import { defineFormat } from './define-format';

/**
 * `NAME` (ended by a newline, or by the first `<arg_key>` in GLM-4.7's compact form), then
 * `<arg_key>KEY</arg_key>` `<arg_value>` VALUE `</arg_value>` pairs; `</tool_call>` closes the call.
 */
const GLM_SYNTAX: XmlParameterSyntax = {
  nameOpen: '',
  nameClose: ['\n', '<arg_key>'],
  keyOpen: '<arg_key>',
  keyClose: '</arg_key>',
  valueOpen: '<arg_value>',
  valueClose: '</arg_value>',
  inlineValues: true,
};

/**
 * The openers of GLM's calls, each with its closer: GLM's own tags, and the same layout under
 * iQuest Coder V2's `<iquestcoder_tool_call>` (vLLM) and IQuest-Q1's `<iquest_tool_call>` (SGLang).
 */
function glmTags(): ReadonlyMap<string, string> {
  return new Map([
    ['<tool_call>', '</tool_call>'],
    ['<iquestcoder_tool_call>', '</iquestcoder_tool_call>'],
    ['<iquest_tool_call>', '</iquest_tool_call>'],
  ]);
}

/**
 * GLM-5.3-Flash's name before its JSON arguments, which may carry a group before a slash
 * (`Weather/get_weather`): the part after the last slash, unless the whole names a tool.
 */
function jsonCallName(text: string, tools: ToolsByName): { name: string } {
  const name = text.trim();
  return { name: tools.has(name) ? name : name.slice(name.lastIndexOf('/') + 1) };
}

/**
 * GLM-4.5, 4.5-Air, 4.6, 4.7 and 5: each call in `<tool_call>` tags, the tool name first, then its
 * arguments as key/value tags, values raw and typed by the tool's schema:
 * `<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Lyon</arg_value>\n</tool_call>`
 * (GLM-4.7 writes the same without newlines). GLM-5.3-Flash also writes the name, `>` and JSON
 * arguments with no closer (`<tool_call>get_weather>{"city": "Lyon"}`); iQuest Coder V2 and
 * IQuest-Q1 write the key/value layout in tags of their own. A Hermes-style JSON body is read
 * too. Results go back as `<tool_response>` blocks, the content of GLM's `<|observation|>` turn.
 */
export function glmProtocol(): ToolCallProtocol {
  const tags = glmTags();
  return defineTextProtocol({
    format: 'glm',
    grammar: (tools) => ({
      openers: [...tags.keys()],
      explicitOpeners: [...tags.keys()],
      startCall: (opener, sink) => {
        const closer = tags.get(opener);
        const tagged = (callSink: CallSink) =>
          createXmlParameterCallDecoder({ syntax: GLM_SYNTAX, closer, tools, sink: callSink });
        const named = (callSink: CallSink) =>
          createNamedJsonCallDecoder({
            nameEnd: '>',
            closer,
            tools,
            sink: callSink,
            parseName: (text) => jsonCallName(text, tools),
            nameChars: /[\w.:/-]/u,
          });
        return createDispatchingDecoder((first) => {
          if (!/[A-Za-z_{]/u.test(first)) return undefined;
          // Only GLM's own tag holds a Hermes-style JSON body, or GLM-5.3-Flash's `NAME>{…}`.
          if (opener !== '<tool_call>') return first === '{' ? undefined : tagged(sink);
          if (first === '{') {
            return createJsonCallDecoder({ keys: JSON_CALL_KEYS, closer, tools, sink });
          }
          // The character after the name tells `NAME>{…}` from the tags: `>`, or `\n` and `<`.
          return createFirstOfDecoder([named, tagged], sink);
        });
      },
    }),
    formatTools: (tools) => functionToolLines(tools),
    formatToolCall: ({ toolName, input }) => {
      const pairs = Object.entries((input ?? {}) as Record<string, unknown>).map(
        ([key, value]) =>
          `<arg_key>${key}</arg_key>\n<arg_value>${textOrJson(value)}</arg_value>\n`,
      );
      return `<tool_call>${toolName}\n${pairs.join('')}</tool_call>`;
    },
    formatToolResponse: ({ output }) => {
      const { value } = toolResultValue(output);
      return `<tool_response>\n${textOrJson(value)}\n</tool_response>`;
    },
  });
}

/** The system prompt of `glmToolMiddleware`: the tools as GLM's template lists them, and the call layout. */
export function glmSystemPromptTemplate(tools: string): string {
  return `# Tools

You may call one or more of these functions (one JSON description per line):
<tools>
${tools}
</tools>

To call a function, write its name after <tool_call>, then each argument as a key and a value:
<tool_call>function_name
<arg_key>argument_name</arg_key>
<arg_value>value</arg_value>
</tool_call>

Write text values as they are and other values as JSON; give every required argument; one <tool_call> block per call, several allowed. Results come back in <tool_response> blocks. When you have what you need, answer in plain text.`;
}

/**
 * GLM-4.6's chat template: the tools as `tojson` lines in a `<|system|>` turn of their own ahead of
 * the conversation, each call as `<tool_call>` key/value tags after the turn's trimmed text, a run
 * of results as one `<|observation|>` turn of `<tool_response>` blocks.
 */
const glmTemplate: TemplatePrompt = {
  toolsIn: 'system',
  // The tool list is its own system turn: the conversation's system message follows it as another.
  tools: (tools, system) => `# Tools

You may call one or more functions to assist with the user query.

You are provided with function signatures within <tools></tools> XML tags:
<tools>
${toolJsonLines(tools)}
</tools>

For each function call, output the function name and arguments within the following XML format:
<tool_call>{function-name}
<arg_key>{arg-key-1}</arg_key>
<arg_value>{arg-value-1}</arg_value>
<arg_key>{arg-key-2}</arg_key>
<arg_value>{arg-value-2}</arg_value>
...
</tool_call>${system === undefined ? '' : `<|system|>\n${system}`}`,
  // The template writes the turn's text stripped, then each call on a line of its own.
  calls: (text, calls) =>
    [
      text.trim(),
      ...calls.map(
        ({ toolName, input }) =>
          `<tool_call>${toolName}\n${Object.entries((input ?? {}) as Record<string, unknown>)
            .map(
              ([key, value]) =>
                `<arg_key>${key}</arg_key>\n<arg_value>${typeof value === 'string' ? value : templateJson(value)}</arg_value>\n`,
            )
            .join('')}</tool_call>`,
      ),
    ]
      .filter((part) => part !== '')
      .join('\n'),
  resultsIn: 'assistant',
  results: (results) =>
    `<|observation|>${results
      .map(
        ({ content }) =>
          `\n<tool_response>\n${escapeCloser(content, '</tool_response>')}\n</tool_response>`,
      )
      .join('')}`,
};

/** GLM-4.5 to GLM-5.3-Flash's `<arg_key>`/`<arg_value>` calls (and GLM-5.3-Flash's `NAME>{…}`), iQuest's in its own tags. */
export const glmFormat = /* @__PURE__ */ defineFormat({
  name: 'glm',
  protocol: glmProtocol,
  systemPrompt: glmSystemPromptTemplate,
  template: glmTemplate,
  controlTokens: ['<|user|>', '<|observation|>', '<|endoftext|>'],
  models: [
    { family: 'GLM-4.7', match: /glm-?4\.7/, opensReasoning: 'by-default' },
    { family: 'GLM-4.5 / 4.6', match: /glm-?4\.[56]/ },
    // GLM-5.3-Flash also writes `NAME>{…}` (SGLang glm53); its template opens <think> with no off switch.
    { family: 'GLM-5.3-Flash', match: /glm-?5\.3-flash/, opensReasoning: 'always' },
    // GLM-5 writes GLM-4.7's compact layout; vLLM and SGLang read it with their glm47 parser.
    { family: 'GLM-5', match: /glm-?5/, opensReasoning: 'by-default' },
    // SGLang's ling3 parser is GLM-4.5's, allowing the first <arg_key> right after the name.
    { family: 'Ling 3', match: /(?:^|\/)ling-?3/ },
    // Ollama's laguna parser and vLLM's poolside_v1 read GLM's tags; the template opens <think> when thinking is asked for.
    { family: 'Poolside Laguna', match: /laguna|poolside/, opensReasoning: 'on-request' },
    // iFLYTEK's Spark X2.5 (SGLang spark25): GLM's tags; its template thinks unless told not to.
    { family: 'Spark X2.5', match: /spark-x2\.5/, opensReasoning: 'by-default' },
    // vLLM's iQuest Coder V2 parser, SGLang's IQuest-Q1 detector: GLM's pairs in tags of their own; thinking unless turned off.
    {
      family: 'IQuest-Q1 / iQuest Coder V2',
      match: /iquest-(?:q1|coder-v2)/,
      opensReasoning: 'by-default',
    },
    // vLLM's hyperclovax_seed_think parser reads GLM-4.5's layout; the template's `thinking` opens <think>.
    {
      family: 'HyperCLOVA X SEED Think 32B',
      match: /hyperclovax-seed-think-32b/,
      opensReasoning: 'on-request',
    },
  ],
});
