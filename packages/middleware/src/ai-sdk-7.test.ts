import type { LanguageModelV4Middleware } from '@ai-sdk/provider';
import * as ai from 'ai';
import type { MockLanguageModelV4 } from 'ai/test';
import * as formats from './formats-entry';
import * as toolbridge from './index';
import { scriptedModelV4 } from './testing/scripted-models';
import { describeSdkScenarios } from './testing/sdk-scenarios';

// The shared end-to-end scenarios through ai@7, with the middlewares of the main entry.
describeSdkScenarios<LanguageModelV4Middleware, MockLanguageModelV4>({
  label: 'AI SDK 7',
  generateText: ai.generateText,
  streamText: ai.streamText,
  tool: ai.tool,
  stepCountIs: ai.stepCountIs,
  hasToolCall: ai.hasToolCall,
  readUIMessageStream: ai.readUIMessageStream,
  responseMessages: (result) =>
    (result as Awaited<ReturnType<typeof ai.generateText>>).responseMessages,
  scriptedModel: scriptedModelV4,
  wrap: (model, middleware) => ai.wrapLanguageModel({ model, middleware }),
  createToolMiddleware: toolbridge.createToolMiddleware,
  hermesToolMiddleware: formats.hermesToolMiddleware,
  gemmaToolMiddleware: formats.gemmaToolMiddleware,
  xmlToolMiddleware: formats.xmlToolMiddleware,
  toolCallTagMiddleware: formats.toolCallTagMiddleware,
});
