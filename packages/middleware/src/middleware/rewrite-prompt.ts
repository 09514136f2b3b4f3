import type { LanguageModelV4FunctionTool, LanguageModelV4Prompt } from '@ai-sdk/provider';
import type { TemplatePrompt } from '../prompt/template-prompt';
import type { ToolCallForModel, ToolResultForModel } from '../tool-call-protocol';

/** How toolbridge's own prompt writes tools, past calls and their results. */
export interface CompactPrompt {
  formatTools(tools: readonly LanguageModelV4FunctionTool[]): string;
  formatToolCall(toolCall: ToolCallForModel): string;
  formatToolResponse(toolResult: ToolResultForModel): string;
}

/**
 * toolbridge's own wording as a template prompt: the system prompt after the system text, each
 * call and result in the protocol's format on a line of its own, results in a user turn.
 */
export function compactTemplate(
  prompt: CompactPrompt,
  systemPrompt: (tools: string) => string,
): TemplatePrompt {
  return {
    toolsIn: 'system',
    tools: (tools, system) =>
      joinLines([system ?? '', systemPrompt(prompt.formatTools(tools))], '\n\n'),
    calls: (text, calls) => joinLines([text, ...calls.map(prompt.formatToolCall)], '\n'),
    results: (results) => results.map(prompt.formatToolResponse).join('\n'),
  };
}

const joinLines = (pieces: readonly string[], separator: string) =>
  pieces.filter((piece) => piece !== '').join(separator);

/** Puts an instruction into the leading system message, or a new one at the very start. */
export function withToolSystemPrompt(
  prompt: LanguageModelV4Prompt,
  instruction: string,
): LanguageModelV4Prompt {
  const [first, ...rest] = prompt;
  if (first?.role === 'system')
    return [{ ...first, content: joinLines([first.content, instruction], '\n\n') }, ...rest];
  return [{ role: 'system', content: instruction }, ...prompt];
}
