import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import OpenAI, { type APIError } from 'openai';
import {
  assistantTurns,
  type ChatRequest,
  type ScriptedServer,
  type ScriptedTurn,
  startScriptedServer,
  WEATHER_TOOL,
} from 'scripted-server';
import { afterEach, assert, describe, expect, it } from 'vitest';
import type { ServerOptions } from './create-server.ts';
import { type RunningServer, startServer } from './start-server.ts';
import { closedPort, startTestUpstream } from './testing/test-upstreams.ts';

const MODEL = 'qwen2.5:7b';
const TOOLS: OpenAI.ChatCompletionTool[] = [WEATHER_TOOL];
const ASK: OpenAI.ChatCompletionMessageParam[] = [
  { role: 'user', content: 'What is the weather in Oslo?' },
];
const call = (city: string) =>
  `<tool_call>{"name": "get_weather", "arguments": {"city": "${city}"}}</tool_call>`;

const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

async function scripted(
  respond: (request: ChatRequest) => ScriptedTurn,
  models = [MODEL],
): Promise<ScriptedServer> {
  const upstream = await startScriptedServer({ models, respond });
  stops.push(() => upstream.close());
  return upstream;
}

async function proxy(options: ServerOptions): Promise<{ server: RunningServer; client: OpenAI }> {
  const server = await startServer({ port: 0, ...options });
  stops.push(() => server.close());
  const client = new OpenAI({ baseURL: server.url, apiKey: 'unused', maxRetries: 0 });
  return { server, client };
}

/** A scripted upstream answering every request with one turn, and a client of the proxy in front of it. */
async function setUp(turn: ScriptedTurn | ((request: ChatRequest) => ScriptedTurn)) {
  const upstream = await scripted(typeof turn === 'function' ? turn : () => turn);
  const { server, client } = await proxy({ upstream: upstream.baseURL });
  return { upstream, server, client };
}

/** A completion's choice: the one a request without `n` gets. */
function choiceOf(completion: OpenAI.ChatCompletion): OpenAI.ChatCompletion.Choice {
  const [choice] = completion.choices;
  assert.isDefined(choice, 'the completion has a choice');
  return choice;
}

/** The function calls of a completion's message, none when it has none. */
function functionCallsOf(
  completion: OpenAI.ChatCompletion,
): OpenAI.ChatCompletionMessageFunctionToolCall[] {
  return (choiceOf(completion).message.tool_calls ?? []).filter(
    (toolCall) => toolCall.type === 'function',
  );
}

