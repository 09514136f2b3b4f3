/**
 * What a user's bundle weighs: each entry below is bundled with rolldown (the bundler tsdown
 * runs), minified, from the built `@toolbridge/middleware`, with the AI SDK left external as an
 * application's bundle shares it. Prints one line per entry, minified and gzipped, in KiB.
 *
 * Run after `pnpm build`: `node bench/src/bundle-size.ts`.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** What each measured bundle imports and uses. */
export const BUNDLES: Readonly<Record<string, string>> = {
  'createToolMiddleware + one format (qwen3CoderToolMiddleware)':
    "import { createToolMiddleware } from '@toolbridge/middleware';\nimport { qwen3CoderToolMiddleware } from '@toolbridge/middleware/formats';\nexport default [createToolMiddleware, qwen3CoderToolMiddleware];",
  'createToolMiddleware + jsonMixProtocol':
    "import { createToolMiddleware } from '@toolbridge/middleware';\nimport { jsonMixProtocol } from '@toolbridge/middleware/formats';\nexport default createToolMiddleware({ protocol: jsonMixProtocol() });",
  'toolMiddlewareFor (every format)':
    "import { toolMiddlewareFor } from '@toolbridge/middleware';\nexport default toolMiddlewareFor;",
};

/** The part of rolldown's API the measure uses. */
interface Rolldown {
  rolldown(options: Record<string, unknown>): Promise<{
    generate(options: { format: 'esm'; minify: boolean }): Promise<{
      output: Array<{ code?: string }>;
    }>;
    close(): Promise<void>;
  }>;
}

/** rolldown, as tsdown resolves it: the bench declares no bundler of its own. */
async function loadRolldown(): Promise<Rolldown> {
  const fromTsdown = createRequire(createRequire(import.meta.url).resolve('tsdown'));
  return import(fromTsdown.resolve('rolldown'));
}

/** Minified and gzipped size of a bundle of `source`, resolved from the bench package. */
export async function bundleSize(source: string): Promise<{ minified: number; gzipped: number }> {
  const { rolldown } = await loadRolldown();
  const dir = mkdtempSync(join(tmpdir(), 'toolbridge-bundle-'));
  try {
    const entry = join(dir, 'entry.js');
    writeFileSync(entry, source);
    const build = await rolldown({
      input: entry,
      external: [/^ai(\/|$)/, /^@ai-sdk\//],
      resolve: { modules: [join(import.meta.dirname, '../node_modules'), 'node_modules'] },
      logLevel: 'silent',
    });
    const { output } = await build.generate({ format: 'esm', minify: true });
    await build.close();
    const code = output.map((chunk) => chunk.code ?? '').join('');
    return { minified: Buffer.byteLength(code), gzipped: gzipSync(code).length };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  for (const [name, source] of Object.entries(BUNDLES)) {
    const { minified, gzipped } = await bundleSize(source);
    console.log(
      `${name}: ${(minified / 1024).toFixed(1)} KiB minified (${minified} bytes), ${(gzipped / 1024).toFixed(1)} KiB gzipped`,
    );
  }
}
