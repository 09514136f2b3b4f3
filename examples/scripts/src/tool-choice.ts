// toolChoice 'required' and a fixed tool: the request asks for a JSON call of the allowed tools.
import { hermesToolMiddleware } from '@toolbridge/middleware/formats';
import { generateText, tool, wrapLanguageModel } from 'ai';
import { z } from 'zod';
import { exampleModel } from './example-model.ts';
import { weatherTool } from './weather-tool.ts';

const tools = {
  get_weather: weatherTool,
  get_time: tool({
    inputSchema: z.object({ timeZone: z.string() }),
    execute: async ({ timeZone }) => ({ timeZone, time: '12:00' }),
  }),
};
const { model, close } = await exampleModel([
  { text: '{"name": "get_time", "arguments": {"timeZone": "Asia/Tokyo"}}' },
  { text: '{"name": "get_weather", "arguments": {"city": "Tokyo"}}' },
]);
const wrapped = wrapLanguageModel({ model, middleware: hermesToolMiddleware });

const required = await generateText({
  model: wrapped,
  tools,
  toolChoice: 'required',
  prompt: 'Anything about Tokyo.',
});
console.log(
  'required →',
  required.toolCalls.map((call) => call.toolName),
);

const fixed = await generateText({
  model: wrapped,
  tools,
  toolChoice: { type: 'tool', toolName: 'get_weather' },
  prompt: 'Tokyo?',
});
console.log(
  'fixed →',
  fixed.toolCalls.map((call) => `${call.toolName}(${JSON.stringify(call.input)})`),
);
await close();
