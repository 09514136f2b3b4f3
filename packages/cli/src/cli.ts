import { readFile } from 'node:fs/promises';
import { type ParseArgsOptionsConfig, parseArgs } from 'node:util';
import type { LanguageModelV4Middleware } from '@ai-sdk/provider';
import { toolMiddlewareFor } from '@toolbridge/middleware';
import { formatNames, type ToolDefinition } from './analyze.ts';
import { InputError, inspect, readInspectInput } from './inspect.ts';
import {
  formatMiddlewares,
  loadTokenCounter,
  messageText,
  samplePrompt,
  TOKENIZER_PACKAGE,
  type TokenCounter,
} from './prompt.ts';
import { renderInspection, type Style } from './render.ts';
import { parseToolsFile, ToolsFileError } from './tools-file.ts';

/** Exit codes of the `toolbridge` command. */
export const EXIT = {
  /** Done; for `inspect`: every call read, nothing reported. */
  ok: 0,
  /**
   * `inspect`: the output holds reports (`onError`), calls that will not run, or a recorded
   * forced tool choice no call met.
   */
  findings: 1,
  /** A usage mistake: an unknown command, flag or format, an input or tools file that cannot be read. */
  usage: 2,
  /** toolbridge itself failed. */
  internal: 3,
} as const;

/** Where the command reads and writes. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Standard input, read whole (for `-`). */
  readStdin: () => Promise<string>;
  /** Styles stdout's text: colours on a terminal, plain otherwise. */
  style: Style;
  /** Keeps the process up until it is interrupted (for `--serve`). */
  waitForInterrupt: () => Promise<void>;
  loadTokenizer?: () => Promise<TokenCounter | undefined>;
}

export const USAGE = `Usage: toolbridge <command> [options]

Commands:
  inspect <file|->  read a model's raw output, or a recording of recordModelOutput, and show
                    its text, reasoning, tool calls, repairs and what toolbridge reported
  prompt            print the system prompt and a sample history a format gives the model
  serve             serve an OpenAI-compatible API that gives any client tool calling,
                    in front of an upstream server (toolbridge serve --upstream <url>)

Options:
  --help, -h        show the help of toolbridge or of a command
  --version         show the version

Run "toolbridge <command> --help" for a command's options.`;

export const INSPECT_USAGE = `Usage: toolbridge inspect <file|-> [options]

Reads a model's raw output (text), or a recording of recordModelOutput (JSON lines), as
toolbridge reads it, and prints it annotated: text, reasoning, each call (format, tool,
input, repairs), and every report (malformed or rejected calls, near misses).

Options:
  --format <name>  the format to read: auto (every format at once) or one of
                   ${formatNames().slice(1).join(', ')}. Default: auto for raw text,
                   the format the middleware read in for a recording
  --tools <file>   the tools the model had, as JSON: [{ "name", "description", "inputSchema" }]
                   or { "<name>": <JSON schema> }. A recording holds its tools; without any,
                   the tools the text names are guessed.
  --json           print the result as JSON, for programs
  --serve          show the output on a local web page instead (any number of files);
                   with --port <n> and --open
  --help, -h       show this help

Exit codes: 0 every call was read and nothing was reported; 1 the output holds reports,
calls that will not run, or a forced tool choice no call met; 2 a usage mistake; 3 toolbridge
itself failed.`;

export const PROMPT_USAGE = `Usage: toolbridge prompt (--format <name> | --model <id>) [--tools <file>]

Prints what the model is sent for a short conversation: the system prompt toolbridge writes
for the tools, and a past call and its result as the format writes them. Counts the tokens
when ${TOKENIZER_PACKAGE} is installed.

Options:
  --format <name>  ${formatNames().join(', ')}
  --model <id>     the model id as a server names it: the prompt toolMiddlewareFor(id) writes
  --tools <file>   the tools, as for inspect (default: one sample tool, get_weather)
  --help, -h       show this help

Exit codes: 0 done; 2 a usage mistake; 3 toolbridge itself failed.`;

