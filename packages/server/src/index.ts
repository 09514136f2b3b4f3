export type {
  ChatCompletionRequest,
  ToolbridgeExtension,
  ToolbridgeReport,
} from './chat-completions.ts';
export type { ServerOptions } from './create-server.ts';
export { createServer } from './create-server.ts';
export type { OpenAIErrorBody } from './openai-error.ts';
