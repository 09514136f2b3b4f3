import { asSchema, type Tool } from 'ai';
import type { Workspace } from 'file-agent';
import type OpenAI from 'openai';
import { demoTools } from './demo-tools.ts';
import type { DemoSummary } from './run-demo.ts';
import type { Terminal } from './terminal.ts';
import { Transcript } from './transcript.ts';

/** Options of {@link runProxyDemo}. */
export interface RunProxyDemoOptions {
  /** The official `openai` client, pointed at `toolbridge serve`. */
  client: OpenAI;
  model: string;
  prompt: string;
  sandbox: Workspace;
  terminal: Terminal;
  abortSignal?: AbortSignal;
  now?: () => Date;
}

const MAX_STEPS = 6;
const MAX_SHOWN = 160;

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_SHOWN ? `${flat.slice(0, MAX_SHOWN)}…` : flat;
}

/** A report in the `toolbridge` field of a chunk: what toolbridge could not read. */
interface Report {
  reason: string;
  message: string;
  raw_text?: string;
}

/**
 * The demo's agent as any OpenAI client writes it, with no toolbridge code: the official `openai`
 * package streams chat completions from `toolbridge serve`, shows the text and each call's
 * arguments as they grow, runs the calls and sends the results back, until the model answers.
 */
export async function runProxyDemo(options: RunProxyDemoOptions): Promise<DemoSummary> {
  const { client, terminal } = options;
  const transcript = new Transcript(terminal);
  const tools = demoTools(options.sandbox, options.now) as unknown as Record<string, Tool>;
  const toolList: OpenAI.ChatCompletionFunctionTool[] = await Promise.all(
    Object.entries(tools).map(async ([name, tool]) => ({
      type: 'function' as const,
      function: {
        name,
        description: typeof tool.description === 'string' ? tool.description : '',
        parameters: (await asSchema(tool.inputSchema).jsonSchema) as Record<string, unknown>,
      },
    })),
  );
  const messages: OpenAI.ChatCompletionMessageParam[] = [
    {
      role: 'system',
      content: 'You are a helpful assistant. Use the tools when they help, then answer briefly.',
    },
    { role: 'user', content: options.prompt },
  ];
  const summary: DemoSummary = {
    steps: 0,
    toolCalls: 0,
    inputTokens: undefined,
    outputTokens: undefined,
  };
  const addTokens = (usage: OpenAI.CompletionUsage | null | undefined) => {
    if (!usage) return;
    summary.inputTokens = (summary.inputTokens ?? 0) + usage.prompt_tokens;
    summary.outputTokens = (summary.outputTokens ?? 0) + usage.completion_tokens;
  };

  while (summary.steps < MAX_STEPS) {
    const stream = await client.chat.completions.create(
      {
        model: options.model,
        messages,
        tools: toolList,
        stream: true,
        stream_options: { include_usage: true },
      },
      options.abortSignal === undefined ? {} : { signal: options.abortSignal },
    );
    let content = '';
    let reports: Report[] = [];
    const calls: Array<{ id: string; name: string; arguments: string }> = [];
    for await (const chunk of stream) {
      addTokens(chunk.usage);
      const choice = chunk.choices[0];
      if (choice === undefined) continue;
      const delta = choice.delta as typeof choice.delta & {
        reasoning_content?: string;
        reasoning?: string;
      };
      const reasoning = delta.reasoning_content ?? delta.reasoning;
      if (reasoning) transcript.reasoning(reasoning);
      if (delta.content) {
        transcript.endReasoning();
        content += delta.content;
        transcript.text(delta.content);
      }
      for (const part of delta.tool_calls ?? []) {
        let call = calls[part.index];
        if (call === undefined) {
          call = { id: part.id ?? '', name: part.function?.name ?? '', arguments: '' };
          calls[part.index] = call;
          transcript.endReasoning();
          transcript.startLine(terminal.style('cyan', `▸ ${call.name} `));
        }
        const piece = part.function?.arguments ?? '';
        call.arguments += piece;
        if (piece !== '') transcript.append(terminal.style('dim', piece));
      }
      if (choice.finish_reason) {
        reports = (chunk as { toolbridge?: { reports?: Report[] } }).toolbridge?.reports ?? [];
      }
    }
    transcript.endLine();
    summary.steps++;
    for (const report of reports) {
      transcript.line(
        terminal.style('yellow', `⚠ ${report.reason}: ${report.message}`) +
          terminal.style('dim', ` — ${shorten(report.raw_text ?? '')}`),
      );
    }
    // A call toolbridge rejected mid-stream keeps arguments that are not JSON: it does not run.
    const runnable = calls.filter((call) => {
      try {
        JSON.parse(call.arguments);
        return true;
      } catch {
        return false;
      }
    });
    if (runnable.length === 0) break;

    messages.push({
      role: 'assistant',
      content: content === '' ? null : content,
      tool_calls: runnable.map((call) => ({
        id: call.id,
        type: 'function' as const,
        function: { name: call.name, arguments: call.arguments },
      })),
    });
    for (const call of runnable) {
      summary.toolCalls++;
      const output = await runTool(tools, call.name, call.arguments, call.id);
      transcript.line(
        'error' in output
          ? `${terminal.style('red', `  ✗ ${call.name}:`)} ${shorten(output.error)}`
          : `${terminal.style('green', `  ✓ ${call.name} →`)} ${shorten(JSON.stringify(output.result))}`,
      );
      messages.push({
        role: 'tool',
        tool_call_id: call.id,
        content: JSON.stringify('error' in output ? { error: output.error } : output.result),
      });
    }
  }
  transcript.endLine();
  return summary;
}

/** Runs one of the demo's tools on the arguments the model wrote, as a client of the server does. */
async function runTool(
  tools: Record<string, Tool>,
  name: string,
  argumentsText: string,
  toolCallId: string,
): Promise<{ result: unknown } | { error: string }> {
  const tool = tools[name];
  if (tool === undefined) return { error: `There is no tool "${name}".` };
  const schema = asSchema(tool.inputSchema);
  const input: unknown = JSON.parse(argumentsText);
  // As the AI SDK does, a schema without a validator takes any input.
  const validation =
    schema.validate === undefined
      ? { success: true as const, value: input }
      : await schema.validate(input);
  if (!validation.success) return { error: `Invalid input: ${validation.error.message}` };
  try {
    const execute = tool.execute as (input: unknown, options: unknown) => Promise<unknown>;
    return { result: await execute(validation.value, { toolCallId, messages: [] }) };
  } catch (error) {
    return { error: (error as Error).message };
  }
}
