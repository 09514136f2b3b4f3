import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assert, describe, expect, it } from 'vitest';
import { contendersFor } from './contenders.ts';
import { FORMATS, formatById } from './formats.ts';
import { findBuiltPeer, loadPeers, PEER_DIR_ENV, registryPeerOf } from './peers.ts';
import { runSuite, SECTION_IDS } from './suite.ts';
import { chunksOf } from './synthetic-stream.ts';
import { benchTools, manyCallsReply, manyPiecesReply, writeFileReply } from './workloads.ts';

const peers = [registryPeerOf()];

describe('the benchmark suite at tiny size', () => {
  it('runs every workload for every contender', async () => {
    const sections = await runSuite({
      kb: (size) => Math.max(20, Math.round(size / 100)),
      calls: 5,
      measure: { runs: 1, warmup: 0, timeoutMs: 10_000, budgetMs: 1_000 },
      peers,
      formats: [formatById('hermes'), formatById('xml'), formatById('pythonic')],
      countTokens: (text) => text.length,
      tokenizerName: 'character count',
      manyTools: { id: 'tiny', tools: benchTools },
    });
    expect(sections.map((section) => section.id)).toEqual([...SECTION_IDS]);
    expect(sections.map((section) => section.title.slice(0, 2))).toEqual(
      SECTION_IDS.map((_, index) => `${index + 1}.`),
    );
    for (const section of sections) {
      expect(section.rows.length).toBeGreaterThan(0);
      for (const row of section.rows) expect(row).toHaveLength(section.header.length);
    }
    // Every size of a scaling workload was measured, so each column holds a ratio.
    const scaling = sections.find((section) => section.id === 'scaling');
    assert.isDefined(scaling);
    for (const row of scaling.rows) expect(row[2]).toMatch(/^\d+\.\d\d×$/);
  });

  it('runs only the sections asked for, numbered as in the whole report', async () => {
    const sections = await runSuite({
      kb: (size) => size,
      calls: 1,
      measure: { runs: 1, warmup: 0, timeoutMs: 10_000, budgetMs: 1_000 },
      peers,
      countTokens: (text) => text.length,
      tokenizerName: 'character count',
      manyTools: { id: 'tiny', tools: benchTools },
      only: ['prompt'],
    });
    expect(sections.map((section) => section.id)).toEqual(['prompt']);
    const [prompt] = sections;
    assert.isDefined(prompt);
    expect(prompt.title).toBe(`${SECTION_IDS.indexOf('prompt') + 1}. Prompt size`);
    expect(prompt.rows.map((row) => row[0])).toEqual(['hermes', 'gemma', 'xml', 'tool-call-tag']);
    for (const row of prompt.rows) expect(row).toHaveLength(prompt.header.length);
  });

  it.each(FORMATS.map((format) => format.id))(
    'feeds every library that reads %s workloads it parses correctly',
    async (id) => {
      const format = formatById(id);
      for (const [name, contender] of contendersFor(format, peers)) {
        if (contender === undefined || name === 'floor') continue;
        // The registry peer reads the long and many-calls workloads; it is not under test here.
        if (name !== 'toolbridge') continue;
        for (const [text, calls] of [
          [writeFileReply(format, 300), 1],
          [manyPiecesReply(format, 300), 1],
          [manyCallsReply(format, 5), 5],
        ] as const) {
          const seen: string[] = [];
          await contender.stream(chunksOf(text, 3), benchTools, {
            onPart: (part) => part.type === 'tool-call' && seen.push(part.toolName),
          });
          expect(seen).toHaveLength(calls);
        }
      }
    },
  );

  it('writes the formats as models do', () => {
    const call = [{ name: 'get_time', args: { zone: 'UTC', n: 1, ok: true } }];
    expect(formatById('qwen3-coder').reply(call)).toBe(
      '<tool_call>\n<function=get_time>\n<parameter=zone>\nUTC\n</parameter>\n<parameter=n>\n1\n</parameter>\n<parameter=ok>\ntrue\n</parameter>\n</function>\n</tool_call>',
    );
    expect(formatById('llama3-json').reply([...call, ...call])).toBe(
      '{"name": "get_time", "parameters": {"zone": "UTC", "n": 1, "ok": true}}; {"name": "get_time", "parameters": {"zone": "UTC", "n": 1, "ok": true}}',
    );
    expect(formatById('pythonic').reply(call)).toBe('[get_time(zone="UTC", n=1, ok=True)]');
  });
});

describe('finding the peer', () => {
  it('falls back to the registry release, and says how to build the current one', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'toolbridge-peer-'));
    const { peers: found, notice } = await loadPeers({ XDG_CACHE_HOME: empty, HOME: empty });
    expect(found.map((peer) => peer.key)).toEqual([registryPeerOf().key]);
    expect(notice).toContain('bench/scripts/build-peer.sh');
  });

  it(`takes ${PEER_DIR_ENV} first, and the newest build in the cache folder otherwise`, () => {
    const cache = mkdtempSync(join(tmpdir(), 'toolbridge-peer-'));
    const build = (dir: string) => {
      mkdirSync(join(dir, 'dist'), { recursive: true });
      writeFileSync(join(dir, 'dist', 'index.js'), '');
      writeFileSync(join(dir, 'package.json'), '{}');
      return dir;
    };
    const root = join(cache, 'toolbridge-peer');
    build(join(root, '5.1.6'));
    build(join(root, '5.10.0'));
    mkdirSync(join(root, '9.0.0'));
    expect(findBuiltPeer({ XDG_CACHE_HOME: cache })).toBe(join(root, '5.10.0'));
    const elsewhere = build(join(cache, 'elsewhere'));
    expect(findBuiltPeer({ XDG_CACHE_HOME: cache, [PEER_DIR_ENV]: elsewhere })).toBe(elsewhere);
    expect(() => findBuiltPeer({ [PEER_DIR_ENV]: join(cache, 'missing') })).toThrow(PEER_DIR_ENV);
  });
});
