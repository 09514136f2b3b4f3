import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { readYaml } from '../decoders/yaml-reader';
import { writeYaml } from './write-yaml';

/** JSON values as tool arguments hold them: text of every shape, numbers, nesting. */
const values = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.string(),
    fc.constantFrom(
      '',
      'true',
      '12',
      '1e3',
      'null',
      '~',
      'a: b',
      '- x',
      '#c',
      'a #b',
      'x:',
      ' lead',
    ),
    fc
      .array(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('', ' ', '\t', 'code')), {
        maxLength: 5,
      })
      .map((lines) => lines.join('\n')),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.string({ minLength: 1, maxLength: 6 }), tie('value'), { maxKeys: 4 }),
  ),
})).value;

const json = (value: unknown): unknown => JSON.parse(JSON.stringify(value) ?? 'null');

describe('writeYaml', () => {
  it('writes YAML that reads back as the value, with our reader and with the yaml package', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), values), (input) => {
        const text = writeYaml(input);
        expect(json(readYaml(text))).toEqual(json(input));
        expect(json(YAML.parse(text))).toEqual(json(input));
      }),
      { numRuns: 2000 },
    );
  });

  it('writes arguments as a model is shown them: plain where it can, a block for lines of text', () => {
    expect(
      writeYaml({
        path: '/tmp/a.txt',
        content: 'one\ntwo\n',
        n: 3,
        flag: 'true',
        tags: ['a', 'b'],
        opt: { deep: null },
      }),
    ).toBe(
      'path: /tmp/a.txt\ncontent: |\n  one\n  two\nn: 3\nflag: "true"\ntags:\n  - a\n  - b\nopt:\n  deep: null',
    );
  });
});
