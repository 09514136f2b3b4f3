import { generateText, streamText, tool, wrapLanguageModel } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { splitAt } from '../../../../testing/split-at';
import { autoProtocol } from '../auto/auto-protocol';
import { toolbridgeOptions } from '../middleware/toolbridge-options';
import { hermesToolMiddleware } from '../presets/presets';
import { jsonMixProtocol } from '../protocols/json-mix-protocol';
import { fixtureTools } from '../testing/fixtures';
import { scriptedModel } from '../testing/mock-model';
import { meaningOfParts, streamChunks } from '../testing/run-parser';
import type { ToolCallProtocol } from '../tool-call-protocol';
import type { ToolbridgeErrorMetadata } from './text-stream-parser';

// Issue 19: an opener of the format that yields no call is reported, with its raw text, and
// stays text; silence is kept for text that holds no opener.

const QWEN_XML =
  '<tool_call>\n<function=get_weather>\n<parameter=city>\nOslo\n</parameter>\n</function>\n</tool_call>';
const NOT_JSON = '<tool_call>not json at all</tool_call>';

const tools = {
  get_weather: tool({
    inputSchema: z.object({ city: z.string() }),
    execute: async ({ city }) => ({ city, temperature: 21 }),
  }),
};

/** Reads `text` through the protocol's parser in `chunks`; returns its meaning and its reports. */
function read(protocol: ToolCallProtocol, chunks: readonly string[]) {
  const reports: ToolbridgeErrorMetadata[] = [];
  const parts = streamChunks(protocol, chunks, {
    tools: fixtureTools,
    onError: (_message, metadata) => reports.push(metadata),
  });
  return { ...meaningOfParts(parts), reports };
}

describe('an opener that yields no call', () => {
  it.each([
    ['Qwen3-Coder XML inside <tool_call>', QWEN_XML],
    ['text that is no JSON inside <tool_call>', NOT_JSON],
  ])('is reported under hermesToolMiddleware: %s (generate and stream)', async (_label, markup) => {
    const reply = `Let me check.\n${markup}\nDone.`;
    for (const mode of ['generate', 'stream'] as const) {
      const reports: ToolbridgeErrorMetadata[] = [];
      const options = {
        model: wrapLanguageModel({
          model: scriptedModel([reply]),
          middleware: hermesToolMiddleware,
        }),
        tools,
        prompt: 'Weather in Oslo?',
        providerOptions: toolbridgeOptions({
          onError: (_message, metadata) => reports.push(metadata),
        }),
      };
      const result = mode === 'generate' ? await generateText(options) : streamText(options);
      expect(await result.toolCalls, mode).toEqual([]);
      expect(await result.text, mode).toBe(reply);
      expect(reports, mode).toEqual([
        expect.objectContaining({ reason: 'malformed-call', rawText: markup }),
      ]);
    }
  });

  it('is reported once, with its whole markup, under any chunking', () => {
    const hermes = jsonMixProtocol();
    fc.assert(
      fc.property(
        fc.constantFrom(QWEN_XML, NOT_JSON, '<tool_call>', '<tool_call>oops'),
        fc.array(fc.nat(), { maxLength: 10 }),
        (markup, cuts) => {
          const reply = `a ${markup} b`;
          const whole = read(hermes, [reply]);
          expect(whole.text).toBe(reply);
          expect(whole.calls).toEqual([]);
          const rawText = markup.endsWith('</tool_call>') ? markup : `${markup} b`;
          expect(whole.reports).toEqual([
            expect.objectContaining({ reason: 'malformed-call', rawText }),
          ]);
          expect(read(hermes, splitAt(reply, cuts))).toEqual(whole);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('ends where the next opener starts: the call after it is read', () => {
    const reply =
      'I will use a <tool_call> block:\n<tool_call>{"name": "get_time", "arguments": {}}</tool_call>';
    const read1 = read(jsonMixProtocol(), [reply]);
    expect(read1.calls).toEqual([{ toolName: 'get_time', input: '{}' }]);
    expect(read1.text).toBe('I will use a <tool_call> block:\n');
    expect(read1.reports).toEqual([
      expect.objectContaining({ reason: 'malformed-call', rawText: '<tool_call> block:\n' }),
    ]);
  });

  it('is reported by autoProtocol too, which reads Qwen3-Coder XML as a call', () => {
    const auto = autoProtocol();
    expect(read(auto, [`a ${NOT_JSON} b`]).reports).toEqual([
      expect.objectContaining({ reason: 'malformed-call', rawText: NOT_JSON }),
    ]);
    expect(read(auto, [QWEN_XML])).toMatchObject({
      calls: [{ toolName: 'get_weather', input: '{"city":"Oslo"}' }],
      reports: [],
    });
  });

  it('leaves text without an opener unreported', () => {
    for (const text of [
      'Plain prose about tool calls, with {"city": "Oslo"} and <b>tags</b>.',
      'A tag of another format: <function=get_weather> stays prose here.',
    ]) {
      expect(read(jsonMixProtocol(), [text])).toEqual({
        text,
        reasoning: '',
        calls: [],
        reports: [],
      });
    }
  });
});
