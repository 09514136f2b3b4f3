export type {
  ChatRequest,
  ScriptedServer,
  ScriptedServerOptions,
  ScriptedToolCall,
  ScriptedTurn,
} from './scripted-server.ts';
export { assistantTurns, startScriptedServer } from './scripted-server.ts';
