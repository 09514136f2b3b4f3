import { createOpenAI } from '@ai-sdk/openai';
import { Workspace } from 'file-agent';
import { assistantTurns, type ScriptedTurn, startScriptedServer, turnAt } from 'scripted-server';
import { assert, describe, expect, it } from 'vitest';
import { ModelTimeoutError } from './demo-errors.ts';
import { SCRIPTED_MODEL } from './demo-options.ts';
import { PROTOCOLS, respondWithScript } from './demo-script.ts';
import { runDemo } from './run-demo.ts';
import { CLEAR_LINE, recordingTerminal } from './terminal.ts';

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
      // Parallel calls on consecutive lines; their results below them.
      expect(output).not.toMatch(/\n\s*\n▸/);
      if (protocol !== 'tool-call-tag') {
        expect(output).toMatch(
          /\n▸ calculator \{"expression":"3 \* 19\.99 \+ 4\.5"\}\n▸ clock \{"timeZone":"Europe\/Oslo"\}\n {2}✓ calculator/,
        );
      }
      // toolMiddlewareFor does not know the scripted model's id: the demo says what it falls back to.
      const unknownModel = `⚠ no row of the model table matches "${SCRIPTED_MODEL}": prompting in the hermes format, reading every format back\n`;
      if (protocol === 'model-id') expect(output.startsWith(unknownModel)).toBe(true);
      else expect(output).not.toContain('model table');
      // Reasoning in <think> tags is set apart from the answer.
      if (protocol === 'native') expect(output).not.toContain('┆');
      else
        expect(output.replace(unknownModel, '')).toMatch(
          /^┆ The user wants .+\n┆ I should read notes\.txt first.+\n\nI'll start by reading your notes\.\n▸ read_file/,
        );
      expect(summary).toEqual({
        steps: protocol === 'tool-call-tag' ? 4 : 3,
        toolCalls: 3,
        inputTokens: 120 * server.requests.length,
        outputTokens: expect.any(Number),
      });

      // A text protocol never sends tools or tool messages; the native one uses the server's tool calling.
      const last = server.requests.at(-1);
      assert.isDefined(last);
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

describe('the demo with the model-id protocol', () => {
  it('prompts a model the table knows in its own format, and reads the calls it writes', async () => {
    const modelId = 'qwen3-coder:30b';
    const server = await startScriptedServer({
      models: [modelId],
      respond: respondWithScript('model-id'),
    });
    try {
      const terminal = recordingTerminal();
      const summary = await runDemo({
        model: createOpenAI({ baseURL: server.baseURL, apiKey: 'test' }).chat(modelId),
        protocol: 'model-id',
        prompt: 'What do I owe?',
        sandbox,
        terminal,
        now,
      });
      expect(terminal.output()).not.toContain('model table');
      expect(JSON.stringify(server.requests[0]?.messages)).toContain('<function=');
      expect(summary.toolCalls).toBe(3);
    } finally {
      await server.close();
    }
  });
});

/** Runs the demo against a server that replies with `turns`, one per step; returns what it printed. */
async function runAgainst(
  turns: ScriptedTurn[],
  options: { live?: boolean; timeoutSeconds?: number } = {},
) {
  const server = await startScriptedServer({
    models: [SCRIPTED_MODEL],
    respond: (request) => turnAt(turns, assistantTurns(request)),
  });
  const terminal = recordingTerminal({ live: options.live ?? false });
  try {
    const model = createOpenAI({ baseURL: server.baseURL, apiKey: 'test' }).chat(SCRIPTED_MODEL);
    const run = runDemo({
      model,
      protocol: 'hermes',
      prompt: 'What do I owe?',
      sandbox,
      terminal,
      now,
      waitNoticeMs: 300,
      ...(options.timeoutSeconds === undefined ? {} : { timeoutSeconds: options.timeoutSeconds }),
    });
    const outcome = await run.then(
      (summary) => ({ summary, error: undefined }),
      (error: unknown) => ({ summary: undefined, error }),
    );
    return { ...outcome, output: terminal.output(), requests: server.requests.length };
  } finally {
    await server.close();
  }
}

describe('what toolbridge could not read', () => {
  it('shows a malformed call as a warning with an excerpt, not as the answer', async () => {
    const { summary, output } = await runAgainst([
      { text: 'Let me add that up.\n<tool_call>\n{"name": 42}\n</tool_call>' },
    ]);
    expect(summary?.toolCalls).toBe(0);
    expect(output).toMatch(
      /^Let me add that up\.\n⚠ malformed-call: .+ — <tool_call> \{"name": 42\} <\/tool_call>\n$/,
    );
  });

  it('shows a call cut off by the end of the reply under the call', async () => {
    const { summary, output } = await runAgainst([
      { text: '<tool_call>\n{"name": "calculator", "arguments": {"expression": "3 * 19' },
      { text: 'Sorry, I was cut off.' },
    ]);
    expect(summary?.toolCalls).toBe(1);
    expect(output).toMatch(
      /^▸ calculator \{"expression":"3 \* 19\n⚠ call-cut-off: .+ — <tool_call> \{"name": "calculator", "arguments": .+\n {2}✗ calculator: .+\nSorry, I was cut off\.\n$/,
    );
  });
});

describe('a model that keeps the demo waiting', () => {
  it('says it is waiting, once, on a plain terminal, then gives up', async () => {
    const { error, output, requests } = await runAgainst([{ text: 'never sent', fault: 'hang' }], {
      timeoutSeconds: 1,
    });
    expect(error).toBeInstanceOf(ModelTimeoutError);
    expect(requests).toBe(1);
    expect(output).toBe(
      'waiting for the model… (gives up after 1 s without output; see --timeout)\n',
    );
  });

  it('counts the seconds on one line of a live terminal, and clears it', async () => {
    const { error, output } = await runAgainst([{ text: 'never sent', fault: 'hang' }], {
      live: true,
      timeoutSeconds: 1.6,
    });
    expect(error).toBeInstanceOf(ModelTimeoutError);
    expect(output.startsWith(`${CLEAR_LINE}waiting for the model… 0 s (gives up at 1.6 s)`)).toBe(
      true,
    );
    expect(output).toContain(`${CLEAR_LINE}waiting for the model… 1 s (gives up at 1.6 s)`);
    expect(output.endsWith(CLEAR_LINE)).toBe(true);
  });
});
