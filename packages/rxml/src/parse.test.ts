import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { JsonSchemaObject } from './json-schema';
import { parse } from './parse';
import { RXMLCoercionError, RXMLDuplicateStringTagError, RXMLParseError } from './rxml-errors';
import { stringify } from './stringify';

const stringList: JsonSchemaObject = { type: 'array', items: { type: 'string' } };

const weather: JsonSchemaObject = {
  type: 'object',
  properties: {
    city: { type: 'string' },
    days: { type: 'integer' },
    units: { enum: ['metric', 'imperial'] },
    detailed: { type: 'boolean' },
    tags: stringList,
  },
};

const xmlName = fc.stringMatching(/^[a-z_][a-z0-9_]{0,7}$/);

/** A random schema and a random value that fits it. */
const schemaAndValue: fc.Arbitrary<[JsonSchemaObject, unknown]> = fc
  .letrec<{ schema: JsonSchemaObject }>((tie) => ({
    schema: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.constantFrom<JsonSchemaObject>(
        { type: 'string' },
        { type: 'integer' },
        { type: 'number' },
        { type: 'boolean' },
        { enum: ['a', 'b c'] },
      ),
      fc.record({ type: fc.constant('array'), items: tie('schema') }),
      fc.record({
        type: fc.constant('object'),
        properties: fc.dictionary(xmlName, tie('schema'), { maxKeys: 4 }),
      }),
    ),
  }))
  .schema.chain((schema) =>
    // fc.record builds null-prototype objects; parsed values are plain ones.
    valueFor(schema).map(
      (value) => [schema, JSON.parse(JSON.stringify(value))] as [JsonSchemaObject, unknown],
    ),
  );

function valueFor(schema: JsonSchemaObject): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'string':
      return fc
        .string({ unit: 'binary' })
        .filter((text) => !(text.trim() !== text && text.includes(']]>')));
    case 'integer':
      return fc.integer();
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Object.is(n, -0));
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(valueFor(schema.items as JsonSchemaObject), { maxLength: 4 });
    default: {
      const properties = schema.properties ?? {};
      return fc.record(
        Object.fromEntries(
          Object.entries(properties).map(([key, sub]) => [key, valueFor(sub as JsonSchemaObject)]),
        ),
      );
    }
  }
}

function innerOf(xml: string, tag: string): string {
  return xml.slice(`<${tag}>`.length, -`</${tag}>`.length);
}

