import {
  graniteProtocol,
  graniteSystemPromptTemplate,
  stringifySpacedJson,
} from '@toolbridge/middleware/formats';
import type { ConformanceFormat } from '../formats.ts';

/** Granite 3.x: the reply is `<|tool_call|>` and one JSON list of every call, nothing else. */
export const graniteReplies: ConformanceFormat = {
  name: 'granite',
  protocol: graniteProtocol(),
  prompt: graniteSystemPromptTemplate,
  writeReplies: (calls) => [
    `<|tool_call|>${stringifySpacedJson(
      calls.map((call) => ({ name: call.toolName, arguments: call.input })),
    )}`,
  ],
};