/** A usage mistake: said with the usage text, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
  readonly usage: string;
  constructor(message: string, usage: string) {
    super(message);
    this.usage = usage;
  }
}

const SAMPLE_TOOLS: ToolDefinition[] = [
  {
    name: 'get_weather',
    description: 'The current weather in a city.',
    inputSchema: {
      type: 'object',
      properties: { city: { type: 'string', description: 'The city, e.g. Oslo' } },
      required: ['city'],
    },
  },
];

function parse<const Options extends ParseArgsOptionsConfig>(
  args: string[],
  options: Options,
  usage: string,
) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: true } as const);
  } catch (error) {
    throw new UsageError((error as Error).message, usage);
  }
}

async function readText(file: string, io: CliIo, what: string): Promise<string> {
  if (file === '-') return io.readStdin();
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'no such file' : (error as Error).message;
    throw new InputError(`Cannot read ${what} "${file}": ${reason}.`);
  }
}

async function readTools(
  file: string | undefined,
  io: CliIo,
): Promise<ToolDefinition[] | undefined> {
  if (file === undefined) return undefined;
  const text = await readText(file, io, 'the tools file');
  try {
    return parseToolsFile(text);
  } catch (error) {
    if (error instanceof ToolsFileError) {
      throw new InputError(`The tools file "${file}" cannot be read: ${error.message}`);
    }
    throw error;
  }
}

function checkFormat(format: string, names: readonly string[], usage: string): void {
  if (!names.includes(format)) throw unknownFormat(format, names, usage);
}

function unknownFormat(format: string, names: readonly string[], usage: string): UsageError {
  return new UsageError(`Unknown format "${format}"; choose one of ${names.join(', ')}.`, usage);
}

/** The middleware of the format `prompt --format` names. */
function formatMiddleware(format: string): LanguageModelV4Middleware {
  const middlewares = new Map(Object.entries(formatMiddlewares()));
  const middleware = middlewares.get(format);
  if (middleware === undefined) throw unknownFormat(format, [...middlewares.keys()], PROMPT_USAGE);
  return middleware;
}

