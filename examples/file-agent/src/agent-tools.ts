import { tool } from 'ai';
import { z } from 'zod';
import type { Workspace } from './workspace.ts';

/**
 * The coding-assistant tools, confined to one workspace. Writes need approval;
 * `attempt_completion` ends the run and presents the result.
 */
export function agentTools(workspace: Workspace) {
  return {
    read_file: tool({
      description: 'Reads a text file of the workspace.',
      inputSchema: z.object({ path: z.string().describe('relative to the workspace root') }),
      execute: async ({ path }) => ({ path, content: await workspace.readFile(path) }),
    }),
    write_file: tool({
      description:
        'Writes a text file of the workspace, creating folders as needed. Needs the user’s approval.',
      inputSchema: z.object({ path: z.string(), content: z.string() }),
      needsApproval: true,
      execute: async ({ path, content }) => workspace.writeFile(path, content),
    }),
    list_files: tool({
      description:
        'Lists the files below a folder, optionally matching a glob such as "*.ts" or "src/**".',
      inputSchema: z.object({ directory: z.string().default('.'), pattern: z.string().optional() }),
      execute: async ({ directory, pattern }) => ({
        files: await workspace.listFiles(directory, pattern),
      }),
    }),
    search_code: tool({
      description: 'Finds the lines that contain a text, in every file of the workspace.',
      inputSchema: z.object({ query: z.string() }),
      execute: async ({ query }) => ({ matches: await workspace.searchCode(query) }),
    }),
    attempt_completion: tool({
      description: 'Ends the task and presents its result to the user.',
      inputSchema: z.object({ result: z.string().describe('what was done') }),
      execute: async ({ result }) => ({ result }),
    }),
  };
}
