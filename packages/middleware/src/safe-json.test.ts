import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stringifyFramedJson, stringifySpacedJson, templateJson } from './safe-json';

const VALUE = { city: 'Paris, "FR": <b>', tags: ['a', 1, null], nested: { ok: true }, empty: {} };

describe("templateJson: what a chat template's `tojson` writes", () => {
  it("spaces items as Python's json.dumps, nothing escaped beyond JSON", () => {
    expect(templateJson(VALUE)).toBe(
      '{"city": "Paris, \\"FR\\": <b>", "tags": ["a", 1, null], "nested": {"ok": true}, "empty": {}}',
    );
  });

  it('indents as tojson(indent=4)', () => {
    expect(templateJson({ a: [1], b: {} }, 4)).toBe(
      '{\n    "a": [\n        1\n    ],\n    "b": {}\n}',
    );
  });

  it('reads back as the same value, whatever the value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(JSON.parse(templateJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
        expect(JSON.parse(stringifySpacedJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });
});

describe('stringifySpacedJson and stringifyFramedJson', () => {
  it('escape what could close a tag or a fence', () => {
    expect(stringifySpacedJson(VALUE)).toBe(
      '{"city": "Paris, \\"FR\\": \\u003cb\\u003e", "tags": ["a", 1, null], "nested": {"ok": true}, "empty": {}}',
    );
    expect(stringifyFramedJson('`</x>&')).toBe('"\\u0060\\u003c/x\\u003e\\u0026"');
  });
});
