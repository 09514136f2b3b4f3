import {
  openPanguProtocol,
  openPanguSystemPromptTemplate,
  templateJson,
} from '@toolbridge/middleware/formats';
import type { ConformanceFormat } from '../formats.ts';
import type { Call } from '../render-reply.ts';

/** The calls as one JSON list, each object `{"name": …, "arguments": {…}}` as the models write it. */
function list(calls: readonly Call[]): string {
  return `[${calls
    .map((call) => `{"name": "${call.toolName}", "arguments": ${templateJson(call.input)}}`)
    .join(', ')}]`;
}

/**
 * openPangu: prose, then one JSON list of every call. Cases alternate between openPangu 2.0's
 * `<|tool_call_start|>` tokens, a newline inside each as its template writes them, and v1's
 * `[unused11]` and `[unused12]`.
 */
export const openPanguReplies: ConformanceFormat = {
  name: 'openpangu',
  protocol: openPanguProtocol(),
  prompt: openPanguSystemPromptTemplate,
  writeReplies: (calls) =>
    JSON.stringify(calls).length % 2 === 1
      ? [`Let me take care of that.[unused11]${list(calls)}[unused12]`]
      : [`Let me take care of that.<|tool_call_start|>\n${list(calls)}\n<|tool_call_end|>`],
};
