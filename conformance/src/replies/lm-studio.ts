import {
  lmStudioProtocol,
  lmStudioSystemPromptTemplate,
  stringifySpacedJson,
} from '@toolbridge/middleware/formats';
import type { ConformanceFormat } from '../formats.ts';

/** LM Studio's default format: one `[TOOL_REQUEST]…[END_TOOL_REQUEST]` block per call, nothing else. */
export const lmStudioReplies: ConformanceFormat = {
  name: 'lm-studio',
  protocol: lmStudioProtocol(),
  prompt: lmStudioSystemPromptTemplate,
  writeReplies: (calls) => [
    calls
      .map(
        (call) =>
          `[TOOL_REQUEST]${stringifySpacedJson({ name: call.toolName, arguments: call.input })}[END_TOOL_REQUEST]`,
      )
      .join('\n'),
  ],
};
