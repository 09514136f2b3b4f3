import { jsonMixProtocol } from '../protocols/json-mix-protocol';
import { textOrJson } from '../text-or-json';
import type { ToolCallProtocol, ToolResultForModel } from '../tool-call-protocol';
import { toolResultValue } from '../tool-result-value';
import { defineFormat } from './define-format';

/** The system prompt of `toolCallTagMiddleware`: one `<TOOL_CALL>` per reply, with rules. */
export function toolCallTagSystemPromptTemplate(tools: string): string {
  return `You can use these tools, one JSON description per line:
${tools}

To use a tool, reply with a call and nothing after it:
<TOOL_CALL>{"tool": "tool_name", "args": {"parameter": "value"}, "reasoning": "why this call helps"}</TOOL_CALL>

Rules:
1. One call per reply; wait for its result before the next.
2. Valid JSON: double-quoted keys and strings, no comments.
3. Tool names exactly as listed; every required argument, of the type its schema asks for.
4. Results come back as TOOL_RESULT: {"success": ..., "data": ..., "error": ...}.
5. Without a tool to call, or once you have the results, answer in plain text without tags.`;
}

/** Writes a tool result as the `TOOL_RESULT:` line `toolCallTagMiddleware` promises. */
export function toolCallTagResultTemplate({ output }: ToolResultForModel): string {
  const { value, isError } = toolResultValue(output);
  const result = isError
    ? {
        success: false,
        data: null,
        error: textOrJson(value),
      }
    : { success: true, data: value, error: null };
  return `TOOL_RESULT: ${JSON.stringify(result)}`;
}

/**
 * jsonMix with `<TOOL_CALL>` tags, keys `tool`/`args` (`reasoning` is ignored), one call per reply;
 * results written as {@link toolCallTagResultTemplate} lines.
 */
export function toolCallTagProtocol(): ToolCallProtocol {
  const protocol = jsonMixProtocol({
    toolCallStart: '<TOOL_CALL>',
    toolCallEnd: '</TOOL_CALL>',
    nameKey: 'tool',
    argumentsKey: 'args',
    maxCallsPerReply: 1,
  });
  return { ...protocol, format: 'tool-call-tag', formatToolResponse: toolCallTagResultTemplate };
}

/** One `<TOOL_CALL>` per reply, results as `TOOL_RESULT:` lines. */
export const toolCallTagFormat = /* @__PURE__ */ defineFormat({
  name: 'tool-call-tag',
  protocol: toolCallTagProtocol,
  systemPrompt: toolCallTagSystemPromptTemplate,
});
