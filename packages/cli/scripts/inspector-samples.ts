/**
 * Sample model outputs and a sample recording for the inspector page: what the browser test
 * loads and the screenshots show. The recording is written by hand in the shape
 * `recordModelOutput` writes (one model call a line), with the chunking and pace of a small
 * local model.
 */
import type { ModelCallRecording } from '@toolbridge/middleware';

export const WEATHER_TOOLS = [
  {
    name: 'get_weather',
    description: 'The current weather in a city.',
    inputSchema: {
      type: 'object',
      properties: {
        city: { type: 'string' },
        unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
      },
      required: ['city'],
    },
  },
  {
    name: 'get_forecast',
    description: 'The forecast for the next days.',
    inputSchema: {
      type: 'object',
      properties: { city: { type: 'string' }, days: { type: 'integer' } },
      required: ['city'],
    },
  },
];

export const HERMES_CALL =
  '<tool_call>{"name": "get_weather", "arguments": {"city": "Oslo"}}</tool_call>';

export const QWEN3_CODER_CALL =
  '<tool_call>\n<function=get_weather>\n<parameter=city>\nOslo\n</parameter>\n</function>\n</tool_call>';

/** A reply with a bit of everything: reasoning, a call, a repaired call, malformed markup and a near miss. */
export const MIXED_REPLY = `<think>The user wants the weather in Oslo and Bergen, in Celsius, and a forecast. One call per city.</think>
Let me check both cities.
<tool_call>
{"name": "get_weather", "arguments": {"city": "Oslo", "unit": "celsius"}}
</tool_call>
<tool_call>
{"name": "get_weather", "arguments": {"city": "Bergen", "unit": "celsius"}
</tool_call>
<tool_call>{"arguments": {"city": "Tromsø"}</tool_call>
I could also use {"name": "get_forecast", "parameters": {"city": "Oslo", "days": 3}} later.`;

/** Splits text the way a tokenizer streams it: a word with the spaces before it, or one other character. */
function tokenize(text: string): string[] {
  const word = (char: string) => /[\p{L}\p{N}_]/u.test(char);
  const tokens: string[] = [];
  let token = '';
  for (const char of text) {
    const continues = word(char) && word(token.slice(-1));
    const leadingSpace = token !== '' && token.trim() === '';
    if (token !== '' && !continues && !leadingSpace) {
      tokens.push(token);
      token = '';
    }
    token += char;
  }
  if (token !== '') tokens.push(token);
  return tokens;
}

/** One streamed model call: a first token after `firstMs`, then one every `everyMs`. */
function streamedCall(reply: string, firstMs: number, everyMs: number): ModelCallRecording {
  const chunks = tokenize(reply).map((text, index) => ({
    time: firstMs + index * everyMs + (index % 7 === 3 ? everyMs : 0),
    text,
  }));
  const last = chunks.at(-1);
  if (last === undefined) throw new Error('A sample reply has text');
  return {
    toolbridgeRecording: 1,
    mode: 'stream',
    startedAt: '2026-01-15T09:30:00.000Z',
    provider: 'ollama.chat',
    modelId: 'qwen3:8b',
    prompt: [
      { role: 'system', content: '(the tool middleware’s system prompt)' },
      { role: 'user', content: [{ type: 'text', text: 'What is the weather in Oslo?' }] },
    ],
    tools: WEATHER_TOOLS,
    chunks,
    reports: [],
    durationMs: last.time + everyMs,
  };
}

/** A recording of two calls: a Qwen3-Coder style call after some reasoning, then the answer. */
export function sampleRecording(): string {
  const first = streamedCall(
    `<think>The user asks for the weather in Oslo. I have get_weather; one call is enough.</think>\nI'll look that up.\n${QWEN3_CODER_CALL.replace('Oslo', 'Oslo, Norway')}`,
    420,
    28,
  );
  const second = streamedCall('It is 21 °C and sunny in Oslo right now.', 260, 24);
  return `${[first, second].map((recording) => JSON.stringify(recording)).join('\n')}\n`;
}
