import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import fc from 'fast-check';
import { assert, describe, expect, it } from 'vitest';
import { splitAt } from '../../../../testing/split-at';
import type { ParseOptions, ToolCallProtocol } from '../tool-call-protocol';
import { fixtureTools } from './fixtures';
import { callSegments, counterIds, meaningOfParts, streamChunks } from './run-parser';

/** A reply to check, and the protocol that reads it. */
export interface PropertyCase {
  name: string;
  protocol: ToolCallProtocol;
  reply: string;
  /** How the reply is read: a forced tool choice (`leadingJsonCall`), markup left out of the text. */
  options?: Pick<ParseOptions, 'leadingJsonCall' | 'emitRawToolCallTextOnError'>;
}

type CaseOptions = PropertyCase['options'];

type ReasoningTags = ReadonlyArray<readonly [string, string]>;

function generateMeaning(
  protocol: ToolCallProtocol,
  text: string,
  reasoningTags: ReasoningTags,
  options: CaseOptions = {},
) {
  const content = protocol.parseGeneratedText({
    text,
    tools: fixtureTools,
    generateId: counterIds(),
    reasoningTags,
    ...options,
  });
  return {
    text: content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join(''),
    reasoning: content.flatMap((part) => (part.type === 'reasoning' ? [part.text] : [])).join(''),
    calls: content.flatMap((part) =>
      part.type === 'tool-call' ? [{ toolName: part.toolName, input: part.input }] : [],
    ),
  };
}

/** The part sequence a UI can render: every block and call opened before use and closed once. */
function expectWellFormed(parts: readonly LanguageModelV4StreamPart[]) {
  const open = new Map<string, string>();
  const deltas = new Map<string, string[]>();
  for (const part of parts) {
    switch (part.type) {
      case 'text-start':
      case 'reasoning-start':
      case 'tool-input-start':
        expect(open.has(part.id)).toBe(false);
        open.set(part.id, part.type);
        deltas.set(part.id, []);
        break;
      case 'text-delta':
      case 'reasoning-delta':
      case 'tool-input-delta': {
        expect(open.get(part.id)).toBe(part.type.replace('delta', 'start'));
        const started = deltas.get(part.id);
        assert.isDefined(started, `${part.id} was started`);
        started.push(part.delta);
        break;
      }
      case 'text-end':
      case 'reasoning-end':
      case 'tool-input-end':
        expect(open.get(part.id)).toBe(part.type.replace('end', 'start'));
        open.set(part.id, 'ended');
        break;
      case 'tool-call': {
        expect(open.get(part.toolCallId)).toBe('ended');
        // The deltas of a call concatenate exactly to its input: JSON of an object, or, for a
        // call the model did not finish, a non-empty prefix that is no JSON, so it never runs.
        expect(deltas.get(part.toolCallId)?.join('')).toBe(part.input);
        const metadata = part.providerMetadata?.toolbridge as Record<string, unknown>;
        expect(typeof metadata.rawToolCallText).toBe('string');
        if (metadata.rejected === true) {
          expect(part.input).not.toBe('');
          expect(() => JSON.parse(part.input)).toThrow();
        } else {
          const input = JSON.parse(part.input);
          expect(typeof input === 'object' && input !== null && !Array.isArray(input)).toBe(true);
        }
        open.delete(part.toolCallId);
        break;
      }
    }
  }
  expect([...open.values()].filter((state) => state !== 'ended')).toEqual([]);
}

/**
 * The properties every protocol keeps, checked on each reply: any chunking (one character at a
 * time included) gives the generate result; parts are well formed and each call's deltas make
 * its input; text and call segments reconstruct the reply.
 */
