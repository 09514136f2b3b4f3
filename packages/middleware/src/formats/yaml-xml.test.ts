import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { splitAt } from '../../../../testing/split-at';
import { autoToolMiddleware } from '../auto/auto-tool-middleware';
import { yamlXmlToolMiddleware } from '../presets/presets';
import { writeYaml } from '../protocols/write-yaml';
import { fixtureTools, typedTools } from '../testing/fixtures';
import { describeProtocolProperties } from '../testing/protocol-properties';
import { expectCleanReply, readThroughMiddleware } from '../testing/read-through-middleware';
import { meaningOfParts, readEveryWay, streamChunks } from '../testing/run-parser';
import { yamlXmlProtocol } from './yaml-xml';

const protocol = yamlXmlProtocol();
const tools = typedTools;

/** A tool that takes any arguments: every key of a random body is its own. */
const anyTool: LanguageModelV4FunctionTool = {
  type: 'function',
  name: 'run',
  inputSchema: { type: 'object' },
};

describe('yamlXmlProtocol', () => {
  it('reads calls among prose, values typed as YAML types them', () => {
    const text =
      'Checking.\n<get_weather>\ncity: Lyon\ndays: 2\ntags:\n  - a\n  - "b c"\n</get_weather>\n<get_time></get_time>\nDone.';
    expect(readEveryWay(protocol, text, { tools })).toMatchObject({
      text: 'Checking.\n\n\nDone.',
      calls: [
        { toolName: 'get_weather', input: '{"city":"Lyon","days":2,"tags":["a","b c"]}' },
        { toolName: 'get_time', input: '{}' },
      ],
    });
  });

  it('keeps code in a | block exactly, its own markup included', () => {
    const content = 'if (a < b) {\n  return "<ok/>: #1";\n}\n\n// done\n';
    const text = `<write_file>\npath: src/a.ts\ncontent: |\n${content.replace(/^(?=.)/gm, '  ')}</write_file>`;
    expect(readEveryWay(protocol, text, { tools }).calls).toEqual([
      { toolName: 'write_file', input: JSON.stringify({ path: 'src/a.ts', content }) },
    ]);
  });

  it('streams a | block line by line, before the call ends', () => {
    const text = '<write_file>\npath: a.txt\ncontent: |\n  one\n  two\n  three\n</write_file>';
    const cut = text.indexOf('three');
    const parts = streamChunks(protocol, [text.slice(0, cut), text.slice(cut)], { tools });
    const firstChunk = parts.slice(
      0,
      parts.findIndex((part) => part.type === 'tool-input-end'),
    );
    const streamed = firstChunk
      .flatMap((part) => (part.type === 'tool-input-delta' ? [part.delta] : []))
      .join('');
    expect(streamed).toContain('"content":"one\\ntwo');
  });

  it('keeps the plain values of string parameters as written', () => {
    const text = '<get_weather>\ncity: 01234\ndays: 3\n</get_weather>';
    expect(readEveryWay(protocol, text, { tools }).calls).toEqual([
      { toolName: 'get_weather', input: '{"city":"01234","days":3}' },
    ]);
  });

  it('reads any YAML a model writes for the arguments as YAML reads it, under any chunking', () => {
    const argumentValues = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        fc.string(),
        fc
          .array(fc.constantFrom('', ' ', 'code: 1', '  x', '- y', '#z'), { maxLength: 4 })
          .map((lines) => lines.join('\n')),
        fc.integer(),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.boolean(),
        fc.constant(null),
        fc.array(tie('value'), { maxLength: 3 }),
        fc.dictionary(fc.string({ minLength: 1, maxLength: 5 }), tie('value'), { maxKeys: 3 }),
      ),
    })).value;
    const styles = fc.constantFrom<YAML.ToStringOptions | 'ours'>(
      'ours',
      {},
      { defaultStringType: 'BLOCK_LITERAL' },
      { defaultStringType: 'QUOTE_DOUBLE' },
      { indent: 4 },
    );
    fc.assert(
      fc.property(
        fc.dictionary(fc.stringMatching(/^[a-z_][a-z0-9_]{0,6}$/), argumentValues, {
          minKeys: 1,
          maxKeys: 4,
        }),
        styles,
        fc.array(fc.nat(), { maxLength: 12 }),
        (input, style, cuts) => {
          const body = style === 'ours' ? writeYaml(input) : YAML.stringify(input, style);
          let expected: unknown;
          try {
            expected = YAML.parse(body);
          } catch {
            fc.pre(false);
          }
          const reply = `Sure.\n<run>\n${body.replace(/\n$/, '')}\n</run>\nDone.`;
          const options = { tools: [anyTool] };
          const meaning = meaningOfParts(streamChunks(protocol, splitAt(reply, cuts), options));
          expect(meaning.text).toBe('Sure.\n\nDone.');
          expect(meaning.calls.map((call) => JSON.parse(call.input))).toEqual([
            JSON.parse(JSON.stringify(expected)),
          ]);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('writes past calls that read back as they were', () => {
    fc.assert(
      fc.property(
        fc.record({ path: fc.string(), content: fc.string() }, { requiredKeys: ['path'] }),
        (input) => {
          const text = protocol.formatToolCall({ toolCallId: 'c', toolName: 'write_file', input });
          expect(readEveryWay(protocol, text, { tools }, 2).calls).toEqual([
            { toolName: 'write_file', input: JSON.stringify(input) },
          ]);
        },
      ),
      { numRuns: 200 },
    );
  });

  it.each([
    ['YAML it cannot read', '<get_weather>\ncity: [Lyon\ndays: 2\n</get_weather>'],
    ['an argument given twice', '<get_weather>\ncity: Lyon\ncity: Paris\n</get_weather>'],
    ['an anchor', '<get_weather>\ncity: &c Lyon\n</get_weather>'],
    ['a call cut off before its closing tag', '<get_weather>\ncity: Lyon\ndays: 2'],
    ['a block cut off', '<write_file>\npath: a\ncontent: |\n  half a'],
  ])('never runs a call with %s, and leaves no markup in the text', (_, reply) => {
    const { text, calls } = readEveryWay(protocol, `${reply}`, { tools });
    expect(text).not.toContain('<get_weather>');
    expect(text).not.toContain('<write_file>');
    expect(calls).toHaveLength(1);
    expect(() => JSON.parse(calls[0]?.input ?? '')).toThrow();
  });

  it('reads a JSON object written in place of the YAML lines, and a brace in prose as text', () => {
    for (const text of [
      '<get_weather>{"city": "Lyon", "days": 2}</get_weather>',
      '<get_weather>\n{\n  "city": "Lyon",\n  "days": 2\n}\n</get_weather>',
    ]) {
      expect(readEveryWay(protocol, text, { tools }), text).toMatchObject({
        text: '',
        calls: [{ toolName: 'get_weather', input: '{"city":"Lyon","days":2}' }],
      });
    }
    for (const text of [
      'Write <get_weather>{city}</get_weather> to call it.',
      '<get_weather>{"country": "France"}</get_weather>',
    ]) {
      expect(readEveryWay(protocol, text, { tools }), text).toMatchObject({ text, calls: [] });
    }
  });

  it('leaves a tool tag in prose as text', () => {
    for (const text of [
      'Use the <get_weather> tool for that.',
      'The tag <get_weather>\nis how you call it, with a city: Lyon.',
      '<get_weather>\ncountry: France\n</get_weather>',
      'Type <get_weather/ to start.',
    ]) {
      expect(readEveryWay(protocol, text, { tools }), text).toMatchObject({ text, calls: [] });
    }
  });

  it('reads a tool tag without arguments, and a tool named like a reasoning tag only with them', () => {
    const think: LanguageModelV4FunctionTool = {
      type: 'function',
      name: 'think',
      inputSchema: { type: 'object', properties: { thought: { type: 'string' } } },
    };
    const reasoningTags: Array<[string, string]> = [['<think>', '</think>']];
    expect(readEveryWay(protocol, '<get_time/>', { tools }).calls).toEqual([
      { toolName: 'get_time', input: '{}' },
    ]);
    expect(
      readEveryWay(protocol, '<think>\nthought: plan\n</think>', {
        tools: [think],
        reasoningTags,
      }).calls,
    ).toEqual([{ toolName: 'think', input: '{"thought":"plan"}' }]);
    expect(
      readEveryWay(protocol, '<think>Plan first.</think>Answer.', {
        tools: [think],
        reasoningTags,
      }),
    ).toMatchObject({ reasoning: 'Plan first.', text: 'Answer.', calls: [] });
  });
});

describe.each([
  ['yamlXmlToolMiddleware', yamlXmlToolMiddleware],
  ['autoToolMiddleware', autoToolMiddleware],
])('a YAML-in-XML reply through %s', (_name, middleware) => {
  it('reads the calls and leaves no markup in the text', async () => {
    const reply =
      'Writing it.\n<write_file>\npath: notes.md\ncontent: |\n  # Notes\n  - one\n</write_file>';
    const meaning = await readThroughMiddleware(middleware, reply, { tools: fixtureTools });
    expect(meaning.text).toBe('Writing it.\n');
    expectCleanReply(
      meaning,
      [{ toolName: 'write_file', input: '{"path":"notes.md","content":"# Notes\\n- one\\n"}' }],
      ['<write_file>', '</write_file>'],
    );
  });
});

describeProtocolProperties(
  [
    '<get_weather>\ncity: Oslo\ndays: 3\n</get_weather>',
    'Both.\n<get_time>\n</get_time>\n<get_weather>\n  city: "Rome"\n  tags: [a, b]\n</get_weather>\nDone.',
    '<write_file>\npath: a.ts\ncontent: |-\n  const x = "</path>";\n\n  y();\n</write_file>',
    '<write_file>\npath: a.ts\ncontent: |+\n  kept\n\n</write_file>',
    '<get_weather>city: Lima</get_weather>',
    '<get_weather>{"city": "Lima",\n "tags": ["a"]}</get_weather>',
    '<get_weather>\ncity: [Lima\n</get_weather> after',
    '<write_file>\npath: a.py\ncontent: |\n  cut off',
    'Prose with <get_weather> and no call.',
  ].map((reply, index) => ({ name: `yaml-xml #${index}`, protocol, reply })),
);
