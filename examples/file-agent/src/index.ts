export { MAX_FILE_BYTES, Workspace, WorkspaceError } from './workspace.ts';
