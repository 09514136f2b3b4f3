import { lstat, mkdir, readdir, readFile, realpath, stat, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

/** Largest file the tools read or write. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
const MAX_LISTED = 500;
const MAX_MATCHES = 100;

/** A tool request the workspace refuses; the message is what the model is told. */
export class WorkspaceError extends Error {
  override readonly name = 'WorkspaceError';
}

/** `*` and `?` wildcards (and `**` across folders) as a regular expression; linear to match. */
function globToRegExp(pattern: string): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern.charAt(i);
    if (char === '*' && pattern[i + 1] === '*') {
      source += '.*';
      i++;
    } else if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else source += char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

/**
 * A folder the agent's tools are confined to. Every path is resolved and checked after
 * symlinks: no `..`, absolute path or symlink leads outside the root.
 */
export class Workspace {
  readonly root: string;

  private constructor(root: string) {
    this.root = root;
  }

  /** Opens the workspace at `root` (which must exist). */
  static async open(root: string): Promise<Workspace> {
    return new Workspace(await realpath(root));
  }

  /** The real path of `path` inside the workspace; throws if it is, or leads, outside. */
  async resolve(path: string): Promise<string> {
    if (typeof path !== 'string' || path.length === 0)
      throw new WorkspaceError('A path is required.');
    if (isAbsolute(path))
      throw new WorkspaceError(`"${path}" is absolute; give a path relative to the workspace.`);
    const target = resolve(this.root, path);
    if (!this.contains(target)) throw new WorkspaceError(`"${path}" is outside the workspace.`);
    // The nearest part of the path that exists decides where it really is, symlinks followed.
    let existing = target;
    for (;;) {
      try {
        const real = await realpath(existing);
        if (!this.contains(real))
          throw new WorkspaceError(
            `"${path}" leads outside the workspace through a symbolic link.`,
          );
        return existing === target ? real : join(real, relative(existing, target));
      } catch (error) {
        if (error instanceof WorkspaceError || (error as NodeJS.ErrnoException).code !== 'ENOENT')
          throw error;
        if (existing === this.root) throw error;
        existing = dirname(existing);
      }
    }
  }

  async readFile(path: string): Promise<string> {
    const file = await this.resolve(path);
    const info = await stat(file).catch(() => {
      throw new WorkspaceError(`"${path}" does not exist.`);
    });
    if (!info.isFile()) throw new WorkspaceError(`"${path}" is not a file.`);
    if (info.size > MAX_FILE_BYTES)
      throw new WorkspaceError(`"${path}" is ${info.size} bytes; files over 10 MB are refused.`);
    return readFile(file, 'utf8');
  }

  async writeFile(path: string, content: string): Promise<{ path: string; bytes: number }> {
    const bytes = Buffer.byteLength(content, 'utf8');
    if (bytes > MAX_FILE_BYTES)
      throw new WorkspaceError(`The content is ${bytes} bytes; files over 10 MB are refused.`);
    const file = await this.resolve(path);
    const existing = await lstat(file).catch(() => undefined);
    if (existing?.isDirectory()) throw new WorkspaceError(`"${path}" is a folder.`);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, content, 'utf8');
    return { path: relative(this.root, file), bytes };
  }

  /** Files below `directory` (recursively), optionally matching a glob such as `*.ts` or `src/**`. */
  async listFiles(directory = '.', pattern?: string): Promise<string[]> {
    const start = await this.resolve(directory);
    const matcher = pattern === undefined ? undefined : globToRegExp(pattern);
    const files: string[] = [];
    const pending = [start];
    while (files.length < MAX_LISTED) {
      const folder = pending.pop();
      if (folder === undefined) break;
      for (const entry of await readdir(folder, { withFileTypes: true })) {
        const full = join(folder, entry.name);
        const name = relative(this.root, full).split(sep).join('/');
        if (entry.isDirectory()) pending.push(full);
        else if (
          entry.isFile() &&
          (matcher === undefined || matcher.test(name) || matcher.test(entry.name))
        )
          files.push(name);
      }
    }
    return files.sort();
  }

  /** Lines containing `query` (plain text, case-insensitive) in the workspace's files. */
  async searchCode(query: string): Promise<Array<{ path: string; line: number; text: string }>> {
    if (query.trim() === '') throw new WorkspaceError('The query is empty.');
    const needle = query.toLowerCase();
    const matches: Array<{ path: string; line: number; text: string }> = [];
    for (const path of await this.listFiles('.')) {
      const info = await stat(join(this.root, path));
      if (info.size > MAX_FILE_BYTES) continue;
      const lines = (await readFile(join(this.root, path), 'utf8')).split('\n');
      lines.forEach((text, index) => {
        if (matches.length < MAX_MATCHES && text.toLowerCase().includes(needle))
          matches.push({ path, line: index + 1, text: text.trim() });
      });
    }
    return matches;
  }

  private contains(path: string): boolean {
    return path === this.root || path.startsWith(this.root + sep);
  }
}
