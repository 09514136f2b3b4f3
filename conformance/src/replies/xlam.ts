import {
  type JsonArrayWrapper,
  jsonArrayProtocol,
  jsonArraySystemPromptTemplate,
  stringifySpacedJson,
  xlamSystemPromptTemplate,
} from '@toolbridge/middleware/formats';
import type { ConformanceFormat } from '../formats.ts';
import type { Call } from '../render-reply.ts';

function list(calls: readonly Call[]): string {
  return stringifySpacedJson(calls.map((call) => ({ name: call.toolName, arguments: call.input })));
}

/** xLAM: the reply is one bare JSON list of every call, nothing else. */
export const xlamReplies: ConformanceFormat = {
  name: 'xlam',
  protocol: jsonArrayProtocol(),
  prompt: xlamSystemPromptTemplate,
  writeReplies: (calls) => [list(calls)],
};

/** The same list in each marker pair of `jsonArrayProtocol`, prose before it where the family writes some. */
export const jsonArrayWrapperReplies: ConformanceFormat[] = (
  [
    ['tool_calls', (calls) => `<tool_calls>${list(calls)}</tool_calls>`],
    ['TOOLCALL', (calls) => `<TOOLCALL>${list(calls)}</TOOLCALL>`],
    ['functools', (calls) => `Let me take care of that. functools${list(calls)}`],
  ] as const satisfies ReadonlyArray<
    readonly [JsonArrayWrapper, (calls: readonly Call[]) => string]
  >
).map(([wrapper, write]) => ({
  name: `json-array-${wrapper.toLowerCase().replace('_', '-')}`,
  protocol: jsonArrayProtocol({ wrapper }),
  prompt: jsonArraySystemPromptTemplate(wrapper),
  writeReplies: (calls: readonly Call[]) => [write(calls)],
}));
