import { minimaxProtocol, minimaxSystemPromptTemplate } from '@toolbridge/middleware/formats';
import type { ConformanceFormat } from '../formats.ts';

const NS = ']<]minimax[>[';

/** A value in M3's nested tags: objects as tags, lists as `<item>` tags, text as it is. */
function m3Value(value: unknown): string {
  if (Array.isArray(value))
    return value.map((item) => `${NS}<item>${m3Value(item)}${NS}</item>`).join('');
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value)
      .map(([key, item]) => `${NS}<${key}>${m3Value(item)}${NS}</${key}>`)
      .join('');
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * What M3's tags can say: no null (M3 leaves it out), no empty list or object (an empty tag),
 * keys that are tag names, and no nested text with surrounding space (nested text is trimmed).
 */
function m3CanWrite(value: unknown, nested = false): boolean {
  if (value === null) return false;
  if (typeof value === 'string') return !nested || value === value.trim();
  if (Array.isArray(value))
    return value.length > 0 && value.every((item) => m3CanWrite(item, true));
  if (typeof value === 'object') {
    const entries = Object.entries(value);
    return (
      entries.length > 0 &&
      entries.every(([key, item]) => /^[A-Za-z_][\w.-]*$/u.test(key) && m3CanWrite(item, true))
    );
  }
  return true;
}

/**
 * MiniMax: prose, then one wrapper with an invoke per call. Cases alternate between MiniMax-M2's
 * `<minimax:tool_call>` and MiniMax-M3's namespaced tags, M3 only where its tags can say the values.
 */
export const minimaxReplies: ConformanceFormat = {
  name: 'minimax',
  protocol: minimaxProtocol(),
  prompt: minimaxSystemPromptTemplate,
  writeReplies: (calls) => {
    const m3 =
      JSON.stringify(calls).length % 2 === 1 &&
      calls.every((call) => Object.values(call.input).every((value) => m3CanWrite(value)));
    if (m3) {
      const invokes = calls.map(
        (call) => `${NS}<invoke name="${call.toolName}">${m3Value(call.input)}${NS}</invoke>`,
      );
      return [
        `Let me take care of that.${NS}<tool_call>\n${invokes.join('\n')}\n${NS}</tool_call>`,
      ];
    }
    const invokes = calls.map((call) => {
      const parameters = Object.entries(call.input).map(
        ([key, value]) =>
          `<parameter name="${key}">${typeof value === 'string' ? value : JSON.stringify(value)}</parameter>\n`,
      );
      return `<invoke name="${call.toolName}">\n${parameters.join('')}</invoke>`;
    });
    return [
      `Let me take care of that.\n<minimax:tool_call>\n${invokes.join('\n')}\n</minimax:tool_call>`,
    ];
  },
};
