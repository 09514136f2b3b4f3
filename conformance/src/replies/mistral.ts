import {
  mistralPreV11SystemPromptTemplate,
  mistralProtocol,
  mistralSystemPromptTemplate,
  stringifySpacedJson,
} from '@toolbridge/middleware/formats';
import type { ConformanceFormat } from '../formats.ts';

/** Mistral v11+: prose, then one `[TOOL_CALLS]NAME[ARGS]{…}` per call, back to back. */
export const mistralReplies: ConformanceFormat = {
  name: 'mistral',
  protocol: mistralProtocol(),
  prompt: mistralSystemPromptTemplate,
  writeReplies: (calls) => [
    `Let me take care of that.${calls
      .map((call) => `[TOOL_CALLS]${call.toolName}[ARGS]${stringifySpacedJson(call.input)}`)
      .join('')}`,
  ],
};

/** Mistral before v11: prose, then `[TOOL_CALLS]` and one JSON list of every call. */
export const mistralPreV11Replies: ConformanceFormat = {
  name: 'mistral-pre-v11',
  protocol: mistralProtocol({ history: 'pre-v11' }),
  prompt: mistralPreV11SystemPromptTemplate,
  writeReplies: (calls) => [
    `Let me take care of that.[TOOL_CALLS] ${stringifySpacedJson(
      calls.map((call) => ({ name: call.toolName, arguments: call.input })),
    )}`,
  ],
};
