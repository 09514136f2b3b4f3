import { createOpenAI } from '@ai-sdk/openai';
import { Workspace } from 'file-agent';
import { startScriptedServer } from 'scripted-server';
import { describe, expect, it } from 'vitest';
import { SCRIPTED_MODEL } from './demo-options.ts';
import { PROTOCOLS, respondWithScript } from './demo-script.ts';
import { runDemo } from './run-demo.ts';
import { recordingTerminal } from './terminal.ts';

const sandbox = await Workspace.open(new URL('../sandbox', import.meta.url).pathname);
const now = () => new Date('2026-11-22T12:00:00Z');

describe.each(PROTOCOLS)('the demo with the %s protocol, over HTTP', (protocol) => {
  it('reads the notes, computes the total, checks the clock and answers', async () => {
    const server = await startScriptedServer({
      models: [SCRIPTED_MODEL],
      respond: respondWithScript(protocol),
    });
    try {
      const terminal = recordingTerminal();
      const model = createOpenAI({ baseURL: server.baseURL, apiKey: 'test' }).chat(SCRIPTED_MODEL);
      const summary = await runDemo({
        model,
        protocol,
        prompt: 'What do I owe?',
        sandbox,
        terminal,
        now,
      });
      const output = terminal.output();

      expect(output).toContain('▸ read_file {"path":"notes.txt"}');
      expect(output).toContain('✓ read_file → {"path":"notes.txt","content":"Book order');
      expect(output).toContain('✓ calculator → {"expression":"3 * 19.99 + 4.5","result":64.47}');
      expect(output).toContain(
        '✓ clock → {"timeZone":"Europe/Oslo","time":"Sunday, 22 November 2026 at 13:00:00 CET"}',
      );
      expect(output).toContain('you owe **64.47** in total');
      expect(summary).toEqual({
        steps: protocol === 'tool-call-tag' ? 4 : 3,
        toolCalls: 3,
        inputTokens: 120 * server.requests.length,
        outputTokens: expect.any(Number),
      });

      // A text protocol never sends tools or tool messages; the native one uses the server's tool calling.
      const last = server.requests.at(-1)!;
      if (protocol === 'native') {
        expect(last).toHaveProperty('tools');
        expect(last.messages.some((message) => message.role === 'tool')).toBe(true);
      } else {
        expect(last).not.toHaveProperty('tools');
        expect(last.messages.map((message) => message.role)).not.toContain('tool');
        expect(JSON.stringify(last.messages)).toContain('64.47');
      }
    } finally {
      await server.close();
    }
  });
});