async function collect(stream: AsyncIterable<OpenAI.ChatCompletionChunk>) {
  const chunks: OpenAI.ChatCompletionChunk[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  const content = chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('');
  const calls = new Map<
    number,
    { id?: string; name?: string; arguments: string; deltas: number }
  >();
  for (const chunk of chunks) {
    for (const delta of chunk.choices[0]?.delta.tool_calls ?? []) {
      const entry = calls.get(delta.index) ?? { arguments: '', deltas: 0 };
      if (delta.id) entry.id = delta.id;
      if (delta.function?.name) entry.name = delta.function.name;
      if (delta.function?.arguments) {
        entry.arguments += delta.function.arguments;
        entry.deltas++;
      }
      calls.set(delta.index, entry);
    }
  }
  const finish = chunks.find((chunk) => chunk.choices[0]?.finish_reason)?.choices[0]?.finish_reason;
  return { chunks, content, calls: [...calls.values()], finish };
}

describe('tool calls through the official openai client', () => {
  it('answers a call as message.tool_calls with JSON arguments, finish_reason tool_calls and usage', async () => {
    const { client } = await setUp({ text: `Checking.${call('Oslo')}` });
    const completion = await client.chat.completions.create({
      model: MODEL,
      messages: ASK,
      tools: TOOLS,
    });
    const choice = choiceOf(completion);
    expect(choice.finish_reason).toBe('tool_calls');
    expect(choice.message.content).toBe('Checking.');
    expect(choice.message.tool_calls).toHaveLength(1);
    const [toolCall] = functionCallsOf(completion);
    assert.isDefined(toolCall);
    expect(toolCall.id).toMatch(/\S/);
    expect(toolCall.function.name).toBe('get_weather');
    expect(JSON.parse(toolCall.function.arguments)).toEqual({ city: 'Oslo' });
    const { usage } = completion;
    assert.isDefined(usage);
    expect(usage).toMatchObject({ prompt_tokens: 120 });
    expect(usage.total_tokens).toBe(usage.prompt_tokens + usage.completion_tokens);
    expect(completion).not.toHaveProperty('toolbridge');
  });

  it('streams a call whose arguments grow as the model writes them, then [DONE]', async () => {
    const { client, upstream } = await setUp({ text: `Checking.${call('Oslo')}` });
    const stream = await client.chat.completions.create({
      model: MODEL,
      messages: ASK,
      tools: TOOLS,
      stream: true,
      stream_options: { include_usage: true },
    });
    const { chunks, content, calls, finish } = await collect(stream);
    expect(content).toBe('Checking.');
    expect(calls).toHaveLength(1);
    const [streamedCall] = calls;
    assert.isDefined(streamedCall);
    expect(streamedCall).toMatchObject({ name: 'get_weather' });
    expect(JSON.parse(streamedCall.arguments)).toEqual({ city: 'Oslo' });
    expect(streamedCall.deltas).toBeGreaterThan(1);
    expect(finish).toBe('tool_calls');
    expect(chunks.at(-1)?.usage).toMatchObject({ prompt_tokens: 120 });
    expect(chunks.every((chunk) => chunk.object === 'chat.completion.chunk')).toBe(true);
    // The upstream was asked in text: no tools, the tool list in the system prompt.
    const sent = upstream.requests[0] as unknown as Record<string, unknown>;
    expect(sent).not.toHaveProperty('tools');
    expect(JSON.stringify(sent['messages'])).toContain('get_weather');
  });

  it('runs a multi-step tool loop: the call, its result, the answer', async () => {
    const { client, upstream } = await setUp((request) =>
      assistantTurns(request) === 0 ? { text: call('Oslo') } : { text: 'It is 21 °C in Oslo.' },
    );
    const messages: OpenAI.ChatCompletionMessageParam[] = [...ASK];
    const first = await client.chat.completions.create({ model: MODEL, messages, tools: TOOLS });
    const assistant = choiceOf(first).message;
    const [toolCall] = functionCallsOf(first);
    assert.isDefined(toolCall);
    messages.push(assistant, {
      role: 'tool',
      tool_call_id: toolCall.id,
      content: JSON.stringify({ city: 'Oslo', celsius: 21 }),
    });
    const second = await client.chat.completions.create({
      model: MODEL,
      messages,
      tools: TOOLS,
      stream: true,
    });
    const { content, calls, finish } = await collect(second);
    expect(content).toBe('It is 21 °C in Oslo.');
    expect(calls).toEqual([]);
    expect(finish).toBe('stop');
    // The history reached the model in its own format: the call as markup, the result as text.
    const [, secondRequest] = upstream.requests;
    assert.isDefined(secondRequest);
    const history = JSON.stringify(secondRequest.messages);
    expect(history).toContain('get_weather');
    expect(history).toContain('celsius');
    expect(secondRequest.messages.some((message) => message.role === 'tool')).toBe(false);
  });

  it('sends parallel calls with their own indexes, or only the first under parallel_tool_calls: false', async () => {
    const { client } = await setUp({ text: `${call('Oslo')}\n${call('Rome')}` });
    const both = await client.chat.completions.create({
      model: MODEL,
      messages: ASK,
      tools: TOOLS,
    });
    const cities = functionCallsOf(both).map(
      (toolCall) => JSON.parse(toolCall.function.arguments).city,
    );
    expect(cities).toEqual(['Oslo', 'Rome']);
    const streamed = await collect(
      await client.chat.completions.create({
        model: MODEL,
        messages: ASK,
        tools: TOOLS,
        stream: true,
      }),
    );
    expect(streamed.calls.map((entry) => JSON.parse(entry.arguments).city)).toEqual([
      'Oslo',
      'Rome',
    ]);
    expect(new Set(streamed.calls.map((entry) => entry.id)).size).toBe(2);

    const single = await client.chat.completions.create({
      model: MODEL,
      messages: ASK,
      tools: TOOLS,
      parallel_tool_calls: false,
    });
    expect(choiceOf(single).message.tool_calls).toHaveLength(1);
    expect((single as unknown as { toolbridge: unknown }).toolbridge).toMatchObject({
      reports: [{ reason: 'parallel-tool-calls-off', tool_name: 'get_weather' }],
    });
    const singleStream = await collect(
      await client.chat.completions.create({
        model: MODEL,
        messages: ASK,
        tools: TOOLS,
        parallel_tool_calls: false,
        stream: true,
      }),
    );
    expect(singleStream.calls).toHaveLength(1);
  });

  it('honours tool_choice required by asking again when the reply has no call', async () => {
    const { client, upstream } = await setUp((request) =>
      assistantTurns(request) === 0 ? { text: 'Oslo is nice.' } : { text: call('Oslo') },
    );
    for (const stream of [false, true]) {
      upstream.requests.length = 0;
      const result = stream
        ? await collect(
            await client.chat.completions.create({
              model: MODEL,
              messages: ASK,
              tools: TOOLS,
              tool_choice: 'required',
              stream: true,
            }),
          )
        : await client.chat.completions.create({
            model: MODEL,
            messages: ASK,
            tools: TOOLS,
            tool_choice: 'required',
          });
      const names =
        'calls' in result
          ? result.calls.map((entry) => entry.name)
          : functionCallsOf(result).map((toolCall) => toolCall.function.name);
      expect(names).toEqual(['get_weather']);
      expect(upstream.requests).toHaveLength(2);
    }
  });

  it('honours tool_choice none and a named function', async () => {
    const { client, upstream } = await setUp({ text: call('Oslo') });
    const none = await client.chat.completions.create({
      model: MODEL,
      messages: ASK,
      tools: TOOLS,
      tool_choice: 'none',
    });
    expect(choiceOf(none).message.tool_calls).toBeUndefined();
    const [request] = upstream.requests;
    assert.isDefined(request);
    expect(JSON.stringify(request.messages)).not.toContain('The current weather');
    const named = await client.chat.completions.create({
      model: MODEL,
      messages: ASK,
      tools: TOOLS,
      tool_choice: { type: 'function', function: { name: 'get_weather' } },
    });
    expect(choiceOf(named).finish_reason).toBe('tool_calls');
  });

  it('keeps a cut-off call as text and says why in the toolbridge field', async () => {
    const cutOff = '<tool_call>{"name": "get_weather", "arguments": {"city": "Os';
    const { client } = await setUp({ text: `Let me check.${cutOff}` });
    const completion = await client.chat.completions.create({
      model: MODEL,
      messages: ASK,
      tools: TOOLS,
    });
    const { message, finish_reason } = choiceOf(completion);
    expect(message.tool_calls).toBeUndefined();
    expect(message.content).toBe(`Let me check.${cutOff}`);
    expect(finish_reason).toBe('stop');
    expect((completion as unknown as { toolbridge: unknown }).toolbridge).toMatchObject({
      reports: [{ reason: 'call-cut-off', tool_name: 'get_weather' }],
    });

    const streamed = await collect(
      await client.chat.completions.create({
        model: MODEL,
        messages: ASK,
        tools: TOOLS,
        stream: true,
      }),
    );
    expect(streamed.content).toBe(`Let me check.${cutOff}`);
    expect(streamed.finish).toBe('stop');
    // Streamed as it was read, the call's arguments never become valid JSON.
    for (const entry of streamed.calls) expect(() => JSON.parse(entry.arguments)).toThrow();
    const last = streamed.chunks.find((chunk) => chunk.choices[0]?.finish_reason);
    expect((last as unknown as { toolbridge: unknown }).toolbridge).toMatchObject({
      reports: [{ reason: 'call-cut-off' }],
    });
  });

  it('passes reasoning on in the field the upstream used', async () => {
    for (const field of ['reasoning_content', 'reasoning'] as const) {
      const { client } = await setUp({
        reasoning: { field, text: 'The user wants weather.' },
        text: call('Oslo'),
      });
      const completion = await client.chat.completions.create({
        model: MODEL,
        messages: ASK,
        tools: TOOLS,
      });
      expect(choiceOf(completion).message).toMatchObject({ [field]: 'The user wants weather.' });
      const { chunks } = await collect(
        await client.chat.completions.create({
          model: MODEL,
          messages: ASK,
          tools: TOOLS,
          stream: true,
        }),
      );
      const reasoning = chunks
        .map(
          (chunk) =>
            (chunk.choices[0]?.delta as Record<string, unknown> | undefined)?.[field] ?? '',
        )
        .join('');
      expect(reasoning).toBe('The user wants weather.');
    }
  });
});

describe('the thinking switch of the request', () => {
  it("reads where a reply starts from the client's own fields, as the template did", async () => {
    const glm = 'zai-org/GLM-4.7-Flash';
    const upstream = await scripted(() => ({ text: 'Thinking it over' }), [glm]);
    const { client } = await proxy({ upstream: upstream.baseURL });
    const ask = (body: Record<string, unknown>) =>
      client.chat.completions.create({
        model: glm,
        messages: ASK,
        tools: TOOLS,
        ...body,
      } as OpenAI.ChatCompletionCreateParamsNonStreaming);
    // Thinking on: the template opened reasoning, and the reply never closed it.
    const thinking = await ask({ chat_template_kwargs: { enable_thinking: true } });
    expect(choiceOf(thinking).message.content ?? '').toBe('');
    expect(JSON.stringify(choiceOf(thinking).message)).toContain('Thinking it over');
    // Not said: a reply that never closes reasoning is the answer.
    const silent = await ask({});
    expect(choiceOf(silent).message.content).toBe('Thinking it over');
    expect(upstream.requests[0]).toMatchObject({ chat_template_kwargs: { enable_thinking: true } });
  });
});

describe('what reaches the upstream', () => {
  it('passes every other field through untouched, unknown vendor fields included', async () => {
    const { client, upstream } = await setUp({ text: call('Oslo') });
    await client.chat.completions.create({
      model: MODEL,
      messages: ASK,
      tools: TOOLS,
      temperature: 0.3,
      seed: 7,
      stop: ['END'],
      max_tokens: 99,
      reasoning_effort: 'low',
      // @ts-expect-error: a vendor's own field, unknown to the client's types
      top_k: 20,
    });
    expect(upstream.requests[0]).toMatchObject({
      model: MODEL,
      temperature: 0.3,
      seed: 7,
      stop: ['END'],
      max_tokens: 99,
      reasoning_effort: 'low',
      top_k: 20,
    });
  });

  it('forwards a request without tools as the client wrote it', async () => {
    const { client, upstream } = await setUp({ text: 'Hello.' });
    const body = { model: MODEL, messages: ASK, temperature: 0.5, vendor_flag: true };
    const completion = await client.chat.completions.create(
      body as OpenAI.ChatCompletionCreateParamsNonStreaming,
    );
    expect(choiceOf(completion).message.content).toBe('Hello.');
    expect(upstream.requests[0]).toEqual(body);
    const { content } = await collect(
      await client.chat.completions.create({ model: MODEL, messages: ASK, stream: true }),
    );
    expect(content).toBe('Hello.');
  });

  it("writes the model's chat-template prompt, or toolbridge's own under prompt: 'compact'", async () => {
    const systemText = async (options: Pick<ServerOptions, 'prompt'>) => {
      const upstream = await scripted(() => ({ text: 'Hello.' }));
      const { client } = await proxy({ upstream: upstream.baseURL, ...options });
      await client.chat.completions.create({ model: MODEL, messages: ASK, tools: TOOLS });
      const [request] = upstream.requests;
      assert.isDefined(request);
      const [system] = request.messages as Array<{ role: string; content: string }>;
      assert.isDefined(system);
      expect(system.role).toBe('system');
      return system.content;
    };
    // Qwen 2.5's template: its default system text, then its # Tools section.
    expect(await systemText({})).toMatch(
      /^You are Qwen, created by Alibaba Cloud\. You are a helpful assistant\.\n\n# Tools\n/,
    );
    expect(await systemText({ prompt: 'compact' })).toMatch(/^You can use tools\./);
  });

  it('lists the upstream models', async () => {
    const { client } = await setUp({ text: 'Hello.' });
    const models = await client.models.list();
    expect(models.data.map((model) => model.id)).toEqual([MODEL]);
  });
});

describe('errors in the OpenAI shape', () => {
  it('passes an upstream 404 on with its status and message', async () => {
    const { client } = await setUp({ text: 'Hello.' });
    for (const tools of [TOOLS, undefined]) {
      const error = await client.chat.completions
        .create({ model: 'no-such-model', messages: ASK, ...(tools ? { tools } : {}) })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(OpenAI.NotFoundError);
      expect((error as APIError).message).toContain("The model 'no-such-model' does not exist");
      expect((error as APIError).code).toBe('model_not_found');
    }
  });

  it('answers 502 when the upstream is down', async () => {
    const { client } = await proxy({ upstream: `http://127.0.0.1:${await closedPort()}/v1` });
    for (const stream of [false, true]) {
      for (const tools of [TOOLS, undefined]) {
        const error = await client.chat.completions
          .create({ model: MODEL, messages: ASK, stream, ...(tools ? { tools } : {}) })
          .catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(OpenAI.APIError);
        expect((error as APIError).status).toBe(502);
        expect((error as APIError).code).toBe('upstream_unreachable');
      }
    }
  });

  it('answers 502 when the upstream sends garbage', async () => {
    const upstream = await startTestUpstream((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"not": "a completion"');
    });
    stops.push(() => upstream.close());
    const { client } = await proxy({ upstream: upstream.baseURL });
    const error = await client.chat.completions
      .create({ model: MODEL, messages: ASK, tools: TOOLS })
      .catch((caught: unknown) => caught);
    expect((error as APIError).status).toBe(502);
    expect((error as APIError).code).toBe('upstream_invalid_response');
  });

  it('ends a stream with an error event when the upstream streams garbage', async () => {
    const { client } = await setUp({ text: call('Oslo'), fault: 'garbage-lines' });
    const stream = await client.chat.completions.create({
      model: MODEL,
      messages: ASK,
      tools: TOOLS,
      stream: true,
    });
    await expect(collect(stream)).rejects.toBeInstanceOf(OpenAI.APIError);
  });

  it('answers 504 when the upstream does not answer in time', async () => {
    const upstream = await scripted(() => ({ text: 'late', fault: 'hang' }));
    const { client } = await proxy({ upstream: upstream.baseURL, upstreamTimeout: 200 });
    const error = await client.chat.completions
      .create({ model: MODEL, messages: ASK, tools: TOOLS, stream: true })
      .catch((caught: unknown) => caught);
    expect((error as APIError).status).toBe(504);
    expect((error as APIError).code).toBe('upstream_timeout');
  });

  it('answers 400 for a body that is not a request, 404 for an unknown route, 413 past the size limit', async () => {
    const upstream = await scripted(() => ({ text: 'Hello.' }));
    const { server } = await proxy({ upstream: upstream.baseURL, bodyLimit: 1000 });
    const post = (body: string, path = '/chat/completions') =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
    const notJson = await post('{nope');
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({
      error: {
        message: 'The request body is not JSON.',
        type: 'invalid_request_error',
        param: null,
        code: null,
      },
    });
    const noMessages = await post(JSON.stringify({ model: MODEL }));
    expect(noMessages.status).toBe(400);
    expect(((await noMessages.json()) as { error: { param: string } }).error.param).toBe(
      'messages',
    );
    const unknown = await post('{}', '/completions');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
    const large = await post(
      JSON.stringify({ model: MODEL, messages: ASK, pad: 'x'.repeat(2000) }),
    );
    expect(large.status).toBe(413);
    expect(await large.json()).toMatchObject({ error: { code: 'request_too_large' } });
  });
});

describe('safety', () => {
  it('binds to 127.0.0.1 by default', async () => {
    const upstream = await scripted(() => ({ text: 'Hello.' }));
    const { server } = await proxy({ upstream: upstream.baseURL });
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
  });

  it('serves only clients with its API key, and never forwards their Authorization unless told', async () => {
    const upstream = await scripted(() => ({ text: call('Oslo') }));
    const seen: Array<string | null> = [];
    const spy: typeof fetch = (input, init) => {
      seen.push(new Headers(init?.headers).get('authorization'));
      return fetch(input, init);
    };
    const { server } = await proxy({
      upstream: upstream.baseURL,
      apiKey: 'proxy-key',
      upstreamApiKey: 'upstream-key',
      fetch: spy,
    });
    const withKey = (apiKey: string) =>
      new OpenAI({ baseURL: server.url, apiKey, maxRetries: 0 }).chat.completions.create({
        model: MODEL,
        messages: ASK,
        tools: TOOLS,
      });
    const error = await withKey('wrong').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenAI.AuthenticationError);
    expect((error as APIError).code).toBe('invalid_api_key');
    await withKey('proxy-key');
    expect(seen).toEqual(['Bearer upstream-key']);

    seen.length = 0;
    const { client } = await proxy({ upstream: upstream.baseURL, fetch: spy });
    await client.chat.completions.create({ model: MODEL, messages: ASK, tools: TOOLS });
    await client.chat.completions.create({ model: MODEL, messages: ASK });
    expect(seen).toEqual([null, null]);

    seen.length = 0;
    const forwarding = await proxy({
      upstream: upstream.baseURL,
      fetch: spy,
      forwardAuthorization: true,
    });
    await forwarding.client.chat.completions.create({ model: MODEL, messages: ASK, tools: TOOLS });
    expect(seen).toEqual(['Bearer unused']);
  });

  it('cancels the upstream request when the client disconnects mid-stream', async () => {
    let timer: NodeJS.Timeout | undefined;
    const upstream = await startTestUpstream((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      const chunk = (content: string) =>
        `data: ${JSON.stringify({ id: 'c', choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;
      timer = setInterval(() => response.write(chunk('and on ')), 10);
      response.once('close', () => clearInterval(timer));
    });
    stops.push(async () => {
      clearInterval(timer);
      await upstream.close();
    });
    const { client } = await proxy({ upstream: upstream.baseURL });
    const controller = new AbortController();
    const stream = await client.chat.completions.create(
      { model: MODEL, messages: ASK, tools: TOOLS, stream: true },
      { signal: controller.signal },
    );
    let received = 0;
    // The client ends its loop quietly on abort, as the openai package does.
    for await (const _chunk of stream) {
      if (++received === 3) controller.abort();
    }
    expect(received).toBeGreaterThanOrEqual(3);
    await expect(
      Promise.race([
        upstream.closed.then(() => 'closed'),
        new Promise((resolve) => setTimeout(() => resolve('still open'), 2000)),
      ]),
    ).resolves.toBe('closed');
  });
});

describe('recording', () => {
  it('writes the JSON lines of recordModelOutput for each call it handles', async () => {
    const file = join(tmpdir(), `toolbridge-server-${process.pid}-${Date.now()}.jsonl`);
    stops.push(() => rm(file, { force: true }));
    const upstream = await scripted(() => ({ text: call('Oslo') }));
    const { client } = await proxy({ upstream: upstream.baseURL, record: file });
    await client.chat.completions.create({ model: MODEL, messages: ASK, tools: TOOLS });
    await collect(
      await client.chat.completions.create({
        model: MODEL,
        messages: ASK,
        tools: TOOLS,
        stream: true,
      }),
    );
    // A streamed call's line is written when its stream has ended, just after the client's last chunk.
    const read = async () =>
      (await readFile(file, 'utf8'))
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
    await expect.poll(async () => (await read()).length).toBe(2);
    const lines = await read();
    expect(JSON.stringify(lines[0])).toContain('get_weather');
  });
});
