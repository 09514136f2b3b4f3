import { glmProtocol, glmSystemPromptTemplate } from '@toolbridge/middleware/formats';
import type { ConformanceFormat } from '../formats.ts';

const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/**
 * GLM: prose, then one `<tool_call>` block per call, in one of the layouts GLM models write,
 * chosen from case to case so that all are read: GLM-4.5/4.6's key/value tags with newlines,
 * GLM-4.7's compact ones, and GLM-5.3-Flash's `NAME>{…}` (JSON arguments, no closer).
 */
export const glmReplies: ConformanceFormat = {
  name: 'glm',
  protocol: glmProtocol(),
  prompt: glmSystemPromptTemplate,
  writeReplies: (calls) => {
    const layout = JSON.stringify(calls).length % 3;
    const blocks = calls.map((call) => {
      if (layout === 2) return `<tool_call>${call.toolName}>${JSON.stringify(call.input)}`;
      const pairs = Object.entries(call.input).map(([key, value]) =>
        layout === 1
          ? `<arg_key>${key}</arg_key><arg_value>${text(value)}</arg_value>`
          : `<arg_key>${key}</arg_key>\n<arg_value>${text(value)}</arg_value>\n`,
      );
      return layout === 1
        ? `<tool_call>${call.toolName}${pairs.join('')}</tool_call>`
        : `<tool_call>${call.toolName}\n${pairs.join('')}</tool_call>`;
    });
    return [['Let me take care of that.', ...blocks].join('\n')];
  },
};
