import {
  commandRProtocol,
  commandRSystemPromptTemplate,
  stringifySpacedJson,
} from '@toolbridge/middleware/formats';
import type { ConformanceFormat } from '../formats.ts';

/** Command R7B / A: the tool plan, then one action block listing every call with its id. */
export const commandRReplies: ConformanceFormat = {
  name: 'command-r',
  protocol: commandRProtocol(),
  prompt: commandRSystemPromptTemplate,
  writeReplies: (calls) => [
    `<|START_THINKING|>I will call the tools for this.<|END_THINKING|><|START_ACTION|>[\n${calls
      .map(
        (call, index) =>
          `    ${stringifySpacedJson({ tool_call_id: String(index), tool_name: call.toolName, parameters: call.input })}`,
      )
      .join(',\n')}\n]<|END_ACTION|>`,
  ],
};

/** Command R / R+ (2024): `Action:` and a fenced JSON list of `{"tool_name", "parameters"}`. */
export const commandRPlusReplies: ConformanceFormat = {
  name: 'command-r-plus',
  protocol: commandRProtocol(),
  prompt: commandRSystemPromptTemplate,
  writeReplies: (calls) => [
    `Action: \`\`\`json\n${JSON.stringify(
      calls.map((call) => ({ tool_name: call.toolName, parameters: call.input })),
      null,
      4,
    )}\n\`\`\``,
  ],
};
