import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A native tool call the scripted model makes (for servers with a tool parser). */
export interface ScriptedToolCall {
  name: string;
  arguments: Record<string, unknown>;
}

/**
 * A way the server misbehaves while streaming a turn, to test what a client tells its user:
 * - `hang`: accepts the request and never answers (no status, no headers);
 * - `close-mid-reply`: streams half the text, then closes the connection;
 * - `end-without-finish`: streams the text, then ends the response with no finish reason and no `[DONE]`;
 * - `garbage-lines`: sends lines that are not chat-completion chunks, then the turn as usual.
 */
export type ScriptedFault = 'hang' | 'close-mid-reply' | 'end-without-finish' | 'garbage-lines';

/** One model turn: text, or native tool calls, or both. */
export interface ScriptedTurn {
  text?: string;
  /** Reasoning sent before the text, in the field the server names it (llama.cpp: `reasoning_content`; Ollama: `reasoning`). */
  reasoning?: { field: 'reasoning_content' | 'reasoning'; text: string };
  toolCalls?: ScriptedToolCall[];
  /** Misbehave on this turn when it is streamed. */
  fault?: ScriptedFault;
}

/** The lines `garbage-lines` sends: JSON that does not parse, and JSON that is not a chunk. */
const GARBAGE_LINES = [
  'data: {"choices": [{"delta": {"content": "oops',
  'data: {"unexpected": true}',
];

/** A chat-completions request as the server receives it. */
export interface ChatRequest {
  model: string;
  messages: Array<{ role: string; content?: unknown; tool_calls?: unknown[] }>;
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
}

/** Options of {@link startScriptedServer}. */
export interface ScriptedServerOptions {
  /** Model names the server answers to; others get a 404 like a real server's. */
  models: readonly string[];
  /** Chooses the turn for a request, from the conversation state it carries. */
  respond(request: ChatRequest): ScriptedTurn;
  /** Characters per streamed chunk, as a model's tokens. Default: 4. */
  chunkSize?: number;
  /**
   * Milliseconds between the events of a stream, as a model's pace: the first goes out with the
   * headers, event `i` at `i × chunkInterval` after it (on a fixed schedule, so timer delays do
   * not add up). Default: 0, the whole reply written at once.
   */
  chunkInterval?: number;
}

/** A running scripted server. */
export interface ScriptedServer {
  /** The `/v1` base URL to give a provider. */
  baseURL: string;
  /** Requests received, in order. */
  requests: ChatRequest[];
  close(): Promise<void>;
}

const COMPLETION_ID = 'chatcmpl-scripted';

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

function chunksOf(text: string, size: number): string[] {
  const chunks: string[] = [];
  for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size));
  return chunks;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of request) parts.push(part as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

function usageOf(turn: ScriptedTurn) {
  const completion = Math.ceil(
    ((turn.text ?? '').length + JSON.stringify(turn.toolCalls ?? []).length) / 4,
  );
  return { prompt_tokens: 120, completion_tokens: completion, total_tokens: 120 + completion };
}

/**
 * How a streamed turn ends after its events: the last one (`[DONE]`) ends the response, the
 * response ends after them, or the connection closes under it.
 */
type StreamEnd = 'done' | 'end' | 'close-connection';

/** Writes a turn as server-sent events, the way OpenAI-compatible servers stream. */
function streamTurn(
  response: ServerResponse,
  request: ChatRequest,
  turn: ScriptedTurn,
  chunkSize: number,
  chunkInterval: number,
): void {
  if (turn.fault === 'hang') return;
  response.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  const events: string[] = [];
  const ending = turnEvents(events, request, turn, chunkSize);
  /** Writes the event at `index`, and ends the stream after the last one. */
  const put = (index: number, text: string) => {
    if (index < events.length - 1) response.write(text);
    else if (ending === 'done') response.end(text);
    else {
      response.write(text);
      // Closes the connection once what was written is sent, the way a crashing server does.
      if (ending === 'close-connection') response.socket?.end();
      else response.end();
    }
  };
  if (chunkInterval <= 0) {
    for (const [index, text] of events.entries()) put(index, text);
    return;
  }
  const started = performance.now();
  const pending = events.entries();
  const putNext = () => {
    // The client went away: write nothing more.
    if (response.destroyed) return;
    const next = pending.next();
    if (next.done) return;
    const [index, text] = next.value;
    put(index, text);
    if (index === events.length - 1) return;
    setTimeout(putNext, Math.max(0, started + (index + 1) * chunkInterval - performance.now()));
  };
  putNext();
}

/** The events of a streamed turn, in order, and how the stream ends after them. */
function turnEvents(
  events: string[],
  request: ChatRequest,
  turn: ScriptedTurn,
  chunkSize: number,
): StreamEnd {
  const base = {
    id: COMPLETION_ID,
    object: 'chat.completion.chunk',
    created: 1_700_000_000,
    model: request.model,
  };
  const send = (body: unknown) => events.push(`data: ${JSON.stringify(body)}\n\n`);
  send({
    ...base,
    choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }],
  });
  if (turn.reasoning !== undefined) {
    for (const piece of chunksOf(turn.reasoning.text, chunkSize)) {
      send({
        ...base,
        choices: [{ index: 0, delta: { [turn.reasoning.field]: piece }, finish_reason: null }],
      });
    }
  }
  const textChunks = chunksOf(turn.text ?? '', chunkSize);
  if (turn.fault === 'close-mid-reply') {
    for (const content of textChunks.slice(0, Math.ceil(textChunks.length / 2))) {
      send({ ...base, choices: [{ index: 0, delta: { content }, finish_reason: null }] });
    }
    return 'close-connection';
  }
  if (turn.fault === 'garbage-lines') {
    for (const line of GARBAGE_LINES) events.push(`${line}\n\n`);
  }
  for (const content of textChunks) {
    send({ ...base, choices: [{ index: 0, delta: { content }, finish_reason: null }] });
  }
  if (turn.fault === 'end-without-finish') return 'end';
  (turn.toolCalls ?? []).forEach((call, index) => {
    const id = `call_${index}`;
    send({
      ...base,
      choices: [
        {
          index: 0,
          delta: {
            tool_calls: [
              { index, id, type: 'function', function: { name: call.name, arguments: '' } },
            ],
          },
          finish_reason: null,
        },
      ],
    });
    for (const fragment of chunksOf(JSON.stringify(call.arguments), chunkSize)) {
      send({
        ...base,
        choices: [
          {
            index: 0,
            delta: { tool_calls: [{ index, function: { arguments: fragment } }] },
            finish_reason: null,
          },
        ],
      });
    }
  });
  const finishReason = turn.toolCalls?.length ? 'tool_calls' : 'stop';
  send({ ...base, choices: [{ index: 0, delta: {}, finish_reason: finishReason }] });
  if (request.stream_options?.include_usage) send({ ...base, choices: [], usage: usageOf(turn) });
  events.push('data: [DONE]\n\n');
  return 'done';
}

