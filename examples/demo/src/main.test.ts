import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type ScriptedFault, startScriptedServer } from 'scripted-server';
import { assert, describe, expect, it } from 'vitest';

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

/** Runs the CLI against a scripted server that misbehaves as asked on every reply. */
async function runAgainstFault(fault: ScriptedFault, args: string[] = []) {
  const server = await startScriptedServer({
    models: ['m'],
    respond: () => ({ text: 'The answer is forty-two, as everyone knows.', fault }),
  });
  try {
    return await runCli(['--base-url', server.baseURL, '--model', 'm', ...args]);
  } finally {
    await server.close();
  }
}

describe('pnpm demo', () => {
  it('runs the scripted demo to the end and says it is scripted', async () => {
    const { code, stdout } = await runCli(['--protocol', 'xml']);
    expect(code).toBe(0);
    expect(stdout).toContain('Talking to a scripted model');
    // A command the user can run as printed after the README's quick start, where pnpm is off PATH.
    expect(stdout).toContain('To use a real one: bash scripts/demo.sh --base-url');
    expect(stdout).toContain('✓ calculator');
    expect(stdout).toMatch(/— steps: 3 · tool calls: 3 · tokens: \d+ in, \d+ out/);
  });

  it('runs toolbridge serve in front of the scripted model under --proxy, with the openai client against it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'demo-proxy-'));
    try {
      const file = join(dir, 'calls.jsonl');
      const { code, stdout, stderr } = await runCli([
        '--proxy',
        '--protocol',
        'xml',
        '--record',
        file,
      ]);
      expect(stderr).toBe('');
      expect(code).toBe(0);
      expect(stdout).toContain('Talking to a scripted model');
      expect(stdout).toMatch(
        /toolbridge serve at http:\/\/127\.0\.0\.1:\d+\/v1, in front of http:\/\/127\.0\.0\.1:\d+\/v1; the client is the official openai npm package/,
      );
      // The calls the server read out of the model's XML, their arguments streamed, run by the client.
      expect(stdout).toContain('▸ read_file {"path":"notes.txt"}');
      expect(stdout).toContain('▸ calculator {"expression":"3 * 19.99 + 4.5"}');
      expect(stdout).toContain('✓ calculator → {"expression":"3 * 19.99 + 4.5","result":64.47}');
      expect(stdout).toContain('✓ clock →');
      expect(stdout).toContain('you owe **64.47** in total');
      expect(stdout).toMatch(/— steps: 3 · tool calls: 3 · tokens: \d+ in, \d+ out/);
      // The server wrote the recording: one line per model call.
      await expect
        .poll(async () => (await readFile(file, 'utf8')).trimEnd().split('\n').length)
        .toBe(3);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('serves the scripted model under the --model id, for --protocol model-id', async () => {
    const { code, stdout, stderr } = await runCli([
      '--protocol',
      'model-id',
      '--model',
      'qwen3-coder:30b',
    ]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain('Talking to a scripted model');
    expect(stdout).toContain('hermes format');
    expect(stdout).toContain('✓ calculator');
    expect(stdout).not.toContain('model table');
  });

  it('records each model call to the file --record names, for toolbridge inspect', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'demo-record-'));
    try {
      const file = join(dir, 'calls.jsonl');
      const { code, stdout } = await runCli(['--protocol', 'hermes', '--record', file]);
      expect(code).toBe(0);
      expect(stdout).toContain(`model calls recorded to ${file}`);
      const lines = (await readFile(file, 'utf8')).trimEnd().split('\n');
      const recordings = lines.map((line) => JSON.parse(line));
      expect(recordings).toHaveLength(3);
      for (const recording of recordings) {
        expect(recording).toMatchObject({ toolbridgeRecording: 1, mode: 'stream' });
      }
      // The first call: the prompt toolbridge wrote, and the raw text with the call in it.
      expect(JSON.stringify(recordings[0].prompt)).toContain('<tool_call>');
      const text = recordings[0].chunks.map((chunk: { text: string }) => chunk.text).join('');
      expect(text).toContain('<tool_call>');
      expect(recordings[0].tools.map((tool: { name: string }) => tool.name)).toContain('read_file');
      // The hint runs as printed: the CLI from this clone, since npx waits for the first release.
      const [, cli, written] = /read them with: bash (\S+) inspect (\S+)\n/.exec(stdout) ?? [];
      expect(written).toBe(file);
      assert.isDefined(cli);
      const inspected = await promisify(execFile)('bash', [cli, 'inspect', file]);
      expect(inspected.stdout).toContain('3 calls · no reports');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('prints usage and exits 2 for a bad flag, and 0 for --help', async () => {
    const bad = await runCli(['--protocl', 'xml']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("Unknown option '--protocl'");
    expect(bad.stderr).toContain('Usage: bash scripts/demo.sh [options]');
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

  it('suggests /v1 when the base URL lacks it', async () => {
    const server = await startScriptedServer({ models: ['m'], respond: () => ({ text: 'hi' }) });
    const origin = server.baseURL.replace(/\/v1$/, '');
    try {
      const { code, stderr } = await runCli(['--base-url', origin, '--model', 'm']);
      expect(code).toBe(1);
      expect(stderr).toBe(
        `The endpoint ${origin} has no chat completions API (404): did you mean ${origin}/v1? ` +
          'OpenAI-compatible servers serve it under /v1.\n',
      );
    } finally {
      await server.close();
    }
  });

  it('says it is waiting, then gives up after --timeout with exit code 124', async () => {
    const { code, stdout, stderr } = await runAgainstFault('hang', ['--timeout', '1.5']);
    expect(stdout.match(/waiting for the model…/g)).toHaveLength(1);
    expect(stdout).toContain(
      '\nwaiting for the model… (gives up after 1.5 s without output; see --timeout)\n',
    );
    expect(stderr).toBe(
      'No output from the model for 1.5 s, so the demo gave up. A server that is still loading ' +
        'the model, or a slow machine, may need longer: try --timeout 7.5.\n',
    );
    expect(code).toBe(124);
  });

  it('says so when the server closes the connection mid-reply', async () => {
    const { code, stdout, stderr } = await runAgainstFault('close-mid-reply');
    expect(stdout).toContain('The answer is');
    expect(stdout).not.toContain('everyone knows');
    expect(stderr).toMatch(/^The server closed the connection before the reply finished, .+\n$/);
    expect(stderr).not.toContain('    at ');
    expect(code).toBe(1);
  });

  it('says so when the stream ends with no finish', async () => {
    const { code, stdout, stderr } = await runAgainstFault('end-without-finish');
    expect(stdout).toContain('The answer is forty-two, as everyone knows.\n');
    expect(stdout).not.toContain('— steps:');
    expect(stderr).toMatch(/^The server closed the stream before the reply finished, .+\n$/);
    expect(code).toBe(1);
  });

  it('sums up lines the server sent that are not stream events in one line, and carries on', async () => {
    const { code, stdout, stderr } = await runAgainstFault('garbage-lines');
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain(
      'The answer is forty-two, as everyone knows.\n' +
        '⚠ the server sent 2 lines that are not a chat-completion chunk; skipped — first: ' +
        '{"choices": [{"delta": {"content": "oops\n',
    );
    expect(stdout.match(/⚠/g)).toHaveLength(1);
    expect(stdout).toMatch(/— steps: 1 · tool calls: 0/);
  });
});
