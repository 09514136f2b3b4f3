import { defineConfig } from 'tsdown';
import base from '../../tsdown.config.base.ts';

/** The library (`createServer`, for any runtime), its Node part (`startServer`, the command) and the `toolbridge-server` command, which keeps its `#!` line. */
export default defineConfig({
  ...base,
  entry: ['src/index.ts', 'src/node.ts', 'src/main.ts'],
});
