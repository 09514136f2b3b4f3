import type {
  LanguageModelV4FunctionTool,
  LanguageModelV4Message,
  LanguageModelV4Prompt,
  LanguageModelV4ToolResultOutput,
} from '@ai-sdk/provider';
import { templateJson } from '../safe-json';
import type { ToolCallForModel } from '../tool-call-protocol';
import { toolResultValue } from '../tool-result-value';

/** A past tool result, as its `tool` message reaches an OpenAI-compatible server. */
export interface TemplateToolResult {
  toolCallId: string;
  toolName: string;
  /** The result as the tool gave it. */
  output: LanguageModelV4ToolResultOutput;
  /** The message's content: text as it is, JSON compact (see `toolMessageContent`). */
  content: string;
}

/** The message of the conversation a template writes its tool list into. */
export type ToolsPlacement = 'system' | 'first-user' | 'last-user';

/**
 * How a family's own chat template renders tools, past calls and their results when a server
 * hands it native `tools`, `tool_calls` and `tool` messages. Given one, toolbridge writes the
 * conversation so that the same template, rendering it without tools, gives the model the same
 * prompt (docs/fidelity.md measures it per family).
 */
export interface TemplatePrompt {
  /** The message the template writes the tool list into. */
  readonly toolsIn: ToolsPlacement;
  /**
   * That message's text with the tool list written in, as the template writes it. `text` is
   * undefined when the conversation has no such message (a system message is then made).
   */
  tools(tools: readonly LanguageModelV4FunctionTool[], text: string | undefined): string;
  /** An assistant turn's text followed by its calls, as the template writes the turn's content. */
  calls(text: string, calls: readonly ToolCallForModel[]): string;
  /** A run of tool results (the tool messages in a row), as the template writes them. */
  results(results: readonly TemplateToolResult[]): string;
  /**
   * Where the results go: `user`, a user turn of their own; `assistant`, the end of the turn
   * that made the calls, for a template whose result turn has a role of its own (`ipython`,
   * `<|observation|>`) that only its markup, written there, can open. Default: `user`.
   */
  readonly resultsIn?: 'user' | 'assistant';
}

/** The tools as an OpenAI-compatible server receives them, which is what templates render. */
export function serverTools(
  tools: readonly LanguageModelV4FunctionTool[],
): Array<{ type: 'function'; function: Record<string, unknown> }> {
  return tools.map((tool) => ({
    type: 'function',
    function: {
      name: tool.name,
      ...(tool.description === undefined ? {} : { description: tool.description }),
      parameters: tool.inputSchema,
    },
  }));
}

/**
 * A tool result as the content of the `tool` message an OpenAI-compatible provider sends: text
 * as it is (errors too), JSON compact, a denial's reason; media, which a text prompt cannot
 * carry, as placeholders such as `[Image: image/png]`.
 */
export function toolMessageContent(output: LanguageModelV4ToolResultOutput): string {
  switch (output.type) {
    case 'text':
    case 'error-text':
      return output.value;
    case 'json':
    case 'error-json':
      return JSON.stringify(output.value) ?? 'null';
    case 'execution-denied':
      return output.reason ?? 'Tool call execution denied.';
    default:
      return String(toolResultValue(output).value);
  }
}

/** The tools as `tojson` lines, one per tool: how most templates list them (Qwen's, GLM's). */
export function toolJsonLines(tools: readonly LanguageModelV4FunctionTool[]): string {
  return serverTools(tools)
    .map((tool) => templateJson(tool))
    .join('\n');
}

/**
 * `content` with each `closer` in it broken by a backslash (`</tool_response>` becomes
 * `<\\/tool_response>`): a result that contains its wrapper's closer cannot end the wrapper
 * early and pass the rest off as the model's own markup. The one place toolbridge departs from a
 * template, which writes such a result as it is.
 */
export function escapeCloser(content: string, closer: string): string {
  return content.includes(closer)
    ? content.replaceAll(closer, `${closer.slice(0, 1)}\\${closer.slice(1)}`)
    : content;
}

