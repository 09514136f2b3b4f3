import {
  internlmProtocol,
  internlmSystemPromptTemplate,
  stringifySpacedJson,
} from '@toolbridge/middleware/formats';
import type { ConformanceFormat } from '../formats.ts';

/** InternLM2 / 2.5: a sentence, then one plugin action block per call. */
export const internlmReplies: ConformanceFormat = {
  name: 'internlm',
  protocol: internlmProtocol(),
  prompt: internlmSystemPromptTemplate,
  writeReplies: (calls) => [
    `Sure, I will look that up.${calls
      .map(
        (call) =>
          `<|action_start|><|plugin|>\n${stringifySpacedJson({ name: call.toolName, parameters: call.input })}<|action_end|>`,
      )
      .join('\n')}`,
  ],
};
