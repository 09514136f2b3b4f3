import { execFile, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  assistantTurns,
  type ChatRequest,
  type ScriptedTurn,
  startScriptedServer,
} from 'scripted-server';
import { afterAll, assert, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from './start-server.ts';
import { closedPort, startTestUpstream } from './testing/test-upstreams.ts';

/**
 * The official `openai` Python package against the server: python/test_openai_client.py, run
 * once against servers started here, and one test below for each of its tests, so that its
 * results count with the others. Without python3 or its `openai` package they are skipped and
 * say why; .ci/run installs `openai` into the venv below when Python is present.
 */
const PYTHON_FILE = fileURLToPath(new URL('../python/test_openai_client.py', import.meta.url));
const REPO_VENV_PYTHON = fileURLToPath(
  new URL('../../../node_modules/.cache/python-venv/bin/python', import.meta.url),
);

/** The Python to run: $TOOLBRIDGE_PYTHON, the venv .ci/run makes, or python3; or why there is none. */
function findPython(): { command: string } | { missing: string } {
  const candidates = [
    process.env['TOOLBRIDGE_PYTHON'],
    existsSync(REPO_VENV_PYTHON) ? REPO_VENV_PYTHON : undefined,
    'python3',
  ].filter((candidate): candidate is string => candidate !== undefined && candidate !== '');
  let found: string | undefined;
  for (const command of candidates) {
    const probe = spawnSync(command, ['-c', 'import openai'], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    if (probe.error !== undefined) continue;
    if (probe.status === 0) return { command };
    found ??= command;
  }
  return found === undefined
    ? { missing: 'python3 is not on PATH, so the openai Python package tests are skipped' }
    : {
        missing:
          `${found} has no openai package, so the openai Python package tests are skipped ` +
          '(bash .ci/run installs it into node_modules/.cache/python-venv; or pip install openai)',
      };
}

const python = findPython();
const pythonTests = [
  ...readFileSync(PYTHON_FILE, 'utf8').matchAll(/^ {4}def (test_\w+)\(self\)/gm),
].flatMap(([, name]) => (name === undefined ? [] : [name]));

const call = (city: string) =>
  `<tool_call>{"name": "get_weather", "arguments": {"city": "${city}"}}</tool_call>`;
const CUT_OFF = '<tool_call>{"name": "get_weather", "arguments": {"city": "Os';

/** The scripted model's reply, by the `[tag]` that opens the conversation's first user message. */
function pythonScenario(request: ChatRequest): ScriptedTurn {
  const first = request.messages.find((message) => message.role === 'user')?.content;
  const text = typeof first === 'string' ? first : JSON.stringify(first ?? '');
  const tag = /^\[([a-z-]+)\]/.exec(text)?.[1];
  switch (tag) {
    case 'call':
      return { text: `Checking.${call('Oslo')}` };
    case 'loop':
      return assistantTurns(request) === 0
        ? { text: call('Oslo') }
        : { text: 'It is 21 °C in Oslo.' };
    case 'parallel':
      return { text: `${call('Oslo')}\n${call('Rome')}` };
    case 'required':
      return assistantTurns(request) === 0 ? { text: 'Oslo is nice.' } : { text: call('Oslo') };
    case 'cut-off':
      return { text: `Let me check.${CUT_OFF}` };
    case 'garbage-stream':
      return { text: call('Oslo'), fault: 'garbage-lines' };
    default:
      return { text: `No scenario tagged "${tag}".` };
  }
}

interface Outcome {
  outcome: 'passed' | 'failed' | 'skipped';
  detail: string;
}

describe('the official openai Python package against the server', () => {
  const stops: Array<() => Promise<void>> = [];
  let outcomes: Record<string, Outcome> = {};
  let output = '';

  beforeAll(async () => {
    if ('missing' in python) {
      console.warn(python.missing);
      return;
    }
    const scripted = await startScriptedServer({ models: ['qwen2.5:7b'], respond: pythonScenario });
    stops.push(() => scripted.close());
    const garbage = await startTestUpstream((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"not": "a completion"');
    });
    stops.push(() => garbage.close());
    // An upstream that streams forever, and says how many of its streams have been closed.
    let closedStreams = 0;
    const timers = new Set<NodeJS.Timeout>();
    const endless = await startTestUpstream((request, response) => {
      if (request.method === 'GET') {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ closed: closedStreams }));
        return;
      }
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      const chunk = `data: ${JSON.stringify({ id: 'c', choices: [{ index: 0, delta: { content: 'and on ' }, finish_reason: null }] })}\n\n`;
      const timer = setInterval(() => response.write(chunk), 10);
      timers.add(timer);
      response.once('close', () => {
        clearInterval(timer);
        timers.delete(timer);
        closedStreams++;
      });
    });
    stops.push(async () => {
      for (const timer of timers) clearInterval(timer);
      await endless.close();
    });
    const proxy = async (upstream: string) => {
      const server: RunningServer = await startServer({ port: 0, upstream });
      stops.push(() => server.close());
      return server.url;
    };
    const servers = {
      scripted: await proxy(scripted.baseURL),
      down: await proxy(`http://127.0.0.1:${await closedPort()}/v1`),
      garbage: await proxy(garbage.baseURL),
      endless: await proxy(endless.baseURL),
      endless_status: `${endless.baseURL}/status`,
    };

    const dir = await mkdtemp(join(tmpdir(), 'toolbridge-python-'));
    stops.push(() => rm(dir, { recursive: true, force: true }));
    const resultsFile = join(dir, 'results.json');
    // Asynchronous: the servers above run in this process.
    output = await new Promise<string>((resolve) => {
      execFile(
        python.command,
        [PYTHON_FILE, resultsFile],
        {
          env: {
            ...process.env,
            TOOLBRIDGE_TEST_SERVERS: JSON.stringify(servers),
            PYTHONDONTWRITEBYTECODE: '1',
          },
          timeout: 120_000,
        },
        (_error, stdout, stderr) => resolve(`${stdout}${stderr}`),
      );
    });
    if (existsSync(resultsFile)) outcomes = JSON.parse(await readFile(resultsFile, 'utf8'));
  }, 150_000);

  afterAll(async () => {
    for (const stop of stops.splice(0).reverse()) await stop();
  });

  it('finds the tests of the Python file', () => {
    expect(pythonTests.length).toBeGreaterThanOrEqual(10);
  });

  it.for(pythonTests)('%s', (name, context) => {
    if ('missing' in python) {
      context.skip(python.missing);
      return;
    }
    const outcome = outcomes[name];
    assert.isDefined(outcome, `no result for ${name}; the Python run said:\n${output}`);
    expect(outcome.outcome, outcome.detail).toBe('passed');
  });
});
