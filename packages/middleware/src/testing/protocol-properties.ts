import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitAt } from '../../../../testing/split-at';
import type { ParseOptions, ToolCallProtocol } from '../tool-call-protocol';
import { fixtureTools } from './fixtures';
import { counterIds, meaningOfParts, streamChunks } from './run-parser';

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
      case 'tool-input-delta':
        expect(open.get(part.id)).toBe(part.type.replace('delta', 'start'));
        deltas.get(part.id)!.push(part.delta);
        break;
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
        expect(deltas.get(part.toolCallId)!.join('')).toBe(part.input);
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
      const segments = protocol.extractToolCallSegments!({
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
          if (part.type === 'reasoning-start') return reasoningTags[0]![0];
          if (part.type === 'reasoning-end') return reasoningTags[0]![1];
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
