// A protocol of your own, from its wire format: [CALL]{"name", "arguments"}[/CALL].
import {
  createJsonCallDecoder,
  createToolMiddleware,
  defineTextProtocol,
  stringifyFramedJson,
  toolResultValue,
} from '@toolbridge/middleware';
import { generateText, stepCountIs, wrapLanguageModel } from 'ai';
import { exampleModel } from './example-model.ts';
import { weatherTool } from './weather-tool.ts';

const bracketProtocol = defineTextProtocol({
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

const { model, close } = await exampleModel([
  { text: 'One moment. [CALL]{"name": "get_weather", "arguments": {"city": "Cairo"}}[/CALL]' },
  { text: 'Cairo: 13 °C.' },
]);
const result = await generateText({
  model: wrapLanguageModel({
    model,
    middleware: createToolMiddleware({
      protocol: bracketProtocol,
      toolSystemPromptTemplate: (tools) =>
        `Tools:\n${tools}\nCall one with [CALL]{"name": …, "arguments": {…}}[/CALL].`,
    }),
  }),
  tools: { get_weather: weatherTool },
  stopWhen: stepCountIs(2),
  prompt: 'Weather in Cairo?',
});
console.log(
  result.steps[0]!.toolCalls.map((call) => call.input),
  result.text,
);
await close();
