import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { createBareJsonCallDecoder } from '../decoders/bare-json-call-decoder';
import { createDispatchingDecoder } from '../decoders/dispatching-decoder';
import { createJsonCallDecoder, JSON_CALL_KEYS } from '../decoders/json-call-decoder';
import { readingFirst } from '../decoders/reading-first';
import type { CallDecoder, CallSink, ToolsByName } from '../engine/call-grammar';
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

// openPangu 2.0's call tokens, which LFM2 also writes (around a pythonic list).
const CALL_START = '<|tool_call_start|>';
const CALL_END = '<|tool_call_end|>';
// openPangu v1's (Embedded, R, Pro MoE): reserved tokens of its vocabulary.
const V1_CALL_START = '[unused11]';
const V1_CALL_END = '[unused12]';

// openPangu 2.0's turns: `<|message_start|>ROLE\n…<|message_end|>`, the text ends with `<|pangu_text_end|>`.
const MESSAGE_START = '<|message_start|>';
const MESSAGE_END = '<|message_end|>';
// openPangu v1's turns: `[unused9]ROLE：…[unused10]`; `[unused10]` is also its end of text.
const V1_TURN_START = '[unused9]';
const V1_TURN_END = '[unused10]';

/**
 * The JSON after a call token: one list of call objects, `[{"name": …, "arguments": {…}}, …]`,
 * or one bare call object. The list is this format's only when it holds objects (or nothing):
 * `[get_weather(…)]` after `<|tool_call_start|>` is LFM2's pythonic list, so it is prose here
 * and `auto` hands it to the next reader of the token.
 */
function openPanguCallDecoder(closer: string, tools: ToolsByName, sink: CallSink): CallDecoder {
  const json = () =>
    createJsonCallDecoder({ keys: JSON_CALL_KEYS, closer, tools, sink, sequence: true });
  const decoder = createDispatchingDecoder((first) => {
    if (first === '{') return json();
    if (first === '[') return afterListBracket(json);
    return undefined;
  });
  return {
    write: (text) => decoder.write(text),
    end: () => decoder.end(),
    get status() {
      return decoder.status;
    },
    // Markup that holds no call still ends at the closing token, which then stays with it.
    get closer() {
      return decoder.status === 'not-a-call' ? closer : decoder.closer;
    },
  };
}

/** Reads a list's `[`, then decides from the next non-space character whether it holds JSON calls. */
function afterListBracket(json: () => CallDecoder): CallDecoder {
  const items = createDispatchingDecoder((first) =>
    first === '{' || first === ']' ? readingFirst(json(), '[') : undefined,
  );
  let bracketRead = false;
  return {
    write(text) {
      if (bracketRead) return items.write(text);
      // The dispatcher hands this decoder the text from the `[` on.
      bracketRead = true;
      return 1 + items.write(text.slice(1));
    },
    end: () => items.end(),
    get status() {
      return items.status;
    },
    get closer() {
      return items.closer;
    },
  };
}

/**
 * openPangu's calls: one JSON list of call objects between call tokens, openPangu 2.0's
 * `<|tool_call_start|>` … `<|tool_call_end|>` (a newline inside each token, as its template writes
 * them) or v1's `[unused11]` … `[unused12]`:
 *
 * ```text
 * <|tool_call_start|>
 * [{"name": "get_weather", "arguments": {"city": "Lyon"}}, {"name": "get_time", "arguments": {}}]
 * <|tool_call_end|>
 * ```
 *
 * A single call object without the list is read too. The tokens are markup, never text; a list
 * after them that holds no call objects is kept as text and reported. A reply that opens with the
 * bare list, as a server that strips v1's special tokens hands it back, counts when it names a
 * known tool. Results go back as the tool turn's text.
 */
export function openPanguProtocol(): ToolCallProtocol {
  return defineJsonTextProtocol(
    {
      format: 'openpangu',
      grammar: (tools) => ({
        openers: [CALL_START, V1_CALL_START],
        explicitOpeners: [CALL_START, V1_CALL_START],
        wrappers: [CALL_END, V1_CALL_END],
        leadingCall: true,
        startCall: (opener, sink) => {
          if (opener === '')
            return createBareJsonCallDecoder({ keys: JSON_CALL_KEYS, tools, sink });
          return openPanguCallDecoder(
            opener === V1_CALL_START ? V1_CALL_END : CALL_END,
            tools,
            sink,
          );
        },
      }),
      formatTools: toolList,
      formatToolCall: ({ toolName, input }) =>
        `${CALL_START}\n[${stringifySpacedJson({ name: toolName, arguments: input ?? {} })}]\n${CALL_END}`,
      formatToolResponse: ({ output }) => toolResultText(output),
    },
    JSON_CALL_KEYS,
  );
}

/** The tools as a JSON list, one framed description per line. */
function toolList(tools: readonly LanguageModelV4FunctionTool[]): string {
  return `[\n${tools.map((tool) => stringifyFramedJson(describeTool(tool))).join(',\n')}\n]`;
}

/** This format's own tool prompt, asking for the call list between `open` and `close`. */
function callPrompt(tools: string, open: string, close: string): string {
  return `You can call the functions described in this JSON list:
<tools>
${tools}
</tools>

To call functions, write one list of the calls between these tokens:
${open}[{"name": "function_name", "arguments": {"parameter": "value"}}, {"name": "another_function", "arguments": {}}]${close}
Call a function only when you have a value for every required parameter; ask the user for any that is missing instead of guessing it. Results come back in the next message. When no function is needed, or once you have the results, answer in plain text.`;
}

/** The system prompt of `openPanguToolMiddleware`: the tools as a JSON list in `<tools>`, and openPangu 2.0's call list. */
export function openPanguSystemPromptTemplate(tools: string): string {
  return callPrompt(tools, `${CALL_START}\n`, `\n${CALL_END}`);
}

