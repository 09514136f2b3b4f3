import { parseArgs } from 'node:util';
import { FORMAT_NAMES } from '@toolbridge/middleware';
import { type RunningServer, startServer } from './start-server.ts';

/** Where the command writes, and how it waits for the end. */
export interface ServeCommandIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Resolves when the process is told to stop (Ctrl-C, SIGTERM). */
  waitForInterrupt: () => Promise<void>;
  /** Environment variables, for the keys. Default: `process.env`. */
  env?: Record<string, string | undefined>;
}

export const SERVE_USAGE = `Usage: toolbridge serve --upstream <url> [options]

Serves an OpenAI-compatible API (POST /v1/chat/completions, GET /v1/models) that gives any
client tool calling: requests go to the upstream server, and toolbridge writes the tools into
the prompt and reads the calls out of the model's text.

Options:
  --upstream <url>     the upstream OpenAI-compatible server, with its /v1
                       (Ollama: http://localhost:11434/v1)
  --port <n>           the port to listen on (default 8787; 0 takes a free one)
  --host <address>     the address to bind (default 127.0.0.1; 0.0.0.0 serves the network)
  --format <name>      model (default: the format the model id picks), auto, or one of
                       ${FORMAT_NAMES.join(', ')}
  --prompt <kind>      template (default: the prompt the model's chat template writes) or
                       compact (toolbridge's shorter wording)
  --record <file>      append each model call to <file> as JSON lines, for toolbridge inspect
  --forward-auth       pass the client's Authorization header on to the upstream
  --body-limit <bytes> the largest request body accepted (default 10485760)
  --timeout <ms>       how long the upstream may take to answer (default 300000)
  --help, -h           show this help

Environment: TOOLBRIDGE_API_KEY, a key clients must send (Authorization: Bearer <key>);
UPSTREAM_API_KEY, the key sent to the upstream.`;

function positiveInteger(
  value: string | undefined,
  flag: string,
  zero = false,
): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < (zero ? 0 : 1)) {
    throw new TypeError(`${flag} takes a whole number; got "${value}".`);
  }
  return number;
}

/**
 * Runs `toolbridge serve` (and `toolbridge-server`): starts the server, prints its URL, and
 * serves until interrupted. Resolves with the exit code: 0 after a clean stop, 2 for a usage
 * mistake, 1 when the server cannot start.
 */
export async function runServeCommand(
  args: readonly string[],
  io: ServeCommandIo,
): Promise<number> {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...args],
      options: {
        upstream: { type: 'string' },
        port: { type: 'string' },
        host: { type: 'string' },
        format: { type: 'string' },
        prompt: { type: 'string' },
        record: { type: 'string' },
        'forward-auth': { type: 'boolean' },
        'body-limit': { type: 'string' },
        timeout: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    io.stderr(`${(error as Error).message}\n\n${SERVE_USAGE}\n`);
    return 2;
  }
  if (values['help']) {
    io.stdout(`${SERVE_USAGE}\n`);
    return 0;
  }
  const env = io.env ?? process.env;
  let server: RunningServer;
  try {
    const upstream = values['upstream'] as string | undefined;
    if (upstream === undefined) throw new TypeError('Say where the model is: --upstream <url>.');
    if (!/^https?:\/\//.test(upstream)) {
      throw new TypeError(`--upstream takes an http(s) URL; got "${upstream}".`);
    }
    const port = positiveInteger(values['port'] as string | undefined, '--port', true);
    if (port !== undefined && port > 65_535) throw new TypeError(`--port ${port} is not a port.`);
    const bodyLimit = positiveInteger(values['body-limit'] as string | undefined, '--body-limit');
    const upstreamTimeout = positiveInteger(values['timeout'] as string | undefined, '--timeout');
    const prompt = values['prompt'] as string | undefined;
    if (prompt !== undefined && prompt !== 'template' && prompt !== 'compact') {
      throw new TypeError(`--prompt takes template or compact; got "${prompt}".`);
    }
    const apiKey = env['TOOLBRIDGE_API_KEY'] || undefined;
    const upstreamApiKey = env['UPSTREAM_API_KEY'] || undefined;
    server = await startServer({
      upstream,
      ...(port === undefined ? {} : { port }),
      ...(values['host'] === undefined ? {} : { host: values['host'] as string }),
      ...(values['format'] === undefined ? {} : { format: values['format'] as string }),
      ...(prompt === undefined ? {} : { prompt }),
      ...(values['record'] === undefined ? {} : { record: values['record'] as string }),
      ...(values['forward-auth'] ? { forwardAuthorization: true } : {}),
      ...(bodyLimit === undefined ? {} : { bodyLimit }),
      ...(upstreamTimeout === undefined ? {} : { upstreamTimeout }),
      ...(apiKey === undefined ? {} : { apiKey }),
      ...(upstreamApiKey === undefined ? {} : { upstreamApiKey }),
    });
  } catch (error) {
    if (error instanceof TypeError) {
      io.stderr(`${error.message}\n\n${SERVE_USAGE}\n`);
      return 2;
    }
    io.stderr(`The server cannot start: ${(error as Error).message}\n`);
    return 1;
  }
  io.stdout(
    `toolbridge serves ${server.url} (upstream ${values['upstream']})\nPress Ctrl-C to stop.\n`,
  );
  await io.waitForInterrupt();
  await server.close();
  return 0;
}
