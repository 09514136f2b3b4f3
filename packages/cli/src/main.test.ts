import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { recordModelOutput } from '@toolbridge/middleware';
import { hermesToolMiddleware } from '@toolbridge/middleware/formats';
import { jsonSchema, stepCountIs, streamText, tool, wrapLanguageModel } from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import type { InspectResult } from './inspect.ts';

const main = new URL('./main.ts', import.meta.url).pathname;

/** Runs the `toolbridge` command; resolves with its exit code and output. */
function toolbridge(
  args: string[],
  options: { stdin?: string; env?: Record<string, string> } = {},
) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const env: Record<string, string | undefined> = { ...process.env, NO_COLOR: '1' };
    delete env['FORCE_COLOR'];
    const child = spawn(process.execPath, [main, ...args], { env: { ...env, ...options.env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (data) => {
      stdout += data;
    });
    child.stderr.on('data', (data) => {
      stderr += data;
    });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.stdin ?? '');
  });
}

const CALL = '<tool_call>{"name": "get_weather", "arguments": {"city": "Oslo"}}</tool_call>';
const CUT = '<tool_call>{"name": "get_weather", "arguments": {"city": ';
const weatherSchema = {
  type: 'object' as const,
  properties: { city: { type: 'string' as const } },
  required: ['city'],
};

let dir: string;
const file = (name: string) => join(dir, name);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'toolbridge-cli-'));
  await writeFile(file('good.txt'), `Let me check.<think>Oslo.</think>\n${CALL}\n`);
  await writeFile(file('cut.txt'), `Checking. ${CUT}`);
  await writeFile(
    file('near-miss.txt'),
    'Use {"name": "get_weather", "arguments": {"city": "Oslo"}} for that.',
  );
  await writeFile(file('tools.json'), JSON.stringify({ get_weather: weatherSchema }));
  await writeFile(
    file('tools-list.json'),
    JSON.stringify([{ name: 'get_weather', description: 'Weather', inputSchema: weatherSchema }]),
  );
  await writeFile(file('bad-tools.json'), '{ "get_weather": 3 }');
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('toolbridge inspect', () => {
  it('annotates a raw output, plainly without a terminal, and exits 0 when all is read', async () => {
    const { code, stdout, stderr } = await toolbridge([
      'inspect',
      file('good.txt'),
      '--tools',
      file('tools.json'),
    ]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain('│ Let me check.');
    expect(stdout).toContain('◇ reasoning');
    expect(stdout).toContain('▶ call 1: get_weather (hermes)');
    expect(stdout).toContain('"city": "Oslo"');
    expect(stdout).toContain('1 call · no reports — read as auto');
    expect(stdout).not.toContain('\u001b[');
  });

  it('colours a terminal, and only when NO_COLOR is not set', async () => {
    const forced = await toolbridge(['inspect', file('good.txt')], {
      env: { NO_COLOR: '', FORCE_COLOR: '1' },
    });
    expect(forced.stdout).toContain('\u001b[');
    const off = await toolbridge(['inspect', file('good.txt')], {
      env: { NO_COLOR: '1', FORCE_COLOR: '1' },
    });
    expect(off.stdout).not.toContain('\u001b[');
  });

  it('exits 1 when a call will not run, and shows the report where it was written', async () => {
    const { code, stdout } = await toolbridge(['inspect', file('cut.txt')]);
    expect(code).toBe(1);
    expect(stdout).toContain('✗ call 1: get_weather (hermes) — will not run');
    expect(stdout).toContain('⚠ call-cut-off:');
    expect(stdout).toContain('1 call · 1 rejected · 1 report (1 call-cut-off)');
  });

  it('reports near misses in the format asked for, with the tools from a list', async () => {
    const { code, stdout } = await toolbridge([
      'inspect',
      file('near-miss.txt'),
      '--format',
      'hermes',
      '--tools',
      file('tools-list.json'),
    ]);
    expect(code).toBe(1);
    expect(stdout).toContain('⚠ near miss (unrecognized-call):');
    expect(stdout).toContain('read as hermes');
  });

  it('reads standard input for -, and prints JSON for --json', async () => {
    const { code, stdout } = await toolbridge(['inspect', '-', '--json'], {
      stdin: `Sure. ${CALL}`,
    });
    expect(code).toBe(0);
    const result = JSON.parse(stdout) as InspectResult;
    expect(result).toMatchObject({
      toolbridgeInspect: 1,
      input: 'text',
      format: 'auto',
      summary: { replies: 1, calls: 1, rejectedCalls: 0, reports: 0, reasons: {} },
    });
    const [reply] = result.replies;
    assert.isDefined(reply);
    expect(reply.guessedTools).toEqual(['get_weather']);
    expect(reply.calls[0]).toMatchObject({
      toolName: 'get_weather',
      parsedInput: { city: 'Oslo' },
      start: 6,
      end: 6 + CALL.length,
    });
    expect(reply.segments.map((segment) => segment.kind)).toEqual(['text', 'call']);
  });

  it('reads a recording of recordModelOutput: each call, its retries, and the tools it had', async () => {
    const recording = file('calls.jsonl');
    let turn = 0;
    const replies = [`Let me check. ${CALL}`, `It is cold. ${CUT}`];
    const model = new MockLanguageModelV4({
      doStream: async () => ({
        stream: convertArrayToReadableStream([
          { type: 'stream-start', warnings: [] },
          { type: 'text-start', id: 't' },
          ...((replies[turn++] ?? '').match(/[\s\S]{1,4}/g) ?? []).map((delta) => ({
            type: 'text-delta' as const,
            id: 't',
            delta,
          })),
          { type: 'text-end', id: 't' },
          {
            type: 'finish',
            finishReason: { unified: 'stop', raw: 'stop' },
            usage: {
              inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
              outputTokens: { total: 20, text: 20, reasoning: undefined },
            },
          },
        ]),
      }),
    });
    const result = streamText({
      model: wrapLanguageModel({
        model,
        middleware: recordModelOutput({ file: recording, middleware: hermesToolMiddleware }),
      }),
      tools: {
        get_weather: tool({
          inputSchema: jsonSchema<{ city: string }>(weatherSchema),
          execute: async () => ({ temperature: -3 }),
        }),
      },
      stopWhen: stepCountIs(2),
      prompt: 'Weather in Oslo?',
    });
    await result.consumeStream();

    const text = await toolbridge(['inspect', recording]);
    expect(text.code).toBe(1);
    expect(text.stdout).toContain('── call 1 ');
    expect(text.stdout).toMatch(/stream · mock-provider mock-model-id · .* · prompt: 2 messages/);
    expect(text.stdout).toContain('tokens: 10 in, 20 out');
    expect(text.stdout).toContain('── call 2 ');
    expect(text.stdout).toContain('⚠ call-cut-off');
    expect(text.stdout).not.toContain('No tools given');

    const json = JSON.parse(
      (await toolbridge(['inspect', recording, '--json'])).stdout,
    ) as InspectResult;
    expect(json.input).toBe('recording');
    expect(json.replies.map((reply) => reply.label)).toEqual(['call 1', 'call 2']);
    expect(json.replies[0]?.recording).toMatchObject({ line: 1, mode: 'stream', liveReports: [] });
    expect(json.replies[1]?.recording?.liveReports).toEqual([
      expect.objectContaining({ reason: 'call-cut-off' }),
    ]);
    expect(json.summary).toMatchObject({ calls: 2, rejectedCalls: 1, reports: 1 });
  });

  it('exits 2 for usage mistakes, with what went wrong', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['inspect'], /Say what to inspect/],
      [
        ['inspect', file('good.txt'), '--format', 'nope'],
        /Unknown format "nope"; choose one of auto, hermes/,
      ],
      [['inspect', file('missing.txt')], /Cannot read the output ".*missing.txt": no such file\./],
      [
        ['inspect', file('good.txt'), '--tools', file('bad-tools.json')],
        /schema of tool "get_weather" is not a JSON object/,
      ],
      [['inspect', file('good.txt'), '--colour'], /Unknown option '--colour'/],
      [['inspect', file('good.txt'), '--port', '80'], /--port and --open go with --serve/],
      [['frobnicate'], /Unknown command "frobnicate"/],
      [[], /Usage: toolbridge <command>/],
    ];
    for (const [args, message] of cases) {
      const { code, stderr, stdout } = await toolbridge(args);
      expect(code, args.join(' ')).toBe(2);
      expect(stderr + stdout, args.join(' ')).toMatch(message);
    }
  });

  it('says a recording line that is broken', async () => {
    const broken = file('broken.jsonl');
    await writeFile(broken, '{"toolbridgeRecording":1,"chunks":[]}\nnot json\n');
    const { code, stderr } = await toolbridge(['inspect', broken]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/^Line 2 of the recording is not JSON/);
  });
});

