import { pythonicProtocol, pythonicSystemPromptTemplate } from '@toolbridge/middleware/formats';
import type { ConformanceFormat } from '../formats.ts';
import type { Call } from '../render-reply.ts';

/** A string as Python's `repr` writes it: single quotes unless only double quotes avoid escapes. */
export function pythonRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (char === quote || char === '\\') out += `\\${char}`;
    else if (char === '\n') out += '\\n';
    else if (char === '\r') out += '\\r';
    else if (char === '\t') out += '\\t';
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else out += char;
  }
  return out + quote;
}

/** A value as Python's `repr` writes it. */
function pythonValue(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'string') return pythonRepr(value);
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return `[${value.map(pythonValue).join(', ')}]`;
  const entries = Object.entries(value as Record<string, unknown>);
  return `{${entries.map(([key, item]) => `${pythonRepr(key)}: ${pythonValue(item)}`).join(', ')}}`;
}

/** A call as Python prints it: keyword arguments, values in `repr` form. */
export function pythonCall(call: Call): string {
  const args = Object.entries(call.input).map(([key, value]) => `${key}=${pythonValue(value)}`);
  return `${call.toolName}(${args.join(', ')})`;
}

/** Pythonic: the reply is one list of every call, `[f(a='x'), g(b=1)]`, nothing else. */
export const pythonicReplies: ConformanceFormat = {
  name: 'pythonic',
  protocol: pythonicProtocol(),
  prompt: pythonicSystemPromptTemplate,
  writeReplies: (calls: readonly Call[]): string[] => [`[${calls.map(pythonCall).join(', ')}]`],
};
