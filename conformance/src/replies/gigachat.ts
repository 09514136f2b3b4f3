import { gigachatProtocol, gigachatSystemPromptTemplate } from '@toolbridge/middleware/formats';
import type { ConformanceFormat } from '../formats.ts';

const GCML = '｜GCML｜';

/**
 * GigaChat: GigaChat 3.5's block of invokes, each value text (`string="true"`) or JSON; a case with
 * one call is written, every other time, as GigaChat 3's `function call` turn of JSON instead.
 */
export const gigachatReplies: ConformanceFormat = {
  name: 'gigachat',
  protocol: gigachatProtocol(),
  prompt: gigachatSystemPromptTemplate,
  writeReplies: (calls) => {
    const [call, ...others] = calls;
    if (call !== undefined && others.length === 0 && JSON.stringify(calls).length % 2 === 1) {
      return [
        `Let me take care of that.<|message_sep|>\n\nfunction call<|role_sep|>\n${JSON.stringify({ name: call.toolName, arguments: call.input })}`,
      ];
    }
    const invokes = calls.map((call) => {
      const parameters = Object.entries(call.input).map(([key, value]) =>
        typeof value === 'string'
          ? `<${GCML}parameter name="${key}" string="true">${value}</${GCML}parameter>\n`
          : `<${GCML}parameter name="${key}" string="false">${JSON.stringify(value)}</${GCML}parameter>\n`,
      );
      return `<${GCML}invoke name="${call.toolName}">\n${parameters.join('')}</${GCML}invoke>`;
    });
    return [
      `Let me take care of that.\n<${GCML}tool_calls>\n${invokes.join('\n')}\n</${GCML}tool_calls>`,
    ];
  },
};
