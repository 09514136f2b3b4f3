import {
  deepseekProtocol,
  deepseekSystemPromptTemplate,
  deepseekV31SystemPromptTemplate,
} from '@toolbridge/middleware/formats';
import type { ConformanceFormat } from '../formats.ts';

const BEGIN = '<｜tool▁calls▁begin｜>';
const END = '<｜tool▁calls▁end｜>';
const CALL = '<｜tool▁call▁begin｜>';
const CALL_END = '<｜tool▁call▁end｜>';
const SEP = '<｜tool▁sep｜>';

/** DeepSeek V3 / R1: prose, then one block of calls, each `function`, the name and a fenced JSON, newline-separated. */
export const deepseekReplies: ConformanceFormat = {
  name: 'deepseek',
  protocol: deepseekProtocol(),
  prompt: deepseekSystemPromptTemplate,
  writeReplies: (calls) => [
    `Let me take care of that.${BEGIN}${calls
      .map(
        (call) =>
          `${CALL}function${SEP}${call.toolName}\n\`\`\`json\n${JSON.stringify(call.input)}\n\`\`\`${CALL_END}`,
      )
      .join('\n')}${END}`,
  ],
};

/** DeepSeek V3.1: prose, then one block of calls, each the name, the separator and raw JSON. */
export const deepseekV31Replies: ConformanceFormat = {
  name: 'deepseek-v3.1',
  protocol: deepseekProtocol({ callFormat: 'v3.1' }),
  prompt: deepseekV31SystemPromptTemplate,
  writeReplies: (calls) => [
    `Let me take care of that.${BEGIN}${calls
      .map((call) => `${CALL}${call.toolName}${SEP}${JSON.stringify(call.input)}${CALL_END}`)
      .join('')}${END}`,
  ],
};
