import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { createBareJsonCallDecoder } from '../decoders/bare-json-call-decoder';
import { createJsonCallDecoder, JSON_CALL_KEYS } from '../decoders/json-call-decoder';
import { readingFirst } from '../decoders/reading-first';
import { jinjaString } from '../prompt/jinja-string';
import {
  escapeCloser,
  serverTools,
  type TemplatePrompt,
  type TemplateToolResult,
} from '../prompt/template-prompt';
import { describeTool } from '../protocols/describe-tool';
import { defineJsonTextProtocol } from '../protocols/json-text-protocol';
import { stringifyFramedJson, stringifySpacedJson, templateJson } from '../safe-json';
import type { ToolCallForModel, ToolCallProtocol } from '../tool-call-protocol';
import { toolResultText } from '../tool-result-value';
import { defineFormat } from './define-format';

/**
 * What surrounds the JSON list of calls:
 * - `bare`: nothing; the reply opens with the list (xLAM, Hammer), optionally in a ```` ```json ```` fence.
 * - `tool_calls`: `<tool_calls>[…]</tool_calls>` (AI21 Jamba, ServiceNow Apriel, Hunyuan-A13B).
 * - `TOOLCALL`: `<TOOLCALL>[…]</TOOLCALL>` (NVIDIA Nemotron Nano v2).
 * - `functools`: `functools[…]`, no closing marker (Phi-4-mini, FireFunction v2).
 * - `{ open, close }`: any other pair, such as Phi-4-mini's `<|tool_call|>` and `<|/tool_call|>`.
 */
export type JsonArrayWrapper =
  | 'bare'
  | 'tool_calls'
  | 'TOOLCALL'
  | 'functools'
  | { readonly open: string; readonly close?: string };

/** Options of {@link jsonArrayProtocol}. */
export interface JsonArrayProtocolOptions {
  /** What surrounds the list of calls. Default: `bare`. */
  wrapper?: JsonArrayWrapper;
}

/** The opening and closing markers of a wrapper; `bare` has none. */
function markersOf(wrapper: JsonArrayWrapper): { open: string; close: string | undefined } {
  switch (wrapper) {
    case 'bare':
      return { open: '', close: undefined };
    case 'tool_calls':
      return { open: '<tool_calls>', close: '</tool_calls>' };
    case 'TOOLCALL':
      return { open: '<TOOLCALL>', close: '</TOOLCALL>' };
    case 'functools':
      return { open: 'functools[', close: undefined };
    default:
      return { open: wrapper.open, close: wrapper.close };
  }
}

/** The name `builtInFormats()` reads each named wrapper under. */
const WRAPPER_FORMATS: Record<Extract<JsonArrayWrapper, string>, string> = {
  bare: 'xlam',
  tool_calls: 'json-array-tool-calls',
  TOOLCALL: 'json-array-toolcall',
  functools: 'json-array-functools',
};

/**
 * One JSON list of calls, `[{"name": "get_weather", "arguments": {"city": "Lyon"}}, …]`, with
 * or without markers around it (see {@link JsonArrayWrapper}). A reply that opens with such a
 * list, or with one call object, is read too when it names a known tool: that is the whole
 * format for xLAM, and what the wrapped formats leave when a server strips their special
 * tokens. JSON naming no known tool, or after prose, stays text.
 */
