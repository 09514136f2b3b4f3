import { generateText, streamText, tool, wrapLanguageModel } from 'ai';
import fc from 'fast-check';
import { assert, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { splitAt } from '../../../../testing/split-at';
import { allFormats } from '../formats/all-formats';
import { fixtureReplies, fixtureTools as tools } from '../testing/fixtures';
import { scriptedModel } from '../testing/mock-model';
import { describeProtocolProperties } from '../testing/protocol-properties';
import { meaningOfParts, readEveryWay, streamChunks } from '../testing/run-parser';
import { autoProtocol, builtInFormats } from './auto-protocol';
import { autoToolMiddleware } from './auto-tool-middleware';

const auto = autoProtocol();
const formats = builtInFormats();
const reasoningTags = [['<think>', '</think>']] as const;

/** A call of get_weather for `city`, as each format writes it. */
const writtenIn = {
  hermes: (city) =>
    `<tool_call>\n{"name": "get_weather", "arguments": {"city": "${city}"}}\n</tool_call>`,
  'qwen3-coder': (city) =>
    `<tool_call>\n<function=get_weather>\n<parameter=city>\n${city}\n</parameter>\n</function>\n</tool_call>`,
  gemma: (city) =>
    `\`\`\`tool_call\n{"name": "get_weather", "arguments": {"city": "${city}"}}\n\`\`\``,
  'tool-call-tag': (city) =>
    `<TOOL_CALL>{"tool": "get_weather", "args": {"city": "${city}"}}</TOOL_CALL>`,
  xml: (city) => `<get_weather>\n<city>${city}</city>\n</get_weather>`,
  json: (city) => `\n{"name": "get_weather", "arguments": {"city": "${city}"}}`,
} satisfies Record<string, (city: string) => string>;

describe('autoProtocol', () => {
  it('names each format as builtInFormats() does, so that a recording can say how it read', () => {
    for (const [name, protocol] of Object.entries(formats)) expect(protocol.format).toBe(name);
    expect(auto.format).toBe('auto');
    const { hermes } = formats;
    assert.isDefined(hermes);
    expect(autoProtocol({ formats: { hermes } }).format).toBeUndefined();
    // A preset reads as the built-in format of its name, or as the one it shares its reading with.
    for (const { name, protocol } of allFormats()) {
      const format = protocol().format;
      if (name === 'generic-json') expect(format).toBeUndefined();
      else expect(Object.keys(formats), name).toContain(format);
    }
  });

  it.each(Object.entries(fixtureReplies))(
    'reads the %s fixtures as their own protocol does',
    (name, replies) => {
      const own = formats[name === 'toolCallTag' ? 'tool-call-tag' : name];
      assert.isDefined(own, name);
      for (const reply of replies) {
        const expected = readEveryWay(own, reply, { tools, reasoningTags }, 3).calls;
        const read = readEveryWay(auto, reply, { tools, reasoningTags }, 3).calls;
        // The one-call protocol keeps later calls as text; auto reads them all.
        expect(read.slice(0, expected.length)).toEqual(expected);
      }
    },
  );

  it('reads calls of different formats in one reply, in order, under any chunking', () => {
    const writers = Object.entries(writtenIn);
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...writers), { minLength: 1, maxLength: 6 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        (sequence, cuts) => {
          const reply = sequence
            .map(([, write], index) => `Step ${index}:\n${write(`City ${index}`)}`)
            .join('\n');
          const expected = sequence.map((_, index) => ({
            toolName: 'get_weather',
            input: JSON.stringify({ city: `City ${index}` }),
          }));
          expect(meaningOfParts(streamChunks(auto, [reply], { tools })).calls).toEqual(expected);
          expect(meaningOfParts(streamChunks(auto, splitAt(reply, cuts), { tools })).calls).toEqual(
            expected,
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  it('keeps JSON of unknown tools, JSON inside prose and code samples as text', () => {
    for (const text of [
      'The config is:\n{"name": "my-app", "version": "1.0.0"}',
      '```json\n{"name": "get_weather_v2", "arguments": {}}\n```',
      'Call it like get_weather({"city": "Oslo"}) or {"name": "get_weather"} inline.',
      'function f() {\n  return {name: 1};\n}',
    ]) {
      expect(readEveryWay(auto, text, { tools })).toMatchObject({ text, calls: [] });
    }
  });

  it('reads a json fence and a line-start object that call a known tool', () => {
    expect(
      readEveryWay(
        auto,
        'Sure.\n```json\n{"name": "get_time", "arguments": {}}\n```\nThen:\n{"name": "get_weather", "arguments": {"city": "Oslo"}}',
        { tools },
      ).calls,
    ).toEqual([
      { toolName: 'get_time', input: '{}' },
      { toolName: 'get_weather', input: '{"city":"Oslo"}' },
    ]);
  });

  it('reads an opener that begins inside another that found no call', () => {
    // `\n[` (a JSON list at a line start) fails on `TOOL_REQUEST`, where LM Studio's opener begins.
    expect(
      readEveryWay(
        auto,
        'Sure.\n[TOOL_REQUEST]{"name": "get_time", "arguments": {}}[END_TOOL_REQUEST]',
        { tools },
      ).calls,
    ).toEqual([{ toolName: 'get_time', input: '{}' }]);
  });

  it('prompts in the format it is given', () => {
    const qwen = autoProtocol({ prompt: formats['qwen3-coder'] });
    expect(qwen.formatToolCall({ toolCallId: 'c', toolName: 'get_time', input: {} })).toContain(
      '<function=get_time>',
    );
  });
});

describeProtocolProperties(
  Object.entries(writtenIn).map(([name, write]) => ({
    name: `auto reading ${name}`,
    protocol: auto,
    reply: `Checking.\n${write('Lima')}\nDone.`,
  })),
);

describe('autoToolMiddleware', () => {
  it('reports the formats a reply used in the finish metadata, in both paths', async () => {
    const reply = `${writtenIn['qwen3-coder']('Oslo')}\n${writtenIn.hermes('Rome')}`;
    const options = {
      tools: { get_weather: tool({ inputSchema: z.object({ city: z.string() }) }) },
      prompt: 'Weather?',
    };
    const generated = await generateText({
      model: wrapLanguageModel({ model: scriptedModel([reply]), middleware: autoToolMiddleware }),
      ...options,
    });
    expect(generated.toolCalls.map((call) => call.input)).toEqual([
      { city: 'Oslo' },
      { city: 'Rome' },
    ]);
    expect(generated.providerMetadata?.['toolbridge']?.['formats']).toEqual([
      'qwen3-coder',
      'hermes',
    ]);
    const streamed = streamText({
      model: wrapLanguageModel({ model: scriptedModel([reply]), middleware: autoToolMiddleware }),
      ...options,
    });
    const metadata = (await streamed.providerMetadata)?.['toolbridge'] as
      | Record<string, unknown>
      | undefined;
    expect(metadata?.['formats']).toEqual(['qwen3-coder', 'hermes']);
  });
});
