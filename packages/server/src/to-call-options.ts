import type {
  LanguageModelV4CallOptions,
  LanguageModelV4FilePart,
  LanguageModelV4FunctionTool,
  LanguageModelV4Message,
  LanguageModelV4TextPart,
  LanguageModelV4ToolChoice,
} from '@ai-sdk/provider';
import type {
  ChatCompletionRequest,
  ChatContentPart,
  ChatMessage,
  ChatTool,
  ChatToolChoice,
} from './chat-completions.ts';
import { RequestError } from './request-error.ts';

/**
 * Fields the server translates itself; every other field of a request goes to the upstream as
 * the client wrote it (temperature, max_tokens, stop, seed, response_format, reasoning options,
 * a vendor's own fields).
 */
const TRANSLATED_FIELDS = new Set([
  'model',
  'messages',
  'tools',
  'tool_choice',
  'parallel_tool_calls',
  'stream',
  'stream_options',
]);

/** The fields of a request that go to the upstream untouched. */
export function passthroughFields(request: ChatCompletionRequest): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(request).filter(([field]) => !TRANSLATED_FIELDS.has(field)),
  );
}

/**
 * Whether a request needs toolbridge: it declares tools, or its history holds tool calls or
 * results, which a model without tool support cannot read as they are.
 */
export function needsToolbridge(request: ChatCompletionRequest): boolean {
  if (request.tools !== undefined && request.tools.length > 0) return true;
  return request.messages.some(
    (message) =>
      message.role === 'tool' || (message.role === 'assistant' && !!message.tool_calls?.length),
  );
}

/** Checks the shape of a parsed body; throws {@link RequestError} for what cannot be served. */
export function checkRequest(body: unknown): ChatCompletionRequest {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new RequestError('The request body must be a JSON object.');
  }
  const request = body as ChatCompletionRequest;
  if (typeof request.model !== 'string' || request.model === '') {
    throw new RequestError('`model` must be a non-empty string.', 'model');
  }
  if (!Array.isArray(request.messages)) {
    throw new RequestError('`messages` must be an array.', 'messages');
  }
  if (request.tools !== undefined && request.tools !== null && !Array.isArray(request.tools)) {
    throw new RequestError('`tools` must be an array.', 'tools');
  }
  return request;
}

function textOf(content: string | ChatContentPart[] | null | undefined, param: string): string {
  if (content === null || content === undefined) return '';
  if (typeof content === 'string') return content;
  return content
    .map((part) => {
      if (part.type !== 'text' || typeof part['text'] !== 'string') {
        throw new RequestError(`Only text parts are supported in ${param}.`, param);
      }
      return part['text'];
    })
    .join('');
}

function userPart(
  part: ChatContentPart,
  param: string,
): LanguageModelV4TextPart | LanguageModelV4FilePart {
  if (part.type === 'text' && typeof part['text'] === 'string') {
    return { type: 'text', text: part['text'] };
  }
  if (part.type === 'image_url') {
    const { url } = (part as { image_url: { url: string } }).image_url;
    return { type: 'file', mediaType: 'image', data: { type: 'url', url: new URL(url) } };
  }
  if (part.type === 'input_audio') {
    const { data, format } = (part as { input_audio: { data: string; format: string } })
      .input_audio;
    return { type: 'file', mediaType: `audio/${format}`, data: { type: 'data', data } };
  }
  throw new RequestError(`Content parts of type "${part.type}" are not supported.`, param);
}

function parseArguments(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // Passed on as written: the tool middleware writes it into the history as it is.
    return text;
  }
}

function toMessage(
  message: ChatMessage,
  index: number,
  toolNames: Map<string, string>,
): LanguageModelV4Message {
  const param = `messages[${index}]`;
  switch (message.role) {
    case 'system':
    case 'developer':
      return { role: 'system', content: textOf(message.content, param) };
    case 'user':
      return {
        role: 'user',
        content:
          typeof message.content === 'string'
            ? [{ type: 'text', text: message.content }]
            : message.content.map((part) => userPart(part, param)),
      };
    case 'assistant': {
      const reasoning = message.reasoning_content ?? message.reasoning;
      const text = textOf(message.content, param);
      return {
        role: 'assistant',
        content: [
          ...(reasoning ? [{ type: 'reasoning' as const, text: reasoning }] : []),
          ...(text === '' ? [] : [{ type: 'text' as const, text }]),
          ...(message.tool_calls ?? []).map((call) => {
            toolNames.set(call.id, call.function.name);
            return {
              type: 'tool-call' as const,
              toolCallId: call.id,
              toolName: call.function.name,
              input: parseArguments(call.function.arguments),
            };
          }),
        ],
      };
    }
    case 'tool':
      return {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: message.tool_call_id,
            toolName: toolNames.get(message.tool_call_id) ?? 'unknown',
            output: { type: 'text', value: textOf(message.content, param) },
          },
        ],
      };
    default:
      throw new RequestError(
        `Unknown message role "${(message as { role: unknown }).role}".`,
        `${param}.role`,
      );
  }
}

function toTool(tool: ChatTool, index: number): LanguageModelV4FunctionTool {
  if (tool?.type !== 'function' || typeof tool.function?.name !== 'string') {
    throw new RequestError('Only function tools with a name are supported.', `tools[${index}]`);
  }
  const { name, description, parameters, strict } = tool.function;
  return {
    type: 'function',
    name,
    ...(description === undefined ? {} : { description }),
    inputSchema: (parameters ?? { type: 'object', properties: {} }) as never,
    ...(typeof strict === 'boolean' ? { strict } : {}),
  };
}

function toToolChoice(choice: ChatToolChoice | undefined): LanguageModelV4ToolChoice | undefined {
  if (choice === undefined || choice === null) return undefined;
  if (choice === 'auto' || choice === 'none' || choice === 'required') return { type: choice };
  if (typeof choice === 'object' && typeof choice.function?.name === 'string') {
    return { type: 'tool', toolName: choice.function.name };
  }
  throw new RequestError(
    '`tool_choice` must be "auto", "none", "required" or a named function.',
    'tool_choice',
  );
}

/**
 * The AI SDK call options for a request: its messages as the prompt, its tools and tool choice.
 * Sampling settings are not translated: they reach the upstream in {@link passthroughFields}.
 */
export function toCallOptions(
  request: ChatCompletionRequest,
): Pick<LanguageModelV4CallOptions, 'prompt' | 'tools' | 'toolChoice'> {
  const toolNames = new Map<string, string>();
  const tools = (request.tools ?? []).map(toTool);
  const toolChoice = toToolChoice(request.tool_choice);
  return {
    prompt: request.messages.map((message, index) => toMessage(message, index, toolNames)),
    ...(tools.length === 0 ? {} : { tools }),
    ...(toolChoice === undefined ? {} : { toolChoice }),
  };
}
