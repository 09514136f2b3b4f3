import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { createNamedJsonCallDecoder } from '../decoders/named-json-call-decoder';
import type { CallDecoder, CallSink, ToolsByName } from '../engine/call-grammar';
import { escapeCloser, type TemplatePrompt } from '../prompt/template-prompt';
import { describeTool } from '../protocols/describe-tool';
import { stringifyFramedJson, templateJson } from '../safe-json';
import { textOrJson } from '../text-or-json';
import { defineTextProtocol } from '../text-protocol';
import type { ToolCallProtocol, ToolResultForModel } from '../tool-call-protocol';
import { toolResultValue } from '../tool-result-value';
import { defineFormat } from './define-format';

/**
 * A DeepSeek special token: `<｜tool▁calls▁begin｜>` is `token('tool', 'calls', 'begin')`. The bars
 * are FULLWIDTH VERTICAL LINE (U+FF5C) and the word separators LOWER ONE EIGHTH BLOCK (U+2581),
 * never `|` and `_`.
 */
function token(...words: string[]): string {
  return `<\uFF5C${words.join('\u2581')}\uFF5C>`;
}

const CALLS_BEGIN = /* @__PURE__ */ token('tool', 'calls', 'begin');
const CALLS_END = /* @__PURE__ */ token('tool', 'calls', 'end');
const CALL_BEGIN = /* @__PURE__ */ token('tool', 'call', 'begin');
const CALL_END = /* @__PURE__ */ token('tool', 'call', 'end');
const SEP = /* @__PURE__ */ token('tool', 'sep');
const OUTPUTS_BEGIN = /* @__PURE__ */ token('tool', 'outputs', 'begin');
const OUTPUTS_END = /* @__PURE__ */ token('tool', 'outputs', 'end');
const OUTPUT_BEGIN = /* @__PURE__ */ token('tool', 'output', 'begin');
const OUTPUT_END = /* @__PURE__ */ token('tool', 'output', 'end');

/** The opening token as R1 distills garble it (collected by llama.cpp), besides the real one. */
const CALLS_BEGIN_SPELLINGS = [
  CALLS_BEGIN,
  '<\uFF5Ctool_calls_begin\uFF5C>',
  '<\uFF5Ctool calls begin\uFF5C>',
  '<\uFF5Ctool\\_calls\\_begin\uFF5C>',
  /* @__PURE__ */ token('tool', 'calls'),
];

/** V3 and R1 write the call's type before the separator, and the name after it. */
const TYPE_WORD = /* @__PURE__ */ 'function'.concat(SEP);

/**
 * The special tokens that open a call, which only ever do: the call's own, with the section's
 * before it (so that the section's opener is the call's markup where reasoning the template opened
 * ends at it), or the section's with the type word where a distill dropped the call's.
 */
// Built in a pure function: a spread at the top level would keep it in every bundle.
const CALL_OPENERS: readonly string[] = /* @__PURE__ */ (() => [
  CALL_BEGIN,
  // V3 and R1 put a newline between calls: markup, not a text block of its own.
  '\n'.concat(CALL_BEGIN),
  ...CALLS_BEGIN_SPELLINGS.flatMap((begin) => [begin + CALL_BEGIN, begin + TYPE_WORD]),
])();

/** The type word of a V3 / R1 call whose special tokens the server stripped: the name follows it directly. */
const STRIPPED_TYPE_WORD = 'function';

/** What may open the arguments right after the separator (a V3.1 tool named `function`). */
const ARGUMENTS_START = new Set(['{', '[', '"', '`']);

/** Which of DeepSeek's two call layouts past calls are written in. */
export type DeepSeekCallFormat = 'v3' | 'v3.1';

