import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const source = (pkg: string, entry = 'index.ts') =>
  fileURLToPath(new URL(`./packages/${pkg}/src/${entry}`, import.meta.url));

export default defineConfig({
  resolve: {
    // Tests run against the sources, so a stale build can never hide a change. Each entry
    // point is matched exactly: `@toolbridge/middleware/v6` is an entry of its own.
    alias: [
      { find: /^@toolbridge\/rjson$/, replacement: source('rjson') },
      { find: /^@toolbridge\/rxml$/, replacement: source('rxml') },
      { find: /^@toolbridge\/middleware$/, replacement: source('middleware') },
      {
        find: /^@toolbridge\/middleware\/formats$/,
        replacement: source('middleware', 'formats-entry.ts'),
      },
      { find: /^@toolbridge\/middleware\/v6$/, replacement: source('middleware', 'v6/index.ts') },
      {
        find: /^@toolbridge\/middleware\/v6\/formats$/,
        replacement: source('middleware', 'v6/formats.ts'),
      },
      { find: /^@toolbridge\/server$/, replacement: source('server') },
      { find: /^@toolbridge\/server\/node$/, replacement: source('server', 'node.ts') },
    ],
  },
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'examples/*/src/**/*.test.ts',
      'bench/src/**/*.test.ts',
      'conformance/src/**/*.test.ts',
    ],
    testTimeout: 60_000,
  },
});
