import { cp, mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOpenAI } from '@ai-sdk/openai';
import { startScriptedServer } from 'scripted-server';
import { describe, expect, it } from 'vitest';
import { AGENT_PROMPT, respondWithAgentScript } from './agent-script.ts';
import { runFileAgent } from './run-file-agent.ts';
import { Workspace } from './workspace.ts';

async function sampleWorkspace(): Promise<Workspace> {
  const root = await mkdtemp(join(tmpdir(), 'file-agent-test-'));
  await cp(new URL('../sample-workspace', import.meta.url).pathname, root, { recursive: true });
  return Workspace.open(root);
}

describe('the file agent, over HTTP against the scripted model', () => {
  it('reads, fails, recovers, writes once approved, and completes', async () => {
    const server = await startScriptedServer({
      models: ['scripted-model'],
      respond: respondWithAgentScript,
    });
    const workspace = await sampleWorkspace();
    const lines: string[] = [];
    const approvals: unknown[] = [];
    try {
      const result = await runFileAgent({
        model: createOpenAI({ baseURL: server.baseURL, apiKey: 'test' }).chat('scripted-model'),
        workspace,
        prompt: AGENT_PROMPT,
        approve: async (request) => {
          approvals.push(request);
          return true;
        },
        log: (line) => lines.push(line),
      });
      expect(result).toEqual({
        completion: 'Added farewell(name) to src/greet.ts, next to greet(name).',
        toolCalls: 6,
        toolErrors: 1,
      });
      expect(await readFile(join(workspace.root, 'src/greet.ts'), 'utf8')).toContain(
        'export function farewell(name: string)',
      );
      expect(approvals).toEqual([
        { toolName: 'write_file', input: expect.objectContaining({ path: 'src/greet.ts' }) },
      ]);
      expect(lines).toContain('  ✗ "src/greeting.ts" does not exist.');
      // The model was told about the failure in the next turn, as text.
      expect(JSON.stringify(server.requests[2]?.messages)).toContain('does not exist');
    } finally {
      await server.close();
    }
  });

  it('does not write when the write is not approved, and tells the model', async () => {
    const server = await startScriptedServer({
      models: ['scripted-model'],
      respond: respondWithAgentScript,
    });
    const workspace = await sampleWorkspace();
    try {
      await runFileAgent({
        model: createOpenAI({ baseURL: server.baseURL, apiKey: 'test' }).chat('scripted-model'),
        workspace,
        prompt: AGENT_PROMPT,
        approve: async () => false,
        log: () => {},
      });
      expect(await readFile(join(workspace.root, 'src/greet.ts'), 'utf8')).not.toContain(
        'farewell',
      );
      expect(JSON.stringify(server.requests.at(-1)?.messages)).toContain('did not approve');
    } finally {
      await server.close();
    }
  });
});
