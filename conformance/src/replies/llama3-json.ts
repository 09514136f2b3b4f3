import { llama3JsonProtocol, llama3JsonSystemPromptTemplate } from '@toolbridge/middleware/formats';
import type { ConformanceFormat } from '../formats.ts';

/** Llama 3: the reply is the calls, `;`-separated, after `<|python_tag|>` when there are several. */
export const llama3JsonReplies: ConformanceFormat = {
  name: 'llama3-json',
  protocol: llama3JsonProtocol(),
  prompt: llama3JsonSystemPromptTemplate,
  writeReplies: (calls) => {
    const objects = calls.map((call) =>
      JSON.stringify({ name: call.toolName, parameters: call.input }),
    );
    return [objects.length > 1 ? `<|python_tag|>${objects.join('; ')}` : objects.join('')];
  },
};
