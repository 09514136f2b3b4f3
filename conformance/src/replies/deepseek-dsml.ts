import {
  deepseekDsmlProtocol,
  deepseekDsmlSystemPromptTemplate,
} from '@toolbridge/middleware/formats';
import type { ConformanceFormat } from '../formats.ts';

const M = '｜DSML｜';

/**
 * DeepSeek DSML: prose, then one block with an invoke per call, each parameter marked text or
 * JSON; the V3.2 (`function_calls`) and V4 (`tool_calls`) wrappers alternate from case to case.
 */
export const deepseekDsmlReplies: ConformanceFormat = {
  name: 'deepseek-dsml',
  protocol: deepseekDsmlProtocol(),
  prompt: deepseekDsmlSystemPromptTemplate,
  writeReplies: (calls) => {
    const wrapper = JSON.stringify(calls).length % 2 === 1 ? 'tool_calls' : 'function_calls';
    const invokes = calls.map((call) => {
      const parameters = Object.entries(call.input).map(([key, value]) =>
        typeof value === 'string'
          ? `<${M}parameter name="${key}" string="true">${value}</${M}parameter>\n`
          : `<${M}parameter name="${key}" string="false">${JSON.stringify(value)}</${M}parameter>\n`,
      );
      return `<${M}invoke name="${call.toolName}">\n${parameters.join('')}</${M}invoke>`;
    });
    return [
      `Let me take care of that.\n\n<${M}${wrapper}>\n${invokes.join('\n')}\n</${M}${wrapper}>`,
    ];
  },
};
