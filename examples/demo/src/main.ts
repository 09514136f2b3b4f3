import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createOpenAI } from '@ai-sdk/openai';
import { type RunningServer, startServer } from '@toolbridge/server/node';
import { Workspace } from 'file-agent';
import OpenAI from 'openai';
import { type ScriptedServer, startScriptedServer } from 'scripted-server';
import { readDemoOptions, SCRIPTED_MODEL, USAGE, UsageError } from './demo-options.ts';
import { type DemoProtocol, respondWithScript, scriptFormat } from './demo-script.ts';
import { describeError } from './describe-error.ts';
import { runDemo } from './run-demo.ts';
import { runProxyDemo } from './run-proxy-demo.ts';
import { streamTerminal } from './terminal.ts';

const terminal = streamTerminal(process.stdout);
// The CLI run from this clone: `npx @toolbridge/cli` waits for the packages' first release.
const INSPECT_SCRIPT = fileURLToPath(new URL('../../../scripts/toolbridge.sh', import.meta.url));

/** The `toolbridge serve --format` of each protocol, under --proxy (native has none). */
const SERVER_FORMATS: Record<Exclude<DemoProtocol, 'native'>, string> = {
  hermes: 'hermes',
  gemma: 'gemma',
  xml: 'xml',
  'tool-call-tag': 'tool-call-tag',
  auto: 'auto',
  'model-id': 'model',
};

async function main(): Promise<number> {
  let options: ReturnType<typeof readDemoOptions>;
  try {
    options = readDemoOptions(process.argv.slice(2), process.env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`${error.message}\n\n${USAGE}\n`);
    return 2;
  }
  if (options.help) {
    terminal.write(`${USAGE}\n`);
    return 0;
  }

  // Without --base-url, a scripted model.
  let server: ScriptedServer | undefined;
  let baseURL = options.baseURL;
  if (baseURL === undefined) {
    server = await startScriptedServer({
      // Under the --model id too: `--protocol model-id` picks the prompt by it.
      models: [...new Set([SCRIPTED_MODEL, options.model])],
      respond: respondWithScript(options.protocol),
    });
    baseURL = server.baseURL;
  }
  if (server !== undefined) {
    terminal.write(
      terminal.style(
        'yellow',
        `Talking to a scripted model at ${baseURL} (${scriptFormat(options.protocol)} format).`,
      ) +
        terminal.style(
          'dim',
          '\nTo use a real one: bash scripts/demo.sh --base-url http://localhost:11434/v1 --model qwen2.5:7b\n\n',
        ),
    );
  }
  // `pnpm demo` runs in examples/demo: a relative path is where the command was typed
  // (INIT_CWD); scripts/demo.sh runs it from there.
  const recordFile =
    options.recordFile === undefined
      ? undefined
      : resolve(process.env['INIT_CWD'] ?? process.cwd(), options.recordFile);
  let proxy: RunningServer | undefined;
  if (options.proxy) {
    // The server records what it handles, so under --proxy it writes the --record file.
    proxy = await startServer({
      port: 0,
      upstream: baseURL,
      format: SERVER_FORMATS[options.protocol as Exclude<DemoProtocol, 'native'>],
      ...(options.apiKey === 'not-needed' ? {} : { upstreamApiKey: options.apiKey }),
      ...(recordFile === undefined ? {} : { record: recordFile }),
    });
    terminal.write(
      terminal.style(
        'yellow',
        `toolbridge serve at ${proxy.url}, in front of ${baseURL}; the client is the official openai npm package, with no toolbridge code.\n\n`,
      ),
    );
  }
  terminal.write(`${terminal.style('bold', '> ')}${options.prompt}\n\n`);

  const controller = new AbortController();
  const interrupt = () => controller.abort();
  process.once('SIGINT', interrupt);
  const sandbox = await Workspace.open(new URL('../sandbox', import.meta.url).pathname);
  try {
    const summary =
      proxy === undefined
        ? await runDemo({
            model: createOpenAI({ baseURL, apiKey: options.apiKey }).chat(options.model),
            protocol: options.protocol,
            prompt: options.prompt,
            sandbox,
            terminal,
            abortSignal: controller.signal,
            timeoutSeconds: options.timeoutSeconds,
            ...(recordFile === undefined ? {} : { recordFile }),
          })
        : await runProxyDemo({
            client: new OpenAI({
              baseURL: proxy.url,
              apiKey: 'unused',
              maxRetries: 0,
              timeout: options.timeoutSeconds * 1000,
            }),
            model: options.model,
            prompt: options.prompt,
            sandbox,
            terminal,
            abortSignal: controller.signal,
          });
    const tokens =
      summary.inputTokens === undefined
        ? 'tokens not reported'
        : `tokens: ${summary.inputTokens} in, ${summary.outputTokens} out`;
    terminal.write(
      terminal.style(
        'dim',
        `\n— steps: ${summary.steps} · tool calls: ${summary.toolCalls} · ${tokens}\n`,
      ),
    );
    if (recordFile !== undefined) {
      terminal.write(
        terminal.style(
          'dim',
          `— model calls recorded to ${recordFile}; read them with: bash ${INSPECT_SCRIPT} inspect ${recordFile}\n`,
        ),
      );
    }
    return 0;
  } catch (error) {
    const { message, exitCode } = describeError(error, { baseURL, model: options.model });
    process.stderr.write(`${terminal.style('red', message)}\n`);
    return exitCode;
  } finally {
    process.off('SIGINT', interrupt);
    await proxy?.close();
    await server?.close();
  }
}

process.exitCode = await main();
