import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PROMPT,
  readDemoOptions,
  SCRIPTED_MODEL,
  USAGE,
  UsageError,
} from './demo-options.ts';
import { PROTOCOLS } from './demo-script.ts';

describe('readDemoOptions', () => {
  it('defaults to the scripted model and the hermes protocol', () => {
    expect(readDemoOptions([], {})).toEqual({
      protocol: 'hermes',
      baseURL: undefined,
      model: SCRIPTED_MODEL,
      apiKey: 'not-needed',
      prompt: DEFAULT_PROMPT,
      timeoutSeconds: 60,
      recordFile: undefined,
      proxy: false,
      help: false,
    });
  });

  it('reads --proxy, which does not go with --protocol native', () => {
    expect(readDemoOptions(['--proxy', '--protocol', 'xml'], {}).proxy).toBe(true);
    expect(() => readDemoOptions(['--proxy', '--protocol', 'native'], {})).toThrow(UsageError);
  });

  it('reads flags, and the environment where a flag is absent', () => {
    const options = readDemoOptions(['--protocol', 'xml', '--prompt', 'hi'], {
      TOOLBRIDGE_BASE_URL: 'http://localhost:11434/v1',
      TOOLBRIDGE_MODEL: 'qwen2.5:7b',
      TOOLBRIDGE_API_KEY: 'k',
    });
    expect(options).toMatchObject({
      protocol: 'xml',
      baseURL: 'http://localhost:11434/v1',
      model: 'qwen2.5:7b',
      apiKey: 'k',
      prompt: 'hi',
    });
    expect(readDemoOptions(['--model', 'flag'], { TOOLBRIDGE_MODEL: 'env' }).model).toBe('flag');
  });

  it('reads the protocols that pick the format by model id or read every format', () => {
    expect(readDemoOptions(['--protocol', 'auto'], {}).protocol).toBe('auto');
    expect(
      readDemoOptions(['--protocol', 'model-id', '--model', 'qwen3-coder:30b'], {}),
    ).toMatchObject({ protocol: 'model-id', model: 'qwen3-coder:30b' });
  });

  it('lists every protocol in the usage and in the error for an unknown one', () => {
    for (const protocol of PROTOCOLS) expect(USAGE).toContain(protocol);
    expect(USAGE).toContain('toolMiddlewareFor');
    expect(() => readDemoOptions(['--protocol', 'yaml'], {})).toThrow(
      `choose one of ${PROTOCOLS.join(', ')}.`,
    );
    expect(PROTOCOLS).toEqual(expect.arrayContaining(['auto', 'model-id']));
  });

  it('reads --timeout in seconds, fractions included', () => {
    expect(readDemoOptions(['--timeout', '300'], {}).timeoutSeconds).toBe(300);
    expect(readDemoOptions(['--timeout', '1.5'], {}).timeoutSeconds).toBe(1.5);
  });

  it('reads --record, the file the model calls are recorded to', () => {
    expect(readDemoOptions(['--record', 'calls.jsonl'], {}).recordFile).toBe('calls.jsonl');
  });

  it('takes the flags after the `--` that `pnpm demo -- --flag` passes on', () => {
    expect(readDemoOptions(['--', '--protocol', 'xml'], {}).protocol).toBe('xml');
  });

  it.each([
    [['--protocl', 'xml'], /Unknown option '--protocl'/],
    [['--protocol', 'yaml'], /Unknown protocol "yaml"/],
    [['--base-url', 'not a url', '--model', 'm'], /not a URL/],
    [['--base-url', 'http://localhost:1234/v1'], /--model is required/],
    [['extra'], /positional/i],
    [['--timeout', '0'], /--timeout takes a number of seconds/],
    [['--timeout', 'soon'], /--timeout takes a number of seconds/],
    [['--timeout', '1e9'], /at most 86400/],
    [['--record'], /argument missing/],
  ])('refuses %j', (argv, message) => {
    expect(() => readDemoOptions(argv, {})).toThrow(UsageError);
    expect(() => readDemoOptions(argv, {})).toThrow(message);
  });
});
