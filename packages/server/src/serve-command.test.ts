import { startScriptedServer } from 'scripted-server';
import { describe, expect, it } from 'vitest';
import { runServeCommand, type ServeCommandIo } from './serve-command.ts';

function io(env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  let stop: () => void = () => {};
  const stopped = new Promise<void>((resolve) => {
    stop = resolve;
  });
  let announce: (text: string) => void = () => {};
  const announced = new Promise<string>((resolve) => {
    announce = resolve;
  });
  const commandIo: ServeCommandIo = {
    stdout: (text) => {
      out.push(text);
      announce(text);
    },
    stderr: (text) => err.push(text),
    waitForInterrupt: () => stopped,
    env,
  };
  return { commandIo, out, err, stop, announced };
}

describe('toolbridge serve', () => {
  it('serves on 127.0.0.1, prints its URL, and stops on interrupt', async () => {
    const upstream = await startScriptedServer({ models: ['m'], respond: () => ({ text: 'hi' }) });
    try {
      const { commandIo, stop, announced } = io();
      const exit = runServeCommand(['--upstream', upstream.baseURL, '--port', '0'], commandIo);
      const url = /http:\/\/127\.0\.0\.1:\d+\/v1/.exec(await announced)?.[0];
      expect(url).toBeDefined();
      const models = await fetch(`${url}/models`);
      expect(await models.json()).toMatchObject({ data: [{ id: 'm' }] });
      stop();
      expect(await exit).toBe(0);
    } finally {
      await upstream.close();
    }
  });

  it('takes its API key from TOOLBRIDGE_API_KEY', async () => {
    const upstream = await startScriptedServer({ models: ['m'], respond: () => ({ text: 'hi' }) });
    try {
      const { commandIo, stop, announced } = io({ TOOLBRIDGE_API_KEY: 'k' });
      const exit = runServeCommand(['--upstream', upstream.baseURL, '--port', '0'], commandIo);
      const url = /http:\/\/\S+\/v1/.exec(await announced)?.[0];
      expect((await fetch(`${url}/models`)).status).toBe(401);
      const allowed = await fetch(`${url}/models`, { headers: { authorization: 'Bearer k' } });
      expect(allowed.status).toBe(200);
      stop();
      await exit;
    } finally {
      await upstream.close();
    }
  });

  it('says what is wrong with a usage mistake, exit code 2', async () => {
    for (const args of [
      [],
      ['--upstream', 'localhost:11434'],
      ['--upstream', 'http://localhost:11434/v1', '--format', 'nope'],
      ['--upstream', 'http://localhost:11434/v1', '--port', 'x'],
      ['--upstream', 'http://localhost:11434/v1', '--prompt', 'long'],
      ['--nope'],
    ]) {
      const { commandIo, err } = io();
      expect(await runServeCommand(args, commandIo)).toBe(2);
      expect(err.join('')).toContain('Usage: toolbridge serve');
    }
  });
});
