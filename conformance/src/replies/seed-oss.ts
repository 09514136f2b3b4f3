import { seedOssProtocol, seedOssSystemPromptTemplate } from '@toolbridge/middleware/formats';
import type { ConformanceFormat } from '../formats.ts';

/** Seed-OSS: prose, then one `<seed:tool_call>` block per call, values inline between their tags. */
export const seedOssReplies: ConformanceFormat = {
  name: 'seed-oss',
  protocol: seedOssProtocol(),
  prompt: seedOssSystemPromptTemplate,
  writeReplies: (calls) => {
    const blocks = calls.map((call) => {
      const parameters = Object.entries(call.input).map(
        ([key, value]) =>
          `<parameter=${key}>${typeof value === 'string' ? value : JSON.stringify(value)}</parameter>\n`,
      );
      return `<seed:tool_call>\n<function=${call.toolName}>\n${parameters.join('')}</function>\n</seed:tool_call>`;
    });
    return [['Let me take care of that.', ...blocks].join('\n')];
  },
};
