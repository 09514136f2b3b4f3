import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { splitAt } from '../../../../testing/split-at';
import { jsonMixProtocol } from '../protocols/json-mix-protocol';
import { fixtureTools as tools } from '../testing/fixtures';
import { callSegments, meaningOfParts, readEveryWay, streamChunks } from '../testing/run-parser';

const hermes = jsonMixProtocol();
const think = [['<think>', '</think>']] as const;
const call = '<tool_call>{"name": "get_time", "arguments": {}}</tool_call>';

/** The types of the parts, with runs of deltas folded into one. */
function shape(parts: readonly LanguageModelV4StreamPart[]): string[] {
  return parts
    .map((part) => part.type)
    .filter((type, index, types) => !(type.endsWith('-delta') && types[index - 1] === type));
}

describe('reasoning the chat template opened (startWithReasoning: true)', () => {
  const options = { tools, reasoningTags: think, startWithReasoning: true } as const;

  it('reads the text before the lone closer as reasoning', () => {
    expect(readEveryWay(hermes, "I'm thinking</think>Hello", options)).toMatchObject({
      reasoning: "I'm thinking",
      text: 'Hello',
    });
    const { parts } = readEveryWay(hermes, '</think>Hi', options);
    expect(shape(parts)).toEqual(['text-start', 'text-delta', 'text-end']);
  });

  it('ends the reasoning at a call: the text before it is reasoning, and the call runs', () => {
    const text = `Need to inspect the directory.\n${call}</think>Done.`;
    const { parts, ...meaning } = readEveryWay(hermes, text, options);
    expect(meaning).toEqual({
      reasoning: 'Need to inspect the directory.\n',
      text: 'Done.',
      calls: [{ toolName: 'get_time', input: '{}' }],
    });
    expect(shape(parts).slice(0, 4)).toEqual([
      'reasoning-start',
      'reasoning-delta',
      'reasoning-end',
      'tool-input-start',
    ]);
  });

  it('keeps an opener that holds no call in the reasoning, which goes on', () => {
    const text = 'I could write <tool_call> here, or not.</think>Hello';
    expect(readEveryWay(hermes, text, options)).toMatchObject({
      reasoning: 'I could write <tool_call> here, or not.',
      text: 'Hello',
      calls: [],
    });
  });

  it("reads the template's opener written again by the model as markup", () => {
    expect(readEveryWay(hermes, '<think>\nplan</think>ok', options)).toMatchObject({
      reasoning: '\nplan',
      text: 'ok',
    });
    expect(readEveryWay(hermes, 'plan <think> more</think>ok', options)).toMatchObject({
      reasoning: 'plan <think> more',
      text: 'ok',
    });
  });

  it('keeps a reply that never closes the reasoning as reasoning: the model was cut off thinking', () => {
    expect(readEveryWay(hermes, 'Still thinking about', options)).toMatchObject({
      reasoning: 'Still thinking about',
      text: '',
    });
  });
});

describe("reasoning the template may have opened (startWithReasoning: 'if-closed')", () => {
  const options = { tools, reasoningTags: think, startWithReasoning: 'if-closed' } as const;

  it('reads the text before a lone closer as reasoning', () => {
    expect(readEveryWay(hermes, "I'm thinking</think>Hello", options)).toMatchObject({
      reasoning: "I'm thinking",
      text: 'Hello',
    });
  });

  it('reads a reply with no closer as the answer: thinking was off', () => {
    expect(readEveryWay(hermes, 'Hello, world!', options)).toMatchObject({
      reasoning: '',
      text: 'Hello, world!',
    });
    expect(readEveryWay(hermes, `Sure.\n${call}`, options)).toMatchObject({
      reasoning: 'Sure.\n',
      calls: [{ toolName: 'get_time', input: '{}' }],
    });
    expect(readEveryWay(hermes, call, options)).toMatchObject({
      reasoning: '',
      text: '',
      calls: [{ toolName: 'get_time', input: '{}' }],
    });
  });

  it('holds the start back until it knows, and streams the rest as it comes', () => {
    const parts = streamChunks(hermes, ['Let me ', 'think.</think>', 'The ', 'answer.'], options);
    expect(shape(parts)).toEqual([
      'reasoning-start',
      'reasoning-delta',
      'reasoning-end',
      'text-start',
      'text-delta',
      'text-end',
    ]);
    // The reasoning went out in one piece once the closer came; the answer piece by piece.
    expect(parts.filter((part) => part.type === 'text-delta')).toHaveLength(2);
  });

  it('reads the answer with its markup when the reply never closed: an opener, a reasoning block', () => {
    const text = 'Hi <think>hm</think> there';
    expect(readEveryWay(hermes, text, options)).toMatchObject({
      reasoning: 'Hi <think>hm',
      text: ' there',
    });
    expect(readEveryWay(hermes, '<think>plan</think>ok', options)).toMatchObject({
      reasoning: 'plan',
      text: 'ok',
    });
  });
});

