import { assert, describe, expect, it } from 'vitest';
import { falseCalls, readmeCorpus } from './false-positives.ts';

describe('auto on prose no one here wrote', () => {
  it('reads no call in the README files of the installed packages', () => {
    const corpus = readmeCorpus(new URL('../../', import.meta.url));
    expect(corpus.length).toBeGreaterThan(100);
    expect(falseCalls(corpus)).toEqual([]);
  });

  it('still reads a real call planted in one of them', () => {
    const [first] = readmeCorpus(new URL('../../', import.meta.url));
    assert.isDefined(first);
    const planted = `${first.text}\n<tool_call>{"name": "parse", "arguments": {"input": "x"}}</tool_call>\n`;
    expect(falseCalls([{ path: first.path, text: planted }])).toHaveLength(2);
  });
});