function completeTurn(response: ServerResponse, request: ChatRequest, turn: ScriptedTurn): void {
  const toolCalls = turn.toolCalls?.map((call, index) => ({
    id: `call_${index}`,
    type: 'function',
    function: { name: call.name, arguments: JSON.stringify(call.arguments) },
  }));
  sendJson(response, 200, {
    id: COMPLETION_ID,
    object: 'chat.completion',
    created: 1_700_000_000,
    model: request.model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: turn.text ?? null,
          ...(turn.reasoning === undefined ? {} : { [turn.reasoning.field]: turn.reasoning.text }),
          ...(toolCalls?.length ? { tool_calls: toolCalls } : {}),
        },
        finish_reason: toolCalls?.length ? 'tool_calls' : 'stop',
      },
    ],
    usage: usageOf(turn),
  });
}

/**
 * Starts a scripted model server on 127.0.0.1 (a free port unless one is given): the OpenAI
 * chat-completions HTTP API, JSON or SSE streaming exactly as the AI SDK's providers expect,
 * replaying turns chosen from the conversation state it receives.
 */
export async function startScriptedServer(
  options: ScriptedServerOptions,
  port = 0,
): Promise<ScriptedServer> {
  const requests: ChatRequest[] = [];
  const server: Server = createServer(async (request, response) => {
    try {
      if (request.method === 'GET' && request.url === '/v1/models') {
        sendJson(response, 200, {
          object: 'list',
          data: options.models.map((id) => ({
            id,
            object: 'model',
            created: 0,
            owned_by: 'scripted',
          })),
        });
        return;
      }
      // Only under /v1, as Ollama, vLLM and OpenAI serve it.
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
        sendJson(response, 404, {
          error: {
            message: `No route for ${request.method} ${request.url}`,
            type: 'invalid_request_error',
          },
        });
        return;
      }
      const body = JSON.parse(await readBody(request)) as ChatRequest;
      requests.push(body);
      if (!options.models.includes(body.model)) {
        sendJson(response, 404, {
          error: {
            message: `The model '${body.model}' does not exist`,
            type: 'invalid_request_error',
            code: 'model_not_found',
          },
        });
        return;
      }
      const turn = options.respond(body);
      if (body.stream) {
        streamTurn(response, body, turn, options.chunkSize ?? 4, options.chunkInterval ?? 0);
      } else completeTurn(response, body, turn);
    } catch (error) {
      sendJson(response, 500, { error: { message: String(error), type: 'server_error' } });
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: actualPort } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${actualPort}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** How many assistant turns a request's conversation already holds: the scripted model's place in its script. */
export function assistantTurns(request: ChatRequest): number {
  return request.messages.filter((message) => message.role === 'assistant').length;
}

/** The turn of `script` at `place` (see {@link assistantTurns}); past its end, its last turn again. */
export function turnAt<Turn>(script: readonly Turn[], place: number): Turn {
  const turn = script[Math.min(place, script.length - 1)];
  if (turn === undefined) throw new Error('A script has at least one turn');
  return turn;
}
