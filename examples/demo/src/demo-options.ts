import { parseArgs } from 'node:util';
import { type DemoProtocol, PROTOCOLS } from './demo-script.ts';

/** What the demo was asked to do. */
export interface DemoOptions {
  protocol: DemoProtocol;
  /** A real OpenAI-compatible endpoint, or undefined for the scripted model. */
  baseURL: string | undefined;
  model: string;
  apiKey: string;
  prompt: string;
  /** Give up after this many seconds without output from the model. */
  timeoutSeconds: number;
  /** Append each model call to this file, as JSON lines for `toolbridge inspect`; undefined: no recording. */
  recordFile: string | undefined;
  /** Run `toolbridge serve` in front of the model, and the official `openai` client against it. */
  proxy: boolean;
  help: boolean;
}

export const SCRIPTED_MODEL = 'scripted-model';
export const DEFAULT_TIMEOUT_SECONDS = 60;
/** A day: beyond it a timer would overflow, and no one waits that long. */
const MAX_TIMEOUT_SECONDS = 86_400;
export const DEFAULT_PROMPT = 'What do my notes say I owe in total, and what time is it in Oslo?';

export const USAGE = `Usage: bash scripts/demo.sh [options]   (or pnpm demo [options])

A command-line agent on the Vercel AI SDK whose model has no native tool calling:
toolbridge writes the tools into the prompt and parses the calls out of its text.

Options:
  --protocol <name>  how the model writes calls (default: hermes):
                     ${PROTOCOLS.join(' | ')}
                     auto: the Hermes prompt, every known format read back
                     model-id: the format toolMiddlewareFor picks for the --model id
                     (docs/models.md), every known format read back
  --base-url <url>   an OpenAI-compatible endpoint, e.g. http://localhost:11434/v1 (Ollama)
  --model <id>       the model to ask (required with --base-url)
  --api-key <key>    the endpoint's API key, if it needs one
  --prompt <text>    what to ask (default: "${DEFAULT_PROMPT}")
  --timeout <secs>   give up after this many seconds without output from the model
                     (default: ${DEFAULT_TIMEOUT_SECONDS}; a server loading a large model may need more)
  --record <file>    append each model call (the prompt sent, the raw text as it came, what
                     toolbridge read of it) to <file> as JSON lines, for toolbridge inspect
  --proxy            run toolbridge serve (the OpenAI-compatible server) in front of the
                     model, and the official openai npm client against it, with no
                     toolbridge code in the client (not with --protocol native)
  --help             show this help

Environment: TOOLBRIDGE_BASE_URL, TOOLBRIDGE_MODEL, TOOLBRIDGE_API_KEY.
Without an endpoint the demo talks to a scripted model served on 127.0.0.1.`;

/** A usage mistake: reported with the usage text and exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** Reads the demo's flags and environment. */
export function readDemoOptions(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): DemoOptions {
  let values: Record<string, string | boolean | undefined>;
  // `pnpm demo -- --flag` passes the `--` on; it only separates pnpm's options from the demo's.
  const args = argv[0] === '--' ? argv.slice(1) : [...argv];
  try {
    ({ values } = parseArgs({
      args,
      options: {
        protocol: { type: 'string' },
        'base-url': { type: 'string' },
        model: { type: 'string' },
        'api-key': { type: 'string' },
        prompt: { type: 'string' },
        timeout: { type: 'string' },
        record: { type: 'string' },
        proxy: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const protocol = (values['protocol'] as string | undefined) ?? 'hermes';
  if (!PROTOCOLS.includes(protocol as DemoProtocol)) {
    throw new UsageError(`Unknown protocol "${protocol}"; choose one of ${PROTOCOLS.join(', ')}.`);
  }
  if (values['proxy'] === true && protocol === 'native') {
    throw new UsageError(
      '--proxy serves models without tool calling: toolbridge serve writes the tools into the prompt, so --protocol native does not apply.',
    );
  }
  const baseURL = (values['base-url'] as string | undefined) ?? env['TOOLBRIDGE_BASE_URL'];
  const model = (values['model'] as string | undefined) ?? env['TOOLBRIDGE_MODEL'];
  if (baseURL !== undefined) {
    try {
      new URL(baseURL);
    } catch {
      throw new UsageError(`"${baseURL}" is not a URL.`);
    }
    if (model === undefined)
      throw new UsageError('--model is required with --base-url (or set TOOLBRIDGE_MODEL).');
  }
  const timeout = values['timeout'] as string | undefined;
  const timeoutSeconds = timeout === undefined ? DEFAULT_TIMEOUT_SECONDS : Number(timeout);
  if (!(timeoutSeconds > 0 && timeoutSeconds <= MAX_TIMEOUT_SECONDS)) {
    throw new UsageError(
      `--timeout takes a number of seconds, more than 0 and at most ${MAX_TIMEOUT_SECONDS}; got "${timeout}".`,
    );
  }
  return {
    protocol: protocol as DemoProtocol,
    baseURL,
    model: model ?? SCRIPTED_MODEL,
    apiKey: (values['api-key'] as string | undefined) ?? env['TOOLBRIDGE_API_KEY'] ?? 'not-needed',
    prompt: (values['prompt'] as string | undefined) ?? DEFAULT_PROMPT,
    timeoutSeconds,
    recordFile: values['record'] as string | undefined,
    proxy: values['proxy'] === true,
    help: values['help'] === true,
  };
}
