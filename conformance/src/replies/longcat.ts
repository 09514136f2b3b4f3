import { longcatProtocol, longcatSystemPromptTemplate } from '@toolbridge/middleware/formats';
import type { ConformanceFormat } from '../formats.ts';

/** LongCat-Flash: prose, then one `<longcat_tool_call>` block of JSON per call, back to back. */
export const longcatReplies: ConformanceFormat = {
  name: 'longcat',
  protocol: longcatProtocol(),
  prompt: longcatSystemPromptTemplate,
  writeReplies: (calls) => {
    const blocks = calls.map(
      (call) =>
        `<longcat_tool_call>\n${JSON.stringify({ name: call.toolName, arguments: call.input })}\n</longcat_tool_call>`,
    );
    return [`Let me take care of that.\n${blocks.join('')}`];
  },
};