describe('a reasoning closer with no opener', () => {
  it('is markup, never text, where the reply did not start in reasoning', () => {
    const onCallText = vi.fn();
    expect(
      readEveryWay(hermes, 'Some prose</think>Hello', { tools, reasoningTags: think }),
    ).toMatchObject({ reasoning: '', text: 'Some proseHello' });
    expect(readEveryWay(hermes, '</think>\n\nHello', { tools, reasoningTags: think }).text).toBe(
      '\n\nHello',
    );
    expect(
      callSegments(hermes, {
        text: 'a</think>b',
        tools,
        reasoningTags: think,
      }),
    ).toEqual(['</think>']);
    expect(onCallText).not.toHaveBeenCalled();
  });
});

describe('control tokens', () => {
  const options = { tools, reasoningTags: think, controlTokens: ['<|im_end|>', '<|eot_id|>'] };

  it('are markup in text, in reasoning and after a call, never text', () => {
    expect(readEveryWay(hermes, 'Hi there<|im_end|>', options)).toMatchObject({
      text: 'Hi there',
    });
    expect(readEveryWay(hermes, `<think>hm<|eot_id|></think>${call}<|im_end|>`, options)).toEqual(
      expect.objectContaining({
        reasoning: 'hm',
        text: '',
        calls: [{ toolName: 'get_time', input: '{}' }],
      }),
    );
    expect(
      readEveryWay(hermes, 'thinking<|im_end|>', { ...options, startWithReasoning: 'if-closed' }),
    ).toMatchObject({ text: 'thinking', reasoning: '' });
  });

  it('stay text where the protocol was given none', () => {
    expect(readEveryWay(hermes, 'Hi<|im_end|>', { tools }).text).toBe('Hi<|im_end|>');
  });
});

describe('reasoning and control tokens under any chunking', () => {
  const piece = fc.constantFrom(
    'word ',
    '\n',
    '</think>',
    '<think>',
    '<|im_end|>',
    call,
    '<tool_call>oops',
    '<tool_call> and prose',
  );
  const start = fc.constantFrom(false, true, 'if-closed' as const);

  it('reads the same in every chunking, and every word lands once in text, reasoning or markup', () => {
    fc.assert(
      fc.property(
        fc.array(piece, { minLength: 1, maxLength: 8 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        start,
        (pieces, cuts, startWithReasoning) => {
          // Each word numbered, so that a word read twice or dropped shows.
          let words = 0;
          const reply = pieces.map((p) => (p === 'word ' ? `w${words++} ` : p)).join('');
          const options = {
            tools,
            reasoningTags: think,
            controlTokens: ['<|im_end|>'],
            startWithReasoning,
          };
          const whole = streamChunks(hermes, [reply], options);
          const meaning = meaningOfParts(whole);
          expect(meaningOfParts(streamChunks(hermes, splitAt(reply, cuts), options))).toEqual(
            meaning,
          );
          const markup = callSegments(hermes, { text: reply, ...options }).join('');
          const read = meaning.text + meaning.reasoning + markup;
          for (let word = 0; word < words; word++) {
            expect(read.split(`w${word} `).length - 1, `w${word} in ${reply}`).toBe(1);
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('the end of a reply', () => {
  it('reads a marker held back because a longer one could have followed', () => {
    // `<|im_end|>` could have been the start of the longer token; the reply ended there.
    const options = { tools, controlTokens: ['<|im_end|>', '<|im_end|>\n<|im_start|>'] };
    expect(readEveryWay(hermes, 'Hi there<|im_end|>', options).text).toBe('Hi there');
    expect(readEveryWay(hermes, 'Hi <|im_e', options).text).toBe('Hi <|im_e');
  });
});
