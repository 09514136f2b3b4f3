import { existsSync, readFileSync } from 'node:fs';
import { assert, describe, expect, it } from 'vitest';
import { builtInFormats } from '../auto/auto-protocol';
import { FORMAT_NAMES, formatToolMiddleware } from '../auto/format-tool-middleware';
import { MODEL_FAMILIES } from '../auto/model-registry';
import { ALL_REASONING_TAGS } from '../auto/reasoning-tags';
import * as api from '../formats-entry';
import { allFormats, FORMATS } from './all-formats';

const docs = new URL('../../../../docs/', import.meta.url);
const page = (name: string) => readFileSync(new URL(name, docs), 'utf8');

/** The rows of the Markdown table that follows `heading` in `text`, as trimmed cells. */
function tableAfter(text: string, heading: string): string[][] {
  const lines = text.slice(text.indexOf(heading)).split('\n');
  const start = lines.findIndex((line) => line.startsWith('|'));
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  }
  return rows;
}

/** The name and link target of a cell written [`name`](target). */
function linked(cell: string | undefined): { name: string; target: string } | undefined {
  const [, name, target] = /^\[`([^`]+)`\]\(([^)]+)\)$/.exec(cell ?? '') ?? [];
  return name === undefined || target === undefined ? undefined : { name, target };
}

describe('the format list', () => {
  const formats = allFormats();
  const names = formats.map((format) => format.name);

  it('names each format and variant once', () => {
    expect(new Set(names).size).toBe(names.length);
  });

  it('is what formatToolMiddleware builds, by name', () => {
    expect(FORMAT_NAMES).toEqual(names);
    for (const name of FORMAT_NAMES) expect(formatToolMiddleware(name), name).toBeDefined();
  });

  it('is what auto reads: every family with a grammar, under its name; variants as their family', () => {
    const read = builtInFormats();
    expect(Object.keys(read)).toEqual(
      FORMATS.filter((format) => format.protocol().grammar !== undefined).map(({ name }) => name),
    );
    for (const family of FORMATS) {
      for (const variant of family.variants) {
        expect(variant.protocol().format, variant.name).toBe(family.name);
        expect(variant.variants, variant.name).toEqual([]);
      }
    }
  });

  it('is the model table: every row of every format, specific rows first', () => {
    const rows = formats.flatMap((format) => format.models.map((row) => [row.family, format.name]));
    expect(MODEL_FAMILIES.map((row) => [row.family, row.format]).sort()).toEqual(rows.sort());
    const firstBroad = MODEL_FAMILIES.findIndex((row) => row.broad);
    expect(MODEL_FAMILIES.slice(firstBroad).every((row) => row.broad)).toBe(true);
  });

  it('gives auto every reasoning tag a format knows, but those its format keeps to itself', () => {
    const openers = new Set(ALL_REASONING_TAGS.map(([open]) => open));
    for (const format of formats) {
      for (const [open] of format.reasoningTags ?? []) {
        if (format.reasoningTagsInAuto) expect(openers, format.name).toContain(open);
        else expect(openers, format.name).not.toContain(open);
      }
    }
  });

  it('is the table of docs/models.md, row by row, each format with a page linked from docs/README.md', () => {
    const readme = page('README.md');
    const table = tableAfter(page('models.md'), '## Every format');
    expect(table.map(([cell]) => linked(cell)?.name)).toEqual(names);
    for (const [cell, , middleware] of table) {
      const entry = linked(cell);
      assert.isDefined(entry, cell);
      assert.isDefined(middleware, cell);
      const { name, target } = entry;
      expect(existsSync(new URL(target, docs)), `${name}: ${target}`).toBe(true);
      expect(readme, `${name}: docs/README.md links ${target}`).toContain(`(${target})`);
      const exported = /^`(\w+)`$/.exec(middleware)?.[1];
      if (exported === undefined)
        expect(middleware, name).toBe(`\`formatToolMiddleware('${name}')\``);
      else expect(api, name).toHaveProperty(exported);
    }
  });

  it('is the model table of docs/models.md, in its order', () => {
    const table = tableAfter(page('models.md'), '## The table');
    const documented = table.flatMap(([family, cell, , opens]) => {
      const entry = linked(cell);
      return entry === undefined ? [] : [[family, entry.name, opens]];
    });
    // The column says when the template opens reasoning; empty for `never`.
    expect(documented).toEqual(
      MODEL_FAMILIES.map((row) => [
        row.family,
        row.format,
        row.opensReasoning === 'never' ? '' : row.opensReasoning,
      ]),
    );
  });
});
