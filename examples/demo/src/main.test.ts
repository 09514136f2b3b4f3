import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startScriptedServer } from 'scripted-server';
import { describe, expect, it } from 'vitest';

const main = new URL('./main.ts', import.meta.url).pathname;

/** Runs the demo's command line; resolves with its exit code and output. */
function runCli(args: string[], onStdout?: (text: string, kill: () => void) => void) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [main, ...args], {
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (data) => {
      stdout += data;
      onStdout?.(stdout, () => child.kill('SIGINT'));
    });
    child.stderr.on('data', (data) => {
      stderr += data;
    });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('pnpm demo', () => {
  it('runs the scripted demo to the end and says it is scripted', async () => {
    const { code, stdout } = await runCli(['--protocol', 'xml']);
    expect(code).toBe(0);
    expect(stdout).toContain('Talking to a scripted model');
    expect(stdout).toContain('--base-url');
    expect(stdout).toContain('✓ calculator');
    expect(stdout).toMatch(/— steps: 3 · tool calls: 3 · tokens: \d+ in, \d+ out/);
  });

  it('prints usage and exits 2 for a bad flag, and 0 for --help', async () => {
    const bad = await runCli(['--protocl', 'xml']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("Unknown option '--protocl'");
    expect(bad.stderr).toContain('Usage: pnpm demo');
    const help = await runCli(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--protocol <name>');
  });

  it('says plainly when the endpoint cannot be reached', async () => {
    const { code, stderr } = await runCli(['--base-url', 'http://127.0.0.1:1/v1', '--model', 'm']);
    expect(code).toBe(1);
    expect(stderr).toMatch(
      /^Cannot reach http:\/\/127\.0\.0\.1:1\/v1: .+\. Is the server running\?\n$/,
    );
    expect(stderr).not.toContain('    at ');
  });

  it('says plainly when the endpoint does not know the model', async () => {
    const server = await startScriptedServer({
      models: ['real-model'],
      respond: () => ({ text: 'hi' }),
    });
    try {
      const { code, stderr } = await runCli([
        '--base-url',
        server.baseURL,
        '--model',
        'missing-model',
      ]);
      expect(code).toBe(1);
      expect(stderr).toBe(
        `The endpoint ${server.baseURL} does not know the model "missing-model" (404). Check --model.\n`,
      );
    } finally {
      await server.close();
    }
  });

  it('shuts down cleanly on Ctrl-C mid-stream', async () => {
    // A model that starts a reply and never finishes it.
    const server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      const chunk = {
        id: 'c',
        object: 'chat.completion.chunk',
        created: 0,
        model: 'm',
        choices: [{ index: 0, delta: { content: 'Thinking about it' }, finish_reason: null }],
      };
      response.write(`data: ${JSON.stringify(chunk)}\n\n`);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      let interrupted = false;
      const { code, stdout, stderr } = await runCli(
        ['--base-url', `http://127.0.0.1:${port}/v1`, '--model', 'm'],
        (text, kill) => {
          if (!interrupted && text.includes('Thinking about it')) {
            interrupted = true;
            kill();
          }
        },
      );
      expect(stdout).toContain('Thinking about it');
      expect(stderr).toBe('Interrupted.\n');
      expect(code).toBe(130);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
