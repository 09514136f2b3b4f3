import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BFCL_CATEGORIES, bfclDirectory } from './bfcl.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

// A clone has nothing beside it: users and CI run the tests from the repository alone.
describe('the repository reads nothing outside itself', () => {
  it('keeps the BFCL data set inside the repository, with its licence', () => {
    const directory = relative(root, bfclDirectory());
    expect(directory.startsWith('..')).toBe(false);
    expect(existsSync(join(bfclDirectory(), 'LICENSE'))).toBe(true);
    for (const category of BFCL_CATEGORIES) {
      for (const part of ['questions', 'answers']) {
        expect(existsSync(join(bfclDirectory(), part, `${category}.jsonl`))).toBe(true);
      }
    }
  });

  it('names no folder beside the repository in any tracked file', () => {
    const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
      .split('\0')
      .filter((file) => file !== '' && !file.endsWith('.jsonl') && !file.endsWith('.png'));
    // The workspace folder beside the repository on a developer's machine, which a clone lacks.
    const outside = /(?:\.\.\/)+shared\/|\bshared\/data\//;
    const offenders = files.filter((file) => {
      const path = join(root, file);
      return existsSync(path) && outside.test(readFileSync(path, 'utf8'));
    });
    expect(offenders).toEqual([]);
  });

  it('starts the demo in the docs through its script, which brings Node and pnpm', () => {
    // After the README's two commands, pnpm is in a cache folder, not on PATH.
    const pages = execFileSync('git', ['ls-files', '-z', '*.md'], { cwd: root, encoding: 'utf8' })
      .split('\0')
      .filter((file) => file.endsWith('.md') && !file.startsWith('.changeset/'));
    const offenders = pages.filter((file) => {
      const path = join(root, file);
      return existsSync(path) && /^\s*pnpm demo\b/m.test(readFileSync(path, 'utf8'));
    });
    expect(offenders).toEqual([]);
  });
});