/** The text parts of a message or reply, joined; its other parts left out. */
export function textOf(parts: ReadonlyArray<{ type: string; text?: unknown }>): string {
  return parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

type AssistantMessage = Extract<LanguageModelV4Message, { role: 'assistant' }>;
type ToolResultPart = Extract<AssistantMessage['content'][number], { type: 'tool-result' }>;

/**
 * Rewrites a conversation for a server without tools so that the family's chat template renders
 * it as it renders the native one: the tool list written where the template writes it (placed in
 * the conversation as the caller gave it, so the last user turn is the last question, not a run
 * of results), each assistant turn's calls after its text, each run of tool results as one turn
 * or at the end of the calling turn. Reasoning and other parts stay as they are: the server
 * renders them. Tool approval responses are dropped; with no tools (tool choice `none`), no tool
 * list is written.
 */
export function rewriteForTemplate(
  prompt: LanguageModelV4Prompt,
  tools: readonly LanguageModelV4FunctionTool[],
  template: TemplatePrompt,
): LanguageModelV4Prompt {
  return templateHistory(withTemplateTools(prompt, tools, template), template);
}

/** Each assistant turn's calls and each run of results written as the template writes them. */
function templateHistory(
  prompt: LanguageModelV4Prompt,
  template: TemplatePrompt,
): LanguageModelV4Prompt {
  const rewritten: LanguageModelV4Message[] = [];
  let results: TemplateToolResult[] = [];
  const flushResults = () => {
    if (results.length === 0) return;
    const text = template.results(results);
    results = [];
    const last = rewritten[rewritten.length - 1];
    if (template.resultsIn === 'assistant' && last?.role === 'assistant')
      rewritten[rewritten.length - 1] = appendText(last, text);
    else rewritten.push({ role: 'user', content: [{ type: 'text', text }] });
  };
  for (const message of prompt) {
    if (message.role === 'tool') {
      results.push(...templateResults(message.content));
      continue;
    }
    flushResults();
    rewritten.push(message.role === 'assistant' ? withCalls(message, template) : message);
  }
  flushResults();
  return rewritten;
}

/** The results among `parts`, approval responses left out. */
function templateResults(
  parts: ReadonlyArray<{ type: string } | ToolResultPart>,
): TemplateToolResult[] {
  return parts.flatMap((part) =>
    isToolResult(part)
      ? [
          {
            toolCallId: part.toolCallId,
            toolName: part.toolName,
            output: part.output,
            content: toolMessageContent(part.output),
          },
        ]
      : [],
  );
}

const isToolResult = (part: { type: string }): part is ToolResultPart =>
  part.type === 'tool-result';

/**
 * The turn's text, then its calls, then the results of tools the provider ran in it, as the
 * template writes them; its reasoning and files stay parts of their own.
 */
function withCalls(message: AssistantMessage, template: TemplatePrompt): AssistantMessage {
  const calls = message.content.flatMap((part) => (part.type === 'tool-call' ? [part] : []));
  const results = templateResults(message.content);
  if (calls.length === 0 && results.length === 0) return message;
  const text = textOf(message.content);
  const others = message.content.filter(
    (part) => part.type !== 'text' && part.type !== 'tool-call' && !isToolResult(part),
  );
  const written =
    (calls.length === 0 ? text : template.calls(text, calls)) +
    (results.length === 0 ? '' : template.results(results));
  return { ...message, content: [...others, { type: 'text', text: written }] };
}

function appendText(message: AssistantMessage, text: string): AssistantMessage {
  const last = message.content[message.content.length - 1];
  if (last?.type === 'text')
    return {
      ...message,
      content: [...message.content.slice(0, -1), { ...last, text: last.text + text }],
    };
  return { ...message, content: [...message.content, { type: 'text', text }] };
}

/**
 * The tool list written into the message the template writes it in (a system message made when
 * there is none); no tools, no list. The history stays as it is: what a server given native
 * history with no `tools` renders with the same template.
 */
export function withTemplateTools(
  prompt: LanguageModelV4Prompt,
  tools: readonly LanguageModelV4FunctionTool[],
  template: TemplatePrompt,
): LanguageModelV4Prompt {
  if (tools.length === 0) return prompt;
  const index = placementIndex(prompt, template.toolsIn);
  const message = index === undefined ? undefined : prompt[index];
  if (message === undefined || index === undefined)
    return [{ role: 'system', content: template.tools(tools, undefined) }, ...prompt];
  const copy = [...prompt];
  if (message.role === 'system') {
    copy[index] = { ...message, content: template.tools(tools, message.content) };
  } else if (message.role === 'user') {
    const text = textOf(message.content);
    const files = message.content.filter((part) => part.type !== 'text');
    copy[index] = {
      ...message,
      content: [{ type: 'text', text: template.tools(tools, text) }, ...files],
    };
  }
  return copy;
}

function placementIndex(
  prompt: readonly LanguageModelV4Message[],
  placement: ToolsPlacement,
): number | undefined {
  if (placement === 'system') return prompt[0]?.role === 'system' ? 0 : undefined;
  const users = prompt.flatMap((message, index) => (message.role === 'user' ? [index] : []));
  return placement === 'first-user' ? users[0] : users[users.length - 1];
}
