import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import {
  generateText,
  jsonSchema,
  streamText,
  ToolChoiceViolationError,
  tool,
  wrapLanguageModel,
} from 'ai';
import fc from 'fast-check';
import { assert, describe, expect, it } from 'vitest';
import { splitAt } from '../../../../testing/split-at';
import { toolCallTagProtocol } from '../formats/tool-call-tag';
import {
  createToolMiddleware,
  type ToolbridgeCallOptions,
} from '../middleware/create-tool-middleware';
import { toolbridgeOptions } from '../middleware/toolbridge-options';
import { jsonMixProtocol } from '../protocols/json-mix-protocol';
import { modelWriting } from '../testing/mock-model';
import { accountForReply } from '../testing/protocol-properties';
import { counterIds, streamChunks } from '../testing/run-parser';
import type { ToolCallProtocol } from '../tool-call-protocol';
import type { ToolbridgeErrorMetadata } from './text-stream-parser';

// Issue 24: nothing is dropped without a report, and a rejected call reads the same in both paths.

const schema = jsonSchema({ type: 'object', properties: { a: { type: 'string' } } });
const sdkTools = {
  w: tool({ inputSchema: schema }),
  t: tool({ inputSchema: schema }),
  e: tool({ inputSchema: schema }),
};
const parserTools = Object.keys(sdkTools).map((name) => ({
  type: 'function' as const,
  name,
  inputSchema: { type: 'object', properties: { a: { type: 'string' } } } as const,
}));

/** The text of a generateText call that threw because a required call was missing. */
const NO_CALL = '(no call)';

interface SdkRead {
  text: string;
  reasoning: string;
  calls: Array<{ toolName: string; input: unknown; rawToolCallText: string; repairs?: string[] }>;
  reports: Array<Pick<ToolbridgeErrorMetadata, 'reason' | 'rawText'>>;
}

/** Reads `reply` through generateText or streamText (the latter in `chunks`). */
async function sdkRead(
  mode: 'generate' | 'stream',
  protocol: ToolCallProtocol,
  reply: string,
  chunks: readonly string[],
  options: Omit<ToolbridgeCallOptions, 'onError'> & { toolChoice?: 'required' } = {},
): Promise<SdkRead> {
  const reports: SdkRead['reports'] = [];
  const { toolChoice, ...callOptions } = options;
  const settings = {
    model: wrapLanguageModel({
      model: modelWriting(reply, chunks),
      middleware: createToolMiddleware({ protocol, generateId: counterIds() }),
    }),
    tools: sdkTools,
    prompt: 'Go.',
    ...(toolChoice === undefined ? {} : { toolChoice }),
    providerOptions: toolbridgeOptions({
      requiredRetries: 0,
      ...callOptions,
      onError: (_message, { reason, rawText }) => reports.push({ reason, rawText }),
    }),
  };
  let content: Awaited<ReturnType<typeof generateText>>['content'];
  let text: string;
  let result: Awaited<ReturnType<typeof generateText>> | ReturnType<typeof streamText>;
  try {
    result = mode === 'generate' ? await generateText(settings) : streamText(settings);
    content = await result.content;
    text = await result.text;
  } catch (error) {
    // A reply that had to call a tool and called none: the AI SDK throws; the reports stand.
    if (!ToolChoiceViolationError.isInstance(error)) throw error;
    return { text: NO_CALL, reasoning: '', calls: [], reports };
  }
  return {
    text,
    reasoning: (await result.reasoningText) ?? '',
    calls: content.flatMap((part) => {
      if (part.type !== 'tool-call') return [];
      const meta = part.providerMetadata?.toolbridge as {
        rawToolCallText: string;
        repairs?: string[];
      };
      return [
        {
          toolName: part.toolName,
          input: part.input,
          rawToolCallText: meta.rawToolCallText,
          ...(meta.repairs === undefined ? {} : { repairs: meta.repairs }),
        },
      ];
    }),
    reports,
  };
}

/** Reads `reply` through generateText, and through streamText whole, per character and in `cuts`. */
async function readBothPaths(
  protocol: ToolCallProtocol,
  reply: string,
  options: Parameters<typeof sdkRead>[4] = {},
): Promise<SdkRead> {
  const generated = await sdkRead('generate', protocol, reply, [reply], options);
  let streamed: SdkRead | undefined;
  for (const chunks of [[reply], [...reply], splitAt(reply, [3, 11, 17, 30])]) {
    const read = await sdkRead('stream', protocol, reply, chunks, options);
    // generateText throws when a required call is missing; streamText goes on with the text.
    if (generated.text === NO_CALL) expect({ ...read, text: NO_CALL }).toStrictEqual(generated);
    else expect(read).toStrictEqual(generated);
    if (streamed !== undefined) expect(read).toStrictEqual(streamed);
    streamed = read;
  }
  assert.isDefined(streamed);
  return streamed;
}

