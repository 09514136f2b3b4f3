import type { LanguageModelV4FunctionTool, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import type { ToolCallProtocol } from '@toolbridge/middleware';
import {
  gemmaProtocol,
  graniteProtocol,
  jsonMixProtocol,
  morphXmlProtocol,
  qwen3CoderProtocol,
  toolCallTagProtocol,
  yamlXmlProtocol,
} from '@toolbridge/middleware/formats';
import { assert, describe, expect, it } from 'vitest';
import YAML from 'yaml';

const tools: LanguageModelV4FunctionTool[] = [
  {
    type: 'function',
    name: 'write_file',
    inputSchema: {
      type: 'object',
      properties: { path: { type: 'string' }, content: { type: 'string' }, data: {} },
    },
  },
  { type: 'function', name: 'get_time', inputSchema: { type: 'object', properties: {} } },
];

/** The `data` argument of a JSON call, nested or long. */
const json = {
  deep: `{"data": ${'['.repeat(100_000)}`,
  proto:
    '{"__proto__": {"polluted": 1, "constructor": {"prototype": {"polluted": 2}}}, "path": "p"}',
  list: (n: number) => `{"data": [${'{"k": 1},'.repeat(n)}0]}`,
};

/**
 * How each protocol writes a call with these arguments (XML: string fields raw), and its body
 * with a `data` argument nested 100,000 deep, with keys named after the prototype, or long.
 */
const protocols: Array<{
  name: string;
  protocol: ToolCallProtocol;
  call: (args: Record<string, string>, raw?: string) => string;
  open: string;
  close: string;
  deep: string;
  proto: string;
  list: (n: number) => string;
}> = [
  {
    name: 'hermes',
    protocol: jsonMixProtocol(),
    call: (args, raw) =>
      `<tool_call>{"name": "write_file", "arguments": ${raw ?? JSON.stringify(args)}}</tool_call>`,
    open: '<tool_call>',
    close: '</tool_call>',
    ...json,
  },
  {
    name: 'gemma',
    protocol: gemmaProtocol(),
    call: (args, raw) =>
      `\`\`\`tool_call\n{"name": "write_file", "arguments": ${raw ?? JSON.stringify(args)}}\n\`\`\``,
    open: '```tool_call',
    close: '```',
    ...json,
  },
  {
    name: 'xml',
    protocol: morphXmlProtocol(),
    call: (args, raw) =>
      `<write_file>${
        raw ??
        Object.entries(args)
          .map(([key, value]) => `<${key}>${value}</${key}>`)
          .join('')
      }</write_file>`,
    open: '<write_file>',
    close: '</write_file>',
    deep: `<data>${'<a>'.repeat(100_000)}`,
    // A call is confirmed only by an argument of the tool, so the keys go inside `data`.
    proto:
      '<data><__proto__><polluted>1</polluted><constructor><prototype><polluted>2</polluted></prototype></constructor></__proto__></data><path>p</path>',
    list: (n) => `<data>${'<item>1</item>'.repeat(n)}</data>`,
  },
  {
    name: 'yaml-xml',
    protocol: yamlXmlProtocol(),
    call: (args, raw) =>
      `<write_file>\n${raw ?? YAML.stringify(args, { lineWidth: 0 })}\n</write_file>`,
    open: '<write_file>',
    close: '</write_file>',
    deep: `data: ${'['.repeat(100_000)}`,
    proto: YAML.stringify({
      data: JSON.parse(
        '{"__proto__": {"polluted": 1, "constructor": {"prototype": {"polluted": 2}}}}',
      ),
      path: 'p',
    }),
    list: (n) => `data:\n${'  - k: 1\n'.repeat(n)}`,
  },
  {
    name: 'tool-call-tag',
    protocol: toolCallTagProtocol(),
    call: (args, raw) =>
      `<TOOL_CALL>{"tool": "write_file", "args": ${raw ?? JSON.stringify(args)}}</TOOL_CALL>`,
    open: '<TOOL_CALL>',
    close: '</TOOL_CALL>',
    ...json,
  },
];

interface Run {
  parts: LanguageModelV4StreamPart[];
  errors: string[];
}

function parse(protocol: ToolCallProtocol, chunks: Iterable<string>): Run {
  const parts: LanguageModelV4StreamPart[] = [];
  const errors: string[] = [];
  let id = 0;
  const parser = protocol.createStreamParser(
    { tools, generateId: () => `${id++}`, onError: (message) => errors.push(message) },
    (part) => parts.push(part),
  );
  for (const chunk of chunks) parser.push(chunk);
  parser.finish();
  return { parts, errors };
}

function generate(protocol: ToolCallProtocol, text: string) {
  let id = 0;
  return protocol.parseGeneratedText({ text, tools, generateId: () => `${id++}` });
}

function chunksOf(text: string, size: number): string[] {
  const chunks: string[] = [];
  for (let at = 0; at < text.length; at += size) chunks.push(text.slice(at, at + size));
  return chunks;
}

const textOf = (parts: readonly LanguageModelV4StreamPart[]) =>
  parts.flatMap((part) => (part.type === 'text-delta' ? [part.delta] : [])).join('');
const callsOf = (parts: readonly LanguageModelV4StreamPart[]) =>
  parts.flatMap((part) => (part.type === 'tool-call' ? [part] : []));

/** Nothing lost: the emitted text with the call segments put back is the input. */
function expectReconstructs(
  protocol: ToolCallProtocol,
  input: string,
  parts: readonly LanguageModelV4StreamPart[],
) {
  assert.isDefined(protocol.extractToolCallSegments, 'the protocol extracts call segments');
  const segments = protocol.extractToolCallSegments({ text: input, tools });
  let rebuilt = '';
  let cursor = 0;
  for (const segment of segments) {
    const at = input.indexOf(segment, cursor);
    expect(at).toBeGreaterThanOrEqual(0);
    rebuilt += input.slice(cursor, at);
    cursor = at + segment.length;
  }
  expect(rebuilt + input.slice(cursor)).toBe(textOf(parts));
}

/**
 * Every call well formed: deltas concatenate to its input, which is JSON of an object, or, for
 * a call the model did not finish, a non-empty text that is no JSON (the call never runs).
 */
function expectValidCalls(parts: readonly LanguageModelV4StreamPart[]) {
  const deltas = new Map<string, string>();
  for (const part of parts) {
    if (part.type === 'tool-input-delta')
      deltas.set(part.id, (deltas.get(part.id) ?? '') + part.delta);
    if (part.type === 'tool-call') {
      expect(deltas.get(part.toolCallId) ?? '').toBe(part.input);
      if ((part.providerMetadata?.toolbridge as { rejected?: boolean } | undefined)?.rejected) {
        expect(part.input).not.toBe('');
        expect(() => JSON.parse(part.input)).toThrow();
      } else expect(typeof JSON.parse(part.input)).toBe('object');
    }
  }
}

/** Collects garbage where the test runner exposes `gc` (scripts/test.sh runs this file with it). */
const collectGarbage = (globalThis as { gc?: () => void }).gc ?? (() => {});

function median(values: number[]): number {
  const middle = [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  assert.isDefined(middle, 'a median of some values');
  return middle;
}

/**
 * CPU milliseconds of the median of five runs, after one run that is not timed. Each starts from
 * a collected heap, so that a run is not charged for the garbage the one before it left. That
 * collection deoptimises the parser, and how soon a run gets its optimised code back varies by
 * 2× (one small run of five took 64 ms, the others 145): the fastest run, taken before, made a
 * linear parser read 8.7× at 4× the input; the median reads 2–5×.
 */
function cpuTime(run: () => void): number {
  run();
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    collectGarbage();
    const start = process.cpuUsage();
    run();
    const used = process.cpuUsage(start);
    times.push((used.user + used.system) / 1000);
  }
  return median(times);
}

/** Linear time: four times the input takes well under the sixteen times a quadratic parser would. */
function expectLinear(make: (size: number) => string, run: (input: string) => void, size: number) {
  const small = make(size);
  const large = make(size * 4);
  const ratio =
    cpuTime(() => run(large)) /
    Math.max(
      cpuTime(() => run(small)),
      1,
    );
  expect(ratio).toBeLessThan(8);
}

describe.each(protocols)(
  '$name under hostile input',
  ({ protocol, call, open, close, deep, proto, list }) => {
    it('survives unclosed and interleaved delimiters without losing text', () => {
      const inputs = [
        `${open}${open}${call({ path: 'a' })}`,
        `a ${open} b ${close} c ${close}${close} ${open}`,
        `${call({ path: 'a' }).slice(0, -close.length)}${call({ path: 'b' })}`,
        `${open}{"name": "write_file", "arguments": {"path": "${close}"}}`,
        `<get_time><get_time><write_file><path>x</get_time></write_file>`,
      ];
      for (const input of inputs) {
        for (const chunks of [[input], [...input], chunksOf(input, 3)]) {
          const run = parse(protocol, chunks);
          expectValidCalls(run.parts);
          if (chunks.length === 1) expectReconstructs(protocol, input, run.parts);
        }
      }
    });

    it('splits a delimiter across every possible chunk boundary with the same result', () => {
      const input = `Before ${call({ path: 'src/a.ts', content: 'x < y && z' })} after ${call({ path: 'b' })} end`;
      const expected = parse(protocol, [input]);
      for (let cut = 1; cut < input.length; cut++) {
        const run = parse(protocol, [input.slice(0, cut), input.slice(cut)]);
        expect({ text: textOf(run.parts), calls: callsOf(run.parts) }).toStrictEqual({
          text: textOf(expected.parts),
          calls: callsOf(expected.parts),
        });
      }
    });

    it('carries 10 MB in one argument, in both paths', () => {
      // Ends without whitespace: XML trims the whitespace around a string value.
      const content = `${'line of code < & > "quoted"\n'.repeat(380_000)}end`;
      expect(content.length).toBeGreaterThan(10_000_000);
      const input = call({ path: 'big.txt', content });
      const [generated] = generate(protocol, input).filter((part) => part.type === 'tool-call');
      const streamed = callsOf(parse(protocol, chunksOf(input, 4096)).parts);
      expect(streamed).toHaveLength(1);
      const [streamedCall] = streamed;
      assert.isDefined(streamedCall);
      expect(streamedCall.input).toBe((generated as { input: string }).input);
      expect(JSON.parse(streamedCall.input).content.length).toBe(content.length);
    });

    it('reads 1,000,000 one-character chunks', () => {
      const input = `${'prose '.repeat(90_000)}${call({ path: 'p', content: 'c'.repeat(500_000) })}`;
      expect(input.length).toBeGreaterThan(1_000_000);
      const run = parse(protocol, input);
      expect(callsOf(run.parts)).toHaveLength(1);
      expect(textOf(run.parts)).toBe('prose '.repeat(90_000));
    });

    it('ends a call with 100,000 nested brackets or elements without running it or overflowing the stack', () => {
      for (const chunks of [[call({}, deep)], chunksOf(call({}, deep), 1000)]) {
        const run = parse(protocol, chunks);
        expectValidCalls(run.parts);
        expect(run.errors.length).toBeGreaterThan(0);
      }
    });

    it('keeps lone surrogates, NUL and control characters, in text and arguments', () => {
      const strange = 'a\ud800b\udc00c\u0000d\u0001e\u001ff\u007f\u2028g';
      const input = `${strange} ${call({ path: 'p', content: strange })} ${strange}`;
      for (const chunks of [[input], [...input]]) {
        const run = parse(protocol, chunks);
        expect(textOf(run.parts)).toBe(`${strange}  ${strange}`);
        const [read] = callsOf(run.parts);
        assert.isDefined(read);
        expect(JSON.parse(read.input).content).toBe(strange);
      }
    });

    it('keeps __proto__, constructor and prototype as data at every depth, leaving Object.prototype alone', () => {
      const input = call({}, proto);
      for (const chunks of [[input], [...input]]) {
        const [toolCall] = callsOf(parse(protocol, chunks).parts);
        assert.isDefined(toolCall);
        expect(toolCall.input).toContain(
          '"__proto__":{"polluted":1,"constructor":{"prototype":{"polluted":2}}}',
        );
        expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
        expect(Object.prototype).not.toHaveProperty('polluted');
      }
    });

    it('stays linear in the output length, whatever its shape', () => {
      const run = (input: string) => parse(protocol, chunksOf(input, 1));
      expectLinear(
        (n) => 'plain prose, with < and & and ``` and {braces}. '.repeat(n),
        run,
        10_000,
      );
      expectLinear((n) => call({ path: 'p', content: 'x'.repeat(n) }), run, 200_000);
      expectLinear((n) => `${open.slice(0, -1)} `.repeat(n), run, 10_000);
      // Prose dense with `<`, tag-like words and the call's own opener before a call, read whole
      // (the generate path) as well: each opener that was no call once copied the rest of the text.
      const tagDense = (n: number) =>
        `${`In <div> use <b>bold</b> when a < b, or ${open} and ${open.slice(0, -1)} x. `.repeat(n)}${call({ path: 'p' })}`;
      const sample = tagDense(50);
      const generated = generate(protocol, sample);
      const streamed = run(sample).parts;
      expect(generated.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('')).toBe(
        textOf(streamed),
      );
      expect(generated.filter((part) => part.type === 'tool-call')).toStrictEqual(
        callsOf(streamed),
      );
      expect(callsOf(streamed)).toHaveLength(1);
      expectLinear(tagDense, run, 10_000);
      expectLinear(tagDense, (input) => generate(protocol, input), 20_000);
      expectLinear((n) => call({}, list(n)), run, 10_000);
    });
  },
);

describe('XML entities', () => {
  it('never expands an entity bomb or an external entity', () => {
    const bomb = `<!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`).join('')}<!ENTITY xxe SYSTEM "file:///etc/passwd">]>`;
    const input = `<write_file><path>a</path><data>${bomb}&lol9;</data><content>&lol9;&xxe;</content></write_file>`;
    const [toolCall] = callsOf(parse(morphXmlProtocol(), [input]).parts);
    assert.isDefined(toolCall);
    expect(JSON.parse(toolCall.input)).toEqual({
      path: 'a',
      content: '&lol9;&xxe;',
      data: '&lol9;',
    });
    expectLinear(
      (n) => `<write_file><path>${'&lol9;'.repeat(n)}</path></write_file>`,
      (input) => parse(morphXmlProtocol(), [input]),
      50_000,
    );
  });
});

describe('XML arguments', () => {
  it('stay linear in the number of string fields', () => {
    const xmlTools: LanguageModelV4FunctionTool[] = [
      {
        type: 'function',
        name: 'set_labels',
        inputSchema: {
          type: 'object',
          properties: { labels: { type: 'object', additionalProperties: { type: 'string' } } },
          additionalProperties: { type: 'string' },
        },
      },
    ];
    const fields = (n: number) =>
      Array.from({ length: n }, (_, i) => `<k${i}>v${i}</k${i}>`).join('');
    const read = (input: string) => {
      const parser = morphXmlProtocol().createStreamParser(
        { tools: xmlTools, generateId: () => 'id' },
        () => {},
      );
      for (const char of input) parser.push(char);
      parser.finish();
    };
    expectLinear((n) => `<set_labels>${fields(n)}</set_labels>`, read, 4000);
    expectLinear((n) => `<set_labels><labels>${fields(n)}</labels></set_labels>`, read, 4000);
  });
});

describe('a forced tool choice', () => {
  it('stays linear in whitespace before the bare JSON call, one character at a time', () => {
    const protocol = jsonMixProtocol();
    expectLinear(
      (n) => `${' '.repeat(n)}{"name": "write_file", "arguments": {}}`,
      (input) => {
        const parser = protocol.createStreamParser(
          {
            tools,
            generateId: () => 'id',
            leadingJsonCall: { name: ['name'], arguments: ['arguments'] },
          },
          () => {},
        );
        for (const char of input) parser.push(char);
        parser.finish();
      },
      40_000,
    );
  });

  it('stays linear in whitespace and prose before the call, one character at a time', () => {
    const protocol = jsonMixProtocol();
    const read = (input: string) => {
      const parser = protocol.createStreamParser(
        {
          tools,
          generateId: () => 'id',
          leadingJsonCall: { name: ['name'], arguments: ['arguments'] },
          emitRawToolCallTextOnError: false,
        },
        () => {},
      );
      for (const char of input) parser.push(char);
      parser.finish();
    };
    const call = '<tool_call>{"name": "write_file", "arguments": {"path": "p"}}</tool_call>';
    expectLinear((n) => `${' \n\t'.repeat(n)}${call}`, read, 15_000);
    expectLinear((n) => `${'Sure, I will call the tool now. '.repeat(n)}${call}`, read, 2_000);
    expectLinear((n) => `${'{"nam": 1} '.repeat(n)}${call}`, read, 2_000);
  });
});

describe("Granite's bare call lines among prose", () => {
  const protocol = graniteProtocol();
  // A line is held until it ends, then read again as text when it is no call: each character is
  // read at most twice, however many lines look like calls.
  const read = (chunks: Iterable<string>) => parse(protocol, chunks);

  it('reads each line that is a call, and each other line as text, whole or a character at a time', () => {
    const input =
      'Both:\nwrite_file(path="a", content="x")\nget_time()\nwrite_file(path="b") and more\nDone.';
    for (const chunks of [[input], [...input], chunksOf(input, 7)]) {
      const run = read(chunks);
      expectValidCalls(run.parts);
      expect(callsOf(run.parts).map((call) => call.toolName)).toStrictEqual([
        'write_file',
        'get_time',
      ]);
      expect(textOf(run.parts)).toBe('Both:\nwrite_file(path="b") and more\nDone.');
    }
  });

  it('stays linear in lines that look like calls and are none, and in one long such line', () => {
    const chars = (input: string) => read(chunksOf(input, 1));
    const whole = (input: string) => read([input]);
    const nearCalls = (n: number) =>
      `${'\nwrite_file(path="p", content="a long value") is how.'.repeat(n)}\nget_time()`;
    expectLinear(nearCalls, chars, 1_500);
    expectLinear(nearCalls, whole, 5_000);
    const unclosed = (n: number) => `${'\nwrite_file(content="no end'.repeat(n)}\nget_time()`;
    expectLinear(unclosed, chars, 2_000);
    expectLinear(unclosed, whole, 8_000);
    const fencedCode = (n: number) =>
      `${'```python\nwrite_file(path="p")\nx = 1\n```\n```\nget_time()\n'.repeat(n)}\nget_time()`;
    expectLinear(fencedCode, chars, 500);
    expectLinear(fencedCode, whole, 2_000);
    const longLine = (n: number) => `\nwrite_file(content="${'x'.repeat(n)}") then prose`;
    expectLinear(longLine, chars, 60_000);
    expectLinear(longLine, whole, 200_000);
  });
});

describe("MiniCPM's values in CDATA", () => {
  const protocol = qwen3CoderProtocol();
  const read = (chunks: Iterable<string>) => parse(protocol, chunks);
  const withContent = (content: string) =>
    `<function name="write_file"><param name="path">p</param><param name="content">${content}</param></function>`;

  it('reads a section that holds the closing tags as the value, whole or a character at a time', () => {
    const input = `${withContent('<![CDATA[a ]] </param></function></tool_call> b]]>')} Done.`;
    for (const chunks of [[input], [...input], chunksOf(input, 7)]) {
      const run = read(chunks);
      expectValidCalls(run.parts);
      expect(callsOf(run.parts).map((call) => call.input)).toStrictEqual([
        JSON.stringify({ path: 'p', content: 'a ]] </param></function></tool_call> b' }),
      ]);
      expect(textOf(run.parts)).toBe('Done.');
    }
  });

  it('stays linear in a section full of near closers, closed or left open', () => {
    const chars = (input: string) => read(chunksOf(input, 1));
    const nearClosers = (n: number) => `<![CDATA[${']] ]> ]]]</param> '.repeat(n)}`;
    expectLinear((n) => withContent(`${nearClosers(n)}]]>`), chars, 6_000);
    expectLinear((n) => withContent(nearClosers(n)), chars, 6_000);
    expectLinear(
      (n) => withContent(nearClosers(n)),
      (input) => read([input]),
      30_000,
    );
  });
});
