import { telechatProtocol, telechatSystemPromptTemplate } from '@toolbridge/middleware/formats';
import type { ConformanceFormat } from '../formats.ts';

const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/**
 * TeleChat4 / Xing4.0: prose, then one `<tool_call>` block per call, back to back. Cases rotate
 * through the layouts the servers read: the template's compact key/value tags, the same tags on
 * lines of their own, and the name followed by the arguments as a JSON object.
 */
export const telechatReplies: ConformanceFormat = {
  name: 'telechat',
  protocol: telechatProtocol(),
  prompt: telechatSystemPromptTemplate,
  writeReplies: (calls) => {
    const layout = JSON.stringify(calls).length % 3;
    const blocks = calls.map((call) => {
      if (layout === 2)
        return `<tool_call>${call.toolName}${JSON.stringify(call.input)}</tool_call>`;
      const lines = layout === 1 ? '\n' : '';
      const pairs = Object.entries(call.input).map(
        ([key, value]) =>
          `<param_key>${key}</param_key>${lines}<param_value>${text(value)}</param_value>${lines}`,
      );
      return `<tool_call>${call.toolName}${lines}${pairs.join('')}</tool_call>`;
    });
    return [`Let me take care of that.${blocks.join('')}`];
  },
};