/** The parser's tool-call inputs and reports for `chunks`. */
function parserRead(
  protocol: ToolCallProtocol,
  chunks: readonly string[],
  options: { emitRawToolCallTextOnError?: boolean; leadingJsonCall?: boolean } = {},
) {
  const reports: Array<[string, string]> = [];
  const parts = streamChunks(protocol, chunks, {
    tools: parserTools,
    reasoningTags: [['<think>', '</think>']],
    onError: (_message, { reason, rawText }) => reports.push([reason, rawText]),
    ...(options.emitRawToolCallTextOnError === undefined
      ? {}
      : { emitRawToolCallTextOnError: options.emitRawToolCallTextOnError }),
    ...(options.leadingJsonCall
      ? { leadingJsonCall: { name: ['name'], arguments: ['arguments'] } }
      : {}),
  });
  return { parts, reports };
}

/** A summary of parts that holds whatever a chunking could change: text, reasoning, calls with raw text. */
function summary(parts: readonly LanguageModelV4StreamPart[]) {
  const out: Array<[string, string]> = [];
  for (const part of parts) {
    const last = out[out.length - 1];
    if (part.type === 'text-delta' || part.type === 'reasoning-delta') {
      if (last?.[0] === part.type) last[1] += part.delta;
      else out.push([part.type, part.delta]);
    } else if (part.type === 'reasoning-start' || part.type === 'reasoning-end') {
      out.push([part.type, '']);
    } else if (part.type === 'tool-call') {
      const meta = part.providerMetadata?.toolbridge as Record<string, unknown>;
      out.push([
        'tool-call',
        JSON.stringify([part.input, meta.rawToolCallText, meta.repairs, meta.rejected]),
      ]);
    }
  }
  return out;
}

