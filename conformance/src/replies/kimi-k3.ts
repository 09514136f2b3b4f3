import { kimiK3Protocol, kimiK3SystemPromptTemplate } from '@toolbridge/middleware/formats';
import type { ConformanceFormat } from '../formats.ts';

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/** The JSON type K3 writes in an argument's `type` attribute. */
function typeOf(value: unknown): string {
  if (value === null) return 'null';
  return Array.isArray(value) ? 'array' : typeof value;
}

/** Kimi K3: the response channel's prose, then one tools channel with every call, typed arguments. */
export const kimiK3Replies: ConformanceFormat = {
  name: 'kimi-k3',
  protocol: kimiK3Protocol(),
  prompt: kimiK3SystemPromptTemplate,
  writeReplies: (calls) => {
    const blocks = calls.map((call, index) => {
      const args = Object.entries(call.input).map(
        ([key, value]) =>
          `<|open|>argument key="${escapeAttribute(key)}" type="${typeOf(value)}"<|sep|>${typeof value === 'string' ? value : JSON.stringify(value)}<|close|>argument<|sep|>`,
      );
      return `<|open|>call tool="${escapeAttribute(call.toolName)}" index="${index + 1}"<|sep|>${args.join('')}<|close|>call<|sep|>`;
    });
    return [
      `<|open|>response<|sep|>Let me take care of that.<|close|>response<|sep|><|open|>tools<|sep|>${blocks.join('')}<|close|>tools<|sep|><|close|>message<|sep|>`,
    ];
  },
};
