// Lint step: every TypeScript block in the documentation compiles against the built packages.
//
// Each ```ts / ```typescript block of README.md, packages/*/README.md and docs/**/*.md is
// written to .doc-blocks/ (git-ignored) as a module of its own and type-checked with the
// repository's TypeScript. A block preceded by the line `<!-- fragment -->` (blank lines may
// sit between) is a piece of a larger program: it is only checked for syntax. Errors name the
// Markdown file and line. Run `pnpm build` first: imports resolve to the packages' dist/.
//
// It also checks that every page whose TypeScript imports `@toolbridge/middleware` or
// `@toolbridge/middleware/formats` (typed for ai@7) tells AI SDK 6 users, right after the first
// such block (or before it), to import the same names from `@toolbridge/middleware/v6`: the line
// starting with `v6Line` below. On a page that imports `/formats`, that line also names
// `@toolbridge/middleware/v6/formats`.
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';

const root = join(import.meta.dirname, '..');
const outDir = join(root, '.doc-blocks');
const fragmentMarker = '<!-- fragment -->';
const languages = new Set(['ts', 'typescript']);
const v6Line = '> With `ai@6`, import the same names from `@toolbridge/middleware/v6`';
const v6FormatsEntry = '`@toolbridge/middleware/v6/formats`';
/** The ai@7 entries, and the ai@6 entry each one's names are also in. */
const ai7Entries = new Map([
  ['@toolbridge/middleware', '`@toolbridge/middleware/v6`'],
  ['@toolbridge/middleware/formats', v6FormatsEntry],
]);

interface Block {
  /** Markdown file, relative to the repository root. */
  file: string;
  /** 1-based line of the block's first code line in the Markdown file. */
  line: number;
  /** 1-based line of the block's closing fence. */
  end: number;
  /** Indentation of the fence, removed from every code line. */
  indent: number;
  code: string;
  fragment: boolean;
}

function markdownFiles(): string[] {
  const files = ['README.md'];
  for (const name of readdirSync(join(root, 'packages'))) {
    if (existsSync(join(root, 'packages', name, 'README.md'))) {
      files.push(join('packages', name, 'README.md'));
    }
  }
  const walk = (folder: string) => {
    for (const entry of readdirSync(join(root, folder)).sort()) {
      const path = join(folder, entry);
      if (statSync(join(root, path)).isDirectory()) walk(path);
      else if (entry.endsWith('.md')) files.push(path);
    }
  };
  walk('docs');
  return files;
}

/** The fenced blocks of a Markdown text (CommonMark fences: ``` or ~~~, 3 or more). */
function blocksIn(file: string, text: string): Block[] {
  const lines = text.split('\n');
  const blocks: Block[] = [];
  /** The block being read, from its opening fence; undefined outside a block. */
  let open:
    | { fence: string; indent: number; start: number; lang: string; fragment: boolean }
    | undefined;
  let lastContent = '';
  for (const [index, line] of lines.entries()) {
    const raw = line.replace(/\r$/, '');
    const trimmed = raw.trimStart();
    const indent = raw.length - trimmed.length;
    const fenceChar = trimmed.charAt(0);
    let fenceLength = 0;
    if (fenceChar === '`' || fenceChar === '~') {
      while (trimmed[fenceLength] === fenceChar) fenceLength++;
    }
    if (open === undefined) {
      if (fenceLength >= 3) {
        const info = trimmed.slice(fenceLength).trim();
        // The info string's first word.
        const lang = info.replace(/\s[\s\S]*$/, '').toLowerCase();
        open = {
          fence: fenceChar.repeat(fenceLength),
          indent,
          start: index,
          lang,
          fragment: lastContent === fragmentMarker,
        };
      } else if (trimmed !== '') {
        lastContent = trimmed.trimEnd();
      }
      continue;
    }
    const closes =
      fenceLength >= open.fence.length &&
      fenceChar === open.fence[0] &&
      trimmed.slice(fenceLength).trim() === '';
    if (!closes) continue;
    const block = open;
    open = undefined;
    lastContent = '';
    if (!languages.has(block.lang)) continue;
    const body = lines
      .slice(block.start + 1, index)
      .map((line) => line.replace(/\r$/, ''))
      // A fence indented inside a list item indents its content by as much.
      .map((line) => line.slice(Math.min(block.indent, line.length - line.trimStart().length)));
    blocks.push({
      file,
      line: block.start + 2,
      end: index + 1,
      indent: block.indent,
      code: body.join('\n'),
      fragment: block.fragment,
    });
  }
  return blocks;
}

