export type { ServeCommandIo } from './serve-command.ts';
export { runServeCommand, SERVE_USAGE } from './serve-command.ts';
export type { RunningServer, StartServerOptions } from './start-server.ts';
export { startServer } from './start-server.ts';
