import {
  type ModelCallRecording,
  recordModelOutput,
  toolbridgeOptions,
} from '@toolbridge/middleware';
import { hermesToolMiddleware } from '@toolbridge/middleware/formats';
import {
  generateText,
  jsonSchema,
  streamText,
  ToolChoiceViolationError,
  tool,
  wrapLanguageModel,
} from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';
import { assert, describe, expect, it } from 'vitest';
import { EXIT, runCli } from './cli.ts';
import type { InspectResult } from './inspect.ts';
import { plain } from './render.ts';

// Issue 19: what `toolbridge inspect` says about a recording where a call did not happen.

const QWEN_XML =
  '<tool_call>\n<function=get_weather>\n<parameter=city>\nOslo\n</parameter>\n</function>\n</tool_call>';
const NOT_JSON = '<tool_call>not json at all</tool_call>';
const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 20, text: 20, reasoning: undefined },
};
const tools = {
  get_weather: tool({
    inputSchema: jsonSchema<{ city: string }>({
      type: 'object',
      properties: { city: { type: 'string' } },
      required: ['city'],
    }),
    execute: async () => ({ temperature: -3 }),
  }),
};

/** A model that answers each request with the next reply, in generate and in stream. */
function scripted(replies: readonly string[]) {
  let turn = 0;
  return new MockLanguageModelV4({
    doGenerate: async () => ({
      content: [{ type: 'text', text: replies[turn++] ?? '' }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage,
      warnings: [],
    }),
    doStream: async () => ({
      stream: convertArrayToReadableStream([
        { type: 'stream-start' as const, warnings: [] },
        { type: 'text-start' as const, id: 't' },
        ...((replies[turn++] ?? '').match(/[\s\S]{1,4}/g) ?? []).map((delta) => ({
          type: 'text-delta' as const,
          id: 't',
          delta,
        })),
        { type: 'text-end' as const, id: 't' },
        { type: 'finish' as const, finishReason: { unified: 'stop' as const, raw: 'stop' }, usage },
      ]),
    }),
  });
}

/** Runs one step through the Hermes middleware with a recorder; returns the recording and what the app saw. */
async function record(
  mode: 'generate' | 'stream',
  replies: readonly string[],
  extra: { toolChoice?: 'required' } = {},
) {
  const lines: string[] = [];
  const reports: string[] = [];
  const options = {
    model: wrapLanguageModel({
      model: scripted(replies),
      middleware: recordModelOutput({
        middleware: hermesToolMiddleware,
        write: (line) => void lines.push(line),
      }),
    }),
    tools,
    prompt: 'Weather in Oslo?',
    providerOptions: toolbridgeOptions({ onError: (_message, { reason }) => reports.push(reason) }),
    ...extra,
  };
  let calls = 0;
  let error: unknown;
  if (mode === 'generate') {
    try {
      calls = (await generateText(options)).toolCalls.length;
    } catch (thrown) {
      error = thrown;
    }
  } else {
    const result = streamText({
      ...options,
      onError: ({ error: thrown }) => {
        error = thrown;
      },
    });
    await result.consumeStream();
    calls = (await result.toolCalls).length;
  }
  return { recording: lines.join('\n'), calls, reports, error };
}

/** `toolbridge inspect -` on `input`, plain; with `--json` too. */
async function inspectRecording(input: string, args: string[] = []) {
  const run = async (more: string[]) => {
    let stdout = '';
    const code = await runCli(
      ['inspect', '-', ...args, ...more],
      {
        stdout: (text) => {
          stdout += text;
        },
        stderr: (text) => {
          stdout += text;
        },
        readStdin: async () => input,
        style: plain,
        waitForInterrupt: async () => {},
      },
      '0.0.0',
    );
    return { code, stdout };
  };
  const text = await run([]);
  const json = JSON.parse((await run(['--json'])).stdout) as InspectResult;
  return { ...text, json };
}

describe('toolbridge inspect on a recording where a call did not happen', () => {
  it.each(['generate', 'stream'] as const)(
    'hermes preset, Qwen3-Coder XML inside <tool_call> (%s): no call, one report, and what auto would read',
    async (mode) => {
      const run = await record(mode, [`Checking.\n${QWEN_XML}`]);
      expect(run.calls).toBe(0);
      expect(run.reports).toEqual(['malformed-call']);
      const line = JSON.parse(run.recording) as ModelCallRecording;
      expect(line.format).toBe('hermes');
      expect(line.reports).toEqual([
        expect.objectContaining({ reason: 'malformed-call', rawText: QWEN_XML }),
      ]);

      const { code, stdout, json } = await inspectRecording(run.recording);
      expect(code).toBe(EXIT.findings);
      expect(stdout).toContain('⚠ malformed-call:');
      expect(stdout).toContain('↳ auto would read 1 qwen3-coder call here: get_weather');
      expect(stdout).not.toContain('▶ call');
      expect(stdout).toContain('1 reply · 0 calls · 1 report (1 malformed-call)');
      expect(stdout).toContain('read as recorded (hermes)');
      const [reply] = json.replies;
      assert.isDefined(reply);
      expect(reply).toMatchObject({ format: 'hermes', calls: [] });
      expect(reply.autoCalls).toEqual([
        expect.objectContaining({ toolName: 'get_weather', format: 'qwen3-coder' }),
      ]);
      expect(json.summary).toMatchObject({ calls: 0, reports: 1, autoCalls: 1 });

      // Asked for auto, it reads the call, and says the middleware read no call there.
      const auto = await inspectRecording(run.recording, ['--format', 'auto']);
      expect(auto.stdout).toContain('▶ call 1: get_weather (qwen3-coder)');
      expect(auto.json.replies[0]?.format).toBe('auto');
    },
  );

  it.each(['generate', 'stream'] as const)(
    'hermes preset, no JSON inside <tool_call> (%s): one report, no call anywhere',
    async (mode) => {
      const run = await record(mode, [`Checking. ${NOT_JSON}`]);
      expect(run.calls).toBe(0);
      expect(run.reports).toEqual(['malformed-call']);
      const { code, stdout, json } = await inspectRecording(run.recording);
      expect(code).toBe(EXIT.findings);
      expect(stdout).toContain('⚠ malformed-call:');
      expect(stdout).toContain(`┆ ${NOT_JSON}`);
      expect(stdout).not.toContain('auto would read');
      expect(json.replies[0]?.reports).toEqual([
        expect.objectContaining({ reason: 'malformed-call', rawText: NOT_JSON }),
      ]);
    },
  );

  it.each(['generate', 'stream'] as const)(
    'a forced tool choice that no reply met, even after the re-ask (%s): a line, and exit 1',
    async (mode) => {
      const run = await record(mode, ['It is cold.', 'Still no call.'], {
        toolChoice: 'required',
      });
      expect(ToolChoiceViolationError.isInstance(run.error)).toBe(true);
      const line = JSON.parse(run.recording) as ModelCallRecording;
      expect(line.toolChoice).toEqual({ type: 'required' });
      expect(line.retries).toHaveLength(1);

      const { code, stdout, json } = await inspectRecording(run.recording);
      expect(code).toBe(EXIT.findings);
      expect(stdout).toContain(
        '✗ the tool choice required a call, and no reply made one (after 1 re-ask): the AI SDK raised AI_ToolChoiceViolationError',
      );
      expect(stdout).toContain('2 replies · 0 calls · no reports · 1 tool choice not met');
      expect(json.replies[0]?.recording).toMatchObject({
        toolChoice: { type: 'required' },
        toolChoiceNotMet: true,
      });
      expect(json.summary).toMatchObject({ replies: 2, toolChoiceNotMet: 1 });
    },
  );

  it('a forced tool choice the re-ask met: no line, exit 0', async () => {
    const call = '<tool_call>{"name": "get_weather", "arguments": {"city": "Oslo"}}</tool_call>';
    const run = await record('generate', ['It is cold.', call], { toolChoice: 'required' });
    expect(run.calls).toBe(1);
    const { code, stdout } = await inspectRecording(run.recording);
    expect(code).toBe(EXIT.ok);
    expect(stdout).not.toContain('tool choice');
  });
});
