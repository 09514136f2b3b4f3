// Lint step: every regular expression in the sources must run in linear time (recheck's verdict).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { check } from 'recheck';
import ts from 'typescript';

const root = join(import.meta.dirname, '..');
const folders = ['packages', 'examples', 'conformance', 'bench', 'scripts'];
const skip = /node_modules|dist|\.test\.ts$/;

function sourceFiles(folder: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(folder);
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = join(folder, entry);
    if (skip.test(path)) return [];
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** Regex literals and `new RegExp('literal')` in a file, with their line. */
function regexesIn(file: string): Array<{ source: string; flags: string; line: number }> {
  const sourceFile = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const found: Array<{ source: string; flags: string; line: number }> = [];
  const visit = (node: ts.Node) => {
    const line = sourceFile.getLineAndCharacterOfPosition(node.getStart()).line + 1;
    if (ts.isRegularExpressionLiteral(node)) {
      const text = node.text;
      const end = text.lastIndexOf('/');
      found.push({ source: text.slice(1, end), flags: text.slice(end + 1), line });
    } else if (
      ts.isNewExpression(node) &&
      node.expression.getText() === 'RegExp' &&
      node.arguments?.[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      const flags =
        node.arguments[1] && ts.isStringLiteral(node.arguments[1]) ? node.arguments[1].text : '';
      found.push({ source: node.arguments[0].text, flags, line });
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

let checked = 0;
const vulnerable: string[] = [];
for (const file of folders.flatMap((folder) => sourceFiles(join(root, folder)))) {
  for (const regex of regexesIn(file)) {
    checked++;
    // recheck answers `unknown` when its time runs out, which a loaded machine makes likely: a
    // verdict, not the clock, decides, so such a regex is checked again with no time limit.
    let result = await check(regex.source, regex.flags);
    if (result.status === 'unknown' && result.error.kind === 'timeout') {
      result = await check(regex.source, regex.flags, { timeout: null });
    }
    if (result.status !== 'safe') {
      vulnerable.push(
        `${relative(root, file)}:${regex.line} /${regex.source}/${regex.flags}: ${result.status}${result.status === 'vulnerable' ? ` (${result.complexity.summary})` : ''}`,
      );
    }
  }
}
if (vulnerable.length > 0) {
  console.error(`Regular expressions that may not run in linear time:\n${vulnerable.join('\n')}`);
  process.exit(1);
}
console.log(`check-regexes: ${checked} regular expressions, all linear`);
