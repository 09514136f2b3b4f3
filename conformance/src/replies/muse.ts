import { museProtocol, museSystemPromptTemplate } from '@toolbridge/middleware/formats';
import type { ConformanceFormat } from '../formats.ts';

/** Muse Glimmer: a reasoning message to self, then a message to the first tool holding every invoke. */
export const museReplies: ConformanceFormat = {
  name: 'muse',
  protocol: museProtocol(),
  prompt: museSystemPromptTemplate,
  writeReplies: (calls) => {
    const invokes = calls.map((call) => {
      const parameters = Object.entries(call.input).map(
        ([key, value]) =>
          `<atem:parameter name="${key}">${typeof value === 'string' ? value : JSON.stringify(value)}</atem:parameter>\n`,
      );
      return `<atem:invoke name="${call.toolName}">\n${parameters.join('')}</atem:invoke>`;
    });
    return [
      `Let me take care of that.\n<atem:function_calls>\n${invokes.join('\n')}\n</atem:function_calls>`,
    ];
  },
};
