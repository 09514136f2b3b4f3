import { plamoProtocol, plamoSystemPromptTemplate } from '@toolbridge/middleware/formats';
import type { ConformanceFormat } from '../formats.ts';

const REQUESTS_BEGIN = '<|plamo:begin_tool_requests:plamo|>';
const REQUESTS_END = '<|plamo:end_tool_requests:plamo|>';
const REQUEST_BEGIN = '<|plamo:begin_tool_request:plamo|>';
const REQUEST_END = '<|plamo:end_tool_request:plamo|>';
const NAME_BEGIN = '<|plamo:begin_tool_name:plamo|>';
const NAME_END = '<|plamo:end_tool_name:plamo|>';
const ARGUMENTS_END = '<|plamo:end_tool_arguments:plamo|>';

/**
 * PLaMo 3: prose, then one section with a request per call. Cases alternate between the
 * arguments' opening vLLM's parser expects (with `<|plamo:constrain|>json`) and the one PLaMo API
 * output shows (without it).
 */
export const plamoReplies: ConformanceFormat = {
  name: 'plamo',
  protocol: plamoProtocol(),
  prompt: plamoSystemPromptTemplate,
  writeReplies: (calls) => {
    const constrained = JSON.stringify(calls).length % 2 === 0;
    const opening = `<|plamo:begin_tool_arguments:plamo|>${constrained ? '<|plamo:constrain|>json' : ''}<|plamo:msg|>`;
    const requests = calls.map(
      (call) =>
        `${REQUEST_BEGIN}${NAME_BEGIN}${call.toolName}${NAME_END}${opening}${JSON.stringify(call.input)}${ARGUMENTS_END}${REQUEST_END}`,
    );
    return [`Let me take care of that.\n${REQUESTS_BEGIN}${requests.join('')}${REQUESTS_END}`];
  },
};