/** Options of {@link deepseekProtocol}. */
export interface DeepSeekProtocolOptions {
  /**
   * How past calls and results are written into the conversation: `v3` for DeepSeek V3, V3-0324,
   * R1, R1-0528 and the R1 distills (type word, name, fenced JSON; results inside
   * `<｜tool▁outputs▁begin｜>`), `v3.1` for V3.1 and V3.1-Terminus (name, raw JSON; bare
   * `<｜tool▁output▁begin｜>` results). Both layouts are read either way. Default: `v3`.
   */
  callFormat?: DeepSeekCallFormat;
}

/** V3 / R1: `function<｜tool▁sep｜>NAME\n```json\n{…}\n```<｜tool▁call▁end｜>`, read after the type word. */
function v3CallDecoder(tools: ToolsByName, sink: CallSink): CallDecoder {
  return createNamedJsonCallDecoder({ nameEnd: '\n', closer: CALL_END, tools, sink });
}

/**
 * A V3 / R1 call without its special tokens, `functionget_weather\n```json\n{…}\n````: the
 * opener named a known tool; the fence must follow (its first backtick ends the empty "name").
 */
function strippedV3CallDecoder(name: string, tools: ToolsByName, sink: CallSink): CallDecoder {
  return createNamedJsonCallDecoder({
    nameEnd: '`',
    closer: undefined,
    tools,
    sink,
    knownToolsOnly: true,
    parseName: (text) => (text.trim() === '' ? { name } : undefined),
  });
}

/** V3.1: `NAME<｜tool▁sep｜>{…}<｜tool▁call▁end｜>`. */
function v31CallDecoder(tools: ToolsByName, sink: CallSink): CallDecoder {
  return createNamedJsonCallDecoder({ nameEnd: SEP, closer: CALL_END, tools, sink });
}

/**
 * The body after `<｜tool▁call▁begin｜>`, in either layout: while the text spells the type word
 * `function<｜tool▁sep｜>` it is held (at most its 16 characters), then the V3 reader takes the
 * name that follows; text that departs from the type word is a V3.1 name, and goes to the V3.1
 * reader together with what was held.
 */
function deepseekCallDecoder(tools: ToolsByName, sink: CallSink): CallDecoder {
  let matched = 0;
  let chosen: CallDecoder | undefined;
  let ended = false;
  return {
    write(text) {
      if (chosen !== undefined) return chosen.write(text);
      const held = TYPE_WORD.slice(0, matched);
      for (let i = 0; i < text.length; i++) {
        const char = text.charAt(i);
        if (matched < TYPE_WORD.length && char === TYPE_WORD[matched]) {
          matched++;
          continue;
        }
        if (matched === TYPE_WORD.length && !ARGUMENTS_START.has(char)) {
          chosen = v3CallDecoder(tools, sink);
          return i + chosen.write(text.slice(i));
        }
        chosen = v31CallDecoder(tools, sink);
        // The held characters were counted as read already.
        return Math.max(0, chosen.write(held + text) - held.length);
      }
      return text.length;
    },
    end() {
      if (chosen === undefined) ended = true;
      else chosen.end();
    },
    get status() {
      return chosen?.status ?? (ended ? 'not-a-call' : 'open');
    },
    get closer() {
      return chosen?.closer;
    },
  };
}

/** One tool as DeepSeek's documentation lists it: a heading, its description, its JSON schema. */
function formatTool(tool: LanguageModelV4FunctionTool): string {
  const { parameters, examples } = describeTool(tool);
  return [
    `### ${tool.name}`,
    ...(tool.description === undefined ? [] : [`Description: ${tool.description}`]),
    `Parameters: ${JSON.stringify(parameters)}`,
    ...(examples === undefined ? [] : [`Examples: ${JSON.stringify(examples)}`]),
  ].join('\n\n');
}

function resultText({ output }: ToolResultForModel): string {
  const { value } = toolResultValue(output);
  return textOrJson(value);
}

