import {
  hyperclovaxProtocol,
  hyperclovaxSystemPromptTemplate,
  stringifySpacedJson,
} from '@toolbridge/middleware/formats';
import type { ConformanceFormat } from '../formats.ts';
import type { Call } from '../render-reply.ts';

const ROLE = ' -> tool/function_call\n';

function list(calls: readonly Call[]): string {
  return stringifySpacedJson(calls.map((call) => ({ name: call.toolName, arguments: call.input })));
}

/**
 * HyperCLOVA X SEED Think 14B: the function-call role and one JSON list of every call, the
 * message's end left out as servers strip it. Cases alternate between a reply that opens with
 * the role and one that writes text first, then the call turn.
 */
export const hyperclovaxReplies: ConformanceFormat = {
  name: 'hyperclovax',
  protocol: hyperclovaxProtocol(),
  prompt: hyperclovaxSystemPromptTemplate,
  writeReplies: (calls) => {
    const afterText = JSON.stringify(calls).length % 2 === 1;
    const opening = afterText ? `Let me take care of that.<|im_end|>\n<|im_start|>assistant` : '';
    return [`${opening}${ROLE}${list(calls)}`];
  },
};
