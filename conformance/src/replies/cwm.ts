import { cwmProtocol, cwmSystemPromptTemplate } from '@toolbridge/middleware/formats';
import type { ConformanceFormat } from '../formats.ts';

/**
 * CWM: prose, then one `<tool: NAME>` block per call, its JSON arguments on the lines between,
 * as Meta's own server writes calls of function tools (serve/tools.py in facebookresearch/cwm).
 */
export const cwmReplies: ConformanceFormat = {
  name: 'cwm',
  protocol: cwmProtocol(),
  prompt: cwmSystemPromptTemplate,
  writeReplies: (calls) => [
    `Let me take care of that.\n${calls
      .map((call) => `<tool: ${call.toolName}>\n${JSON.stringify(call.input)}\n</tool>`)
      .join('\n')}`,
  ],
};
