import { createJsonCallDecoder, defineTextProtocol, toolResultValue } from '@toolbridge/middleware';
import { stringifyFramedJson } from '@toolbridge/middleware/formats';

/** The protocol of docs/custom-protocol.md: calls as `[CALL]{"name": …, "arguments": {…}}[/CALL]`. */
export const bracketProtocol = defineTextProtocol({
  grammar: (tools) => ({
    openers: ['[CALL]'],
    startCall: (_opener, sink) =>
      createJsonCallDecoder({
        keys: { name: ['name'], arguments: ['arguments'] },
        closer: '[/CALL]',
        tools,
        sink,
      }),
  }),
  formatTools: (tools) =>
    tools
      .map((tool) => stringifyFramedJson({ name: tool.name, parameters: tool.inputSchema }))
      .join('\n'),
  formatToolCall: ({ toolName, input }) =>
    `[CALL]${stringifyFramedJson({ name: toolName, arguments: input })}[/CALL]`,
  formatToolResponse: ({ toolName, output }) =>
    `[RESULT ${toolName}]${JSON.stringify(toolResultValue(output).value)}[/RESULT]`,
});
