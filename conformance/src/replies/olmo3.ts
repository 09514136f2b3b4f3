import { olmo3Protocol, olmo3SystemPromptTemplate } from '@toolbridge/middleware/formats';
import type { ConformanceFormat } from '../formats.ts';
import type { Call } from '../render-reply.ts';

/** A call as Olmo 3's template writes it: keyword arguments, each value as JSON. */
function olmo3Call(call: Call): string {
  const args = Object.entries(call.input).map(([key, value]) => `${key}=${JSON.stringify(value)}`);
  return `${call.toolName}(${args.join(', ')})`;
}

/** Olmo 3: prose, then every call in one `<function_calls>` block, one per line. */
export const olmo3Replies: ConformanceFormat = {
  name: 'olmo3',
  protocol: olmo3Protocol(),
  prompt: olmo3SystemPromptTemplate,
  writeReplies: (calls) => [
    `Let me take care of that.\n<function_calls>${calls.map(olmo3Call).join('\n')}</function_calls>`,
  ],
};
