/** What a client reads of a streamed chat completion: its chunks' content and calls, joined. */
export interface ReadStream {
  content: string;
  calls: Array<{ id?: string; name?: string; arguments: string }>;
  finishReason: string | undefined;
  /** Whether the stream ended with `data: [DONE]`. */
  done: boolean;
  /** An error event's body, if the stream ended with one. */
  error: unknown;
}

interface ChunkDelta {
  content?: string;
  tool_calls?: Array<{
    index: number;
    id?: string;
    function?: { name?: string; arguments?: string };
  }>;
}

/** Reads a `text/event-stream` response of chat-completion chunks to its end. */
export async function readChatStream(response: Response): Promise<ReadStream> {
  const read: ReadStream = {
    content: '',
    calls: [],
    finishReason: undefined,
    done: false,
    error: undefined,
  };
  const decoder = new TextDecoder();
  let buffer = '';
  const onEvent = (data: string) => {
    if (data === '[DONE]') {
      read.done = true;
      return;
    }
    const chunk = JSON.parse(data) as {
      error?: unknown;
      choices?: Array<{ delta?: ChunkDelta; finish_reason?: string | null }>;
    };
    if (chunk.error !== undefined) read.error = chunk.error;
    const choice = chunk.choices?.[0];
    if (choice === undefined) return;
    read.content += choice.delta?.content ?? '';
    for (const delta of choice.delta?.tool_calls ?? []) {
      const call = read.calls[delta.index] ?? { arguments: '' };
      read.calls[delta.index] = call;
      if (delta.id !== undefined) call.id = delta.id;
      if (delta.function?.name !== undefined) call.name = delta.function.name;
      call.arguments += delta.function?.arguments ?? '';
    }
    if (choice.finish_reason) read.finishReason = choice.finish_reason;
  };
  for await (const bytes of response.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(bytes, { stream: true });
    for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
      const event = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      for (const line of event.split('\n')) {
        if (line.startsWith('data: ')) onEvent(line.slice('data: '.length));
      }
    }
  }
  return read;
}
