import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LanguageModelV4Prompt } from '@ai-sdk/provider';
import { generateText, stepCountIs, streamText, tool, wrapLanguageModel } from 'ai';
import { assert, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { autoProtocol } from '../auto/auto-protocol';
import { toolMiddlewareFor } from '../auto/tool-middleware-for';
import { createToolMiddleware } from '../middleware/create-tool-middleware';
import { toolbridgeOptions } from '../middleware/toolbridge-options';
import { hermesToolMiddleware } from '../presets/presets';
import { jsonMixProtocol } from '../protocols/json-mix-protocol';
import { scriptedModel, tokenize } from '../testing/mock-model';
import { recordModelOutput } from './record-model-output';
import type { ModelCallRecording } from './recording';

const tools = {
  get_weather: tool({
    description: 'Weather in a city',
    inputSchema: z.object({ city: z.string() }),
    execute: async ({ city }) => ({ city, temperature: 21 }),
  }),
};
const CALL = '<tool_call>{"name": "get_weather", "arguments": {"city": "Oslo"}}</tool_call>';
const BROKEN = '<tool_call>{"name": "get_weather", "arguments": {"city": </tool_call>';

/** A recorder around the Hermes middleware whose lines are kept in `lines`. */
function recorded() {
  const lines: string[] = [];
  const middleware = recordModelOutput({
    middleware: hermesToolMiddleware,
    write: (line) => {
      lines.push(line);
    },
  });
  return {
    middleware,
    recordings: () => lines.map((line) => JSON.parse(line) as ModelCallRecording),
  };
}

function systemText(prompt: LanguageModelV4Prompt): string {
  const system = prompt.find((message) => message.role === 'system');
  return system?.content ?? '';
}

describe('recordModelOutput', () => {
  it('records a streamed step: the rewritten prompt, the raw chunks, the parts and the usage', async () => {
    const { middleware, recordings } = recorded();
    const reply = `Let me check. ${CALL}`;
    const model = scriptedModel([reply, 'It is 21 degrees.']);
    const result = streamText({
      model: wrapLanguageModel({ model, middleware }),
      tools,
      stopWhen: stepCountIs(2),
      prompt: 'Weather in Oslo?',
    });
    expect(await result.text).toBe('It is 21 degrees.');

    const [first, second] = recordings();
    assert.isDefined(first);
    assert.isDefined(second);
    expect(recordings()).toHaveLength(2);
    expect(first).toMatchObject({
      toolbridgeRecording: 1,
      mode: 'stream',
      modelId: 'mock-model-id',
    });
    expect(first.tools).toEqual([
      expect.objectContaining({ name: 'get_weather', description: 'Weather in a city' }),
    ]);
    // The prompt as the model got it: the tool middleware's system prompt is in it.
    expect(systemText(first.prompt)).toContain('get_weather');
    // The text as the model sent it, piece by piece, with the ms since the call started.
    expect(first.chunks.map((chunk) => chunk.text)).toEqual(tokenize(reply));
    for (const chunk of first.chunks) expect(chunk.time).toBeGreaterThanOrEqual(0);
    // The parts the caller got: the call as toolbridge read it.
    const call = first.parts?.find(({ part }) => part.type === 'tool-call')?.part;
    expect(call).toMatchObject({ toolName: 'get_weather', input: '{"city":"Oslo"}' });
    expect(first.finishReason).toMatchObject({ unified: 'tool-calls' });
    expect(first.usage).toMatchObject({ inputTokens: { total: 10 } });
    expect(first.reports).toEqual([]);
    // The second step's prompt holds the first call and its result, as the model reads them.
    const history = JSON.stringify(second.prompt);
    expect(history).toContain('get_weather');
    expect(history).toContain('21');
  });

  it('records a generated step with its content', async () => {
    const { middleware, recordings } = recorded();
    const reply = `Sure. ${CALL}`;
    await generateText({
      model: wrapLanguageModel({ model: scriptedModel([reply]), middleware }),
      tools,
      prompt: 'Weather in Oslo?',
    });
    const [recording] = recordings();
    assert.isDefined(recording);
    expect(recording).toMatchObject({ mode: 'generate', chunks: [{ text: reply }] });
    expect(recording.content?.map((part) => part.type)).toEqual(['text', 'tool-call']);
    expect(recording.parts).toBeUndefined();
    expect(recording.usage).toMatchObject({ outputTokens: { total: 20 } });
  });

  it('records onError reports and still calls the per-call onError', async () => {
    for (const run of ['generate', 'stream'] as const) {
      const { middleware, recordings } = recorded();
      const onError = vi.fn();
      const options = {
        model: wrapLanguageModel({ model: scriptedModel([`Oops ${BROKEN}`]), middleware }),
        tools,
        prompt: 'Weather in Oslo?',
        providerOptions: toolbridgeOptions({ onError }),
      };
      if (run === 'generate') await generateText(options);
      else await streamText(options).consumeStream();
      const [recording] = recordings();
      assert.isDefined(recording);
      expect(recording.reports).toHaveLength(1);
      expect(recording.reports[0]).toMatchObject({
        reason: 'invalid-call',
        toolName: 'get_weather',
      });
      expect(onError).toHaveBeenCalledTimes(1);
      expect(onError.mock.calls[0]?.[1]).toMatchObject({ reason: 'invalid-call' });
    }
  });

  it("records reports and still calls the middleware's own onError", async () => {
    const onError = vi.fn();
    const lines: string[] = [];
    const middleware = recordModelOutput({
      middleware: createToolMiddleware({ protocol: jsonMixProtocol(), onError }),
      write: (line) => {
        lines.push(line);
      },
    });
    await generateText({
      model: wrapLanguageModel({ model: scriptedModel([`Oops ${BROKEN}`]), middleware }),
      tools,
      prompt: 'Weather in Oslo?',
    });
    const [line] = lines;
    assert.isDefined(line);
    expect((JSON.parse(line) as ModelCallRecording).reports).toHaveLength(1);
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it("records toolbridge's re-asks under a forced tool choice", async () => {
    const { middleware, recordings } = recorded();
    const model = scriptedModel(['No call here.', CALL]);
    const result = streamText({
      model: wrapLanguageModel({ model, middleware }),
      tools,
      toolChoice: 'required',
      prompt: 'Weather?',
    });
    expect((await result.toolCalls).map((call) => call.toolName)).toEqual(['get_weather']);
    const [recording] = recordings();
    assert.isDefined(recording);
    expect(recording.chunks.map((chunk) => chunk.text).join('')).toBe('No call here.');
    expect(recording.responseFormat).toMatchObject({ type: 'json' });
    expect(recording.retries).toHaveLength(1);
    expect(recording.retries?.[0]?.chunks.map((chunk) => chunk.text).join('')).toBe(CALL);
    expect(JSON.stringify(recording.retries?.[0]?.prompt)).toContain('You must call');
  });

  it('records the format the tool middleware reads in, and the tool choice', async () => {
    const formatOf = async (
      middleware: Parameters<typeof recordModelOutput>[0]['middleware'],
      reply = CALL,
    ) => {
      const lines: string[] = [];
      const recorder = recordModelOutput({ middleware, write: (line) => void lines.push(line) });
      for (const run of ['generate', 'stream'] as const) {
        const options = {
          model: wrapLanguageModel({ model: scriptedModel([reply]), middleware: recorder }),
          tools,
          toolChoice: { type: 'tool', toolName: 'get_weather' } as const,
          prompt: 'Weather?',
        };
        if (run === 'generate') await generateText(options);
        else await streamText(options).consumeStream();
      }
      const [generated, streamed] = lines.map((line) => JSON.parse(line) as ModelCallRecording);
      assert.isDefined(generated);
      assert.isDefined(streamed);
      expect(streamed.format).toBe(generated.format);
      expect(generated.toolChoice).toEqual({ type: 'tool', toolName: 'get_weather' });
      expect(streamed.toolChoice).toEqual({ type: 'tool', toolName: 'get_weather' });
      return generated.format;
    };
    expect(await formatOf(hermesToolMiddleware)).toBe('hermes');
    expect(await formatOf(createToolMiddleware({ protocol: autoProtocol() }))).toBe('auto');
    expect(await formatOf(toolMiddlewareFor('qwen3-coder:30b'))).toBe('auto');
    // A protocol of its own has no name a reader knows: none is recorded.
    const own = jsonMixProtocol({ toolCallStart: '<call>', toolCallEnd: '</call>' });
    const ownCall = CALL.replaceAll('tool_call>', 'call>');
    expect(await formatOf(createToolMiddleware({ protocol: own }), ownCall)).toBeUndefined();
  });

  it('records where the middleware read a reply as starting, when not in text', async () => {
    const startOf = async (modelId: string) => {
      const lines: string[] = [];
      const recorder = recordModelOutput({
        middleware: toolMiddlewareFor(modelId),
        write: (line) => void lines.push(line),
      });
      const model = wrapLanguageModel({
        model: scriptedModel(['Hm.</think>Hi']),
        middleware: recorder,
      });
      await generateText({ model, tools, prompt: 'Weather?' });
      const [line] = lines;
      assert.isDefined(line);
      return (JSON.parse(line) as ModelCallRecording).startWithReasoning;
    };
    expect(await startOf('deepseek-r1:8b')).toBe(true);
    expect(await startOf('zai-org/GLM-4.7-Flash')).toBe('if-closed');
    expect(await startOf('qwen2.5:7b')).toBeUndefined();
  });

  it('records a stream the caller stops reading', async () => {
    const { middleware, recordings } = recorded();
    const model = wrapLanguageModel({
      model: scriptedModel(['a long reply '.repeat(20)]),
      middleware,
    });
    const { stream } = await model.doStream({
      prompt: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
    });
    const reader = stream.getReader();
    await reader.read();
    await reader.cancel();
    expect(recordings()).toHaveLength(1);
    expect(recordings()[0]).toMatchObject({
      cancelled: true,
      parts: [{ part: { type: 'stream-start' } }],
    });
  });

  it('appends one line per call to a file, and writes nothing when no file is given', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'toolbridge-recorder-'));
    try {
      const file = join(dir, 'calls.jsonl');
      const middleware = recordModelOutput({ file, middleware: hermesToolMiddleware });
      for (let i = 0; i < 2; i++) {
        await generateText({
          model: wrapLanguageModel({ model: scriptedModel([`Reply ${i}`]), middleware }),
          tools,
          prompt: 'Hi',
        });
      }
      const lines = (await readFile(file, 'utf8')).trimEnd().split('\n');
      expect(lines.map((line) => JSON.parse(line).chunks[0].text)).toEqual(['Reply 0', 'Reply 1']);

      expect(recordModelOutput({ middleware: hermesToolMiddleware })).toBe(hermesToolMiddleware);
      expect(recordModelOutput({ file: undefined }).wrapGenerate).toBeUndefined();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('warns once and lets the call go on when a line cannot be written', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const middleware = recordModelOutput({
        middleware: hermesToolMiddleware,
        write: () => {
          throw new Error('disk full');
        },
      });
      for (let i = 0; i < 2; i++) {
        const result = await generateText({
          model: wrapLanguageModel({ model: scriptedModel(['Hello']), middleware }),
          prompt: 'Hi',
        });
        expect(result.text).toBe('Hello');
      }
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]?.[0])).toContain('disk full');
    } finally {
      warn.mockRestore();
    }
  });

  it('records a model call that fails', async () => {
    const { middleware, recordings } = recorded();
    const model = scriptedModel([]);
    model.doGenerate = async () => {
      throw new Error('server down');
    };
    await expect(
      generateText({
        model: wrapLanguageModel({ model, middleware }),
        prompt: 'Hi',
        maxRetries: 0,
      }),
    ).rejects.toThrow('server down');
    expect(recordings()[0]?.error).toEqual({ name: 'Error', message: 'server down' });
  });
});
