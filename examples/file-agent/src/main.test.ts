import { spawn } from 'node:child_process';
import { cp, mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const main = new URL('./main.ts', import.meta.url).pathname;

function runCli(args: string[]) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [main, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (data) => {
      stdout += data;
    });
    child.stderr.on('data', (data) => {
      stderr += data;
    });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

async function copyOfSample(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'file-agent-cli-'));
  await cp(new URL('../sample-workspace', import.meta.url).pathname, root, { recursive: true });
  return root;
}

describe('the file agent command line', () => {
  it('completes the scripted task with --yes', async () => {
    const root = await copyOfSample();
    const { code, stdout } = await runCli(['--workspace', root, '--yes']);
    expect(code).toBe(0);
    expect(stdout).toContain('✗ "src/greeting.ts" does not exist.');
    expect(stdout).toContain('Completed: Added farewell(name) to src/greet.ts');
    expect(await readFile(join(root, 'src/greet.ts'), 'utf8')).toContain('farewell');
  });

  it('refuses writes when it cannot ask and --yes is absent', async () => {
    const root = await copyOfSample();
    const { stderr } = await runCli(['--workspace', root]);
    expect(stderr).toContain('writes are refused (run with --yes to allow them)');
    expect(await readFile(join(root, 'src/greet.ts'), 'utf8')).not.toContain('farewell');
  });
});
