import { yamlXmlProtocol, yamlXmlSystemPromptTemplate } from '@toolbridge/middleware/formats';
import YAML from 'yaml';
import type { ConformanceFormat } from '../formats.ts';

/**
 * YAML in XML: prose, then one element per call with its arguments as the `yaml` package writes
 * them (not toolbridge's own writer, so that the round trip reads YAML it did not write).
 */
export const yamlXmlReplies: ConformanceFormat = {
  name: 'yaml-xml',
  protocol: yamlXmlProtocol(),
  prompt: yamlXmlSystemPromptTemplate,
  writeReplies: (calls) => {
    const elements = calls.map(({ toolName, input }) =>
      Object.keys(input).length === 0
        ? `<${toolName}></${toolName}>`
        : `<${toolName}>\n${YAML.stringify(input, { lineWidth: 0 }).trimEnd()}\n</${toolName}>`,
    );
    return [`Let me take care of that.\n${elements.join('\n')}\nI will wait for the results.`];
  },
};
