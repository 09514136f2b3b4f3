import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { type ScriptedTurn, startScriptedServer, turnAt } from 'scripted-server';

/**
 * The model an example talks to: a real OpenAI-compatible server when TOOLBRIDGE_BASE_URL
 * and TOOLBRIDGE_MODEL are set (Ollama, llama.cpp, vLLM, LM Studio…), otherwise a scripted
 * model on 127.0.0.1 that replies with `turns` in order.
 */
export async function exampleModel(turns: readonly ScriptedTurn[]) {
  const baseURL = process.env['TOOLBRIDGE_BASE_URL'];
  if (baseURL !== undefined) {
    const provider = createOpenAICompatible({
      name: 'local',
      baseURL,
      apiKey: process.env['TOOLBRIDGE_API_KEY'],
      includeUsage: true,
      // Lets toolChoice 'required' send its JSON schema (json_schema response format).
      supportsStructuredOutputs: true,
    });
    return { model: provider(process.env['TOOLBRIDGE_MODEL'] ?? 'default'), close: async () => {} };
  }
  let next = 0;
  const server = await startScriptedServer({
    models: ['scripted'],
    respond: () => turnAt(turns, next++),
  });
  const provider = createOpenAICompatible({
    name: 'scripted',
    baseURL: server.baseURL,
    includeUsage: true,
    supportsStructuredOutputs: true,
  });
  return { model: provider('scripted'), close: () => server.close() };
}

export const weatherCall = (city: string) =>
  `<tool_call>\n{"name": "get_weather", "arguments": {"city": "${city}"}}\n</tool_call>`;
