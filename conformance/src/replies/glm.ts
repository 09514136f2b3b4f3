import { glmProtocol, glmSystemPromptTemplate } from '@toolbridge/middleware/formats';
import type { ConformanceFormat } from '../formats.ts';

const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/**
 * GLM: prose, then one `<tool_call>` block per call; GLM-4.5/4.6's layout with newlines, or
 * GLM-4.7's compact one, alternating from case to case so that both are read.
 */
export const glmReplies: ConformanceFormat = {
  name: 'glm',
  protocol: glmProtocol(),
  prompt: glmSystemPromptTemplate,
  writeReplies: (calls) => {
    const compact = JSON.stringify(calls).length % 2 === 1;
    const blocks = calls.map((call) => {
      const pairs = Object.entries(call.input).map(([key, value]) =>
        compact
          ? `<arg_key>${key}</arg_key><arg_value>${text(value)}</arg_value>`
          : `<arg_key>${key}</arg_key>\n<arg_value>${text(value)}</arg_value>\n`,
      );
      return compact
        ? `<tool_call>${call.toolName}${pairs.join('')}</tool_call>`
        : `<tool_call>${call.toolName}\n${pairs.join('')}</tool_call>`;
    });
    return [['Let me take care of that.', ...blocks].join('\n')];
  },
};
