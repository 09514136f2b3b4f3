import {
  functionaryProtocol,
  functionarySystemPromptTemplate,
  functionaryV31SystemPromptTemplate,
  stringifySpacedJson,
} from '@toolbridge/middleware/formats';
import type { ConformanceFormat } from '../formats.ts';

/** Functionary v3.2: the text channel (its `>>>` written by the generation prompt), then `>>>NAME` and JSON per call. */
export const functionaryReplies: ConformanceFormat = {
  name: 'functionary',
  protocol: functionaryProtocol(),
  prompt: functionarySystemPromptTemplate,
  writeReplies: (calls) => [
    `all\nLet me take care of that.${calls
      .map((call) => `>>>${call.toolName}\n${stringifySpacedJson(call.input)}`)
      .join('')}`,
  ],
};

/** Functionary v3.1 and Llama 3.1's user-defined prompt: prose, then one `<function=NAME>{…}</function>` per call. */
export const functionaryV31Replies: ConformanceFormat = {
  name: 'functionary-v3.1',
  protocol: functionaryProtocol({ version: 'v3.1' }),
  prompt: functionaryV31SystemPromptTemplate,
  writeReplies: (calls) => [
    `Let me take care of that.${calls
      .map((call) => `<function=${call.toolName}>${stringifySpacedJson(call.input)}</function>`)
      .join('')}`,
  ],
};