export function jsonArrayProtocol(options: JsonArrayProtocolOptions = {}): ToolCallProtocol {
  const wrapper = options.wrapper ?? 'bare';
  const { open, close } = markersOf(wrapper);
  const keys = JSON_CALL_KEYS;
  return defineJsonTextProtocol(
    {
      ...(typeof wrapper === 'string' ? { format: WRAPPER_FORMATS[wrapper] } : {}),
      grammar: (tools) => ({
        openers: open === '' ? [] : [open],
        leadingCall: true,
        startCall: (opener, sink) => {
          if (opener === '') return createBareJsonCallDecoder({ keys, tools, sink });
          // Inside a closer, calls may also come one object per line (MiniMax-Text-01 / M1).
          const decoder = createJsonCallDecoder({
            keys,
            closer: close,
            tools,
            sink,
            sequence: close !== undefined,
          });
          // `functools[`: the opener's bracket opens the list.
          return opener.endsWith('[') ? readingFirst(decoder, '[') : decoder;
        },
      }),
      formatTools: (tools) =>
        `[\n${tools.map((tool) => stringifyFramedJson(describeTool(tool))).join(',\n')}\n]`,
      formatToolCall: ({ toolName, input }) =>
        `${open}${open.endsWith('[') ? '' : '['}${stringifySpacedJson({ name: toolName, arguments: input ?? {} })}]${close ?? ''}`,
      formatToolResponse: ({ output }) => {
        const result = toolResultText(output);
        if (wrapper === 'tool_calls') return `<tool_response>${result}</tool_response>`;
        if (wrapper === 'TOOLCALL') return `<TOOL_RESPONSE>[${result}]</TOOL_RESPONSE>`;
        return result;
      },
    },
    keys,
  );
}

/** How each wrapper is asked for in the prompt. */
function callShape(wrapper: JsonArrayWrapper): string {
  const { open, close } = markersOf(wrapper);
  const list =
    '[{"name": "function_name", "arguments": {"parameter": "value"}}, {"name": "another_function", "arguments": {}}]';
  return `${open}${open.endsWith('[') ? list.slice(1) : list}${close ?? ''}`;
}

/**
 * A system prompt for {@link jsonArrayProtocol} with the given wrapper: the tools as a JSON
 * list, and the call list in that wrapper.
 */
export function jsonArraySystemPromptTemplate(
  wrapper: JsonArrayWrapper = 'bare',
): (tools: string) => string {
  const where =
    wrapper === 'bare'
      ? 'reply with only a JSON list of the calls, and nothing else'
      : 'reply with a JSON list of the calls in this form';
  return (tools) => `You can call the functions described in this JSON list:
${tools}

To call functions, ${where}:
${callShape(wrapper)}
Use only these functions, with arguments that fit their parameters; do not guess values you were not given. Put every call you need in the one list. Results come back in the next message. When no function is needed, or once you have the results, answer in plain text.`;
}

/** The system prompt of `xlamToolMiddleware`: the tools as a JSON list, and a reply that is the list of calls. */
export function xlamSystemPromptTemplate(tools: string): string {
  return jsonArraySystemPromptTemplate('bare')(tools);
}

/** xLAM's bare JSON list of calls. */
export const xlamFormat = /* @__PURE__ */ defineFormat({
  name: 'xlam',
  protocol: () => jsonArrayProtocol(),
  systemPrompt: xlamSystemPromptTemplate,
  models: [{ family: 'xLAM, Hammer', match: /xlam|hammer/ }],
});

/**
 * Reasoning of the `<tool_calls>` models: Hunyuan's `<think>`, and Apriel's, which its template
 * opens with "Here are my reasoning steps:" and the model ends with `[BEGIN FINAL RESPONSE]`.
 */
export const jsonArrayToolCallsReasoningTags: ReadonlyArray<readonly [string, string]> = [
  ['<think>', '</think>'],
  ['Here are my reasoning steps:\n', '[BEGIN FINAL RESPONSE]'],
];

const APRIEL_PREAMBLE =
  'You are a thoughtful and systematic AI assistant built by ServiceNow Language Models (SLAM) lab. Before providing an answer, analyze the problem carefully and present your reasoning step by step. After explaining your thought process, provide the final solution in the following format: [BEGIN FINAL RESPONSE] ... [END FINAL RESPONSE].';

/**
 * Apriel 1.5's chat template with native tools: the tools as Python dicts (`| string`) in
 * `<available_tools>` after the system text, calls as one `<tool_calls>` list with their ids and
 * Python-dict arguments, results as `<|tool_result|>` turns. The template writes its reasoning
 * preamble before the system text itself.
 */
