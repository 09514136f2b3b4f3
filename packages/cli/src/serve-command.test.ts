import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { type ScriptedServer, startScriptedServer } from 'scripted-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USAGE } from './cli.ts';

const main = new URL('./main.ts', import.meta.url).pathname;
const CALL = '<tool_call>{"name": "get_weather", "arguments": {"city": "Oslo"}}</tool_call>';

let upstream: ScriptedServer;
beforeAll(async () => {
  upstream = await startScriptedServer({ models: ['qwen2.5:7b'], respond: () => ({ text: CALL }) });
});
afterAll(() => upstream.close());

describe('toolbridge serve', () => {
  it('is listed in the help', () => {
    expect(USAGE).toContain('serve ');
  });

  it('serves the URL it prints, with tool calls, until it is stopped', async () => {
    const child = spawn(process.execPath, [
      main,
      'serve',
      '--upstream',
      upstream.baseURL,
      '--port',
      '0',
    ]);
    try {
      let stdout = '';
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (data) => {
          stdout += data;
          const found = /http:\/\/127\.0\.0\.1:\d+\/v1/.exec(stdout);
          if (found) resolve(found[0]);
        });
        child.once('exit', () => reject(new Error(`exited before serving: ${stdout}`)));
      });
      const response = await fetch(`${url}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          model: 'qwen2.5:7b',
          messages: [{ role: 'user', content: 'Weather in Oslo?' }],
          tools: [
            { type: 'function', function: { name: 'get_weather', parameters: { type: 'object' } } },
          ],
        }),
      });
      const completion = (await response.json()) as {
        choices: Array<{ finish_reason: string; message: { tool_calls: unknown[] } }>;
      };
      expect(completion.choices[0]).toMatchObject({
        finish_reason: 'tool_calls',
        message: {
          tool_calls: [{ function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } }],
        },
      });
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      expect((await exited)[0]).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
