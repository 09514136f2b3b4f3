import { defineConfig } from 'tsdown';
import base from '../../tsdown.config.base.ts';

export default defineConfig({
  ...base,
  // `.` and `./formats` for AI SDK 7 (LanguageModelV4), `./v6` and `./v6/formats` for AI SDK 6
  // (LanguageModelV3).
  entry: {
    index: 'src/index.ts',
    formats: 'src/formats-entry.ts',
    v6: 'src/v6/index.ts',
    'v6-formats': 'src/v6/formats.ts',
  },
  // The v6 entry is typed against ai@6 (and @ai-sdk/provider@3), installed here under aliases;
  // users of AI SDK 6 have them under their own names. Their types stay imports.
  deps: { neverBundle: ['ai-v6', '@ai-sdk/provider-v3'] },
  outputOptions: { paths: { 'ai-v6': 'ai', '@ai-sdk/provider-v3': '@ai-sdk/provider' } },
});