const aprielTemplate: TemplatePrompt = {
  toolsIn: 'system',
  tools: (tools, system) => {
    const list = `You are provided with function signatures within <available_tools></available_tools> XML tags. You may call one or more functions to assist with the user query. Don't make assumptions about the arguments. You should infer the argument values from previous user responses and the system message. Here are the available tools:
<available_tools>
${serverTools(tools)
  .map((tool) => `${jinjaString(tool)}\n`)
  .join('')}</available_tools>`;
    if (system !== undefined) return `${system}\n${list}`;
    // Without a system message the template also asks for the call format, then writes a
    // second, tool-less system turn: the made one carries both.
    return `${list}
Return all function calls as a list of json objects within <tool_call></tool_call> XML tags. Each json object should contain a function name and arguments as follows:
<tool_calls>[{"name": <function-name-1>, "arguments": <args-dict-1>}, {"name": <function-name-2>, "arguments": <args-dict-2>},...]</tool_calls>
<|end|>
<|system|>
${APRIEL_PREAMBLE}`;
  },
  calls: (text, calls) =>
    `${text}\n<tool_calls>[${calls
      .map(
        ({ toolCallId, toolName, input }) =>
          `{"name": "${toolName}", "arguments": ${jinjaString(input ?? {})}, "id": "${toolCallId}"}`,
      )
      .join(', ')}]</tool_calls>`,
  // A user turn opens with <|user|>, not <|tool_result|>; the results after the first have theirs.
  results: (results) => results.map(({ content }) => content).join('\n<|end|>\n<|tool_result|>\n'),
};

/** The JSON list in `<tool_calls>`. */
export const jsonArrayToolCallsFormat = /* @__PURE__ */ defineFormat({
  name: 'json-array-tool-calls',
  protocol: () => jsonArrayProtocol({ wrapper: 'tool_calls' }),
  systemPrompt: /* @__PURE__ */ jsonArraySystemPromptTemplate('tool_calls'),
  controlTokens: ['<|end|>', '[END FINAL RESPONSE]', '<answer>', '</answer>'],
  reasoningTags: jsonArrayToolCallsReasoningTags,
  models: [
    // Apriel 1.6 writes another markup (`<|begin_system|>`…): only 1.5 gets 1.5's template.
    {
      family: 'Apriel 1.5',
      match: /apriel-1\.5/,
      opensReasoning: 'always',
      template: aprielTemplate,
    },
    { family: 'Apriel', match: /apriel/, opensReasoning: 'always' },
    { family: 'Jamba, Hunyuan A13B', match: /jamba|hunyuan-a13b/ },
    { family: 'MiniMax-Text-01 / M1', match: /minimax-?(?:m1|text-01)/ },
  ],
});

/** NVIDIA's tool list: each tool's `function` as `tojson`, comma-separated. */
const nvidiaTools = (tools: readonly LanguageModelV4FunctionTool[]) =>
  serverTools(tools)
    .map((tool) => templateJson(tool.function))
    .join(', ');

/** A turn's calls as NVIDIA's templates write them: one `<TOOLCALL>` list. */
const nvidiaCalls = (calls: readonly ToolCallForModel[]) =>
  `<TOOLCALL>[${calls
    .map(
      ({ toolName, input }) => `{"name": "${toolName}", "arguments": ${templateJson(input ?? {})}}`,
    )
    .join(', ')}]</TOOLCALL>`;

/** A run of results as NVIDIA's templates write them: one `<TOOL_RESPONSE>` list. */
const nvidiaResults = (results: readonly TemplateToolResult[]) =>
  `<TOOL_RESPONSE>[${results
    .map(({ content }) => escapeCloser(content, '</TOOL_RESPONSE>'))
    .join(', ')}]</TOOL_RESPONSE>`;

/** `text` and `separator` before what follows, or nothing when `text` is empty. */
const lead = (text: string, separator: string) => (text === '' ? '' : `${text}${separator}`);

/**
 * NVIDIA's tool prompt: the list in `<AVAILABLE_TOOLS>` and the call format, then how results
 * come back and what to do with them, which Nano v2 and Llama Nemotron word differently.
 */
