// streamText with tools: the tool input arrives as tool-input-delta parts while the model writes it.
import { hermesToolMiddleware } from '@toolbridge/middleware/formats';
import { stepCountIs, streamText, wrapLanguageModel } from 'ai';
import { exampleModel, weatherCall } from './example-model.ts';
import { weatherTool } from './weather-tool.ts';

const { model, close } = await exampleModel([
  { text: `Checking two cities.\n${weatherCall('Oslo')}\n${weatherCall('Rome')}` },
  { text: 'Oslo is 12 °C, Rome 12 °C; both cloudy.' },
]);
const result = streamText({
  model: wrapLanguageModel({ model, middleware: hermesToolMiddleware }),
  tools: { get_weather: weatherTool },
  stopWhen: stepCountIs(3),
  prompt: 'Weather in Oslo and Rome?',
});
for await (const part of result.fullStream) {
  if (part.type === 'text-delta') process.stdout.write(part.text);
  if (part.type === 'tool-input-start') process.stdout.write(`\n[${part.toolName}] `);
  if (part.type === 'tool-input-delta') process.stdout.write(part.delta);
  if (part.type === 'tool-result') process.stdout.write(`\n  → ${JSON.stringify(part.output)}\n`);
}
process.stdout.write('\n');
await close();
