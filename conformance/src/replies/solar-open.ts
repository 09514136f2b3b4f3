import { solarOpenProtocol, solarOpenSystemPromptTemplate } from '@toolbridge/middleware/formats';
import type { ConformanceFormat } from '../formats.ts';

/**
 * Solar Open: prose, then the calls back to back. Cases alternate between Solar Open 2 (each
 * call after `<|tool_call:start|>`, its name on that line, an argument per line, values raw) and
 * Solar Open (v1) (an id, the name and JSON arguments, in a `<|tool_calls|>` section).
 */
export const solarOpenReplies: ConformanceFormat = {
  name: 'solar-open',
  protocol: solarOpenProtocol(),
  prompt: solarOpenSystemPromptTemplate,
  writeReplies: (calls) => {
    if (JSON.stringify(calls).length % 2 === 1) {
      const blocks = calls.map(
        (call, index) =>
          `<|tool_call:begin|>${`call${index}`.padEnd(10, '0')}<|tool_call:name|>${call.toolName}<|tool_call:args|>${JSON.stringify(call.input)}<|tool_call:end|>`,
      );
      return [`Let me take care of that.\n<|tool_calls|>${blocks.join('')}`];
    }
    const blocks = calls.map((call) => {
      const args = Object.entries(call.input).map(
        ([key, value]) =>
          `<|tool_arg:start|>${key}<|tool_arg:value|>${typeof value === 'string' ? value : JSON.stringify(value)}<|tool_arg:end|>\n`,
      );
      return `<|tool_call:start|>${call.toolName}\n${args.join('')}<|tool_call:end|>`;
    });
    return [`Let me take care of that.\n${blocks.join('\n')}`];
  },
};
