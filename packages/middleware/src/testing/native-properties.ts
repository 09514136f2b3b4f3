import type {
  LanguageModelV4CallOptions,
  LanguageModelV4Content,
  LanguageModelV4FunctionTool,
  LanguageModelV4StreamPart,
} from '@ai-sdk/provider';
import { wrapLanguageModel } from 'ai';
import {
  convertArrayToReadableStream,
  convertReadableStreamToArray,
  MockLanguageModelV4,
} from 'ai/test';
import fc from 'fast-check';
import { assert, describe, expect, it } from 'vitest';
import { splitAt } from '../../../../testing/split-at';
import { nativeProtocol } from '../auto/native-salvage';
import { createToolMiddleware } from '../middleware/create-tool-middleware';
import { usage } from './mock-model';

const tools: LanguageModelV4FunctionTool[] = [
  {
    type: 'function',
    name: 'get_weather',
    inputSchema: {
      type: 'object',
      properties: {
        city: { type: 'string' },
        days: { type: 'integer' },
        tags: { type: 'array', items: { type: 'string' } },
      },
    },
  },
  { type: 'function', name: 'ping', inputSchema: { type: 'object', properties: {} } },
  { type: 'function', name: 'free', inputSchema: { type: 'object' } },
];

/** How a provider streams a call: its input in deltas cut at `cuts`, one character a delta, only in the `tool-call` part with or without `tool-input-start`/`-end`. */
type Shape =
  | { kind: 'deltas'; cuts: number[] }
  | { kind: 'characters' }
  | { kind: 'no-deltas' }
  | { kind: 'lone-call' };

interface NativeCall {
  toolName: string;
  input: string;
  shape: Shape;
}

const word = fc.constantFrom('city', 'days', 'tags', 'Oslo', 'a b', '__proto__', 'é', '"q"');
const scalar = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  word,
);
const jsonObject = fc.dictionary(word, fc.oneof(scalar, fc.array(scalar, { maxLength: 3 })), {
  maxKeys: 4,
});

/** An object as models write it when `JSON.parse` would reject it. */
const relaxedObject = fc
  .tuple(
    fc.array(
      fc.tuple(
        fc.constantFrom('city', 'days', 'tags', 'x'),
        fc.constantFrom("'Oslo'", '"3"', '3', 'True', 'None', "['a', 'b',]", '"a \\" b"'),
        fc.constantFrom(': ', ':', ' : '),
        fc.boolean(),
      ),
      { maxLength: 4 },
    ),
    fc.constantFrom('', ',', ' ,', ', /* c */', '\n// c\n'),
  )
  .map(
    ([entries, trailing]) =>
      `{${entries
        .map(([key, value, colon, quoted]) => `${quoted ? `'${key}'` : key}${colon}${value}`)
        .join(', ')}${entries.length > 0 ? trailing : ''}}`,
  );

/** Text of the characters JSON is made of, relaxed JSON's included, in any order. */
const jsonish = fc.string({
  unit: fc.constantFrom(...'{}[]"\':,. \n/*\\-0123456789aeflnrstuxTNE'),
  maxLength: 30,
});

const inputText: fc.Arbitrary<string> = fc.oneof(
  fc.constant(''),
  fc.string({ unit: fc.constantFrom(' ', '\n', '\t', '\r'), maxLength: 4 }),
  fc
    .tuple(jsonObject, fc.constantFrom(undefined, 1, '\t'))
    .map(([value, indent]) => JSON.stringify(value, null, indent)),
  relaxedObject,
  fc.array(scalar, { maxLength: 4 }).map((value) => JSON.stringify(value)),
  fc.constantFrom('[1, 2,]', '[]', '[{"city": "Oslo"}]'),
  scalar.map((value) => JSON.stringify(value)),
  fc.constantFrom('null', 'None', '""', '"{\\"city\\": \\"Oslo\\"}"', '"[1]"', 'not json at all'),
  fc.string({ maxLength: 20 }),
  jsonish,
  // Cut off inside the value, or with text after it.
  fc.tuple(jsonObject, fc.nat()).map(([value, cut]) => {
    const text = JSON.stringify(value);
    return text.slice(0, cut % text.length);
  }),
  fc.tuple(relaxedObject, jsonish).map(([value, rest]) => value + rest),
);

const shape: fc.Arbitrary<Shape> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .array(fc.nat(), { maxLength: 8 })
      .map((cuts) => ({ kind: 'deltas' as const, cuts })),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'characters' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'no-deltas' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'lone-call' as const }) },
);

const nativeCalls = fc.array(
  fc.record({ toolName: fc.constantFrom('get_weather', 'ping', 'free'), input: inputText, shape }),
  { minLength: 1, maxLength: 3 },
);

const finishReason = { unified: 'tool-calls', raw: 'tool_calls' } as const;