describe('toolbridge prompt', () => {
  it('prints the system prompt and a past call and result in the format', async () => {
    const { code, stdout } = await toolbridge([
      'prompt',
      '--format',
      'qwen3-coder',
      '--tools',
      file('tools.json'),
    ]);
    expect(code).toBe(0);
    expect(stdout).toContain('── system');
    expect(stdout).toContain('<name>get_weather</name>');
    expect(stdout).toContain('<function=get_weather>\n<parameter=city>\ntext\n</parameter>');
    expect(stdout).toContain('<tool_response>');
    // The tokenizer is a dev dependency here, so the prompt is counted.
    expect(stdout).toMatch(/── system · \d+ tokens/);
    expect(stdout).toMatch(/\d+ tokens in all \(Gemma 3 tokenizer/);
  });

  it('prints the prompt toolMiddlewareFor writes for a model id, with a sample tool', async () => {
    const { code, stdout } = await toolbridge(['prompt', '--model', 'llama3.1:8b']);
    expect(code).toBe(0);
    expect(stdout).toContain('for the model llama3.1:8b');
    expect(stdout).toContain('No --tools: a sample tool, get_weather.');
  });

  it('exits 2 without a format or a model, or with an unknown format', async () => {
    expect((await toolbridge(['prompt'])).code).toBe(2);
    const unknown = await toolbridge(['prompt', '--format', 'nope']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown format "nope"');
    const help = await toolbridge(['prompt', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: toolbridge prompt');
  });
});
