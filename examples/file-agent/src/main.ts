import { cp, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { createOpenAI } from '@ai-sdk/openai';
import { type ScriptedServer, startScriptedServer } from 'scripted-server';
import { AGENT_PROMPT, respondWithAgentScript } from './agent-script.ts';
import { type Approver, runFileAgent } from './run-file-agent.ts';
import { Workspace } from './workspace.ts';

const USAGE = `Usage: pnpm --filter file-agent start [options]

A coding agent confined to one folder: read_file, write_file (asks first), list_files,
search_code, attempt_completion. Without an endpoint it works with a scripted model on a
copy of the sample workspace.

Options:
  --workspace <dir>  the folder to work in (default: a temporary copy of sample-workspace)
  --yes              approve every write without asking
  --base-url <url>   an OpenAI-compatible endpoint (or TOOLBRIDGE_BASE_URL)
  --model <id>       the model (or TOOLBRIDGE_MODEL)
  --api-key <key>    the endpoint's key (or TOOLBRIDGE_API_KEY)
  --prompt <text>    the task
  --help             show this help`;

const SCRIPTED_MODEL = 'scripted-model';

function approver(yes: boolean): Approver {
  if (yes) return async () => true;
  if (!process.stdin.isTTY) {
    process.stderr.write(
      'No terminal to ask for approval: writes are refused (run with --yes to allow them).\n',
    );
    return async () => false;
  }
  return async ({ toolName, input }) => {
    const prompt = createInterface({ input: process.stdin, output: process.stdout });
    const path = (input as { path?: string }).path ?? '';
    const answer = await prompt.question(`Allow ${toolName} to ${path}? [y/N] `);
    prompt.close();
    return /^y(es)?$/i.test(answer.trim());
  };
}

async function main(): Promise<number> {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      options: {
        workspace: { type: 'string' },
        yes: { type: 'boolean' },
        'base-url': { type: 'string' },
        model: { type: 'string' },
        'api-key': { type: 'string' },
        prompt: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  if (values['help']) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  let baseURL = (values['base-url'] as string | undefined) ?? process.env['TOOLBRIDGE_BASE_URL'];
  // Without a base URL, a scripted model.
  let server: ScriptedServer | undefined;
  if (baseURL === undefined) {
    server = await startScriptedServer({
      models: [SCRIPTED_MODEL],
      respond: respondWithAgentScript,
    });
    baseURL = server.baseURL;
  }
  let root = values['workspace'] as string | undefined;
  if (root === undefined) {
    root = await mkdtemp(join(tmpdir(), 'file-agent-'));
    await cp(new URL('../sample-workspace', import.meta.url).pathname, root, { recursive: true });
  }
  const workspace = await Workspace.open(root);
  if (server !== undefined)
    process.stdout.write(`Scripted model at ${server.baseURL}; workspace ${workspace.root}\n\n`);

  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort());
  try {
    const model = createOpenAI({
      baseURL,
      apiKey:
        (values['api-key'] as string | undefined) ??
        process.env['TOOLBRIDGE_API_KEY'] ??
        'not-needed',
    }).chat(
      (values['model'] as string | undefined) ?? process.env['TOOLBRIDGE_MODEL'] ?? SCRIPTED_MODEL,
    );
    const result = await runFileAgent({
      model,
      workspace,
      prompt: (values['prompt'] as string | undefined) ?? AGENT_PROMPT,
      approve: approver(values['yes'] === true),
      log: (line) => process.stdout.write(`${line}\n`),
      abortSignal: controller.signal,
    });
    if (result.completion === undefined) {
      process.stdout.write('\nThe agent stopped without completing the task.\n');
      return 1;
    }
    process.stdout.write(
      `\nCompleted: ${result.completion}\n(${result.toolCalls} tool calls, ${result.toolErrors} tool errors)\n`,
    );
    return 0;
  } catch (error) {
    const name = (error as Error)?.name;
    process.stderr.write(
      name === 'AbortError'
        ? 'Interrupted.\n'
        : `The run failed: ${(error as Error)?.message ?? String(error)}\n`,
    );
    return name === 'AbortError' ? 130 : 1;
  } finally {
    await server?.close();
  }
}

process.exitCode = await main();
