import { apertusProtocol, apertusSystemPromptTemplate } from '@toolbridge/middleware/formats';
import type { ConformanceFormat } from '../formats.ts';

/** Apertus: prose, then one list of every call, each `{"NAME": arguments}`, between its tokens. */
export const apertusReplies: ConformanceFormat = {
  name: 'apertus',
  protocol: apertusProtocol(),
  prompt: apertusSystemPromptTemplate,
  writeReplies: (calls) => [
    `Let me take care of that.<|tools_prefix|>[${calls
      .map((call) => JSON.stringify({ [call.toolName]: call.input }))
      .join(', ')}]<|tools_suffix|>`,
  ],
};