const nvidiaToolPrompt = (
  tools: readonly LanguageModelV4FunctionTool[],
  results: string,
  then: string,
) => `You can use the following tools to assist the user if required:
<AVAILABLE_TOOLS>[${nvidiaTools(tools)}]</AVAILABLE_TOOLS>

If you decide to call any tool(s), use the following format:
<TOOLCALL>[{{"name": "tool_name1", "arguments": "tool_args1"}}, {{"name": "tool_name2", "arguments": "tool_args2"}}]</TOOLCALL>

${results}

${then}`;

/**
 * Nemotron Nano v2's chat template with native tools: the list in `<AVAILABLE_TOOLS>` after the
 * trimmed system text, calls in `<TOOLCALL>` after the turn's trimmed text, a run of results as a
 * user turn of one `<TOOL_RESPONSE>` list.
 */
const nemotronNanoTemplate: TemplatePrompt = {
  toolsIn: 'system',
  tools: (tools, system = '') =>
    lead(system.trim(), '\n\n') +
    nvidiaToolPrompt(
      tools,
      'The user will execute tool-calls and return responses from tool(s) in this format:\n<TOOL_RESPONSE>[{{"tool_response1"}}, {{"tool_response2"}}]</TOOL_RESPONSE>',
      'Based on the tool responses, you can call additional tools if needed, correct tool calls if any errors are found, or just respond to the user.',
    ),
  calls: (text, calls) => lead(text.trim(), '\n\n') + nvidiaCalls(calls),
  results: nvidiaResults,
};

/**
 * Llama 3.3 Nemotron Super v1.5's chat template with native tools: the list in
 * `<AVAILABLE_TOOLS>` after the system text, calls in `<TOOLCALL>` right after the turn's text,
 * a run of results as one `tool` turn, which only its header, written at the end of the calling
 * turn, opens.
 */
const llamaNemotronTemplate: TemplatePrompt = {
  toolsIn: 'system',
  tools: (tools, system = '') =>
    lead(system, '\n\n') +
    nvidiaToolPrompt(
      tools,
      'Response from tool(s) will be returned in this format:\n<TOOL_RESPONSE>[{{"response": "tool_response1"}}, {{"response": "tool_response2"}}]</TOOL_RESPONSE>',
      'Based on the results returned by the tool(s), you can call additional tools if needed, correct tool calls if any errors are found, or just respond with the answer to the user.',
    ),
  calls: (text, calls) => text + nvidiaCalls(calls),
  results: (results) =>
    `<|eot_id|><|start_header_id|>tool<|end_header_id|>\n\n${nvidiaResults(results)}`,
  resultsIn: 'assistant',
};

/** The JSON list in `<TOOLCALL>`. */
export const jsonArrayToolcallFormat = /* @__PURE__ */ defineFormat({
  name: 'json-array-toolcall',
  protocol: () => jsonArrayProtocol({ wrapper: 'TOOLCALL' }),
  systemPrompt: /* @__PURE__ */ jsonArraySystemPromptTemplate('TOOLCALL'),
  controlTokens: ['<SPECIAL_12>'],
  models: [
    {
      family: 'Nemotron Nano v2',
      // Ollama's nemotron-nano:9b is the 9B v2.
      match: /nemotron-nano-[\w-]{0,12}v2|nemotron-nano:9b/,
      opensReasoning: 'by-default',
      template: nemotronNanoTemplate,
    },
    {
      // Llama-3.1/3.3-Nemotron Nano, Super and Ultra (v1, v1.5): their template asks for <TOOLCALL>; the model writes <think> itself.
      family: 'Llama Nemotron',
      match: /llama-?3[._]\d-nemotron-(?:nano|super|ultra)/,
      template: llamaNemotronTemplate,
    },
  ],
});

/** The JSON list after `functools`. */
export const jsonArrayFunctoolsFormat = /* @__PURE__ */ defineFormat({
  name: 'json-array-functools',
  protocol: () => jsonArrayProtocol({ wrapper: 'functools' }),
  systemPrompt: /* @__PURE__ */ jsonArraySystemPromptTemplate('functools'),
  controlTokens: ['<|end|>', '<|eot_id|>'],
  models: [
    { family: 'Phi-4-mini', match: /phi-?4-mini/ },
    { family: 'FireFunction v2', match: /firefunction/ },
  ],
});