/** The package a bare import specifier names (`@scope/name/sub` → `@scope/name`). */
function packageName(specifier: string): string | undefined {
  if (specifier.startsWith('.') || specifier.startsWith('node:') || specifier.startsWith('/')) {
    return undefined;
  }
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

function importsOf(code: string): string[] {
  const source = ts.createSourceFile('block.ts', code, ts.ScriptTarget.Latest);
  const found: string[] = [];
  for (const statement of source.statements) {
    if (
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier)
    ) {
      found.push(statement.moduleSpecifier.text);
    }
  }
  return found;
}

/** Workspace packages by npm name, and the folders whose node_modules hold their dependencies. */
function workspace(): { byName: Map<string, string>; searchPath: string[] } {
  const byName = new Map<string, string>();
  const folders: string[] = [];
  for (const group of ['examples', 'packages']) {
    for (const name of readdirSync(join(root, group)).sort()) {
      const folder = join(root, group, name);
      if (!existsSync(join(folder, 'package.json'))) continue;
      folders.push(folder);
      const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
      byName.set(manifest.name, folder);
    }
  }
  // The examples come first: they depend on what a user installs (ai, zod, providers).
  return { byName, searchPath: [...folders, join(root, 'bench'), join(root, 'conformance'), root] };
}

function resolvePackage(name: string, space: ReturnType<typeof workspace>): string | undefined {
  const local = space.byName.get(name);
  if (local) return local;
  for (const folder of space.searchPath) {
    const candidate = join(folder, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return realpathSync(candidate);
  }
  return undefined;
}

const texts = new Map(
  markdownFiles().map((file): [string, string] => [file, readFileSync(join(root, file), 'utf8')]),
);
const blocks = [...texts].flatMap(([file, text]) => blocksIn(file, text));

/**
 * Pages whose first block importing an ai@7 entry is not followed by the `v6Line` (its first
 * non-blank line after the block, or any line before it), or whose `v6Line` does not name the
 * ai@6 entry of every ai@7 entry the page imports; and how many pages import one.
 */
function v6LineProblems(): { problems: string[]; pages: number } {
  const problems: string[] = [];
  let pages = 0;
  for (const [file, text] of texts) {
    const pageBlocks = blocks.filter((block) => block.file === file);
    const first = pageBlocks.find((block) =>
      importsOf(block.code).some((specifier) => ai7Entries.has(specifier)),
    );
    if (!first) continue;
    pages++;
    const lines = text.split('\n').map((line) => line.trim());
    let next = first.end;
    while (next < lines.length && lines[next] === '') next++;
    const at = lines.findIndex((line) => line.startsWith(v6Line));
    const v6Said = lines[at];
    if (v6Said === undefined || at > next) {
      problems.push(
        `${file}:${first.end}: this block imports '@toolbridge/middleware' (ai@7); put the line "${v6Line} ([AI SDK 6](…/middleware.md#ai-sdk-6))." after it, for ai@6 users`,
      );
      continue;
    }
    const imported = new Set(pageBlocks.flatMap((block) => importsOf(block.code)));
    for (const [entry, v6Entry] of ai7Entries) {
      if (imported.has(entry) && !v6Said.includes(v6Entry)) {
        problems.push(
          `${file}:${at + 1}: the page imports '${entry}'; the ai@6 line must name ${v6Entry}`,
        );
      }
    }
  }
  return { problems, pages };
}
const v6 = v6LineProblems();

const missingBuild = ['rjson', 'rxml', 'middleware'].filter(
  (name) => !existsSync(join(root, 'packages', name, 'dist', 'index.d.mts')),
);
if (missingBuild.length > 0) {
  console.error(
    `check-doc-blocks: run \`pnpm build\` first (no dist in ${missingBuild.join(', ')})`,
  );
  process.exit(1);
}

rmSync(outDir, { recursive: true, force: true });
mkdirSync(join(outDir, 'node_modules'), { recursive: true });

// Link every package the blocks import into .doc-blocks/node_modules, so that they resolve
// as they would in a user's project: @toolbridge/* to the workspace packages (their built
// dist/), everything else to the copy the workspace installed.
const problems: string[] = [];
const space = workspace();
const linked = new Set<string>();
for (const block of blocks) {
  for (const specifier of importsOf(block.code)) {
    const name = packageName(specifier);
    if (!name || linked.has(name)) continue;
    linked.add(name);
    const target = resolvePackage(name, space);
    if (!target) {
      problems.push(`${block.file}:${block.line}: '${name}' is not installed in the workspace`);
      continue;
    }
    const link = join(outDir, 'node_modules', name);
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(target, link, 'dir');
  }
}

const options = {
  target: 'ES2022',
  lib: ['ES2023', 'DOM'],
  module: 'NodeNext',
  moduleResolution: 'NodeNext',
  moduleDetection: 'force',
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  verbatimModuleSyntax: true,
  types: ['node'],
};
writeFileSync(join(outDir, 'package.json'), `${JSON.stringify({ type: 'module' }, null, 2)}\n`);
writeFileSync(
  join(outDir, 'tsconfig.json'),
  `${JSON.stringify({ compilerOptions: options, include: ['*.ts'] }, null, 2)}\n`,
);

const origin = new Map<string, Block>();
let fragments = 0;
for (const block of blocks) {
  const name = `${block.file.replace(/[\\/.]/g, '_')}_L${block.line}.ts`;
  if (block.fragment) {
    fragments++;
    const { diagnostics = [] } = ts.transpileModule(block.code, {
      fileName: name,
      reportDiagnostics: true,
      compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
    });
    for (const diagnostic of diagnostics) problems.push(describe(diagnostic, block));
    continue;
  }
  const path = join(outDir, name);
  writeFileSync(path, `${block.code}\n`);
  origin.set(path, block);
}

function describe(diagnostic: ts.Diagnostic, block: Block): string {
  const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n  ');
  let where = `${block.file}:${block.line}`;
  if (diagnostic.file && diagnostic.start !== undefined) {
    const at = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    where = `${block.file}:${block.line + at.line}:${block.indent + at.character + 1}`;
  }
  return `${where}: error TS${diagnostic.code}: ${message}`;
}

const config = ts.getParsedCommandLineOfConfigFile(join(outDir, 'tsconfig.json'), undefined, {
  ...ts.sys,
  onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
    throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
  },
});
if (!config) throw new Error('check-doc-blocks: could not read the generated tsconfig.json');
const program = ts.createProgram(config.fileNames, config.options);
for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
  const block = diagnostic.file ? origin.get(diagnostic.file.fileName) : undefined;
  const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n  ');
  problems.push(
    block ? describe(diagnostic, block) : `.doc-blocks: error TS${diagnostic.code}: ${message}`,
  );
}

if (problems.length > 0) {
  console.error(`TypeScript blocks in the docs that do not compile:\n${problems.join('\n')}`);
  console.error(
    `(the generated modules are in ${relative(root, outDir)}/; mark a block that is only a piece of a program with ${fragmentMarker} on the line before its fence)`,
  );
}
if (v6.problems.length > 0) {
  console.error(`Pages that do not say what to import with ai@6:\n${v6.problems.join('\n')}`);
}
if (problems.length > 0 || v6.problems.length > 0) process.exit(1);
console.log(
  `check-doc-blocks: ${blocks.length} TypeScript blocks, ${blocks.length - fragments} compiled, ${fragments} fragments syntax-checked; ${v6.pages} pages importing @toolbridge/middleware say what to import with ai@6`,
);
