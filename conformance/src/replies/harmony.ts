import { harmonyProtocol, harmonySystemPromptTemplate } from '@toolbridge/middleware/formats';
import type { ConformanceFormat } from '../formats.ts';

/**
 * gpt-oss: its reasoning on the analysis channel, then one commentary message per call, each
 * `to=functions.NAME` with its JSON arguments, as gpt-oss writes them when the server does not
 * stop at `<|call|>`.
 */
export const harmonyReplies: ConformanceFormat = {
  name: 'harmony',
  protocol: harmonyProtocol(),
  prompt: harmonySystemPromptTemplate,
  writeReplies: (calls) => [
    [
      '<|channel|>analysis<|message|>The user asked for this; call the functions.<|end|>',
      ...calls.map(
        (call) =>
          `<|start|>assistant<|channel|>commentary to=functions.${call.toolName} <|constrain|>json<|message|>${JSON.stringify(call.input)}<|call|>`,
      ),
    ].join(''),
  ],
};
