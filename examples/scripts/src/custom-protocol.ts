// A protocol of your own, from its wire format: [CALL]{"name", "arguments"}[/CALL].
import { createToolMiddleware } from '@toolbridge/middleware';
import { ALL_REASONING_TAGS } from '@toolbridge/middleware/formats';
import { generateText, stepCountIs, wrapLanguageModel } from 'ai';
import { bracketProtocol } from './bracket-protocol.ts';
import { exampleModel } from './example-model.ts';
import { weatherTool } from './weather-tool.ts';

const { model, close } = await exampleModel([
  { text: 'One moment. [CALL]{"name": "get_weather", "arguments": {"city": "Cairo"}}[/CALL]' },
  { text: 'Cairo: 13 °C.' },
]);
const result = await generateText({
  model: wrapLanguageModel({
    model,
    middleware: createToolMiddleware({
      protocol: bracketProtocol,
      // Whichever family's reasoning tags the model writes, what is inside them is no call.
      reasoningTags: ALL_REASONING_TAGS,
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
