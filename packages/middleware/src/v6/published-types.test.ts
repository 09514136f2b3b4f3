import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The built declarations of the v6 entry, compiled as an AI SDK 6 project sees them: `ai`
// is ai@6 (its alias here). This checks what the build writes (imports of `ai`, not of the
// aliases the sources use), which the tests of the sources cannot see. Needs `pnpm build`.
const packageRoot = fileURLToPath(new URL('../..', import.meta.url));
const declarations = join(packageRoot, 'dist', 'v6.d.mts');
const formatDeclarations = join(packageRoot, 'dist', 'v6-formats.d.mts');
const require = createRequire(join(packageRoot, 'package.json'));
const ai6 = dirname(require.resolve('ai-v6/package.json'));

const program = `
import { createToolMiddleware } from '@toolbridge/middleware/v6';
import { hermesToolMiddleware, jsonMixProtocol } from '@toolbridge/middleware/v6/formats';
import { wrapLanguageModel } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';

const model = new MockLanguageModelV3({});
wrapLanguageModel({ model, middleware: hermesToolMiddleware });
wrapLanguageModel({ model, middleware: [createToolMiddleware({ protocol: jsonMixProtocol() })] });
`;

describe.skipIf(!existsSync(declarations))('the published types of the v6 entry', () => {
  it('import the middleware type from ai, never from the aliases of the repository', () => {
    for (const file of [declarations, formatDeclarations]) {
      const text = readFileSync(file, 'utf8');
      expect(text).toMatch(/from "ai"/);
      expect(text).not.toMatch(/ai-v6|provider-v3/);
    }
  });

  it('are what wrapLanguageModel of ai@6 takes', () => {
    const folder = mkdtempSync(join(tmpdir(), 'toolbridge-v6-types-'));
    try {
      const file = join(folder, 'consumer.ts');
      writeFileSync(file, program);
      const options: ts.CompilerOptions = {
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        types: [],
        paths: {
          '@toolbridge/middleware/v6': [declarations],
          '@toolbridge/middleware/v6/formats': [formatDeclarations],
          ai: [join(ai6, 'dist', 'index.d.ts')],
          'ai/test': [join(ai6, 'dist', 'test', 'index.d.ts')],
        },
      };
      const diagnostics = ts.getPreEmitDiagnostics(ts.createProgram([file], options));
      const messages = diagnostics.map((diagnostic) =>
        ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'),
      );
      expect(messages).toEqual([]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
