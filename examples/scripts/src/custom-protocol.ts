// A format of your own, from its wire format: [CALL name]{arguments}[/CALL].
import { formatToolMiddleware } from '@toolbridge/middleware';
import { generateText, stepCountIs, wrapLanguageModel } from 'ai';
import { bracketFormat } from './bracket-format.ts';
import { exampleModel } from './example-model.ts';
import { weatherTool } from './weather-tool.ts';

const { model, close } = await exampleModel([
  { text: 'One moment. [CALL get_weather]{"city": "Cairo"}[/CALL]' },
  { text: 'Cairo: 13 °C.' },
]);
const result = await generateText({
  model: wrapLanguageModel({ model, middleware: formatToolMiddleware(bracketFormat) }),
  tools: { get_weather: weatherTool },
  stopWhen: stepCountIs(2),
  prompt: 'Weather in Cairo?',
});
console.log(
  result.steps.flatMap((step) => step.toolCalls).map((call) => call.input),
  result.text,
);
await close();