/** What the provider streams for the calls, one after the other. */
function providerParts(calls: readonly NativeCall[]): LanguageModelV4StreamPart[] {
  const parts: LanguageModelV4StreamPart[] = [{ type: 'stream-start', warnings: [] }];
  calls.forEach(({ toolName, input, shape }, index) => {
    const id = `c${index}`;
    if (shape.kind !== 'lone-call') {
      parts.push({ type: 'tool-input-start', id, toolName });
      const deltas =
        shape.kind === 'deltas'
          ? splitAt(input, shape.cuts)
          : shape.kind === 'characters'
            ? [...input]
            : [];
      for (const delta of deltas) parts.push({ type: 'tool-input-delta', id, delta });
      parts.push({ type: 'tool-input-end', id });
    }
    parts.push({ type: 'tool-call', toolCallId: id, toolName, input });
  });
  parts.push({ type: 'finish', finishReason, usage });
  return parts;
}

const callOptions: LanguageModelV4CallOptions = {
  prompt: [{ role: 'user', content: [{ type: 'text', text: 'Go' }] }],
  tools,
};

function recordingMiddleware() {
  const reports: unknown[] = [];
  const middleware = createToolMiddleware({
    protocol: nativeProtocol(),
    onError: (message, { reason, rawText, toolName, toolCallId }) =>
      reports.push({ message, reason, rawText, toolName, toolCallId }),
  });
  return { reports, middleware };
}

async function generatePath(calls: readonly NativeCall[]) {
  const { reports, middleware } = recordingMiddleware();
  const model = new MockLanguageModelV4({
    doGenerate: {
      content: calls.map(
        ({ toolName, input }, index): LanguageModelV4Content => ({
          type: 'tool-call',
          toolCallId: `c${index}`,
          toolName,
          input,
        }),
      ),
      finishReason,
      usage,
      warnings: [],
    },
  });
  const { content } = await wrapLanguageModel({ model, middleware }).doGenerate(callOptions);
  return { calls: content.filter((part) => part.type === 'tool-call'), reports };
}

async function streamPath(calls: readonly NativeCall[]) {
  const { reports, middleware } = recordingMiddleware();
  const model = new MockLanguageModelV4({
    doStream: { stream: convertArrayToReadableStream(providerParts(calls)) },
  });
  const { stream } = await wrapLanguageModel({ model, middleware }).doStream(callOptions);
  const parts = await convertReadableStreamToArray(stream);
  return { parts, calls: parts.filter((part) => part.type === 'tool-call'), reports };
}

/**
 * Tool inputs are well formed: each `tool-input-delta` inside its start and end, each
 * streamed call's deltas concatenating to its `tool-call` input, which is JSON of an object,
 * or, for a rejected call, a non-empty text that is no JSON, so that the AI SDK runs nothing.
 */
function expectWellFormedCalls(parts: readonly LanguageModelV4StreamPart[]) {
  const open = new Map<string, { ended: boolean; deltas: string[] }>();
  for (const part of parts) {
    if (part.type === 'tool-input-start') {
      expect(open.has(part.id)).toBe(false);
      open.set(part.id, { ended: false, deltas: [] });
    } else if (part.type === 'tool-input-delta') {
      const streamed = open.get(part.id);
      assert.isDefined(streamed, `${part.id} was started`);
      expect(streamed.ended).toBe(false);
      streamed.deltas.push(part.delta);
    } else if (part.type === 'tool-input-end') {
      const streamed = open.get(part.id);
      assert.isDefined(streamed, `${part.id} was started`);
      expect(streamed.ended).toBe(false);
      streamed.ended = true;
    } else if (part.type === 'tool-call') {
      const streamed = open.get(part.toolCallId);
      if (streamed !== undefined) {
        expect(streamed.ended).toBe(true);
        expect(streamed.deltas.join('')).toBe(part.input);
        open.delete(part.toolCallId);
      }
      const metadata = part.providerMetadata?.toolbridge as Record<string, unknown> | undefined;
      if (metadata?.rejected === true) {
        expect(part.input).not.toBe('');
        expect(() => JSON.parse(part.input)).toThrow();
      } else {
        const input = JSON.parse(part.input);
        expect(typeof input === 'object' && input !== null && !Array.isArray(input)).toBe(true);
      }
    }
  }
  expect(open.size).toBe(0);
}

/**
 * The properties of native calls: whatever the input text (empty, whitespace, objects strict
 * or relaxed, arrays, scalars, garbage, cut off) and however the provider streams it, a
 * stream's deltas make its calls' inputs, and the stream gives each call the input, the
 * metadata and the reports the generate path gives.
 */
export function describeNativeProperties(numRuns = 300): void {
  describe('nativeProtocol', () => {
    it('gives the generate result for every input text under any chunking', async () => {
      await fc.assert(
        fc.asyncProperty(nativeCalls, async (calls) => {
          const generated = await generatePath(calls);
          const streamed = await streamPath(calls);
          expectWellFormedCalls(streamed.parts);
          expect(streamed.calls).toStrictEqual(generated.calls);
          expect(streamed.reports).toStrictEqual(generated.reports);
        }),
        { numRuns },
      );
    });
  });
}
