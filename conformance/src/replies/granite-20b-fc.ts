import {
  granite20bFcProtocol,
  granite20bFcSystemPromptTemplate,
  stringifySpacedJson,
} from '@toolbridge/middleware/formats';
import type { ConformanceFormat } from '../formats.ts';

/**
 * granite-20b-functioncalling: `<function_call>` and one JSON object per call, no closing tag.
 * Cases alternate between calls on lines of their own after prose (as vLLM's template writes past
 * calls) and calls written back to back with nothing before them.
 */
export const granite20bFcReplies: ConformanceFormat = {
  name: 'granite-20b-fc',
  protocol: granite20bFcProtocol(),
  prompt: granite20bFcSystemPromptTemplate,
  writeReplies: (calls) => {
    const written = calls.map(
      (call) =>
        `<function_call> ${stringifySpacedJson({ name: call.toolName, arguments: call.input })}`,
    );
    return JSON.stringify(calls).length % 2 === 1
      ? [`Let me take care of that.\n${written.join('\n')}`]
      : [written.join('')];
  },
};
