import { assistantTurns, type ChatRequest, type ScriptedTurn, turnAt } from 'scripted-server';

/** The ways the scripted model can write tool calls: four text formats, and the server's own tool calling. */
const SCRIPT_FORMATS = ['hermes', 'gemma', 'xml', 'tool-call-tag', 'native'] as const;
type ScriptFormat = (typeof SCRIPT_FORMATS)[number];

/**
 * The protocols the demo can show: each format of the script, `auto` (the Hermes prompt, every
 * known format read back) and `model-id` (the middleware `toolMiddlewareFor` picks by the model id).
 */
export const PROTOCOLS = [...SCRIPT_FORMATS, 'auto', 'model-id'] as const;
export type DemoProtocol = (typeof PROTOCOLS)[number];

/** The format the scripted model writes for a protocol: Hermes for those that read any format. */
export function scriptFormat(protocol: DemoProtocol): ScriptFormat {
  return protocol === 'auto' || protocol === 'model-id' ? 'hermes' : protocol;
}

interface Call {
  name: string;
  arguments: Record<string, unknown>;
}

const readNotes: Call = { name: 'read_file', arguments: { path: 'notes.txt' } };
const total: Call = { name: 'calculator', arguments: { expression: '3 * 19.99 + 4.5' } };
const osloTime: Call = { name: 'clock', arguments: { timeZone: 'Europe/Oslo' } };

/** What a reasoning model thinks aloud before its first reply, inside `<think>` tags. */
const THOUGHT =
  'The user wants the total from their notes and the time in Oslo.\n' +
  'I should read notes.txt first, then add up the order and check the clock.';

const FINAL_ANSWER =
  'Your notes list three books at 19.99 each plus 4.50 shipping, so you owe **64.47** in total. ' +
  'The clock tool gave the current time in Oslo above.';

/** How a model trained on each format writes a call. */
const writeCall: Record<Exclude<ScriptFormat, 'native'>, (call: Call) => string> = {
  hermes: (call) => `<tool_call>\n${JSON.stringify(call)}\n</tool_call>`,
  gemma: (call) => `\`\`\`tool_call\n${JSON.stringify(call)}\n\`\`\``,
  xml: (call) =>
    `<${call.name}>\n${Object.entries(call.arguments)
      .map(([key, value]) => `<${key}>${String(value)}</${key}>`)
      .join('\n')}\n</${call.name}>`,
  'tool-call-tag': (call) =>
    `<TOOL_CALL>${JSON.stringify({ tool: call.name, args: call.arguments, reasoning: `I need ${call.name}.` })}</TOOL_CALL>`,
};

function turn(
  protocol: ScriptFormat,
  prose: string,
  calls: Call[],
  thought?: string,
): ScriptedTurn {
  if (protocol === 'native') return { text: prose, toolCalls: calls };
  const thinking = thought === undefined ? [] : [`<think>\n${thought}\n</think>`];
  return { text: [...thinking, prose, ...calls.map(writeCall[protocol])].join('\n') };
}

/**
 * The scripted model's replies: think (text protocols only; toolbridge reads `<think>` tags as
 * reasoning), read the notes, then compute the total and check the clock (in parallel, or one
 * call per reply for the one-call protocol), then answer.
 */
export function demoScript(demoProtocol: DemoProtocol): ScriptedTurn[] {
  const protocol = scriptFormat(demoProtocol);
  const opening = turn(protocol, "I'll start by reading your notes.", [readNotes], THOUGHT);
  const answer = { text: FINAL_ANSWER };
  if (protocol === 'tool-call-tag') {
    return [
      opening,
      turn(protocol, 'Now the total.', [total]),
      turn(protocol, 'And the time in Oslo.', [osloTime]),
      answer,
    ];
  }
  return [
    opening,
    turn(protocol, 'Now I will add up the order and check the time in Oslo.', [total, osloTime]),
    answer,
  ];
}

/** Answers a request with the turn its conversation has reached. */
export function respondWithScript(protocol: DemoProtocol) {
  const script = demoScript(protocol);
  return (request: ChatRequest): ScriptedTurn => turnAt(script, assistantTurns(request));
}
