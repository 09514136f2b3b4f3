import type { LanguageModelV3Middleware } from '@ai-sdk/provider-v3';
import type * as Ai from 'ai';
import * as ai6 from 'ai-v6';
import type { MockLanguageModelV3 } from 'ai-v6/test';
import { scriptedModelV3 } from '../testing/scripted-models';
import { describeSdkScenarios } from '../testing/sdk-scenarios';
import * as formats from './formats';
import * as toolbridge from './index';

// The shared end-to-end scenarios through ai@6, with the middlewares of the v6 entry. The
// middlewares and `wrapLanguageModel` keep ai@6's own types, so this file also checks that the
// v6 middlewares type-check where AI SDK 6 takes them; the functions the scenarios call are
// ai@6's, passed under ai@7's types (the scenarios keep to what both majors share).
describeSdkScenarios<LanguageModelV3Middleware, MockLanguageModelV3>({
  label: 'AI SDK 6',
  generateText: ai6.generateText as unknown as typeof Ai.generateText,
  streamText: ai6.streamText as unknown as typeof Ai.streamText,
  tool: ai6.tool as unknown as typeof Ai.tool,
  stepCountIs: ai6.stepCountIs as unknown as typeof Ai.stepCountIs,
  hasToolCall: ai6.hasToolCall as unknown as typeof Ai.hasToolCall,
  readUIMessageStream: ai6.readUIMessageStream as unknown as typeof Ai.readUIMessageStream,
  // ai@6 keeps them in `response.messages` (ai@7 in `responseMessages`).
  responseMessages: (result) =>
    (result as Awaited<ReturnType<typeof ai6.generateText>>).response
      .messages as unknown as Ai.ModelMessage[],
  scriptedModel: scriptedModelV3,
  wrap: (model, middleware) =>
    ai6.wrapLanguageModel({ model, middleware }) as unknown as Ai.LanguageModel,
  createToolMiddleware: toolbridge.createToolMiddleware,
  hermesToolMiddleware: formats.hermesToolMiddleware,
  gemmaToolMiddleware: formats.gemmaToolMiddleware,
  xmlToolMiddleware: formats.xmlToolMiddleware,
  toolCallTagMiddleware: formats.toolCallTagMiddleware,
});
