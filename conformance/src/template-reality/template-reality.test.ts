import { modelFamily } from '@toolbridge/middleware';
import { afterAll, describe, expect, it } from 'vitest';
import { KNOWN_MISSES, TEMPLATE_REALITY_CASES } from './cases.ts';
import {
  expectedThrough,
  normalized,
  READING_PATHS,
  readCase,
  sameMeaning,
  summaryTable,
  tally,
} from './read-reply.ts';

/** Whether each case passed through each path, as `id@path`, filled in by the tests below. */
const results = new Map<string, boolean>();

describe("template reality: replies as each family's generation prompt leaves them", () => {
  for (const entry of TEMPLATE_REALITY_CASES) {
    for (const path of READING_PATHS) {
      const key = `${entry.id}@${path}`;
      // A known miss is expected to fail; when it starts passing, remove it from KNOWN_MISSES.
      const test = KNOWN_MISSES.includes(key) ? it.fails : it;
      test(`${entry.id} @ ${path} (${entry.modelId}, ${entry.condition})`, async () => {
        results.set(key, false);
        const expected = normalized(expectedThrough(entry, path));
        const readings = await readCase(entry, path);
        results.set(
          key,
          readings.every((reading) => sameMeaning(reading.meaning, expected)),
        );
        for (const reading of readings) {
          expect(reading.meaning, `${JSON.stringify(entry.reply)} read by ${reading.how}`).toEqual(
            expected,
          );
        }
      });
    }
  }

  afterAll(() => {
    if (results.size < TEMPLATE_REALITY_CASES.length * READING_PATHS.length) return;
    const summary = tally(
      TEMPLATE_REALITY_CASES,
      (entry, path) => results.get(`${entry.id}@${path}`) === true,
    );
    console.log(`template reality, cases passing per family:\n${summaryTable(summary)}`);
  });
});

describe('the template reality set', () => {
  it('has unique case ids', () => {
    const ids = TEMPLATE_REALITY_CASES.map((entry) => entry.id);
    expect(ids.length).toBe(new Set(ids).size);
  });

  it('names only cases and paths it has in KNOWN_MISSES, once each', () => {
    const keys = new Set(
      TEMPLATE_REALITY_CASES.flatMap((entry) => READING_PATHS.map((path) => `${entry.id}@${path}`)),
    );
    expect(KNOWN_MISSES.filter((key) => !keys.has(key))).toEqual([]);
    expect(KNOWN_MISSES.length).toBe(new Set(KNOWN_MISSES).size);
  });

  it('uses model ids the registry knows', () => {
    const unknown = TEMPLATE_REALITY_CASES.filter(
      (entry) => modelFamily(entry.modelId) === undefined,
    );
    expect(unknown.map((entry) => entry.modelId)).toEqual([]);
  });
});
