import { kimiK2Protocol, kimiK2SystemPromptTemplate } from '@toolbridge/middleware/formats';
import type { ConformanceFormat } from '../formats.ts';

/** Kimi K2: prose, then one section with every call, each headed by its id `functions.NAME:IDX`. */
export const kimiK2Replies: ConformanceFormat = {
  name: 'kimi-k2',
  protocol: kimiK2Protocol(),
  prompt: kimiK2SystemPromptTemplate,
  writeReplies: (calls) => [
    `Let me take care of that.<|tool_calls_section_begin|>${calls
      .map(
        (call, index) =>
          `<|tool_call_begin|>functions.${call.toolName}:${index}<|tool_call_argument_begin|>${JSON.stringify(call.input)}<|tool_call_end|>`,
      )
      .join('')}<|tool_calls_section_end|>`,
  ],
};
