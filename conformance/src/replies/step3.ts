import { step3Protocol, step3SystemPromptTemplate } from '@toolbridge/middleware/formats';
import type { ConformanceFormat } from '../formats.ts';

const CALLS_BEGIN = '<｜tool_calls_begin｜>';
const CALLS_END = '<｜tool_calls_end｜>';
const CALL_BEGIN = '<｜tool_call_begin｜>';
const CALL_END = '<｜tool_call_end｜>';
const TYPE_WORD = 'function<｜tool_sep｜>';

/**
 * Step-3: prose, then one section with a call per tool call, values inline. Cases alternate
 * between the layout Step-3's prompt shows (a newline before the type word, parameters on one
 * line) and the one SGLang's Step-3 tests write (a newline after each tag).
 */
export const step3Replies: ConformanceFormat = {
  name: 'step3',
  protocol: step3Protocol(),
  prompt: step3SystemPromptTemplate,
  writeReplies: (calls) => {
    const spread = JSON.stringify(calls).length % 2 === 1;
    const tag = spread ? '\n' : '';
    const entries = calls.map((call) => {
      const parameters = Object.entries(call.input).map(
        ([key, value]) =>
          `<steptml:parameter name="${key}">${typeof value === 'string' ? value : JSON.stringify(value)}</steptml:parameter>${tag}`,
      );
      return `${CALL_BEGIN}${spread ? '' : '\n'}${TYPE_WORD}<steptml:invoke name="${call.toolName}">${tag}${parameters.join('')}</steptml:invoke>${CALL_END}\n`;
    });
    return [`Let me take care of that.\n${CALLS_BEGIN}\n${entries.join('')}${CALLS_END}`];
  },
};
