// generateText with tools through hermesToolMiddleware: a tool loop in three steps.
import { hermesToolMiddleware } from '@toolbridge/middleware/formats';
import { generateText, stepCountIs, wrapLanguageModel } from 'ai';
import { exampleModel, weatherCall } from './example-model.ts';
import { weatherTool } from './weather-tool.ts';

const { model, close } = await exampleModel([
  { text: `Let me check.\n${weatherCall('Oslo')}` },
  { text: 'It is 12 °C and cloudy in Oslo.' },
]);
const result = await generateText({
  model: wrapLanguageModel({ model, middleware: hermesToolMiddleware }),
  tools: { get_weather: weatherTool },
  stopWhen: stepCountIs(3),
  prompt: 'What is the weather in Oslo?',
});
for (const step of result.steps) {
  console.log(
    `step: ${step.finishReason}`,
    step.toolCalls.map((call) => `${call.toolName}(${JSON.stringify(call.input)})`),
  );
}
console.log(result.text);
await close();
