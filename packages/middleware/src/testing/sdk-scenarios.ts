// End-to-end scenarios through the real AI SDK, defined once and run against each major it
// supports: `ai@7` with the package's main entry, `ai@6` with `@toolbridge/middleware/v6`.
// Each suite passes an `SdkUnderTest`; the scenarios use only what both majors share.
import type * as Ai from 'ai';
import { assert, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { nativeProtocol } from '../auto/native-salvage';
import type { ToolMiddlewareOptions } from '../middleware/create-tool-middleware';
import { jsonMixProtocol } from '../protocols/json-mix-protocol';
import type { ScriptedReply } from './scripted-models';

/** What a scenario reads of the call options a mock model received. */
export interface RecordedCall {
  prompt: ReadonlyArray<{
    role: string;
    content: string | ReadonlyArray<{ type: string; text?: string }>;
  }>;
  tools?: unknown;
  toolChoice?: unknown;
  responseFormat?: unknown;
}

/** A mock model that records the calls it received. */
export interface RecordingModel {
  doGenerateCalls: RecordedCall[];
  doStreamCalls: RecordedCall[];
}

/**
 * One AI SDK major and the middlewares built for it. The SDK functions are typed as AI SDK 7
 * has them; the AI SDK 6 suite passes its own functions under those types, so the scenarios
 * keep to what both majors share (section 3.4 of the AI SDK notes lists the differences).
 */
export interface SdkUnderTest<Middleware, Model extends RecordingModel> {
  label: string;
  generateText: typeof Ai.generateText;
  streamText: typeof Ai.streamText;
  tool: typeof Ai.tool;
  stepCountIs: typeof Ai.stepCountIs;
  hasToolCall: typeof Ai.hasToolCall;
  readUIMessageStream: typeof Ai.readUIMessageStream;
  /** The messages a `generateText` result adds to the conversation. */
  responseMessages(result: unknown): Ai.ModelMessage[];
  /** A mock model of this major answering each call with the next reply. */
  scriptedModel(replies: readonly ScriptedReply[]): Model;
  /** `wrapLanguageModel` of this major. */
  wrap(model: Model, middleware: Middleware): Ai.LanguageModel;
  createToolMiddleware(options: ToolMiddlewareOptions): Middleware;
  hermesToolMiddleware: Middleware;
  gemmaToolMiddleware: Middleware;
  xmlToolMiddleware: Middleware;
  toolCallTagMiddleware: Middleware;
}

/** How each preset's model writes a call to get_weather(city: Oslo, days: 2). */
const families = [
  {
    name: 'hermes',
    preset: 'hermesToolMiddleware',
    call: 'Let me check.\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Oslo", "days": 2}}\n</tool_call>',
  },
  {
    name: 'gemma',
    preset: 'gemmaToolMiddleware',
    call: 'Let me check.\n```tool_call\n{"name": "get_weather", "arguments": {"city": "Oslo", "days": 2}}\n```',
  },
  {
    name: 'xml',
    preset: 'xmlToolMiddleware',
    call: 'Let me check.\n<get_weather>\n<city>Oslo</city>\n<days>2</days>\n</get_weather>',
  },
  {
    name: 'tool-call-tag',
    preset: 'toolCallTagMiddleware',
    call: 'Let me check.\n<TOOL_CALL>{"tool": "get_weather", "args": {"city": "Oslo", "days": 2}, "reasoning": "asked"}</TOOL_CALL>',
  },
] as const;

const HERMES_CALL = families[0].call;

/** The prompt as one text: every message's text, other parts as `[type]`. */
export function promptText(prompt: RecordedCall['prompt']): string {
  return prompt
    .map((message) =>
      typeof message.content === 'string'
        ? message.content
        : message.content.map((part) => part.text ?? `[${part.type}]`).join(''),
    )
    .join('\n---\n');
}

/** Registers every scenario for one SDK major. */
export function describeSdkScenarios<Middleware, Model extends RecordingModel>(
  sdk: SdkUnderTest<Middleware, Model>,
): void {
  const { generateText, streamText, tool, stepCountIs, hasToolCall } = sdk;

  const getWeather = async ({ city, days }: { city: string; days?: number | undefined }) => ({
    city,
    temperature: 21,
    days: days ?? 1,
  });
  const weatherTool = tool({
    description: 'Weather in a city',
    inputSchema: z.object({ city: z.string(), days: z.number().int().optional() }),
    execute: getWeather,
  });

  describe(`${sdk.label}: a multi-step tool loop`, () => {
    describe.each(families)('$name', ({ preset, call }) => {
      const middleware = sdk[preset];

      it('runs with generateText: the call executes and the model sees its result', async () => {
        const model = sdk.scriptedModel([call, 'It is 21 degrees in Oslo.']);
        const execute = vi.fn(getWeather);
        const result = await generateText({
          model: sdk.wrap(model, middleware),
          tools: { get_weather: { ...weatherTool, execute } },
          prompt: 'Weather in Oslo for two days?',
          stopWhen: stepCountIs(3),
        });
        expect(execute).toHaveBeenCalledWith({ city: 'Oslo', days: 2 }, expect.anything());
        expect(result.text).toBe('It is 21 degrees in Oslo.');
        expect(result.steps).toHaveLength(2);
        expect(result.steps[0]).toMatchObject({
          finishReason: 'tool-calls',
          text: 'Let me check.\n',
        });

        const [first, second] = model.doGenerateCalls;
        assert.isDefined(first);
        assert.isDefined(second);
        expect(first.tools).toBeUndefined();
        expect(first.toolChoice).toBeUndefined();
        expect(first.prompt[0]).toMatchObject({ role: 'system' });
        expect(promptText(first.prompt)).toContain('get_weather');
        // The second step sees the call and its result as text, in the protocol's own format.
        expect(second.prompt.map((message) => message.role)).toEqual([
          'system',
          'user',
          'assistant',
          'user',
        ]);
        expect(promptText(second.prompt)).toContain('Oslo');
        expect(promptText(second.prompt)).toContain('21');
      });

      it('runs with streamText, streaming the tool input under the call id', async () => {
        const model = sdk.scriptedModel([call, 'It is 21 degrees in Oslo.']);
        const result = streamText({
          model: sdk.wrap(model, middleware),
          tools: { get_weather: weatherTool },
          prompt: 'Weather in Oslo for two days?',
          stopWhen: stepCountIs(3),
        });
        const parts = [];
        for await (const part of result.fullStream) parts.push(part);
        const types = parts.map((part) => part.type);
        expect(types).not.toContain('error');
        const start = parts.find((part) => part.type === 'tool-input-start');
        const toolCall = parts.find((part) => part.type === 'tool-call');
        assert.isDefined(start);
        assert.isDefined(toolCall);
        expect(types).toContain('tool-input-delta');
        expect(types.indexOf('tool-input-start')).toBeLessThan(types.indexOf('tool-call'));
        expect(start.id).toBe(toolCall.toolCallId);
        const deltas = parts.flatMap((part) =>
          part.type === 'tool-input-delta' && part.id === start.id ? [part.delta] : [],
        );
        expect(JSON.parse(deltas.join(''))).toEqual({ city: 'Oslo', days: 2 });
        expect(parts.find((part) => part.type === 'tool-result')).toMatchObject({
          toolName: 'get_weather',
          output: { city: 'Oslo', temperature: 21, days: 2 },
        });
        expect(await result.text).toBe('It is 21 degrees in Oslo.');
        expect(model.doStreamCalls).toHaveLength(2);
      });
    });

    it('ends where stopWhen says: hasToolCall stops after the finishing tool', async () => {
      const model = sdk.scriptedModel([
        '<tool_call>{"name": "done", "arguments": {"result": "ok"}}</tool_call>',
        'never',
      ]);
      const result = await generateText({
        model: sdk.wrap(model, sdk.hermesToolMiddleware),
        tools: {
          done: tool({
            inputSchema: z.object({ result: z.string() }),
            execute: async ({ result }) => result,
          }),
        },
        prompt: 'Finish.',
        stopWhen: hasToolCall('done'),
      });
      expect(result.steps).toHaveLength(1);
      expect(model.doGenerateCalls).toHaveLength(1);
    });

    it('leaves a UI message with the tool part answered, none left streaming', async () => {
      const model = sdk.scriptedModel([HERMES_CALL, 'It is 21 degrees in Oslo.']);
      const result = streamText({
        model: sdk.wrap(model, sdk.hermesToolMiddleware),
        tools: { get_weather: weatherTool },
        prompt: 'Weather in Oslo for two days?',
        stopWhen: stepCountIs(3),
      });
      let message: Ai.UIMessage | undefined;
      for await (const update of sdk.readUIMessageStream({ stream: result.toUIMessageStream() })) {
        message = update;
      }
      assert.isDefined(message);
      const toolParts = message.parts.filter((part) => part.type.startsWith('tool-'));
      expect(toolParts).toEqual([
        expect.objectContaining({
          type: 'tool-get_weather',
          state: 'output-available',
          input: { city: 'Oslo', days: 2 },
          output: { city: 'Oslo', temperature: 21, days: 2 },
        }),
      ]);
    });
  });

  describe(`${sdk.label}: errors the model sees in the next step`, () => {
    it('reports a tool that throws back to the model', async () => {
      const model = sdk.scriptedModel([HERMES_CALL, 'Sorry, the weather service failed.']);
      const result = await generateText({
        model: sdk.wrap(model, sdk.hermesToolMiddleware),
        tools: {
          get_weather: tool({
            inputSchema: z.object({ city: z.string(), days: z.number() }),
            execute: async (): Promise<string> => {
              throw new Error('service down');
            },
          }),
        },
        prompt: 'Weather?',
        stopWhen: stepCountIs(3),
      });
      expect(result.text).toBe('Sorry, the weather service failed.');
      expect(result.steps[0]?.content.some((part) => part.type === 'tool-error')).toBe(true);
      const secondPrompt = model.doGenerateCalls[1]?.prompt;
      assert.isDefined(secondPrompt);
      expect(secondPrompt.some((message) => message.role === 'tool')).toBe(false);
      // As Qwen's template shows a failed tool's message: the text of the error, in its wrapper.
      // (AI SDK 6 writes the error as `Error: service down`.)
      expect(promptText(secondPrompt)).toMatch(
        /<tool_response>\n(?:Error: )?service down\n<\/tool_response>/,
      );
    });

    it('reports an unknown tool name back to the model, in stream too', async () => {
      const model = sdk.scriptedModel([
        '<tool_call>{"name": "get_wether", "arguments": {"city": "Oslo"}}</tool_call>',
        'Retrying.',
      ]);
      const result = streamText({
        model: sdk.wrap(model, sdk.hermesToolMiddleware),
        tools: { get_weather: weatherTool },
        prompt: 'Weather?',
        stopWhen: stepCountIs(3),
      });
      const steps = await result.steps;
      expect(steps[0]?.content.some((part) => part.type === 'tool-error')).toBe(true);
      const [, retry] = model.doStreamCalls;
      assert.isDefined(retry);
      expect(promptText(retry.prompt)).toContain('get_wether');
      expect(await result.text).toBe('Retrying.');
    });

    it('reports input that fails the schema back to the model', async () => {
      const execute = vi.fn(getWeather);
      const model = sdk.scriptedModel([
        '<tool_call>{"name": "get_weather", "arguments": {"town": "Oslo"}}</tool_call>',
        'Let me fix that.',
      ]);
      const result = await generateText({
        model: sdk.wrap(model, sdk.hermesToolMiddleware),
        tools: { get_weather: { ...weatherTool, execute } },
        prompt: 'Weather?',
        stopWhen: stepCountIs(3),
      });
      expect(execute).not.toHaveBeenCalled();
      expect(result.steps[0]?.content.some((part) => part.type === 'tool-error')).toBe(true);
      const [, retry] = model.doGenerateCalls;
      assert.isDefined(retry);
      expect(promptText(retry.prompt)).toContain('city');
      expect(result.text).toBe('Let me fix that.');
    });
  });

  describe(`${sdk.label}: tool approval`, () => {
    it('asks for approval, then runs the tool once approved', async () => {
      const execute = vi.fn(async () => 'written');
      const tools = {
        write_note: tool({
          inputSchema: z.object({ text: z.string() }),
          needsApproval: true,
          execute,
        }),
      };
      const model = sdk.scriptedModel([
        '<tool_call>{"name": "write_note", "arguments": {"text": "hi"}}</tool_call>',
        'Saved your note.',
      ]);
      const wrapped = sdk.wrap(model, sdk.hermesToolMiddleware);
      const first = await generateText({ model: wrapped, tools, prompt: 'Save "hi".' });
      const request = first.content.find((part) => part.type === 'tool-approval-request');
      assert.isDefined(request);
      expect(execute).not.toHaveBeenCalled();

      const second = await generateText({
        model: wrapped,
        tools,
        messages: [
          { role: 'user', content: 'Save "hi".' },
          ...sdk.responseMessages(first),
          {
            role: 'tool',
            content: [
              { type: 'tool-approval-response', approvalId: request.approvalId, approved: true },
            ],
          },
        ],
      });
      expect(execute).toHaveBeenCalledWith({ text: 'hi' }, expect.anything());
      expect(second.text).toBe('Saved your note.');
      const lastPrompt = model.doGenerateCalls[1]?.prompt;
      assert.isDefined(lastPrompt);
      expect(lastPrompt.some((message) => message.role === 'tool')).toBe(false);
      expect(promptText(lastPrompt)).toContain('written');
    });

    it('tells the model when the user denied the call', async () => {
      const execute = vi.fn(async () => 'written');
      const tools = {
        write_note: tool({
          inputSchema: z.object({ text: z.string() }),
          needsApproval: true,
          execute,
        }),
      };
      const model = sdk.scriptedModel([
        '<tool_call>{"name": "write_note", "arguments": {"text": "hi"}}</tool_call>',
        'I did not save it.',
      ]);
      const wrapped = sdk.wrap(model, sdk.hermesToolMiddleware);
      const first = await generateText({ model: wrapped, tools, prompt: 'Save "hi".' });
      const request = first.content.find((part) => part.type === 'tool-approval-request');
      assert.isDefined(request);
      await generateText({
        model: wrapped,
        tools,
        messages: [
          { role: 'user', content: 'Save "hi".' },
          ...sdk.responseMessages(first),
          {
            role: 'tool',
            content: [
              {
                type: 'tool-approval-response',
                approvalId: request.approvalId,
                approved: false,
                reason: 'not now',
              },
            ],
          },
        ],
      });
      expect(execute).not.toHaveBeenCalled();
      const [, answer] = model.doGenerateCalls;
      assert.isDefined(answer);
      expect(promptText(answer.prompt)).toContain('not now');
    });
  });

  describe(`${sdk.label}: tool choice`, () => {
    const tools = {
      get_weather: weatherTool,
      get_time: tool({ inputSchema: z.object({}), execute: async () => '12:00' }),
    };

    it("'required' asks for a JSON call of any tool and parses it", async () => {
      const model = sdk.scriptedModel(['{"name": "get_time", "arguments": {}}']);
      const result = await generateText({
        model: sdk.wrap(model, sdk.hermesToolMiddleware),
        tools,
        toolChoice: 'required',
        prompt: 'Time?',
      });
      expect(result.toolCalls.map((toolCall) => toolCall.toolName)).toEqual(['get_time']);
      expect(result.toolResults).toMatchObject([{ output: '12:00' }]);
      const [params] = model.doGenerateCalls;
      assert.isDefined(params);
      expect(params.responseFormat).toMatchObject({ type: 'json', name: 'tool_call' });
      const { schema } = params.responseFormat as {
        schema: { anyOf: Array<{ properties: { name: { const: string } } }> };
      };
      expect(schema.anyOf.map((branch) => branch.properties.name.const)).toEqual([
        'get_weather',
        'get_time',
      ]);
    });

    it('a fixed tool admits only that tool, and the protocol format still parses', async () => {
      const model = sdk.scriptedModel([
        '<tool_call>{"name": "get_weather", "arguments": {"city": "Oslo"}}</tool_call>',
      ]);
      const result = streamText({
        model: sdk.wrap(model, sdk.hermesToolMiddleware),
        tools,
        toolChoice: { type: 'tool', toolName: 'get_weather' },
        prompt: 'Weather?',
      });
      expect((await result.toolCalls).map((toolCall) => toolCall.input)).toEqual([
        { city: 'Oslo' },
      ]);
      const [params] = model.doStreamCalls;
      assert.isDefined(params);
      const { schema } = params.responseFormat as { schema: { anyOf: unknown[] } };
      expect(schema.anyOf).toHaveLength(1);
    });

    const weatherCall =
      '<tool_call>{"name": "get_weather", "arguments": {"city": "Oslo"}}</tool_call>';

    it("'required' asks again within the step when the reply has no call", async () => {
      const model = sdk.scriptedModel(['I think it is sunny.', weatherCall]);
      const result = await generateText({
        model: sdk.wrap(model, sdk.hermesToolMiddleware),
        tools,
        toolChoice: 'required',
        prompt: 'Weather in Oslo?',
      });
      expect(result.steps).toHaveLength(1);
      expect(result.toolCalls.map((call) => [call.toolName, call.input])).toEqual([
        ['get_weather', { city: 'Oslo' }],
      ]);
      expect(model.doGenerateCalls).toHaveLength(2);
      const [, retry] = model.doGenerateCalls;
      assert.isDefined(retry);
      expect(promptText(retry.prompt)).toContain('I think it is sunny.');
    });

    it("'required' asks again in stream mode and streams only the second reply", async () => {
      const model = sdk.scriptedModel(['I think it is sunny.', `Checking. ${weatherCall}`]);
      const result = streamText({
        model: sdk.wrap(model, sdk.hermesToolMiddleware),
        tools,
        toolChoice: { type: 'tool', toolName: 'get_weather' },
        prompt: 'Weather in Oslo?',
      });
      const parts = [];
      for await (const part of result.fullStream) parts.push(part);
      expect(parts.filter((part) => part.type === 'error')).toEqual([]);
      expect(await result.text).toBe('Checking. ');
      expect((await result.toolCalls).map((call) => call.input)).toEqual([{ city: 'Oslo' }]);
      expect(model.doStreamCalls).toHaveLength(2);
    });

    it("lets an agent loop answer when prepareStep switches to 'auto' after the first step", async () => {
      const model = sdk.scriptedModel([weatherCall, 'It is 21 degrees in Oslo.', 'never']);
      const result = await generateText({
        model: sdk.wrap(model, sdk.hermesToolMiddleware),
        tools,
        toolChoice: 'required',
        prepareStep: ({ stepNumber }) => (stepNumber > 0 ? { toolChoice: 'auto' } : undefined),
        stopWhen: stepCountIs(5),
        prompt: 'Weather in Oslo?',
      });
      expect(result.steps).toHaveLength(2);
      expect(result.text).toBe('It is 21 degrees in Oslo.');
      const [, answer] = model.doGenerateCalls;
      assert.isDefined(answer);
      expect(answer.responseFormat).toBeUndefined();
    });

    it("'none' injects no tools and parses nothing, but still rewrites the history", async () => {
      const model = sdk.scriptedModel([
        '<tool_call>{"name": "get_time", "arguments": {}}</tool_call>',
      ]);
      const result = await generateText({
        model: sdk.wrap(model, sdk.hermesToolMiddleware),
        tools,
        toolChoice: 'none',
        messages: [
          { role: 'user', content: 'Time?' },
          {
            role: 'assistant',
            content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'get_time', input: {} }],
          },
          {
            role: 'tool',
            content: [
              {
                type: 'tool-result',
                toolCallId: 'c1',
                toolName: 'get_time',
                output: { type: 'text', value: '12:00' },
              },
            ],
          },
        ],
      });
      expect(result.toolCalls).toEqual([]);
      const [params] = model.doGenerateCalls;
      assert.isDefined(params);
      expect(params.prompt.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
      expect(promptText(params.prompt)).toContain('12:00');
      expect(params.responseFormat).toBeUndefined();
    });
  });

  describe(`${sdk.label}: options and other parts`, () => {
    it('providerOptions.toolbridge overrides onError and emitRawToolCallTextOnError', async () => {
      const middlewareError = vi.fn();
      const callError = vi.fn();
      const model = sdk.scriptedModel(['<tool_call>{broken}</tool_call> after']);
      const result = await generateText({
        model: sdk.wrap(
          model,
          sdk.createToolMiddleware({ protocol: jsonMixProtocol(), onError: middlewareError }),
        ),
        tools: { get_weather: weatherTool },
        prompt: 'x',
        providerOptions: {
          toolbridge: { onError: callError, emitRawToolCallTextOnError: false } as never,
        },
      });
      expect(result.text).toBe(' after');
      expect(middlewareError).not.toHaveBeenCalled();
      expect(callError).toHaveBeenCalledWith(
        expect.any(String),
        expect.objectContaining({
          reason: 'malformed-call',
          rawText: '<tool_call>{broken}</tool_call>',
        }),
      );
    });

    it('reads <think> as reasoning and never parses calls inside it', async () => {
      const model = sdk.scriptedModel([
        '<think>maybe <tool_call>{"name": "get_weather", "arguments": {}}</tool_call></think>It is sunny.',
      ]);
      const result = await generateText({
        model: sdk.wrap(model, sdk.hermesToolMiddleware),
        tools: { get_weather: weatherTool },
        prompt: 'x',
      });
      expect(result.reasoningText).toBe(
        'maybe <tool_call>{"name": "get_weather", "arguments": {}}</tool_call>',
      );
      expect(result.text).toBe('It is sunny.');
      expect(result.toolCalls).toEqual([]);
    });

    it('nativeProtocol repairs native argument JSON, in generate and in stream', async () => {
      const middleware = sdk.createToolMiddleware({ protocol: nativeProtocol() });
      const reply = { toolCall: { toolName: 'get_weather', input: "{city: 'Oslo', days: 2,}" } };
      const generated = await generateText({
        model: sdk.wrap(sdk.scriptedModel([reply]), middleware),
        tools: { get_weather: weatherTool },
        prompt: 'Weather?',
      });
      expect(generated.toolResults).toMatchObject([
        { output: { city: 'Oslo', temperature: 21, days: 2 } },
      ]);

      const model = sdk.scriptedModel([reply]);
      const streamed = streamText({
        model: sdk.wrap(model, middleware),
        tools: { get_weather: weatherTool },
        prompt: 'Weather?',
      });
      expect((await streamed.toolCalls).map((toolCall) => toolCall.input)).toEqual([
        { city: 'Oslo', days: 2 },
      ]);
      // The provider's own tool calling is used: the tools reach the model.
      expect(model.doStreamCalls[0]?.tools).toEqual([
        expect.objectContaining({ type: 'function', name: 'get_weather' }),
      ]);
    });
  });
}