/**
 * DeepSeek V3, R1 and V3.1 (formats.md §3.7, 7a and 7b). A block of calls sits between
 * `<｜tool▁calls▁begin｜>` and `<｜tool▁calls▁end｜>`; each call between `<｜tool▁call▁begin｜>`
 * and `<｜tool▁call▁end｜>`. V3 and R1 write the type word, the separator, the name, a newline
 * and the arguments in a ```` ```json ```` fence:
 *
 * ````text
 * <｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather
 * ```json
 * {"city": "Lyon"}
 * ```<｜tool▁call▁end｜><｜tool▁calls▁end｜>
 * ````
 *
 * V3.1 writes the name, the separator and raw JSON:
 * `<｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{"city": "Lyon"}<｜tool▁call▁end｜>`. Both are read,
 * whatever `callFormat` says. Also read: the opening token as R1 distills garble it, the call's
 * begin token left out after it, whitespace before the closing token, a missing
 * `<｜tool▁calls▁end｜>` (R1's own template never writes it). The block tokens are markup, never
 * text. An unknown tool is still a call, so the AI SDK can tell the model. Tokens DeepSeek R1
 * mentions inside its `<think>` block are reasoning, not calls.
 */
export function deepseekProtocol(options: DeepSeekProtocolOptions = {}): ToolCallProtocol {
  const v31 = options.callFormat === 'v3.1';
  return defineTextProtocol({
    format: 'deepseek',
    grammar: (tools) => ({
      openers: [
        ...CALL_OPENERS,
        // What is left of a V3 / R1 call when the server strips the special tokens.
        ...[...tools.keys()].map((name) => `${STRIPPED_TYPE_WORD}${name}\n`),
      ],
      explicitOpeners: CALL_OPENERS,
      wrappers: [...CALLS_BEGIN_SPELLINGS, CALLS_END],
      startCall: (opener, sink) => {
        if (opener.endsWith(CALL_BEGIN)) return deepseekCallDecoder(tools, sink);
        if (opener.startsWith('<')) return v3CallDecoder(tools, sink);
        return strippedV3CallDecoder(opener.slice(STRIPPED_TYPE_WORD.length, -1), tools, sink);
      },
    }),
    formatTools: (tools) => tools.map(formatTool).join('\n\n'),
    formatToolCall: ({ toolName, input }) => {
      const json = stringifyFramedJson(input ?? {});
      const call = v31
        ? `${CALL_BEGIN}${toolName}${SEP}${json}${CALL_END}`
        : `${CALL_BEGIN}${TYPE_WORD}${toolName}\n\`\`\`json\n${json}\n\`\`\`${CALL_END}`;
      return `${CALLS_BEGIN}${call}${CALLS_END}`;
    },
    formatToolResponse: (result) => {
      const output = `${OUTPUT_BEGIN}${resultText(result)}${OUTPUT_END}`;
      return v31 ? output : `${OUTPUTS_BEGIN}${output}${OUTPUTS_END}`;
    },
  });
}

function systemPrompt(tools: string, example: string): string {
  return `## Tools
You can call the tools below. Each is listed with its name, what it does, and a JSON schema of its parameters.

${tools}

To call tools, write a block of calls exactly in this form, with one call between ${CALL_BEGIN} and ${CALL_END} per tool call, the tool's name exactly as listed, and its arguments as a JSON object that fits the schema:
${example}
Use only these tools, and only values you were given or found; do not guess. Results come back between ${OUTPUT_BEGIN} and ${OUTPUT_END}. When no tool is needed, or once you have the results, answer in plain text.`;
}

/** The system prompt of `deepseekToolMiddleware`: the tools as DeepSeek lists them, and the V3 / R1 call block. */
export function deepseekSystemPromptTemplate(tools: string): string {
  return systemPrompt(
    tools,
    `${CALLS_BEGIN}${CALL_BEGIN}${TYPE_WORD}tool_name\n\`\`\`json\n{"parameter": "value"}\n\`\`\`${CALL_END}${CALLS_END}`,
  );
}