export function describeProtocolProperties(
  cases: readonly PropertyCase[],
  reasoningTags: ReasoningTags = [['<think>', '</think>']],
): void {
  describe.each(cases)('$name', ({ protocol, reply, options = {} }) => {
    it('gives the generate result under any chunking', () => {
      const expected = generateMeaning(protocol, reply, reasoningTags, options);
      fc.assert(
        fc.property(fc.array(fc.nat(), { maxLength: 25 }), (cuts) => {
          const parts = streamChunks(protocol, splitAt(reply, cuts), {
            tools: fixtureTools,
            reasoningTags,
            ...options,
          });
          expect(meaningOfParts(parts)).toStrictEqual(expected);
          expectWellFormed(parts);
        }),
        { numRuns: 150 },
      );
    });

    it('gives the generate result one character at a time', () => {
      const parts = streamChunks(protocol, [...reply], {
        tools: fixtureTools,
        reasoningTags,
        ...options,
      });
      expect(meaningOfParts(parts)).toStrictEqual(
        generateMeaning(protocol, reply, reasoningTags, options),
      );
      expectWellFormed(parts);
    });

    // Markup that is no call is text in the default run; left out of it, its raw text is reported.
    const { emitRawToolCallTextOnError: _emitRaw, ...defaultRun } = options;

    it('loses nothing: text and call segments reconstruct the reply', () => {
      const segments = callSegments(protocol, {
        text: reply,
        tools: fixtureTools,
        reasoningTags,
        ...defaultRun,
      });
      // The reply as the parts tell it: text, and reasoning inside its tags.
      const text = streamChunks(protocol, [reply], {
        tools: fixtureTools,
        reasoningTags,
        ...defaultRun,
      })
        .map((part) => {
          if (part.type === 'text-delta' || part.type === 'reasoning-delta') return part.delta;
          if (part.type === 'reasoning-start' || part.type === 'reasoning-end') {
            const [tags] = reasoningTags;
            assert.isDefined(tags, 'reasoning is read inside reasoning tags');
            return part.type === 'reasoning-start' ? tags[0] : tags[1];
          }
          return '';
        })
        .join('');
      let cursor = 0;
      let between = '';
      for (const segment of segments) {
        const at = reply.indexOf(segment, cursor);
        expect(at).toBeGreaterThanOrEqual(0);
        between += reply.slice(cursor, at);
        cursor = at + segment.length;
      }
      expect(between + reply.slice(cursor)).toBe(text);
    });

    it('reports, with its raw text, whatever it leaves out of the text', () => {
      const read = (emitRawToolCallTextOnError: boolean) => {
        const left: string[] = [];
        const parts: LanguageModelV4StreamPart[] = [];
        const parser = protocol.createStreamParser(
          {
            tools: fixtureTools,
            reasoningTags,
            generateId: counterIds(),
            ...defaultRun,
            emitRawToolCallTextOnError,
            onError: (_message, { reason, rawText }) => {
              // A failure in markup that also held calls is in their raw text (they went out just
              // before it), not left out.
              const last = parts[parts.length - 1];
              const inCall =
                last?.type === 'tool-call' &&
                (last.providerMetadata?.toolbridge as { rawToolCallText?: string } | undefined)
                  ?.rawToolCallText === rawText;
              if ((reason === 'malformed-call' && !inCall) || reason === 'too-many-calls') {
                left.push(rawText);
              }
            },
          },
          (part) => parts.push(part),
        );
        for (const char of reply) parser.push(char);
        parser.finish();
        return { ...meaningOfParts(parts), left };
      };
      const shown = read(true);
      const quiet = read(false);
      expect(quiet.calls).toStrictEqual(shown.calls);
      expect(quiet.left).toStrictEqual(shown.left);
      // The text of the default run, without what was reported, in order, is the quiet run's.
      let rest = shown.text;
      let quietText = '';
      for (const rawText of quiet.left) {
        const at = rest.indexOf(rawText);
        expect(at).toBeGreaterThanOrEqual(0);
        quietText += rest.slice(0, at);
        rest = rest.slice(at + rawText.length);
      }
      expect(quietText + rest).toBe(quiet.text);
    });
  });
}

/**
 * Every character of a reply, in order, as a streamed read tells it: text, reasoning inside its
 * tags, each piece of call markup's raw text once (the calls of one markup share it), and what a
 * report holds that is in none of these: a late closer, read as markup, and markup left out of
 * the text. Equal to the reply when nothing was dropped without a report.
 */
