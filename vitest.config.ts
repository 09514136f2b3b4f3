import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const source = (pkg: string) =>
  fileURLToPath(new URL(`./packages/${pkg}/src/index.ts`, import.meta.url));

export default defineConfig({
  resolve: {
    // Tests run against the sources, so a stale build can never hide a change.
    alias: {
      '@toolbridge/rjson': source('rjson'),
      '@toolbridge/rxml': source('rxml'),
      '@toolbridge/middleware': source('middleware'),
    },
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
