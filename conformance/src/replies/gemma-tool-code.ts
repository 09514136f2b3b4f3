import {
  gemmaToolCodeProtocol,
  gemmaToolCodeSystemPromptTemplate,
} from '@toolbridge/middleware/formats';
import type { ConformanceFormat } from '../formats.ts';
import type { Call } from '../render-reply.ts';
import { pythonCall } from './pythonic.ts';

/** Gemma `tool_code`: a sentence, then one fence with a Python call per line. */
export const gemmaToolCodeReplies: ConformanceFormat = {
  name: 'gemma-tool-code',
  protocol: gemmaToolCodeProtocol(),
  prompt: gemmaToolCodeSystemPromptTemplate,
  writeReplies: (calls: readonly Call[]): string[] => [
    `I'll look that up.\n\`\`\`tool_code\n${calls.map(pythonCall).join('\n')}\n\`\`\``,
  ],
};