/** Whether an import failed because the module itself is missing (not one it imports). */
function isMissing(error: unknown, module: string): boolean {
  const { code, message } = error as { code?: string; message?: string };
  return (
    (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') &&
    typeof message === 'string' &&
    message.includes(module)
  );
}

async function runInspect(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(
    args,
    {
      format: { type: 'string' },
      tools: { type: 'string' },
      json: { type: 'boolean' },
      serve: { type: 'boolean' },
      port: { type: 'string' },
      open: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    INSPECT_USAGE,
  );
  if (values['help']) {
    io.stdout(`${INSPECT_USAGE}\n`);
    return EXIT.ok;
  }
  if (values['serve']) return runServe(positionals, values, io);
  if (values['port'] !== undefined || values['open']) {
    throw new UsageError('--port and --open go with --serve.', INSPECT_USAGE);
  }
  const [file, ...others] = positionals;
  if (file === undefined || others.length > 0) {
    throw new UsageError(
      file === undefined
        ? 'Say what to inspect: a file, or - for standard input.'
        : 'Inspect one file at a time (--serve takes several).',
      INSPECT_USAGE,
    );
  }
  // Without --format, a recording is read in the format each call recorded.
  const format = values['format'] as string | undefined;
  if (format !== undefined) checkFormat(format, formatNames(), INSPECT_USAGE);
  const tools = await readTools(values['tools'] as string | undefined, io);
  const input = readInspectInput(await readText(file, io, 'the output'));
  const result = inspect(input, {
    ...(format === undefined ? {} : { format }),
    ...(tools === undefined ? {} : { tools }),
  });
  io.stdout(
    values['json'] ? `${JSON.stringify(result, null, 2)}\n` : renderInspection(result, io.style),
  );
  const { reports, rejectedCalls, toolChoiceNotMet } = result.summary;
  return reports > 0 || rejectedCalls > 0 || toolChoiceNotMet > 0 ? EXIT.findings : EXIT.ok;
}

/** `inspect --serve`: the web page, from `./serve/index.ts`. */
async function runServe(
  files: string[],
  values: Record<string, unknown>,
  io: CliIo,
): Promise<number> {
  const port = values['port'] === undefined ? undefined : Number(values['port']);
  if (port !== undefined && !(Number.isInteger(port) && port >= 0 && port < 65_536)) {
    throw new UsageError(`--port takes a port number; got "${values['port']}".`, INSPECT_USAGE);
  }
  let serve: typeof import('./serve/index.ts');
  try {
    serve = await import('./serve/index.ts');
  } catch (error) {
    if (isMissing(error, 'serve')) {
      io.stderr('The inspector web page (--serve) is not available in this build.\n');
      return EXIT.usage;
    }
    throw error;
  }
  const server = await serve.serveInspector({
    files,
    ...(port === undefined ? {} : { port }),
    ...(values['open'] ? { open: true } : {}),
  });
  io.stdout(`The inspector is at ${server.url}\nPress Ctrl-C to stop.\n`);
  await io.waitForInterrupt();
  await server.close();
  return EXIT.ok;
}

async function runPrompt(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(
    args,
    {
      format: { type: 'string' },
      model: { type: 'string' },
      tools: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    PROMPT_USAGE,
  );
  if (values['help']) {
    io.stdout(`${PROMPT_USAGE}\n`);
    return EXIT.ok;
  }
  if (positionals.length > 0) {
    throw new UsageError(`Unexpected argument "${positionals[0]}".`, PROMPT_USAGE);
  }
  const format = values['format'] as string | undefined;
  const model = values['model'] as string | undefined;
  let middleware: LanguageModelV4Middleware;
  if (format !== undefined && model === undefined) middleware = formatMiddleware(format);
  else if (model !== undefined && format === undefined) middleware = toolMiddlewareFor(model);
  else throw new UsageError('Give either --format or --model.', PROMPT_USAGE);
  const given = await readTools(values['tools'] as string | undefined, io);
  const tools = given ?? SAMPLE_TOOLS;
  const prompt = await samplePrompt(middleware, tools);
  const tokens = await (io.loadTokenizer ?? loadTokenCounter)();

  const { style } = io;
  const out: string[] = [];
  const subject = format === undefined ? `model ${model}` : `format ${format}`;
  out.push(
    style('dim', `What toolbridge sends for the ${subject}, before the server's chat template.`),
  );
  if (given === undefined) out.push(style('dim', 'No --tools: a sample tool, get_weather.'));
  let total = 0;
  for (const message of prompt) {
    const text = messageText(message);
    const count = tokens?.count(text);
    if (count !== undefined) total += count;
    const title = `── ${message.role}${count === undefined ? '' : ` · ${count} tokens`} `;
    out.push('', style('bold', `${title}${'─'.repeat(Math.max(3, 60 - title.length))}`), text);
  }
  out.push('');
  out.push(
    tokens === undefined
      ? style(
          'dim',
          `No token count: install ${TOKENIZER_PACKAGE} next to toolbridge to count tokens.`,
        )
      : style(
          'dim',
          `${total} tokens in all (${tokens.name}, without the chat template's own tokens).`,
        ),
  );
  io.stdout(`${out.join('\n')}\n`);
  return EXIT.ok;
}

/** `toolbridge serve`: the OpenAI-compatible server of `@toolbridge/server`, loaded only when asked for. */
async function runServeCommand(args: string[], io: CliIo): Promise<number> {
  const server = await import('@toolbridge/server/node');
  return server.runServeCommand(args, io);
}

/** Runs the `toolbridge` command; resolves with its exit code. */
export async function runCli(argv: readonly string[], io: CliIo, version: string): Promise<number> {
  const [command, ...args] = argv;
  try {
    switch (command) {
      case 'inspect':
        return await runInspect(args, io);
      case 'prompt':
        return await runPrompt(args, io);
      case 'serve':
        return await runServeCommand(args, io);
      case undefined:
        io.stderr(`${USAGE}\n`);
        return EXIT.usage;
      case 'help':
      case '--help':
      case '-h':
        io.stdout(`${USAGE}\n`);
        return EXIT.ok;
      case '--version':
        io.stdout(`${version}\n`);
        return EXIT.ok;
      default:
        throw new UsageError(`Unknown command "${command}".`, USAGE);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`${error.message}\n\n${error.usage}\n`);
      return EXIT.usage;
    }
    if (error instanceof InputError) {
      io.stderr(`${error.message}\n`);
      return EXIT.usage;
    }
    io.stderr(`toolbridge failed: ${(error as Error)?.stack ?? String(error)}\n`);
    return EXIT.internal;
  }
}
