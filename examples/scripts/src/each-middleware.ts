// The same question through each ready-made middleware, as each model family writes its call.
import {
  gemmaToolMiddleware,
  hermesToolMiddleware,
  llama3JsonToolMiddleware,
  qwen3CoderToolMiddleware,
  toolCallTagMiddleware,
  xmlToolMiddleware,
  yamlXmlToolMiddleware,
} from '@toolbridge/middleware/formats';
import { generateText, stepCountIs, wrapLanguageModel } from 'ai';
import { exampleModel } from './example-model.ts';
import { weatherTool } from './weather-tool.ts';

const families = [
  {
    name: 'hermes',
    middleware: hermesToolMiddleware,
    call: '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Lima"}}\n</tool_call>',
  },
  {
    name: 'gemma',
    middleware: gemmaToolMiddleware,
    call: '```tool_call\n{"name": "get_weather", "arguments": {"city": "Lima"}}\n```',
  },
  {
    name: 'xml',
    middleware: xmlToolMiddleware,
    call: '<get_weather>\n<city>Lima</city>\n</get_weather>',
  },
  {
    name: 'yaml-xml',
    middleware: yamlXmlToolMiddleware,
    call: '<get_weather>\ncity: Lima\n</get_weather>',
  },
  {
    name: 'llama3-json',
    middleware: llama3JsonToolMiddleware,
    call: '{"name": "get_weather", "parameters": {"city": "Lima"}}',
  },
  {
    name: 'qwen3-coder',
    middleware: qwen3CoderToolMiddleware,
    call: '<tool_call>\n<function=get_weather>\n<parameter=city>\nLima\n</parameter>\n</function>\n</tool_call>',
  },
  {
    name: 'tool-call-tag',
    middleware: toolCallTagMiddleware,
    call: '<TOOL_CALL>{"tool": "get_weather", "args": {"city": "Lima"}}</TOOL_CALL>',
  },
];
for (const { name, middleware, call } of families) {
  const { model, close } = await exampleModel([{ text: call }, { text: `(${name}) Lima: 12 °C.` }]);
  const result = await generateText({
    model: wrapLanguageModel({ model, middleware }),
    tools: { get_weather: weatherTool },
    stopWhen: stepCountIs(2),
    prompt: 'Weather in Lima?',
  });
  console.log(
    `${name}: called ${result.steps
      .flatMap((step) => step.toolCalls)
      .map((c) => c.toolName)
      .join(', ')}; answered "${result.text}"`,
  );
  await close();
}
