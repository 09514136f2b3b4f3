// A template's own thinking switch: this model's template opens <think> in the prompt only when
// `chat_template_kwargs.deep_think` is true, so the middleware reads the reply as starting inside it.
import type { LanguageModelV4CallOptions } from '@ai-sdk/provider';
import { createToolMiddleware } from '@toolbridge/middleware';
import { jsonMixProtocol } from '@toolbridge/middleware/formats';
import { generateText, stepCountIs, wrapLanguageModel } from 'ai';
import { exampleModel, weatherCall } from './example-model.ts';
import { weatherTool } from './weather-tool.ts';

/** `deep_think` in any provider's `chat_template_kwargs`; other switches say nothing to this template. */
function deepThink(params: LanguageModelV4CallOptions): boolean | undefined {
  for (const options of Object.values(params.providerOptions ?? {})) {
    const kwargs = options.chat_template_kwargs as { deep_think?: unknown } | undefined;
    if (typeof kwargs?.deep_think === 'boolean') return kwargs.deep_think;
  }
  return undefined;
}

const { model, close } = await exampleModel([
  // The prompt ended inside <think>: the reply holds only its closer.
  { text: `The user wants Oslo's weather.</think>${weatherCall('Oslo')}` },
  { text: 'I have it.</think>It is 12 °C and cloudy in Oslo.' },
]);
const middleware = createToolMiddleware({
  protocol: jsonMixProtocol(),
  opensReasoning: 'on-request',
  thinkingSwitch: deepThink,
});
// The provider's name keys its options, which @ai-sdk/openai-compatible puts in the request body.
const provider = model.provider.split('.')[0] ?? 'local';
const result = await generateText({
  model: wrapLanguageModel({ model, middleware }),
  tools: { get_weather: weatherTool },
  stopWhen: stepCountIs(3),
  providerOptions: { [provider]: { chat_template_kwargs: { deep_think: true } } },
  prompt: 'What is the weather in Oslo?',
});
const [first] = result.steps;
console.log('reasoning:', first?.reasoningText);
console.log(
  'calls:',
  first?.toolCalls.map((call) => `${call.toolName}(${JSON.stringify(call.input)})`),
);
console.log(result.text);
await close();
