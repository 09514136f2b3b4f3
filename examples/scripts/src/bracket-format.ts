import {
  createNamedJsonCallDecoder,
  defineFormat,
  defineTextProtocol,
  toolResultValue,
} from '@toolbridge/middleware';

/**
 * A made-up format: the model calls a tool as `[CALL get_weather]{"city": "Cairo"}[/CALL]`
 * and reads its result as `[RESULT get_weather]{"celsius": 13}[/RESULT]`.
 */
export const bracketFormat = defineFormat({
  name: 'bracket',
  protocol: () =>
    defineTextProtocol({
      grammar: (tools) => ({
        openers: ['[CALL '],
        // `[CALL ` never starts prose: markup after it that is no call is reported, not passed over.
        explicitOpeners: ['[CALL '],
        startCall: (_opener, sink) =>
          createNamedJsonCallDecoder({
            nameEnd: ']',
            nameChars: /[\w.-]/,
            closer: '[/CALL]',
            tools,
            sink,
          }),
      }),
      formatTools: (tools) =>
        tools
          .map((tool) =>
            JSON.stringify({
              name: tool.name,
              description: tool.description,
              parameters: tool.inputSchema,
            }),
          )
          .join('\n'),
      formatToolCall: ({ toolName, input }) => `[CALL ${toolName}]${JSON.stringify(input)}[/CALL]`,
      formatToolResponse: ({ toolName, output }) =>
        `[RESULT ${toolName}]${JSON.stringify(toolResultValue(output).value)}[/RESULT]`,
    }),
  systemPrompt: (tools) =>
    `You can call these tools, one JSON line each:\n${tools}\n` +
    'To call one, write [CALL tool_name]{"argument": "value"}[/CALL]. ' +
    'Its result comes back as [RESULT tool_name]…[/RESULT].',
  reasoningTags: [['<think>', '</think>']],
});
