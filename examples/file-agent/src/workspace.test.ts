import { mkdir, mkdtemp, readFile, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES, Workspace, WorkspaceError } from './workspace.ts';

let outside: string;
let workspace: Workspace;

beforeEach(async () => {
  const base = await mkdtemp(join(tmpdir(), 'workspace-test-'));
  outside = join(base, 'outside');
  const root = join(base, 'root');
  await mkdir(join(root, 'src'), { recursive: true });
  await mkdir(outside);
  await writeFile(join(outside, 'secret.txt'), 'secret');
  await writeFile(join(root, 'src', 'a.ts'), 'export const a = 1;\n// TODO: b\n');
  await writeFile(join(root, 'README.md'), '# Readme\n');
  await symlink(join(outside, 'secret.txt'), join(root, 'link-to-secret.txt'));
  await symlink(outside, join(root, 'link-to-outside'));
  await symlink(join(root, 'src', 'a.ts'), join(root, 'inner-link.ts'));
  workspace = await Workspace.open(root);
});

describe('Workspace', () => {
  it.each([
    ['../outside/secret.txt', /outside the workspace/],
    ['src/../../outside/secret.txt', /outside the workspace/],
    ['/etc/passwd', /is absolute/],
    ['link-to-secret.txt', /through a symbolic link/],
    ['link-to-outside/secret.txt', /through a symbolic link/],
    ['link-to-outside/new.txt', /through a symbolic link/],
    ['', /A path is required/],
  ])('refuses to read %j', async (path, message) => {
    await expect(workspace.readFile(path)).rejects.toThrow(WorkspaceError);
    await expect(workspace.readFile(path)).rejects.toThrow(message);
  });

  it.each(['../escape.txt', '/tmp/escape.txt', 'link-to-outside/escape.txt', 'link-to-secret.txt'])(
    'refuses to write %j',
    async (path) => {
      await expect(workspace.writeFile(path, 'x')).rejects.toThrow(WorkspaceError);
      expect(await readFile(join(outside, 'secret.txt'), 'utf8')).toBe('secret');
    },
  );

  it('follows symbolic links that stay inside', async () => {
    expect(await workspace.readFile('inner-link.ts')).toContain('export const a');
  });

  it('refuses files over 10 MB, both ways', async () => {
    const big = 'x'.repeat(MAX_FILE_BYTES + 1);
    await expect(workspace.writeFile('big.txt', big)).rejects.toThrow(/over 10 MB/);
    await writeFile(join(workspace.root, 'big.txt'), big);
    await expect(workspace.readFile('big.txt')).rejects.toThrow(/over 10 MB/);
  });

  it('writes files, creating folders', async () => {
    expect(await workspace.writeFile('docs/new/note.md', 'hi')).toEqual({
      path: join('docs', 'new', 'note.md'),
      bytes: 2,
    });
    expect(await workspace.readFile('docs/new/note.md')).toBe('hi');
  });

  it('lists and searches files by glob, never following symbolic links', async () => {
    expect(await workspace.listFiles('.', '*.ts')).toEqual(['src/a.ts']);
    expect(await workspace.listFiles('.', '**')).toEqual(['README.md', 'src/a.ts']);
    expect(await workspace.listFiles('src')).toEqual(['src/a.ts']);
    await expect(workspace.listFiles('..')).rejects.toThrow(WorkspaceError);
    expect(await workspace.searchCode('todo')).toEqual([
      { path: 'src/a.ts', line: 2, text: '// TODO: b' },
    ]);
  });

  it('says when a file does not exist', async () => {
    await expect(workspace.readFile('src/missing.ts')).rejects.toThrow(
      '"src/missing.ts" does not exist.',
    );
  });
});