/** The system prompt of `deepseekV31ToolMiddleware`: the tools as DeepSeek lists them, and the V3.1 call block. */
export function deepseekV31SystemPromptTemplate(tools: string): string {
  return systemPrompt(
    tools,
    `${CALLS_BEGIN}${CALL_BEGIN}tool_name${SEP}{"parameter": "value"}${CALL_END}${CALLS_END}`,
  );
}

const THINK: ReadonlyArray<readonly [string, string]> = [['<think>', '</think>']];

/**
 * DeepSeek V3.1's template writes calls as `NAME<｜tool▁sep｜>ARGUMENTS` in one block after the
 * turn's text, and bare `<｜tool▁output▁begin｜>` results. It writes no tool list at all, so the
 * list is the one DeepSeek's model card documents, after the system prompt. The results go in a
 * user turn: the template writes them between the calling turn's end and the next reply, without
 * a role, which neither a user nor an assistant turn can render.
 */
const deepseekV31Template: TemplatePrompt = {
  toolsIn: 'system',
  tools: (tools, system) => `${system ?? ''}

## Tools
You have access to the following tools:
${tools
  .map(
    ({ name, description, inputSchema }) =>
      `\n### ${name}\n${description === undefined ? '' : `Description: ${description}\n`}\nParameters: ${templateJson(inputSchema)}\n`,
  )
  .join('')}
IMPORTANT: ALWAYS adhere to this exact format for tool use:
${CALLS_BEGIN}${CALL_BEGIN}tool_call_name${SEP}tool_call_arguments${CALL_END}{additional_tool_calls}${CALLS_END}

Where:
- \`tool_call_name\` must be an exact match to one of the available tools
- \`tool_call_arguments\` must be valid JSON that strictly follows the tool's Parameters Schema
- For multiple tool calls, chain them directly without separators or spaces`,
  // The arguments as the AI SDK sends them (compact JSON), which the template writes as they are.
  calls: (text, calls) =>
    `${text}${CALLS_BEGIN}${calls
      .map(
        ({ toolName, input }) =>
          `${CALL_BEGIN}${toolName}${SEP}${JSON.stringify(input ?? {})}${CALL_END}`,
      )
      .join('')}${CALLS_END}`,
  results: (results) =>
    results
      .map(({ content }) => `${OUTPUT_BEGIN}${escapeCloser(content, OUTPUT_END)}${OUTPUT_END}`)
      .join(''),
};

/** DeepSeek V3.1's layout: `NAME<｜tool▁sep｜>{…}` calls, bare `<｜tool▁output▁begin｜>` results. */
export const deepseekV31Format = /* @__PURE__ */ defineFormat({
  name: 'deepseek-v3.1',
  protocol: () => deepseekProtocol({ callFormat: 'v3.1' }),
  systemPrompt: deepseekV31SystemPromptTemplate,
  template: deepseekV31Template,
  controlTokens: ['<｜end▁of▁sentence｜>'],
  reasoningTags: THINK,
  models: [
    { family: 'DeepSeek V3.1', match: /deepseek-(?:chat-)?v3\.1/, opensReasoning: 'on-request' },
  ],
});

/** DeepSeek V3 / R1's `<｜tool▁calls▁begin｜>` calls. */
export const deepseekFormat = /* @__PURE__ */ defineFormat({
  name: 'deepseek',
  protocol: () => deepseekProtocol(),
  systemPrompt: deepseekSystemPromptTemplate,
  controlTokens: ['<｜end▁of▁sentence｜>'],
  reasoningTags: THINK,
  models: [
    { family: 'DeepSeek-R1', match: /deepseek-r1/, opensReasoning: 'always' },
    // Cogito's 671B models are DeepSeek V3 fine-tunes and write its calls (Ollama's cogito parser).
    { family: 'Deep Cogito 671B', match: /cogito-(?:v2-preview-deepseek|671b|v2[.-]1|2\.1)/ },
    // Broad: V3.1 and V3.2 are rows of their own.
    { family: 'DeepSeek V3', match: /deepseek-(?:v3|chat)/, broad: true },
  ],
  variants: [deepseekV31Format],
});
