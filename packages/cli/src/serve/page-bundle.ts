/**
 * How the inspector page's script is built: one self-contained file for the browser, with
 * `analyzeOutput` and the middleware it reads with bundled in, and the style sheet copied next
 * to it. The package's tsdown config adds this to its builds (into `dist/inspector/`); the
 * browser test and the screenshots build it from the sources into a temporary folder. (It sits
 * under src/ so that a change to it rebuilds the package.)
 */
import { fileURLToPath } from 'node:url';
import type { UserConfig } from 'tsdown';

const packageDir = fileURLToPath(new URL('../..', import.meta.url));
const workspaceSource = (name: string, entry = 'index.ts') =>
  fileURLToPath(new URL(`../../../${name}/src/${entry}`, import.meta.url));

export interface InspectorBundleOptions {
  /** Where `inspector.js` and `inspector.css` go. Default: `dist/inspector`. */
  outDir?: string;
  /** Bundle the workspace packages from their sources, not their builds (for tests). */
  fromSources?: boolean;
}

export function inspectorBundle(options: InspectorBundleOptions = {}): UserConfig {
  const outDir = options.outDir ?? fileURLToPath(new URL('../../dist/inspector', import.meta.url));
  return {
    name: 'inspector page',
    cwd: packageDir,
    entry: { inspector: 'src/serve/page/main.ts' },
    outDir,
    format: 'iife',
    platform: 'browser',
    target: ['chrome111', 'firefox115', 'safari16.4'],
    dts: false,
    sourcemap: false,
    minify: true,
    clean: false,
    hash: false,
    outputOptions: { entryFileNames: '[name].js' },
    // The page runs alone in the browser: everything it imports goes in the one file.
    // (The middleware's recorder imports node:fs only when it writes a file; the page never does.)
    deps: { alwaysBundle: [/^(?!node:)/], neverBundle: [/^node:/], onlyBundle: false },
    ...(options.fromSources
      ? {
          alias: {
            // The subpath first: an alias also matches the ids that start with it and a `/`.
            '@toolbridge/middleware/formats': workspaceSource('middleware', 'formats-entry.ts'),
            '@toolbridge/middleware': workspaceSource('middleware'),
            '@toolbridge/rjson': workspaceSource('rjson'),
            '@toolbridge/rxml': workspaceSource('rxml'),
          },
        }
      : {}),
    copy: [{ from: 'src/serve/page/inspector.css', to: outDir }],
    logLevel: 'warn',
    // It is built beside the package's other build, whose time its timing notes would count.
    checks: { bundlerTimings: false },
  };
}

/** Builds the page from the sources into `outDir` (for the browser test and the screenshots). */
export async function buildInspectorPage(outDir: string): Promise<void> {
  const { build } = await import('tsdown');
  await build({ ...inspectorBundle({ outDir, fromSources: true }), config: false });
}
