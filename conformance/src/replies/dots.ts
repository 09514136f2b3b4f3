import { dotsProtocol, dotsSystemPromptTemplate } from '@toolbridge/middleware/formats';
import type { ConformanceFormat } from '../formats.ts';

/**
 * dots: prose, then one `<dots_function_call>` block per call. Cases alternate between the
 * template's invoke layout (each value on lines of its own, text raw, other values as JSON) and
 * the `{"name", "arguments"}` JSON object of the earlier layout.
 */
export const dotsReplies: ConformanceFormat = {
  name: 'dots',
  protocol: dotsProtocol(),
  prompt: dotsSystemPromptTemplate,
  writeReplies: (calls) => {
    const json = JSON.stringify(calls).length % 2 === 1;
    const blocks = calls.map((call) => {
      if (json) {
        return `<dots_function_call>\n${JSON.stringify({ name: call.toolName, arguments: call.input })}\n</dots_function_call>`;
      }
      const parameters = Object.entries(call.input).map(
        ([key, value]) =>
          `\n<parameter name="${key}">\n${typeof value === 'string' ? value : JSON.stringify(value)}\n</parameter>`,
      );
      return `<dots_function_call>\n<invoke name="${call.toolName}">${parameters.join('')}\n</invoke>\n</dots_function_call>`;
    });
    return [['Let me take care of that.', ...blocks].join('\n')];
  },
};
