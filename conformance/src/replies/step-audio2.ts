import { stepAudio2Protocol, stepAudio2SystemPromptTemplate } from '@toolbridge/middleware/formats';
import type { ConformanceFormat } from '../formats.ts';

/**
 * Step-Audio 2: prose, then one `<tool_call>` block per call, back to back: `function`, the name on
 * its own line, the arguments as a JSON object right before `</tool_call>` (the layout vLLM's
 * Step-Audio 2 tokenizer writes past calls in). Cases alternate between compact JSON and JSON
 * spread over lines.
 */
export const stepAudio2Replies: ConformanceFormat = {
  name: 'step-audio2',
  protocol: stepAudio2Protocol(),
  prompt: stepAudio2SystemPromptTemplate,
  writeReplies: (calls) => {
    const spread = JSON.stringify(calls).length % 2 === 1;
    const blocks = calls.map(
      (call) =>
        `<tool_call>function\n${call.toolName}\n${JSON.stringify(call.input, null, spread ? 2 : undefined)}</tool_call>`,
    );
    return [`Let me take care of that.${blocks.join('')}`];
  },
};
