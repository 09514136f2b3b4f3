import { defineConfig } from 'tsdown';

/** How every published package builds: its index to ESM with declarations. */
export default defineConfig({
  entry: ['src/index.ts'],
  format: 'esm',
  dts: true,
  sourcemap: true,
  clean: true,
});