/** A turn's calls as openPangu's templates write them: `{"name": "NAME", "arguments": ARGS}` objects, joined by `, `. */
const callList = (calls: readonly ToolCallForModel[]) =>
  calls
    .map(
      ({ toolName, input }) => `{"name": "${toolName}", "arguments": ${templateJson(input ?? {})}}`,
    )
    .join(', ');

/** The system text the template keeps, trimmed, then a newline before what the tools add. */
const ownSystem = (system: string | undefined) => {
  const kept = (system ?? '').trim();
  return kept === '' ? '' : `${kept}\n`;
};

/**
 * openPangu 2.0's tool prompt, as its chat template (`tokenizer_config.json` of
 * openPangu-2.0-Flash) writes it after the system text: a tool-calling persona, the tools as one
 * `tojson` list in `<tools>`, the call list between its tokens, and when to call.
 */
const openPangu2Tools = (tools: readonly LanguageModelV4FunctionTool[]) =>
  `你是一个能够调用外部工具解决问题的专家，你的目标是高效、准确、清晰地完成任务。
你需要根据用户的问题，决定是否需要使用工具来完成任务。如果需要，请以明确的格式调用工具；如果不需要，请直接回答。
你可以根据上下文决定是否继续调用工具或基于已有结果直接回答用户。如果工具调用已足够，请合理组织语言向用户汇报结论。在没有获得显式的调用结果之前，在调用工具的当轮回复之内严禁虚构或者假设一个工具调用结果来完成任务或者回答问题。也不应在没有返回工具调用信息的情况下，在调用工具的当轮假设或者明确声称工具执行成功。
你将在<tools></tools>标签对内获得每个工具的描述：
<tools>
${templateJson(serverTools(tools))}
</tools>
对于每个函数调用，返回一个 JSON 对象，放在 ${CALL_START}${CALL_END} 标签对中，多个调用组成一个列表，其中每个函数包含函数名和对应函数的参数，格式如下：
${CALL_START}
[{"name": "<函数名1>", "arguments": <args1 json对象>}, {"name": "<函数名2>", "arguments": <args2 json对象>}, ...]
${CALL_END}
<工具使用原则>
1. 只有在所有必填参数(required字段中列出的)都具备有效值时，才能调用该函数
2. 如果缺少任何必填参数，必须向用户询问缺失的参数，而不是直接调用函数
3. 可选参数如果没有提供可以忽略或使用默认值
</工具使用原则>`;

/**
 * openPangu 2.0's chat template with native tools: the tool prompt after the trimmed system text,
 * a turn's calls as one list after its text, each result a `tool` turn of its own. Only its
 * markup, written at the end of the calling turn, opens a `tool` turn.
 */
const openPangu2Template: TemplatePrompt = {
  toolsIn: 'system',
  tools: (tools, system) => ownSystem(system) + openPangu2Tools(tools),
  calls: (text, calls) => `${text}${CALL_START}\n[${callList(calls)}]\n${CALL_END}`,
  results: (results: readonly TemplateToolResult[]) =>
    results
      .map(
        ({ content }) =>
          `${MESSAGE_END}${MESSAGE_START}tool\n${escapeCloser(content, MESSAGE_END)}`,
      )
      .join(''),
  resultsIn: 'assistant',
};

/**
 * openPangu v1's turns with tools. Its chat template lists no tools and writes no calls (it
 * renders each message's content in `[unused9]ROLE：…[unused10]`), so the tool list is this
 * format's own prompt with v1's call tokens; calls go after the turn's text in those tokens, and
 * each result is a `工具` (tool) turn, which only its markup, written at the end of the calling
 * turn, opens.
 */
const openPangu1Template: TemplatePrompt = {
  toolsIn: 'system',
  // The template writes the system text as it is.
  tools: (tools, system) =>
    `${system ? `${system}\n\n` : ''}${callPrompt(toolList(tools), V1_CALL_START, V1_CALL_END)}`,
  calls: (text, calls) => `${text}${V1_CALL_START}[${callList(calls)}]${V1_CALL_END}`,
  results: (results: readonly TemplateToolResult[]) =>
    results
      .map(
        ({ content }) =>
          `${V1_TURN_END}${V1_TURN_START}工具：${escapeCloser(content, V1_TURN_END)}`,
      )
      .join(''),
  resultsIn: 'assistant',
};

/**
 * Huawei openPangu: v1 (Embedded 1B/7B, openPangu-R, Pangu Pro MoE) and openPangu 2.0 (Pro,
 * Flash). Both write one JSON list of calls, in `[unused11]`/`[unused12]` (v1) or
 * `<|tool_call_start|>`/`<|tool_call_end|>` (2.0), and reason in `<think>` or `[unused16]`/`[unused17]`.
 * The prompt is openPangu 2.0's; 2.0's template opens `<think>` unless thinking is turned off.
 */
export const openPanguFormat = /* @__PURE__ */ defineFormat({
  name: 'openpangu',
  protocol: openPanguProtocol,
  systemPrompt: openPanguSystemPromptTemplate,
  template: openPangu2Template,
  reasoningTags: [
    ['<think>', '</think>'],
    ['[unused16]', '[unused17]'],
  ],
  controlTokens: [V1_TURN_END, MESSAGE_END, '<|pangu_text_end|>'],
  models: [
    // The generation prompt ends `<|message_start|>assistant\n<think>` unless the request sets `thinking` false.
    { family: 'openPangu 2.0', match: /openpangu-2\b/, opensReasoning: 'by-default' },
    {
      family: 'openPangu v1 (Embedded, R, Pro MoE)',
      match: /openpangu|pangu-pro-moe/,
      template: openPangu1Template,
    },
  ],
});
