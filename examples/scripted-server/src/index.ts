export type {
  ChatRequest,
  ScriptedFault,
  ScriptedServer,
  ScriptedServerOptions,
  ScriptedToolCall,
  ScriptedTurn,
} from './scripted-server.ts';
export { assistantTurns, startScriptedServer, turnAt } from './scripted-server.ts';
export { WEATHER_TOOL } from './weather-tool.ts';
