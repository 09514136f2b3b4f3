import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { fixtureTools as tools } from '../testing/fixtures';
import { counterIds, readEveryWay, streamChunks } from '../testing/run-parser';
import { defineTextProtocol } from '../text-protocol';
import {
  createPythonCallDecoder,
  createPythonCallLineDecoder,
  pythonCallLineOpeners,
} from './python-call-decoder';

/** Marker-less Python calls at the reply start: a list, or a bare call that is the whole reply. */
const protocol = defineTextProtocol({
  grammar: (byName) => ({
    openers: [],
    leadingCall: true,
    startCall: (_opener, sink) =>
      createPythonCallDecoder({
        tools: byName,
        sink,
        closer: undefined,
        knownToolsOnly: true,
        replyEnds: ['<|eot_id|>'],
      }),
  }),
  formatTools: () => '',
  formatToolCall: () => '',
  formatToolResponse: () => '',
});

function inChunks(text: string, size: number): string[] {
  const chunks: string[] = [];
  for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size));
  return chunks;
}

function deltasOf(parts: readonly LanguageModelV4StreamPart[]): string {
  return parts.flatMap((part) => (part.type === 'tool-input-delta' ? [part.delta] : [])).join('');
}

describe('createLoneCallDecoder', () => {
  it('announces a bare call when the reply ends, with deltas that add up to its input', () => {
    const parts: LanguageModelV4StreamPart[] = [];
    const parser = protocol.createStreamParser({ tools, generateId: counterIds() }, (part) =>
      parts.push(part),
    );
    for (const chunk of inChunks('get_weather(city="Oslo", days=2)\n', 3)) parser.push(chunk);
    expect(parts.some((part) => part.type.startsWith('tool-'))).toBe(false);
    parser.finish();
    const call = parts.find((part) => part.type === 'tool-call');
    expect(call).toMatchObject({ toolName: 'get_weather', input: '{"city":"Oslo","days":2}' });
    expect(deltasOf(parts)).toBe(call?.type === 'tool-call' ? call.input : undefined);
    expect(parts.some((part) => part.type === 'text-delta')).toBe(false);
  });

  it('reads a bare call ended by a token that ends the reply, the token as its markup', () => {
    for (const [reply, text] of [
      ['get_time() <|eot_id|>', ''],
      ['get_time()\n<|eot_id|>\n', '\n'],
    ] as const) {
      expect(readEveryWay(protocol, reply, { tools })).toMatchObject({
        text,
        calls: [{ toolName: 'get_time', input: '{}' }],
      });
    }
  });

  it('reads the reply as text when anything but whitespace follows the call, or the call failed', () => {
    for (const text of [
      'get_time() <|eot',
      'get_time() <|eom_id|>',
      'get_weather(city="Oslo") is the call.',
      'get_weather(city="Oslo")\n\nThat is all.',
      'get_weather(city=CITY)',
      'get_weather(city="Oslo"), get_time()',
    ]) {
      expect(readEveryWay(protocol, text, { tools })).toMatchObject({ text, calls: [] });
    }
  });

  it('never runs a bare call cut off: its input is what was written', () => {
    expect(
      readEveryWay(protocol, 'write_file(path="a.md", content="# Ti', { tools }).calls,
    ).toEqual([{ toolName: 'write_file', input: '{"path":"a.md","content":"# Ti' }]);
  });

  it('reads a 10 MB bare call, and 10 MB of prose after one, in small chunks in linear time', () => {
    const content = 'x'.repeat(10_000_000);
    const call = `write_file(path="big.txt", content="${content}")`;
    const started = performance.now();
    const parts = streamChunks(protocol, inChunks(call, 7), { tools });
    const written = parts.find((part) => part.type === 'tool-call');
    expect(written?.type === 'tool-call' && JSON.parse(written.input).content.length).toBe(
      10_000_000,
    );
    const prose = `get_time() ${content}`;
    const text = streamChunks(protocol, inChunks(prose, 7), { tools })
      .flatMap((part) => (part.type === 'text-delta' ? [part.delta] : []))
      .join('');
    expect(text).toBe(prose);
    expect(performance.now() - started).toBeLessThan(20_000);
  });
});

/** Bare calls that fill their line, among prose: Granite's. */
const lineProtocol = defineTextProtocol({
  grammar: (byName) => ({
    openers: pythonCallLineOpeners(byName),
    startCall: (opener, sink) => createPythonCallLineDecoder(opener, byName, sink, []),
  }),
  formatTools: () => '',
  formatToolCall: () => '',
  formatToolResponse: () => '',
});

describe('createLoneCallDecoder, a call per line', () => {
  it('announces a call when its line ends, and leaves the line break to the text', () => {
    const parts: LanguageModelV4StreamPart[] = [];
    const parser = lineProtocol.createStreamParser({ tools, generateId: counterIds() }, (part) =>
      parts.push(part),
    );
    for (const chunk of ['Checking.', '\nget_weather(city="Oslo")', '  ']) parser.push(chunk);
    expect(parts.some((part) => part.type.startsWith('tool-'))).toBe(false);
    parser.push('\nDone.');
    expect(parts.find((part) => part.type === 'tool-call')).toMatchObject({
      toolName: 'get_weather',
      input: '{"city":"Oslo"}',
    });
    parser.finish();
    expect(parts.flatMap((part) => (part.type === 'text-delta' ? [part.delta] : [])).join('')).toBe(
      'Checking.\nDone.',
    );
  });

  it('gives a line that is no call back as text at its break, so the next line may be one', () => {
    expect(
      readEveryWay(lineProtocol, 'A:\nget_weather(city="Oslo") is one.\nget_time()', { tools }),
    ).toMatchObject({
      text: 'A:\nget_weather(city="Oslo") is one.',
      calls: [{ toolName: 'get_time', input: '{}' }],
    });
  });
});
