import { defineConfig } from 'tsdown';
import base from '../../tsdown.config.base.ts';

// One file per module: a bundle that does not use `parse` drops it, and with it `relaxed-json`,
// whose CommonJS module a bundler cannot tell is free of side effects.
export default defineConfig({ ...base, unbundle: true });