describe('a call cut inside an escape', () => {
  const cases = [
    '<tool_call>{"name":"w","arguments":{"a":"q\\ux',
    '<tool_call>{"name":"w","arguments":{"a":"q\\uxyzw"}}</tool_call>',
    '<tool_call>{"name":"w","arguments":{"a":"q\\u12',
    '<tool_call>{"name":"w","arguments":{"a":"q\\',
  ];

  it.each(cases)('keeps the input written before it, in both paths: %s', async (reply) => {
    const read = await readBothPaths(jsonMixProtocol(), reply);
    expect(read.calls).toEqual([
      expect.objectContaining({ toolName: 'w', input: '{"a":"q', rawToolCallText: reply }),
    ]);
    expect(read.reports).toHaveLength(1);
  });

  it('rejects the same input under any chunking', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...cases),
        fc.array(fc.nat(), { maxLength: 12 }),
        (reply, cuts) => {
          const whole = parserRead(jsonMixProtocol(), [reply]);
          const cut = parserRead(jsonMixProtocol(), splitAt(reply, cuts));
          expect(summary(cut.parts)).toStrictEqual(summary(whole.parts));
          expect(cut.reports).toStrictEqual(whole.reports);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('junk between a call and its closer', () => {
  const cases: Array<[ToolCallProtocol, string, string, string]> = [
    [jsonMixProtocol(), '<tool_call>{"name":"t","arguments":{}}', '}', '</tool_call>'],
    [jsonMixProtocol(), '<tool_call>{"name":"t","arguments":{"a":"x"}}', ' }\n]}', '</tool_call>'],
    [toolCallTagProtocol(), '<TOOL_CALL>{"tool":"t","args":{}}', '}}', '</TOOL_CALL>'],
  ];

  it.each(cases)(
    'is markup of the call, reported as a repair, in both paths (%#)',
    async (protocol, call, junk, closer) => {
      const markup = `${call}${junk}${closer}`;
      const read = await readBothPaths(protocol, `Go.${markup}Done.`);
      expect(read.text).toBe('Go.Done.');
      expect(read.calls).toEqual([
        expect.objectContaining({
          toolName: 't',
          rawToolCallText: markup,
          repairs: [expect.any(String)],
        }),
      ]);
      expect(read.reports).toEqual([]);
    },
  );

  it('is markup under any chunking, closer or not', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...cases),
        fc.boolean(),
        fc.array(fc.nat(), { maxLength: 12 }),
        ([protocol, call, junk, closer], closed, cuts) => {
          const reply = `${call}${junk}${closed ? closer : ''} after`;
          const whole = parserRead(protocol, [reply]);
          expect(summary(whole.parts).filter(([type]) => type === 'text-delta')).toEqual([
            // Whitespace after the brackets is the call's, as after its value, until a closer.
            ['text-delta', closed ? ' after' : 'after'],
          ]);
          expect(summary(parserRead(protocol, splitAt(reply, cuts)).parts)).toStrictEqual(
            summary(whole.parts),
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});

/**
 * Every character of the reply, in order, as the parts and reports tell it: text, reasoning
 * (with its tags), each call's raw text once, and the raw text of markup left out of the text.
 */
function accountFor(
  protocol: ToolCallProtocol,
  chunks: readonly string[],
  options: { emitRawToolCallTextOnError?: boolean; leadingJsonCall?: boolean } = {},
): string {
  const log: string[] = [];
  let lastRaw: unknown;
  const emitRaw = options.emitRawToolCallTextOnError ?? true;
  const parser = protocol.createStreamParser(
    {
      tools: parserTools,
      generateId: counterIds(),
      reasoningTags: [['<think>', '</think>']],
      emitRawToolCallTextOnError: emitRaw,
      ...(options.leadingJsonCall
        ? { leadingJsonCall: { name: ['name'], arguments: ['arguments'] } }
        : {}),
      onError: (_message, { reason, rawText }) => {
        if (!emitRaw && (reason === 'malformed-call' || reason === 'too-many-calls')) {
          log.push(rawText);
        }
      },
    },
    (part) => {
      if (part.type === 'text-delta' || part.type === 'reasoning-delta') log.push(part.delta);
      if (part.type === 'tool-call') {
        const raw = (part.providerMetadata?.toolbridge as { rawToolCallText: string } | undefined)
          ?.rawToolCallText;
        // The calls of one piece of markup share its raw text.
        if (raw !== undefined && raw !== lastRaw) log.push(raw);
        lastRaw = raw;
        return;
      }
      lastRaw = undefined;
    },
  );
  for (const chunk of chunks) parser.push(chunk);
  parser.finish();
  return log.join('');
}

describe('markup left out of the text', () => {
  it('is reported with its raw text: a second <TOOL_CALL> (both paths)', async () => {
    const first = '<TOOL_CALL>{"tool":"t","args":{}}</TOOL_CALL>';
    const second = '<TOOL_CALL>{"tool":"e","args":{"a":"x"}}</TOOL_CALL>';
    const reply = `A${first}B${second}C`;
    const read = await readBothPaths(toolCallTagProtocol(), reply, {
      emitRawToolCallTextOnError: false,
    });
    expect(read.text).toBe('ABC');
    expect(read.calls).toEqual([
      expect.objectContaining({ toolName: 't', rawToolCallText: first }),
    ]);
    expect(read.reports).toEqual([{ reason: 'too-many-calls', rawText: second }]);
  });

  it.each([
    '{"name": "t", "arguments": {"a": 1} oops',
    '{"nam": "t"} then prose',
    '  {"name": 5} then prose',
    '{"name": "t", "arguments": {"a": "x"}}} and more',
  ])('is reported with its raw text under a forced tool choice (both paths): %s', async (reply) => {
    const quiet = await readBothPaths(jsonMixProtocol(), reply, {
      emitRawToolCallTextOnError: false,
      toolChoice: 'required',
    });
    const loud = await readBothPaths(jsonMixProtocol(), reply, { toolChoice: 'required' });
    expect(loud.calls).toStrictEqual(quiet.calls);
    expect(loud.reports).toStrictEqual(quiet.reports);
    // What the quiet run leaves out of the default run's text is exactly what it reports.
    let rest = loud.text;
    for (const { reason, rawText } of quiet.reports) {
      if (reason !== 'malformed-call') continue;
      expect(rest).toContain(rawText);
      rest = rest.replace(rawText, '');
    }
    expect(rest).toBe(quiet.text);
    for (const chunks of [[reply], [...reply], splitAt(reply, [1, 5, 9, 20])]) {
      expect(accountFor(jsonMixProtocol(), chunks, { leadingJsonCall: true })).toBe(reply);
      expect(
        accountFor(jsonMixProtocol(), chunks, {
          leadingJsonCall: true,
          emitRawToolCallTextOnError: false,
        }),
      ).toBe(reply);
    }
  });
});

describe('a reasoning tag inside call markup', () => {
  // Reasoning opens only outside call markup: inside it, before its closer, a reasoning tag is
  // the call's text, up to the closer, or to the end of the output when the call is cut off.
  it.each([
    ['<tool_call>{"name":"e","":<think>', ''],
    ['<tool_call>{"name":"e","":<think>x</think>y</tool_call>', 'z'],
    ['<tool_call>{"name":"e","arguments":{"a":"<think>', ''],
  ])('is the raw text of the call that failed, in both paths: %s', async (markup, after) => {
    const read = await readBothPaths(jsonMixProtocol(), `${markup}${after}`);
    expect(read.text).toBe(after);
    expect(read.reasoning).toBe('');
    expect(read.calls).toEqual([
      expect.objectContaining({ toolName: 'e', rawToolCallText: markup }),
    ]);
    expect(read.reports).toEqual([
      { reason: expect.stringMatching(/^(invalid-call|call-cut-off)$/), rawText: markup },
    ]);
  });

  it('is text of markup that failed before a tool name, in both paths', async () => {
    const markup = '<tool_call>oops<think>hm</think></tool_call>';
    const read = await readBothPaths(jsonMixProtocol(), `${markup}z`);
    expect(read).toMatchObject({ text: `${markup}z`, reasoning: '', calls: [] });
    expect(read.reports).toEqual([{ reason: 'malformed-call', rawText: markup }]);
  });

  it('opens reasoning after a call whose value ended, in both paths', async () => {
    const call = '<tool_call>{"name":"e","arguments":{}}';
    const read = await readBothPaths(jsonMixProtocol(), `${call}<think>hm</think>`);
    expect(read).toMatchObject({ text: '', reasoning: 'hm' });
    expect(read.calls).toEqual([expect.objectContaining({ rawToolCallText: call })]);
  });
});

describe('a closer after text that followed the call', () => {
  const cases: Array<[ToolCallProtocol, string, string, string]> = [
    [jsonMixProtocol(), '<tool_call>{"name":"e","arguments":{}} ', 'prose ', '</tool_call>'],
    [jsonMixProtocol(), '<tool_call>{"name":"e","arguments":{"a":"1"} ', 'x', '</tool_call>'],
    [toolCallTagProtocol(), '<TOOL_CALL>{"tool":"t","args":{"a":"1"}} ', 'x', '</TOOL_CALL>'],
    [toolCallTagProtocol(), '<TOOL_CALL>{"tool":"t","args":{"a":"1"} ', 'x', '</TOOL_CALL>'],
  ];

  it.each(cases)(
    'is markup, read past and reported, the text before it text, in both paths (%#)',
    async (protocol, call, prose, closer) => {
      for (const emitRawToolCallTextOnError of [true, false]) {
        const read = await readBothPaths(protocol, `${call}${prose}${closer}z`, {
          emitRawToolCallTextOnError,
        });
        expect(read.text).toBe(`${prose}z`);
        expect(read.calls).toEqual([expect.objectContaining({ rawToolCallText: call })]);
        expect(read.reports).toEqual([{ reason: 'late-closer', rawText: closer }]);
      }
    },
  );
});

describe('every character is accounted for', () => {
  const replies = [
    '<tool_call>{"name":"e","":<think>',
    'A<tool_call>{"name":"e","":<think>x</think>y</tool_call>z<think>r</think>',
    '<tool_call>oops<think>hm</think></tool_call>z',
    '<tool_call>{"name":"e","arguments":{}} prose <think>r</think></tool_call>z',
    '<tool_call>{"name":"e","arguments":{"a":"1"} x</tool_call>',
    '<TOOL_CALL>{"tool":"t","args":{"a":"1"}} x</TOOL_CALL>',
    '<TOOL_CALL>{"tool":"t","args":{"a":"1"} x</TOOL_CALL><TOOL_CALL>{"tool":"t","args":{}}</TOOL_CALL>',
  ];

  it('by text, reasoning, call raw text and reports, under any chunking', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...replies),
        fc.array(fc.nat(), { maxLength: 12 }),
        fc.boolean(),
        (reply, cuts, emitRawToolCallTextOnError) => {
          const protocol = reply.includes('TOOL_CALL') ? toolCallTagProtocol() : jsonMixProtocol();
          const options = {
            tools: parserTools,
            reasoningTags: [['<think>', '</think>']] as const,
            emitRawToolCallTextOnError,
          };
          expect(accountForReply(protocol, splitAt(reply, cuts), options)).toBe(reply);
          const whole = parserRead(protocol, [reply], { emitRawToolCallTextOnError });
          const cut = parserRead(protocol, splitAt(reply, cuts), { emitRawToolCallTextOnError });
          expect(summary(cut.parts)).toStrictEqual(summary(whole.parts));
          expect(cut.reports).toStrictEqual(whole.reports);
        },
      ),
      { numRuns: 400 },
    );
  });
});
