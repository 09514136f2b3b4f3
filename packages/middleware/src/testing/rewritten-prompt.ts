import type {
  LanguageModelV4FunctionTool,
  LanguageModelV4Middleware,
  LanguageModelV4Prompt,
} from '@ai-sdk/provider';
import { scriptedModel } from './mock-model';

/** The prompt a middleware hands the model for `prompt` and `tools`, through its `transformParams`. */
export async function rewrittenPrompt(
  middleware: LanguageModelV4Middleware,
  prompt: LanguageModelV4Prompt,
  tools: LanguageModelV4FunctionTool[],
): Promise<LanguageModelV4Prompt | undefined> {
  const params = await middleware.transformParams?.({
    type: 'generate',
    params: { prompt, tools },
    model: scriptedModel([]),
  });
  return params?.prompt;
}
