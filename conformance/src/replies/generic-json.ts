import {
  genericJsonProtocol,
  genericJsonSystemPromptTemplate,
} from '@toolbridge/middleware/formats';
import type { ConformanceFormat } from '../formats.ts';

/** llama.cpp's generic envelope: the whole reply is `{"tool_calls": [...]}`, no prose around it. */
export const genericJsonReplies: ConformanceFormat = {
  name: 'generic-json',
  protocol: genericJsonProtocol(),
  prompt: genericJsonSystemPromptTemplate,
  writeReplies: (calls) => [
    JSON.stringify({
      tool_calls: calls.map((call) => ({ name: call.toolName, arguments: call.input })),
    }),
  ],
};
