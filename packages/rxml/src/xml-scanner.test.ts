import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitAt } from '../../../testing/split-at';
import { RXMLParseError } from './rxml-errors';
import { createXmlScanner, type XmlScanHandler } from './xml-scanner';

function recorder(rawTags: readonly string[] = []) {
  const events: unknown[] = [];
  const handler: XmlScanHandler = {
    elementStart: (name, attributes) => {
      events.push({ open: name, attributes: { ...attributes } });
      return rawTags.includes(name);
    },
    text: (text, verbatim) => {
      const last = events[events.length - 1] as { text?: string; verbatim?: boolean } | undefined;
      if (last?.text !== undefined && last.verbatim === verbatim) last.text += text;
      else events.push({ text, verbatim });
    },
    elementEnd: (name) => events.push({ close: name }),
  };
  return { events, handler };
}

function scan(chunks: readonly string[], handler: XmlScanHandler, rootTag?: string) {
  const scanner = createXmlScanner(handler, rootTag === undefined ? {} : { rootTag });
  let consumed = 0;
  for (const chunk of chunks) consumed += scanner.write(chunk);
  const complete = scanner.done ? true : scanner.end();
  return { consumed, complete };
}

const samples = [
  '<city>Seoul</city><days>3</days>',
  '<code>\nif (a < b && c > d) { x = "</div>"; }\n</code><note>a &lt; b &amp;&amp; c &#x41;&#66; AT&T &bogus;</note>',
  '<content><![CDATA[ keep ]]> </content>]]> ]] <list><item>a</item><item/><item x="1" y=\'2\' z>b</item></list>',
  '<!-- comment <city> --><?xml version="1.0"?><!DOCTYPE x [<!ENTITY e "boom">]><a>&e;</a>',
  '<code><code>nested</code> same-named </code ><after>1 < 2 <3 <</after>',
  'prose with <b) and < spaces and <!broken> and </unopened> tags',
];

describe('createXmlScanner', () => {
  it('reports the same events under every chunking', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...samples),
        fc.array(fc.nat(), { maxLength: 40 }),
        (text, cuts) => {
          const whole = recorder(['code', 'content']);
          const wholeResult = scan([text], whole.handler);
          const pieces = recorder(['code', 'content']);
          const piecesResult = scan(splitAt(text, cuts), pieces.handler);
          expect(pieces.events).toStrictEqual(whole.events);
          expect(piecesResult).toStrictEqual(wholeResult);
        },
      ),
      { numRuns: 600 },
    );
  });

  it('reads raw elements verbatim up to their own closing tag, counting nested same-named tags', () => {
    const { events, handler } = recorder(['code']);
    scan(['<code><code>x</code> <b>y</b> </code><z>1</z>'], handler);
    expect(events).toEqual([
      { open: 'code', attributes: {} },
      { text: '<code>x</code> <b>y</b> ', verbatim: false },
      { close: 'code' },
      { open: 'z', attributes: {} },
      { text: '1', verbatim: false },
      { close: 'z' },
    ]);
  });

  it('keeps a < or & that starts no markup as text', () => {
    const { events, handler } = recorder();
    scan(['<a>1 < 2 && x <3 AT&T &#xZZ; &lt;</a>'], handler);
    expect(events[1]).toEqual({ text: '1 < 2 && x <3 AT&T &#xZZ; <', verbatim: false });
  });

  it('skips declarations whole and never expands a declared entity (billion laughs)', () => {
    const lol = `<!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`).join('')}]>`;
    const { events, handler } = recorder();
    scan([`${lol}<a>&lol9;</a>`], handler);
    expect(events).toEqual([
      { open: 'a', attributes: {} },
      { text: '&lol9;', verbatim: false },
      { close: 'a' },
    ]);
  });

  it('stops at the root closing tag and says how much it read', () => {
    const scanner = createXmlScanner({}, { rootTag: 'get_weather' });
    expect(scanner.write('<city>Oslo</city></get_')).toBe(23);
    expect(scanner.done).toBe(false);
    expect(scanner.write('weather> trailing prose')).toBe(8);
    expect(scanner.done).toBe(true);
  });

  it('closes elements a model forgot to close when an outer one closes', () => {
    const { events, handler } = recorder();
    const { complete } = scan(['<a><b>1</a></root>'], handler, 'root');
    expect(complete).toBe(true);
    expect(events.filter((event) => 'close' in (event as object))).toEqual([
      { close: 'b' },
      { close: 'a' },
    ]);
  });

  it('reports incomplete input at the end and closes what is open', () => {
    const { events, handler } = recorder();
    expect(scan(['<a><b>partial <'], handler).complete).toBe(false);
    expect(events.slice(-3)).toEqual([
      { text: 'partial <', verbatim: false },
      { close: 'b' },
      { close: 'a' },
    ]);
  });

  it('throws RXMLParseError for 100,000 nested elements instead of overflowing the stack', () => {
    expect(() => scan(['<a>'.repeat(100_000)], {})).toThrow(RXMLParseError);
  });

  it('stores attributes named __proto__ as data', () => {
    const { events, handler } = recorder();
    scan(['<a __proto__="x" constructor="y"/>'], handler);
    const attributes = (events[0] as { attributes: Record<string, string> }).attributes;
    expect(Object.getPrototypeOf(attributes)).toBe(Object.prototype);
    expect(Object.keys(attributes)).toEqual(['__proto__', 'constructor']);
  });
});
