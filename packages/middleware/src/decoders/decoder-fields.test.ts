import { describe, expect, it } from 'vitest';
import type { CallDecoder } from '../engine/call-grammar';
import { withDecoderFields } from './decoder-fields';

/** A decoder that reads everything and reports what it is given. */
const decoder = (own: Partial<CallDecoder> = {}): CallDecoder => ({
  write: (text) => text.length,
  end: () => {},
  status: 'done',
  closer: '</x>',
  ...own,
});

describe('withDecoderFields', () => {
  it('reports the fields where the decoder reports none, and relays the rest', () => {
    const relayed = withDecoderFields(decoder(), {
      format: 'json',
      trailingCloser: '</tool_call>',
    });
    expect(relayed.write('abc')).toBe(3);
    expect([relayed.status, relayed.closer, relayed.format, relayed.trailingCloser]).toEqual([
      'done',
      '</x>',
      'json',
      '</tool_call>',
    ]);
  });

  it("keeps the decoder's own fields", () => {
    const relayed = withDecoderFields(decoder({ format: 'hermes', trailingCloser: '</tools>' }), {
      format: 'json',
      trailingCloser: '</tool_call>',
    });
    expect([relayed.format, relayed.trailingCloser]).toEqual(['hermes', '</tools>']);
  });
});
