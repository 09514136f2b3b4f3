#!/usr/bin/env bash
# Checks the README's install route for before the first release: packs the packages, installs
# the tarballs with npm into an empty project beside `ai`, and runs a tool call through
# `toolMiddlewareFor` with the AI SDK, in generate and in stream mode.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

read -ra install <<<"$(bash scripts/pack.sh "$work/packed")"
mkdir "$work/app"
cd "$work/app"
npm init -y >/dev/null
"${install[@]}" ai@^7 --no-audit --no-fund --loglevel=error >/dev/null

cat >check.mjs <<'SCRIPT'
import { toolMiddlewareFor } from '@toolbridge/middleware';
import { generateText, jsonSchema, streamText, tool, wrapLanguageModel } from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test';

const reply = '<tool_call>{"name": "get_weather", "arguments": {"city": "Oslo"}}</tool_call>';
const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};
const finishReason = { unified: 'stop', raw: 'stop' };
const model = new MockLanguageModelV4({
  modelId: 'NousResearch/Hermes-3-Llama-3.1-8B',
  doGenerate: async () => ({ content: [{ type: 'text', text: reply }], finishReason, usage, warnings: [] }),
  doStream: async () => ({
    stream: convertArrayToReadableStream([
      { type: 'text-start', id: 't' },
      ...reply.match(/.{1,5}/gs).map((delta) => ({ type: 'text-delta', id: 't', delta })),
      { type: 'text-end', id: 't' },
      { type: 'finish', finishReason, usage },
    ]),
  }),
});
const options = {
  model: wrapLanguageModel({ model, middleware: toolMiddlewareFor(model.modelId) }),
  tools: {
    get_weather: tool({
      inputSchema: jsonSchema({ type: 'object', properties: { city: { type: 'string' } } }),
    }),
  },
  prompt: 'Weather in Oslo?',
};
const generated = await generateText(options);
const streamed = await streamText(options).toolCalls;
for (const calls of [generated.toolCalls, streamed]) {
  const input = JSON.stringify(calls.map((call) => [call.toolName, call.input]));
  if (input !== '[["get_weather",{"city":"Oslo"}]]') throw new Error(`Unexpected calls: ${input}`);
}
console.log('packed install: the tarballs install with npm and read a tool call in both paths');
SCRIPT
node check.mjs
