import {
  deepseekDsmlProtocol,
  deepseekDsmlSystemPromptTemplate,
} from '@toolbridge/middleware/formats';
import type { ConformanceFormat } from '../formats.ts';

/** The markers before each tag name: V3.2 / V4's, and V4.1's with a space after it. */
const M = '｜DSML｜';
const M41 = '｜DSML｜ ';

/**
 * DeepSeek DSML: prose, then one block with an invoke per call, each parameter marked text or
 * JSON; V3.2's `function_calls`, V4's `tool_calls` and V4.1's spaced `calls` wrapper take turns
 * from case to case.
 */
export const deepseekDsmlReplies: ConformanceFormat = {
  name: 'deepseek-dsml',
  protocol: deepseekDsmlProtocol(),
  prompt: deepseekDsmlSystemPromptTemplate,
  writeReplies: (calls) => {
    const turn = JSON.stringify(calls).length % 3;
    const [mark, wrapper] =
      turn === 2 ? [M41, 'calls'] : [M, turn === 1 ? 'tool_calls' : 'function_calls'];
    const invokes = calls.map((call) => {
      const parameters = Object.entries(call.input).map(([key, value]) =>
        typeof value === 'string'
          ? `<${mark}parameter name="${key}" string="true">${value}</${mark}parameter>\n`
          : `<${mark}parameter name="${key}" string="false">${JSON.stringify(value)}</${mark}parameter>\n`,
      );
      return `<${mark}invoke name="${call.toolName}">\n${parameters.join('')}</${mark}invoke>`;
    });
    return [
      `Let me take care of that.\n\n<${mark}${wrapper}>\n${invokes.join('\n')}\n</${mark}${wrapper}>`,
    ];
  },
};
