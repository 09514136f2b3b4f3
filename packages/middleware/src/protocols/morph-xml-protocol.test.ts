import type { LanguageModelV4FunctionTool, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import fc from 'fast-check';
import { assert, describe, expect, it, vi } from 'vitest';
import { splitAt } from '../../../../testing/split-at';
import { fixtureTools } from '../testing/fixtures';
import {
  callSegments,
  counterIds,
  meaningOfParts,
  readEveryWay,
  streamChunks,
} from '../testing/run-parser';
import type { ParseOptions } from '../tool-call-protocol';
import { morphXmlProtocol } from './morph-xml-protocol';

const protocol = morphXmlProtocol();
const tools = fixtureTools;

type Properties = NonNullable<LanguageModelV4FunctionTool['inputSchema']['properties']>;

function tool(name: string, properties: Properties): LanguageModelV4FunctionTool {
  return { type: 'function', name, inputSchema: { type: 'object', properties } };
}

function parse(text: string, onError?: (message: string, metadata: unknown) => void) {
  return protocol.parseGeneratedText({
    text,
    tools,
    generateId: counterIds(),
    ...(onError ? { onError } : {}),
  });
}

/**
 * Reads `text` whole, one character at a time and in random chunks (all must mean the same),
 * checks that every call's deltas spell its input and that text and call segments rebuild
 * the reply, and returns the meaning with the calls' inputs parsed.
 */
function readXml(text: string, options: Partial<Omit<ParseOptions, 'generateId'>> = {}) {
  const full = { tools, ...options };
  const { parts, ...meaning } = readEveryWay(protocol, text, full);
  for (const chunks of [[text], [...text]]) {
    const deltas = new Map<string, string>();
    for (const part of streamChunks(protocol, chunks, full)) {
      if (part.type === 'tool-input-delta')
        deltas.set(part.id, (deltas.get(part.id) ?? '') + part.delta);
      if (part.type === 'tool-call') expect(deltas.get(part.toolCallId)).toBe(part.input);
    }
  }
  const segments = callSegments(protocol, { text, ...full });
  let rebuilt = '';
  let cursor = 0;
  for (const segment of segments) {
    const at = text.indexOf(segment, cursor);
    expect(at).toBeGreaterThanOrEqual(0);
    rebuilt += text.slice(cursor, at);
    cursor = at + segment.length;
  }
  const said = parts
    .map((part) => {
      if (part.type === 'text-delta') return part.delta;
      if (part.type === 'reasoning-delta') return part.delta;
      if (part.type === 'reasoning-start') return options.reasoningTags?.[0]?.[0] ?? '';
      if (part.type === 'reasoning-end') return options.reasoningTags?.[0]?.[1] ?? '';
      return '';
    })
    .join('');
  expect(rebuilt + text.slice(cursor)).toBe(said);
  const calls = parts.flatMap((part) => (part.type === 'tool-call' ? [part] : []));
  const metadataOf = (call: (typeof calls)[number]) =>
    call.providerMetadata?.toolbridge as Record<string, unknown>;
  return {
    ...meaning,
    // A call that must not run keeps its unfinished input, which is no JSON.
    inputs: calls.map((call) =>
      metadataOf(call)['rejected'] === true ? call.input : (JSON.parse(call.input) as unknown),
    ),
    metadata: calls.map(metadataOf),
  };
}

describe('morphXmlProtocol', () => {
  it('opens a call only when what follows the tool tag is call-shaped', () => {
    expect(parse('Use the <get_weather> tool or <unknown><x>1</x></unknown>.')).toEqual([
      { type: 'text', text: 'Use the <get_weather> tool or <unknown><x>1</x></unknown>.' },
    ]);
    expect(parse('<get_time></get_time><get_time/>').map((part) => part.type)).toEqual([
      'tool-call',
      'tool-call',
    ]);
    expect(parse('<get_weather_now><x/></get_weather_now>')).toEqual([
      { type: 'text', text: '<get_weather_now><x/></get_weather_now>' },
    ]);
  });

  it('waits for a longer tool name that starts with a shorter one, however the text is cut', () => {
    const tools = [
      tool('get_projects', { tag: { type: 'string' } }),
      tool('get_projects_by_tag', { tag: { type: 'string' } }),
    ];
    const text = 'x <get_projects_by_tag><tag>env</tag></get_projects_by_tag>';
    for (let cut = 1; cut < text.length; cut++) {
      const parts: LanguageModelV4StreamPart[] = [];
      const parser = protocol.createStreamParser({ tools, generateId: counterIds() }, (part) =>
        parts.push(part),
      );
      parser.push(text.slice(0, cut));
      parser.push(text.slice(cut));
      parser.finish();
      expect(parts.filter((part) => part.type === 'tool-call')).toMatchObject([
        { toolName: 'get_projects_by_tag', input: '{"tag":"env"}' },
      ]);
    }
  });

  it('streams string arguments as they arrive, trimmed, and the rest once the call ends', () => {
    const parts: LanguageModelV4StreamPart[] = [];
    const parser = protocol.createStreamParser({ tools, generateId: counterIds() }, (part) =>
      parts.push(part),
    );
    parser.push('<get_weather>\n<city>\n  São ');
    expect(
      parts.map((part) => (part.type === 'tool-input-delta' ? part.delta : part.type)),
    ).toEqual(['tool-input-start', '{', '"city":', '"', 'São']);
    parser.push('Paulo  \n</city><days>3</days>');
    parser.push('</get_weather>');
    parser.finish();
    const deltas = parts.flatMap((part) => (part.type === 'tool-input-delta' ? [part.delta] : []));
    expect(deltas.join('')).toBe('{"city":"São Paulo","days":3}');
    expect(parts.at(-1)).toMatchObject({
      type: 'tool-call',
      input: '{"city":"São Paulo","days":3}',
    });
  });

  it('keeps code with < and & verbatim in string arguments', () => {
    const code = 'if (a < b && c > d) {\n  return "<div>" + `&amp;`;\n}';
    const [call] = parse(
      `<write_file><path>a.ts</path><content>\n${code}\n</content></write_file>`,
    );
    expect(JSON.parse((call as { input: string }).input)).toEqual({
      path: 'a.ts',
      content: code.replace('&amp;', '&'),
    });
  });

  it('does not run a call that gives a string field twice: which value was meant is a guess', () => {
    const onError = vi.fn();
    const text =
      '<get_weather><city>A</city><days>2</days><city>B</city><days>9</days></get_weather> after';
    const content = parse(text, onError);
    expect(content[0]).toMatchObject({
      type: 'tool-call',
      input: '{"city":"A"',
      providerMetadata: {
        toolbridge: {
          rawToolCallText: text.slice(0, -' after'.length),
          rejected: true,
          error: expect.stringMatching(/<city> is given more than once/),
        },
      },
    });
    expect(content.slice(1)).toEqual([{ type: 'text', text: ' after' }]);
    expect(onError).toHaveBeenCalledWith(
      expect.stringMatching(/<city> is given more than once/),
      expect.objectContaining({ reason: 'invalid-call' }),
    );
    expect(readEveryWay(protocol, text, { tools })).toMatchObject({
      text: ' after',
      calls: [{ toolName: 'get_weather', input: '{"city":"A"' }],
    });
  });

  it('does not run a call cut off inside an argument: its input is the unfinished deltas', () => {
    const onError = vi.fn();
    const [call] = parse('<get_weather><city>Os', onError);
    expect(call).toMatchObject({
      type: 'tool-call',
      input: '{"city":"Os',
      providerMetadata: {
        toolbridge: { rejected: true, error: 'The call was cut off inside an argument' },
      },
    });
    expect(onError).toHaveBeenCalledWith(
      'The call was cut off inside an argument',
      expect.objectContaining({ reason: 'call-cut-off' }),
    );
    // A closing tag cut off is no closing tag; a new argument cut off in its tag is cut off.
    expect(readEveryWay(protocol, '<get_weather><city>Oslo</city', { tools }).calls).toEqual([
      { toolName: 'get_weather', input: '{"city":"Oslo' },
    ]);
    expect(readEveryWay(protocol, '<get_weather><city>Oslo</city><da', { tools }).calls).toEqual([
      { toolName: 'get_weather', input: '{"city":"Oslo"' },
    ]);
  });

  it('runs a call whose every argument closed, its closing tag missing or cut off', () => {
    for (const text of [
      '<get_weather><city>Oslo</city>',
      '<get_weather><city>Oslo</city>\n',
      '<get_weather><city>Oslo</city></get_wea',
    ]) {
      const read = readXml(text);
      expect(read.inputs).toEqual([{ city: 'Oslo' }]);
      expect(read.metadata[0]).toMatchObject({ repairs: ['The call was not closed'] });
    }
  });

  describe('reads a string argument to the closing tag that ends it', () => {
    it('a closing tag followed by text is text of the value', () => {
      expect(readXml('<write_file><content>x </content> y</content></write_file>').inputs).toEqual([
        { content: 'x </content> y' },
      ]);
      const code = 'const a = "<content>a <content> b</content>";\nif (a </content>) x;';
      expect(
        readXml(
          `Writing.\n<write_file>\n<content>\n${code}\n</content>\n<path>a.ts</path>\n</write_file> Done.`,
        ),
      ).toMatchObject({ text: 'Writing.\n Done.', inputs: [{ content: code, path: 'a.ts' }] });
    });

    it('a closing tag followed by another argument, the call’s closer or the end ends it', () => {
      expect(
        readXml('<write_file><content>a</content> \n <path>p</path></write_file>').inputs,
      ).toEqual([{ content: 'a', path: 'p' }]);
      expect(readXml('<write_file><content>a</content>\n</write_file>').inputs).toEqual([
        { content: 'a' },
      ]);
      expect(readXml('<write_file><path>p</path><content>a</content>  ').inputs).toEqual([
        { path: 'p', content: 'a' },
      ]);
      // An element that is no argument of the tool does not end it.
      expect(
        readXml('<write_file><content>a</content><div>b</div></content></write_file>').inputs,
      ).toEqual([{ content: 'a</content><div>b</div>' }]);
    });

    it('the tool’s closing tag closes an open argument', () => {
      expect(readXml('<get_weather><city>Seoul</get_weather> ok')).toMatchObject({
        text: ' ok',
        inputs: [{ city: 'Seoul' }],
        metadata: [{ repairs: ['<city> was closed by </get_weather>'] }],
      });
    });

    it('closing tags with spaces, or misspelt, close what they plausibly close', () => {
      for (const text of [
        '<get_weather><city>Seoul</ city></get_weather>',
        '<get_weather><city>Seoul</city ></get_weather>',
      ]) {
        expect(readXml(text)).toMatchObject({ text: '', inputs: [{ city: 'Seoul' }] });
      }
      for (const [text, closer] of [
        ['<get_weather><city>Seoul</cty></get_weather>', '</cty>'],
        ['<get_weather><city>Seoul</CITY>\n</ get_weather>', '</CITY>'],
      ] as const) {
        expect(readXml(text)).toMatchObject({
          text: '',
          inputs: [{ city: 'Seoul' }],
          metadata: [{ repairs: [`The closing tag ${closer} was read as </city>`] }],
        });
      }
      expect(
        readXml('<get_weather><days>3</ days><city>Oslo</cty><days2>x</days2></get_weather>')
          .inputs,
      ).toEqual([{ days: 3, city: 'Oslo</cty><days2>x</days2>' }]);
      expect(readXml('<get_weather><days>3</dys><city>Oslo</city></get_weather>')).toMatchObject({
        inputs: [{ days: 3, city: 'Oslo' }],
        metadata: [{ repairs: ['The closing tag </dys> was read as </days>'] }],
      });
    });
  });

  it('ignores attributes on the tool and argument tags, and comments', () => {
    expect(readXml('<get_weather id="1"><city lang="en">Oslo</city></get_weather>').inputs).toEqual(
      [{ city: 'Oslo' }],
    );
    expect(
      readXml(
        "<get_weather id='a b' x=1 >\n<!-- the city --><city>Oslo</city><!-- then --> <days>2</days><!-- done --></get_weather>",
      ).inputs,
    ).toEqual([{ city: 'Oslo', days: 2 }]);
  });

  it('reads <tool/> and <tool /> as calls without arguments', () => {
    expect(readXml('<get_time/> and <get_time /> and <get_time></get_time>')).toMatchObject({
      text: ' and  and ',
      inputs: [{}, {}, {}],
    });
  });

  it('confirms a call by an argument whose name is not ASCII', () => {
    const meteo = tool('meteo', { città: { type: 'string' }, été: { type: 'boolean' } });
    expect(
      readXml('<meteo><été>true</été><città>Roma</città></meteo>', { tools: [meteo] }).inputs,
    ).toEqual([{ été: true, città: 'Roma' }]);
  });

  it('reads repeated argument elements holding fields as a list of objects', () => {
    const batch = tool('batch', {
      items: {
        type: 'array',
        items: { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } } },
      },
    });
    expect(
      readXml('<batch><items><a>1</a><b>2</b></items><items><a>3</a><b>4</b></items></batch>', {
        tools: [batch],
      }).inputs,
    ).toEqual([
      {
        items: [
          { a: 1, b: 2 },
          { a: 3, b: 4 },
        ],
      },
    ]);
    expect(
      readXml('<batch><items><a>1</a><b>2</b></items></batch>', { tools: [batch] }).inputs,
    ).toEqual([{ items: [{ a: 1, b: 2 }] }]);
    expect(
      readXml('<batch><items><item><a>1</a></item><item><a>3</a></item></items></batch>', {
        tools: [batch],
      }).inputs,
    ).toEqual([{ items: [{ a: 1 }, { a: 3 }] }]);
  });

  it('reads an array argument holding only whitespace as [], and keeps the empty items of a string list', () => {
    const annotate = tool('annotate', {
      note: { type: 'array', items: { type: 'string' } },
      tags: { type: 'array', items: { type: 'string' } },
    });
    const cases: Array<[string, unknown]> = [
      ['<annotate><note>\n  </note></annotate>', { note: [] }],
      [
        '<annotate><tags><item>a</item><item></item><item>b</item></tags></annotate>',
        { tags: ['a', '', 'b'] },
      ],
      ['<annotate><tags>a</tags><tags></tags><tags>b</tags></annotate>', { tags: ['a', '', 'b'] }],
    ];
    for (const [text, input] of cases) {
      // Whole, one character at a time and in random chunks alike…
      expect(readXml(`Noted. ${text}`, { tools: [annotate] })).toMatchObject({
        text: 'Noted. ',
        inputs: [input],
      });
      // …and the generate path gives those parts.
      const generated = protocol.parseGeneratedText({
        text,
        tools: [annotate],
        generateId: counterIds(),
      });
      expect(
        generated.map((part) => (part.type === 'tool-call' ? JSON.parse(part.input) : part)),
      ).toStrictEqual([input]);
    }
  });

  it('never writes a #text key: text beside argument elements is dropped and reported', () => {
    const locate = tool('locate', {
      place: { type: 'object', properties: { city: { type: 'string' }, zip: { type: 'string' } } },
    });
    const read = readXml(
      '<locate><place>near <city>Oslo</city><zip>0150</zip></place> Here.</locate>',
      { tools: [locate] },
    );
    expect(read.inputs).toEqual([{ place: { city: 'Oslo', zip: '0150' } }]);
    const [metadata] = read.metadata;
    assert.isDefined(metadata);
    expect(JSON.stringify(metadata['repairs'])).toMatch(/near/);
    expect(JSON.stringify(metadata['repairs'])).toMatch(/Here\./);
  });

  it('calls a tool named think, and still reads <think> as reasoning when no argument follows', () => {
    const think = tool('think', { thought: { type: 'string' } });
    const reasoningTags = [['<think>', '</think>']] as const;
    expect(
      readXml('<think>plan <get_time/></think><think><thought>a</thought></think> ok', {
        tools: [think, ...tools],
        reasoningTags,
      }),
    ).toMatchObject({
      reasoning: 'plan <get_time/>',
      text: ' ok',
      inputs: [{ thought: 'a' }],
    });
    expect(
      readXml('<think>\n</think>Answer.', { tools: [think, ...tools], reasoningTags }),
    ).toMatchObject({ reasoning: '\n', text: 'Answer.', calls: [] });
  });

  it('keeps a tool tag in prose as text when no argument of the tool follows it', () => {
    const format = tool('format', { style: { type: 'string' } });
    const readme =
      '## Usage\n\n```sh\nattw --format <format> <file-name>\n```\n\n`<format>` is one of `table`, `json`. See <format><file-name>x</file-name></format>.\n';
    expect(readXml(readme, { tools: [format, ...tools] })).toMatchObject({
      text: readme,
      calls: [],
    });
  });

  it('skips a call that nests too deep to its closing tag, whatever the chunking', () => {
    const store = tool('store', { path: { type: 'string' }, data: {} });
    const text = `<store><path>p</path><data><![CDATA[</store>]]>${'<a>'.repeat(1001)}</store> after`;
    const onError = vi.fn();
    const read = readXml(text, { tools: [store], onError });
    expect(read).toMatchObject({ text: ' after', calls: [{ toolName: 'store' }] });
    expect(read.metadata[0]).toMatchObject({ rejected: true, rawToolCallText: text.slice(0, -6) });
    expect(onError).toHaveBeenCalledWith(
      expect.stringMatching(/Nesting deeper than 1000/),
      expect.objectContaining({ reason: 'invalid-call' }),
    );
  });

  it('keeps a lone high surrogate at the end of a string argument once', () => {
    expect(
      readXml('<get_weather><city>a\ud800</city><units>b\ud800 </units></get_weather>').inputs,
    ).toEqual([{ city: 'a\ud800', units: 'b\ud800' }]);
  });

  it('reads random call-like replies alike whole, in any chunks and a character at a time', () => {
    const think = tool('think', { thought: { type: 'string' } });
    const options = { tools: [think, ...tools], reasoningTags: [['<think>', '</think>']] as const };
    const fragment = fc.constantFrom(
      '<get_weather>',
      '</get_weather>',
      '<get_weather id="1" >',
      '<city>',
      '</city>',
      '</cty>',
      '</ city >',
      '<days>',
      '3',
      '</days>',
      '<tags><item>',
      '</item>',
      '</tags>',
      '<write_file>',
      '</write_file>',
      '<content>',
      '</content>',
      '<path>',
      '</path>',
      '<get_time/>',
      '<get_time />',
      '<think>',
      '<thought>',
      '</thought>',
      '</think>',
      '<!-- c -->',
      '<![CDATA[ a ]]>',
      '<x>',
      ' ',
      '\n',
      'text',
      '<',
      '</',
      '>',
      '&amp;',
      '\ud83d',
      '\ude00',
    );
    fc.assert(
      fc.property(
        fc.array(fragment, { maxLength: 24 }).map((pieces) => pieces.join('')),
        fc.array(fc.nat(), { maxLength: 12 }),
        (text, cuts) => {
          const whole = streamChunks(protocol, [text], options);
          const meaning = meaningOfParts(whole);
          expect(meaningOfParts(streamChunks(protocol, splitAt(text, cuts), options))).toEqual(
            meaning,
          );
          expect(meaningOfParts(streamChunks(protocol, [...text], options))).toEqual(meaning);
          const deltas = new Map<string, string>();
          for (const part of whole) {
            if (part.type === 'tool-input-delta')
              deltas.set(part.id, (deltas.get(part.id) ?? '') + part.delta);
            if (part.type !== 'tool-call') continue;
            expect(deltas.get(part.toolCallId)).toBe(part.input);
            const metadata = part.providerMetadata?.toolbridge as Record<string, unknown>;
            if (metadata['rejected'] === true) expect(() => JSON.parse(part.input)).toThrow();
            else expect(JSON.stringify(JSON.parse(part.input))).not.toContain('#text');
          }
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('writes a past call as XML that parses back to the same call', () => {
    const input = { path: 'x.ts', content: '  a </write_file> & <b>  ' };
    const text = protocol.formatToolCall({ toolCallId: 'c', toolName: 'write_file', input });
    const [call] = parse(text);
    expect(JSON.parse((call as { input: string }).input)).toEqual(input);
  });

  it('writes results that cannot close the response element', () => {
    const text = protocol.formatToolResponse({
      toolCallId: 'c',
      toolName: 'get_time',
      output: { type: 'text', value: '</tool_response> <x>' },
    });
    expect(text).toBe(
      '<tool_response>\n  <tool_name>get_time</tool_name>\n  <result>&lt;/tool_response> &lt;x></result>\n</tool_response>',
    );
  });
});
