import { inklingProtocol, inklingSystemPromptTemplate } from '@toolbridge/middleware/formats';
import type { ConformanceFormat } from '../formats.ts';

/**
 * Inkling: a thinking message, then one call message per call, each headed by its tool's name,
 * then the end of sampling. Cases alternate with replies that open with the first call's name,
 * where the generation prompt's `<|message_model|>` left its header open.
 */
export const inklingReplies: ConformanceFormat = {
  name: 'inkling',
  protocol: inklingProtocol(),
  prompt: inklingSystemPromptTemplate,
  writeReplies: (calls) => {
    const messages = calls.map(
      (call) =>
        `<|message_model|>${call.toolName}<|content_invoke_tool_json|>${JSON.stringify({ name: call.toolName, args: call.input })}<|end_message|>`,
    );
    const reply = `${messages.join('')}<|content_model_end_sampling|>`;
    return JSON.stringify(calls).length % 2 === 1
      ? [reply.slice('<|message_model|>'.length)]
      : [`<|content_thinking|>The user asked for this; call the tools.<|end_message|>${reply}`];
  },
};
