// What the model reads: its own chat template's tool prompt (the default), or toolbridge's
// shorter one (prompt: 'compact'). A second middleware prints the messages toolbridge hands
// the server for the second step, after a call and its result.
import type { LanguageModelV4Middleware, LanguageModelV4Prompt } from '@ai-sdk/provider';
import { toolMiddlewareFor } from '@toolbridge/middleware';
import { generateText, stepCountIs, wrapLanguageModel } from 'ai';
import { exampleModel, weatherCall } from './example-model.ts';
import { weatherTool } from './weather-tool.ts';

/** Prints each message of the second request, its role and text. */
function printSecondRequest(): LanguageModelV4Middleware {
  let requests = 0;
  const text = (message: LanguageModelV4Prompt[number]) =>
    typeof message.content === 'string'
      ? message.content
      : message.content.map((part) => ('text' in part ? part.text : '')).join('');
  return {
    specificationVersion: 'v4',
    transformParams: async ({ params }) => {
      if (++requests === 2)
        for (const message of params.prompt) console.log(`[${message.role}]\n${text(message)}`);
      return params;
    },
  };
}

for (const prompt of ['template', 'compact'] as const) {
  console.log(`--- prompt: '${prompt}'`);
  const { model, close } = await exampleModel([{ text: weatherCall('Oslo') }, { text: 'Cloudy.' }]);
  await generateText({
    model: wrapLanguageModel({
      model,
      middleware: [toolMiddlewareFor('qwen3:8b', { prompt }), printSecondRequest()],
    }),
    system: 'You are brief.',
    tools: { get_weather: weatherTool },
    stopWhen: stepCountIs(2),
    prompt: 'Weather in Oslo?',
  });
  await close();
}
