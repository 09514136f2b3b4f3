import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import fc from 'fast-check';
import { assert, describe, expect, it } from 'vitest';
import { splitAt } from '../../../../testing/split-at';
import { builtInFormats } from '../auto/auto-protocol';
import { callSegments, counterIds, meaningOfParts, streamChunks } from '../testing/run-parser';
import type { ToolCallProtocol } from '../tool-call-protocol';

const tools: LanguageModelV4FunctionTool[] = [
  {
    type: 'function',
    name: 'write_file',
    inputSchema: {
      type: 'object',
      properties: {
        path: { type: 'string' },
        content: { type: 'string' },
        città: { type: 'string' },
      },
    },
  },
];

/** Pieces that break naive parsers: every protocol's delimiters, quotes, escapes, CDATA, surrogates. */
const hostilePieces = [
  '<tool_call>',
  '</tool_call>',
  '```',
  '```tool_call\n',
  '<TOOL_CALL>',
  '</TOOL_CALL>',
  '<write_file>',
  '</write_file>',
  '<content>',
  '</content>',
  '<path/>',
  '<![CDATA[',
  ']]>',
  '<!-- x -->',
  '"',
  "'",
  '\\',
  '\\"',
  '\\u0041',
  '{',
  '}',
  '[',
  ']',
  ', ',
  ': ',
  '&amp;',
  '&',
  '<',
  '>',
  '\n',
  ' ',
  '\t',
  'é',
  '中文',
  '😀',
  '\ud800',
  'text',
  '42',
  'null',
];

const hostileString = fc
  .array(fc.constantFrom(...hostilePieces), { maxLength: 12 })
  .map((pieces) => pieces.join(''));

const protocols: Array<[string, ToolCallProtocol]> = Object.entries(builtInFormats());

/**
 * Formats whose values are raw text: a value cannot hold a closing tag of the format, and the
 * text `null` is null (formats.md §2.5), so such values are left out for them.
 */
const RAW_TEXT_FORMATS = new Set([
  'qwen3-coder',
  'glm',
  'k2-horizon',
  'hunyuan',
  'seed-oss',
  'minimax',
  'dots',
  'muse',
  'step3',
  'solar-open',
  'telechat',
]);
const representable = (name: string, input: Record<string, string>) =>
  !RAW_TEXT_FORMATS.has(name) ||
  Object.values(input).every((value) => !value.includes('</') && value.trim() !== 'null');

describe.each(protocols)('%s with adversarial argument values', (name, protocol) => {
  // A format without an opener of its own is a call only where the reply starts.
  const before = protocol.grammar?.(new Map()).leadingCall ? '' : 'Writing it.\n';
  it('round-trips every call, reads it the same under any chunking, and loses nothing', () => {
    fc.assert(
      fc.property(
        fc.record(
          { path: hostileString, content: hostileString, città: hostileString },
          { requiredKeys: ['path'] },
        ),
        fc.array(fc.nat(), { maxLength: 12 }),
        (input, cuts) => {
          fc.pre(representable(name, input));
          const call = protocol.formatToolCall({ toolCallId: 'c', toolName: 'write_file', input });
          const reply = `${before}${call}\nDone.`;
          const whole = streamChunks(protocol, [reply], { tools });
          const meaning = meaningOfParts(whole);
          const [read] = meaning.calls;
          assert.isDefined(read);
          expect(meaning.calls).toHaveLength(1);
          expect(JSON.parse(read.input)).toEqual(input);
          const parsed = protocol.parseGeneratedText({
            text: reply,
            tools,
            generateId: counterIds(),
          });
          expect(parsed.filter((part) => part.type === 'tool-call')).toHaveLength(1);
          expect(meaningOfParts(streamChunks(protocol, splitAt(reply, cuts), { tools }))).toEqual(
            meaning,
          );
          const segments = callSegments(protocol, { text: reply, tools });
          let rest = reply;
          for (const segment of segments) rest = rest.replace(segment, '');
          expect(rest).toBe(meaning.text);
        },
      ),
      { numRuns: 300 },
    );
  });
});