export function accountForReply(
  protocol: ToolCallProtocol,
  chunks: readonly string[],
  options: Omit<ParseOptions, 'generateId' | 'onError'>,
): string {
  const log: string[] = [];
  const emitRaw = options.emitRawToolCallTextOnError ?? true;
  const [open, close] = options.reasoningTags?.[0] ?? ['', ''];
  let last: LanguageModelV4StreamPart | undefined;
  const rawOf = (part: LanguageModelV4StreamPart | undefined) =>
    part?.type === 'tool-call'
      ? (part.providerMetadata?.toolbridge as { rawToolCallText?: string } | undefined)
          ?.rawToolCallText
      : undefined;
  const parser = protocol.createStreamParser(
    {
      generateId: counterIds(),
      ...options,
      onError: (_message, { reason, rawText }) => {
        if (reason === 'late-closer') log.push(rawText);
        // Markup left out of the text; a failure of markup that also held calls is in their raw text.
        else if (
          !emitRaw &&
          ((reason === 'malformed-call' && rawOf(last) !== rawText) || reason === 'too-many-calls')
        ) {
          log.push(rawText);
        }
      },
    },
    (part) => {
      if (part.type === 'text-delta' || part.type === 'reasoning-delta') log.push(part.delta);
      else if (part.type === 'reasoning-start') log.push(open);
      else if (part.type === 'reasoning-end') log.push(close);
      else if (part.type === 'tool-call') {
        const raw = rawOf(part);
        if (raw !== undefined && !(last?.type === 'tool-call' && rawOf(last) === raw))
          log.push(raw);
      }
      last = part;
    },
  );
  for (const chunk of chunks) parser.push(chunk);
  parser.finish();
  return log.join('');
}

/** How a protocol wraps one call: its opener and closer, and the call between them. */
export interface CallShape {
  open: string;
  close: string;
  /** The markup between opener and closer of a call of `name` with the JSON arguments `args`. */
  call(name: string, args: string): string;
}

/**
 * Replies that hold the shapes issue 24 found bytes of in no place: a call followed by text (or
 * reasoning) inside its delimiters before a late closer, an envelope that breaks after complete
 * arguments, and calls that fail or are cut off with a reasoning tag inside their markup.
 */
export function nothingDroppedReplies(shape: CallShape): fc.Arbitrary<string> {
  const { open, close } = shape;
  const call = shape.call('get_weather', '{"city": "Oslo"}');
  const head = (name: string) => {
    const marked = shape.call(name, '@@');
    return marked.slice(0, marked.indexOf('@@'));
  };
  const piece = fc.constantFrom(
    'Sure. ',
    '\n',
    '<think>plan</think>',
    `${open}${call}${close}`,
    `${open}${call} Checking now.${close}`,
    `${open}${call}\n<think>wait</think>${close}`,
    `${open}${call.slice(0, -1)} x${close}`,
    `${open}${head('get_time')}<think>x</think>y${close}`,
    `${open}oops<think>hm</think>${close}`,
  );
  const tail = fc.constantFrom(
    '',
    ' done',
    `${open}${head('get_time')}<think>`,
    `${open}${head('get_weather')}{"city": "<think>`,
    `${open}${call} trailing`,
  );
  return fc
    .tuple(fc.array(piece, { minLength: 1, maxLength: 4 }), tail)
    .map(([pieces, end]) => pieces.join('') + end);
}

/**
 * Nothing is dropped without a report, on replies of `shape` under any chunking: text, reasoning,
 * call raw text and reports reconstruct the reply, with markup kept as text or left out of it, and
 * a chunked read means what the whole one does.
 */
export function describeNothingDropped(
  name: string,
  protocol: ToolCallProtocol,
  shape: CallShape,
  reasoningTags: ReasoningTags = [['<think>', '</think>']],
): void {
  it(`${name}: text, reasoning, call raw text and reports reconstruct the reply`, () => {
    fc.assert(
      fc.property(
        nothingDroppedReplies(shape),
        fc.array(fc.nat(), { maxLength: 12 }),
        fc.boolean(),
        (reply, cuts, emitRawToolCallTextOnError) => {
          const options = { tools: fixtureTools, reasoningTags, emitRawToolCallTextOnError };
          for (const chunks of [[reply], [...reply], splitAt(reply, cuts)]) {
            expect(accountForReply(protocol, chunks, options)).toBe(reply);
          }
          expect(
            meaningOfParts(streamChunks(protocol, splitAt(reply, cuts), options)),
          ).toStrictEqual(
            generateMeaning(protocol, reply, reasoningTags, { emitRawToolCallTextOnError }),
          );
        },
      ),
      { numRuns: 200 },
    );
  });
}
