import { qwen3CoderProtocol, qwen3CoderSystemPromptTemplate } from '@toolbridge/middleware/formats';
import type { ConformanceFormat } from '../formats.ts';

/** Qwen3-Coder: one `<tool_call>` block per call, string values raw on their own lines. */
export const qwen3CoderReplies: ConformanceFormat = {
  name: 'qwen3-coder',
  protocol: qwen3CoderProtocol(),
  prompt: qwen3CoderSystemPromptTemplate,
  writeReplies: (calls) => {
    const blocks = calls.map((call) => {
      const parameters = Object.entries(call.input).map(
        ([key, value]) =>
          `<parameter=${key}>\n${typeof value === 'string' ? value : JSON.stringify(value)}\n</parameter>\n`,
      );
      return `<tool_call>\n<function=${call.toolName}>\n${parameters.join('')}</function>\n</tool_call>`;
    });
    return [['Let me take care of that.', ...blocks].join('\n')];
  },
};