describe('parse', () => {
  it('reads a realistic call, typing values by the schema', () => {
    const xml = `
      <city>São Paulo</city>
      <days> 3 </days>
      <units>metric</units>
      <detailed>True</detailed>
      <tags><item>rain</item><item>wind</item></tags>`;
    expect(parse(xml, weather)).toStrictEqual({
      city: 'São Paulo',
      days: 3,
      units: 'metric',
      detailed: true,
      tags: ['rain', 'wind'],
    });
  });

  it('keeps code in a string field verbatim, trimming only the whitespace around it', () => {
    const schema = {
      type: 'object',
      properties: { path: { type: 'string' }, content: { type: 'string' } },
    };
    const code = 'function f(a, b) {\n  return a < b && b > 0 ? "<ok/>" : \'&amp;\';\n}';
    const xml = `<path>src/f.ts</path>\n<content>\n${code}\n</content>`;
    expect(parse(xml, schema)).toStrictEqual({
      path: 'src/f.ts',
      content: code.replace('&amp;', '&'),
    });
    expect(parse(`<content>\n  x  \n</content>`, schema, { keepWhitespace: true })).toEqual({
      content: '\n  x  \n',
    });
  });

  it('turns repeated tags into an array, and a lone tag into a one-element array', () => {
    expect(parse('<tags>a</tags><tags>b</tags>', weather)).toEqual({ tags: ['a', 'b'] });
    expect(parse('<tags>a</tags>', weather)).toEqual({ tags: ['a'] });
  });

  it('reads an array field holding only whitespace as [], and keeps the empty items of a string list', () => {
    const schema: JsonSchemaObject = {
      type: 'object',
      properties: {
        note: { type: 'array', items: { type: 'string' } },
        tags: stringList,
      },
    };
    for (const note of ['<note>\n  </note>', '<note></note>', '<note/>']) {
      expect(parse(note, schema)).toStrictEqual({ note: [] });
    }
    expect(parse('<tags><item>a</item><item></item><item>b</item></tags>', schema)).toStrictEqual({
      tags: ['a', '', 'b'],
    });
    expect(parse('<tags><item>a</item><item/><item> </item></tags>', schema)).toStrictEqual({
      tags: ['a', '', ''],
    });
    expect(parse('<tags>a</tags><tags></tags><tags>b</tags>', schema)).toStrictEqual({
      tags: ['a', '', 'b'],
    });
  });

  it('reads elements the schema does not declare as text and objects, repeated ones as arrays', () => {
    expect(parse('<x>a</x><y><z>a</z><z>b</z>tail</y>', { type: 'object' })).toStrictEqual({
      x: 'a',
      y: { z: ['a', 'b'], '#text': 'tail' },
    });
    expect(parse('<y><z>a</z>t</y>', {}, { textNodeName: '_text' })).toEqual({
      y: { z: 'a', _text: 't' },
    });
  });

  it('reads canonical numbers and booleans where the schema gives no type, unless told not to', () => {
    const xml =
      '<scores><math>90</math><zip>02139</zip><ratio>-1.5</ratio><big>1e3</big><ok>true</ok></scores>';
    expect(
      parse(xml, { type: 'object', properties: { scores: { type: 'object' } } }),
    ).toStrictEqual({
      scores: { math: 90, zip: '02139', ratio: -1.5, big: '1e3', ok: true },
    });
    expect(parse('<a>90</a>', {}, { inferUntypedValues: false })).toStrictEqual({ a: '90' });
    expect(parse('<a>90</a>', { properties: { a: { type: 'string' } } })).toStrictEqual({
      a: '90',
    });
  });

  it('reads <item> children as a list where the schema gives no type', () => {
    expect(
      parse(
        '<cards><alex><item>A</item><item>K</item></alex><sam><item>2</item></sam></cards>',
        {},
      ),
    ).toStrictEqual({
      cards: { alex: ['A', 'K'], sam: [2] },
    });
    const declared = {
      properties: { box: { type: 'object', properties: { item: { type: 'string' } } } },
    };
    expect(parse('<box><item>x</item></box>', declared)).toStrictEqual({ box: { item: 'x' } });
  });

  it('reads an empty element of a number, integer or boolean field as null', () => {
    expect(parse('<days></days><detailed/>', weather)).toStrictEqual({
      days: null,
      detailed: null,
    });
  });

  it('reads declared attributes', () => {
    const schema = {
      type: 'object',
      properties: {
        file: {
          type: 'object',
          properties: { path: { type: 'string' }, mode: { type: 'integer' } },
        },
      },
    };
    expect(parse('<file path="a.txt"><mode>7</mode></file>', schema)).toEqual({
      file: { path: 'a.txt', mode: 7 },
    });
  });

  it('throws RXMLDuplicateStringTagError for a string field given twice, or keeps the last', () => {
    expect(() => parse('<city>A</city><city>B</city>', weather)).toThrow(
      RXMLDuplicateStringTagError,
    );
    expect(
      parse('<city>A</city><city>B</city>', weather, { throwOnDuplicateStringTags: false }),
    ).toEqual({ city: 'B' });
  });

  it('throws RXMLParseError for an element left open', () => {
    expect(() => parse('<city>Oslo', weather)).toThrow(RXMLParseError);
    expect(() => parse('<city>Oslo', weather)).toThrow(/Unclosed element <city>/);
  });

  it('throws RXMLCoercionError in strict mode only', () => {
    expect(parse('<days>soon</days>', weather)).toEqual({ days: 'soon' });
    expect(() => parse('<days>soon</days>', weather, { strict: true })).toThrow(RXMLCoercionError);
  });

  it('ends a string field only at a closing tag followed by a sibling, a parent’s closing tag or the end', () => {
    const file = {
      type: 'object',
      properties: { path: { type: 'string' }, content: { type: 'string' } },
    };
    expect(parse('<content>x </content> y</content>', file)).toEqual({ content: 'x </content> y' });
    expect(parse('<content>a <content> b</content></content>\n<path>p</path>', file)).toEqual({
      content: 'a <content> b</content>',
      path: 'p',
    });
    expect(parse('<content>a</content><div/></content>', file)).toEqual({
      content: 'a</content><div/>',
    });
    expect(parse('<content>a</content> <!-- next --> <path>p</path>', file)).toEqual({
      content: 'a',
      path: 'p',
    });
    expect(
      parse('<file><content>a</content> b</content></file>', {
        type: 'object',
        properties: { file },
      }),
    ).toEqual({ file: { content: 'a</content> b' } });
    // Where the schema declares no names, any element may follow.
    expect(
      parse('<note>a</note> b</note><x>1</x>', {
        type: 'object',
        properties: { note: { type: 'string' } },
        additionalProperties: {},
      }),
    ).toEqual({ note: 'a</note> b', x: 1 });
    expect(() => parse('<content>a</content> b', file)).toThrow(/Unclosed element <content>/);
  });

  it('reads closing tags with spaces, or misspelt, as the closing tags they plausibly are', () => {
    expect(parse('<city>Seoul</ city><days>3</dys>', weather)).toEqual({ city: 'Seoul', days: 3 });
    expect(parse('<city>Seoul</cty>', weather)).toEqual({ city: 'Seoul' });
    expect(parse('<city>Seoul</CITY >\n<days>1</ Days>', weather)).toEqual({
      city: 'Seoul',
      days: 1,
    });
    expect(() => parse('<city>Seoul</town>', weather)).toThrow(/Unclosed element <city>/);
  });

  it('reads repeated elements holding the fields of an item as a list of objects', () => {
    const schema = {
      type: 'object',
      properties: {
        items: {
          type: 'array',
          items: { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'string' } } },
        },
      },
    };
    expect(
      parse('<items><a>1</a><b>x</b></items><items><a>3</a><b>y</b></items>', schema),
    ).toStrictEqual({
      items: [
        { a: 1, b: 'x' },
        { a: 3, b: 'y' },
      ],
    });
    expect(parse('<items><a>1</a></items>', schema)).toStrictEqual({ items: [{ a: 1 }] });
    expect(
      parse('<items><user><a>1</a></user><user><a>2</a></user></items>', schema),
    ).toStrictEqual({ items: [{ a: 1 }, { a: 2 }] });
  });

  it('reports text beside child elements to onMixedText instead of keeping it', () => {
    const dropped: string[] = [];
    expect(
      parse(
        '<y>head <z>a</z>tail</y><l><item>1</item>x</l>',
        { type: 'object', properties: { l: { type: 'array' } } },
        { onMixedText: (text) => dropped.push(text) },
      ),
    ).toStrictEqual({ y: { z: 'a' }, l: [1] });
    expect(dropped).toEqual(['head tail', 'x']);
  });

  it('takes linear time in the number of string fields', () => {
    const schema = { type: 'object', additionalProperties: { type: 'string' } };
    const xml = (n: number) => Array.from({ length: n }, (_, i) => `<k${i}>v</k${i}>`).join('');
    const time = (text: string) => {
      let best = Number.POSITIVE_INFINITY;
      for (let run = 0; run < 5; run++) {
        const start = process.cpuUsage();
        parse(text, schema);
        const used = process.cpuUsage(start);
        best = Math.min(best, (used.user + used.system) / 1000);
      }
      return best;
    };
    const small = time(xml(4000));
    const large = time(xml(16_000));
    expect(large / Math.max(small, 1)).toBeLessThan(8);
  });

  it('keeps __proto__, constructor and prototype as data at every depth', () => {
    const value = parse(
      '<__proto__><polluted>1</polluted></__proto__><a><constructor><prototype>x</prototype></constructor></a>',
      {},
    ) as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(value, '__proto__')?.value).toEqual({ polluted: 1 });
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(value['a']).toEqual({ constructor: { prototype: 'x' } });
  });

  it('round-trips stringify for random schema-valid values', () => {
    fc.assert(
      fc.property(schemaAndValue, fc.boolean(), ([schema, value], format) => {
        const root = { type: 'object', properties: { value: schema } };
        const xml = stringify('call', { value }, { format });
        expect(parse(innerOf(xml, 'call'), root)).toStrictEqual({ value });
      }),
      { numRuns: 500 },
    );
  });

  it('throws nothing but its typed errors on random input', () => {
    const fragments = fc.constantFrom(
      '<a>',
      '</a>',
      '<b/>',
      '<',
      '>',
      '&',
      '&amp;',
      '<![CDATA[',
      ']]>',
      '<!--',
      '-->',
      '<!DOCTYPE',
      'x',
      ' ',
      '"',
      '\u0000',
      '\ud800',
    );
    fc.assert(
      fc.property(
        fc.array(fragments).map((parts) => parts.join('')),
        (text) => {
          try {
            parse(text, weather, { strict: true });
          } catch (error) {
            expect(error instanceof RXMLParseError || error instanceof RXMLCoercionError).toBe(
              true,
            );
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});
