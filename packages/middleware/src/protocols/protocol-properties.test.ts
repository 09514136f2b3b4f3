import { describe } from 'vitest';
import { JSON_CALL_KEYS } from '../decoders/json-call-decoder';
import { gemmaProtocol } from '../formats/gemma';
import { toolCallTagProtocol } from '../formats/tool-call-tag';
import { fixtureReplies } from '../testing/fixtures';
import { describeNativeProperties } from '../testing/native-properties';
import { describeNothingDropped, describeProtocolProperties } from '../testing/protocol-properties';
import type { ToolCallProtocol } from '../tool-call-protocol';
import { jsonMixProtocol } from './json-mix-protocol';
import { morphXmlProtocol } from './morph-xml-protocol';

const protocols: Record<keyof typeof fixtureReplies, ToolCallProtocol> = {
  hermes: jsonMixProtocol(),
  gemma: gemmaProtocol(),
  xml: morphXmlProtocol(),
  toolCallTag: toolCallTagProtocol(),
};

const cases = Object.entries(fixtureReplies).flatMap(([name, replies]) =>
  replies.map((reply, index) => ({
    name: `${name} #${index}`,
    protocol: protocols[name as keyof typeof protocols],
    reply,
  })),
);

// Brackets left between a call's value and its closer, a common slip: the call's markup.
const extraBraces = [
  {
    name: 'hermes, extra brace before the closer',
    protocol: protocols.hermes,
    reply: '<tool_call>{"name": "get_time", "arguments": {}}}</tool_call> Done.',
  },
  {
    name: 'hermes, extra brackets on their own lines before the closer',
    protocol: protocols.hermes,
    reply:
      'Checking.\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Oslo"}}\n}\n]\n</tool_call>\n<tool_call>{"name": "get_time", "arguments": {}}}',
  },
  {
    name: 'gemma, extra brace before the closing fence',
    protocol: protocols.gemma,
    reply: '```tool_call\n{"name": "get_time", "arguments": {}}}\n```\nWaiting.',
  },
  {
    name: 'toolCallTag, extra brace, then a second call left out of the text',
    protocol: protocols.toolCallTag,
    reply:
      'A<TOOL_CALL>{"tool": "get_time", "args": {}}}</TOOL_CALL>B<TOOL_CALL>{"tool": "get_time", "args": {}}</TOOL_CALL>C',
    options: { emitRawToolCallTextOnError: false },
  },
];

// A forced tool choice reads a bare JSON call at the start of the reply; what is no call is
// left out of the text and reported.
const forced = { leadingJsonCall: JSON_CALL_KEYS, emitRawToolCallTextOnError: false };
const forcedChoice = [
  '  {"name": "get_weather", "arguments": {"city": "Oslo"}}',
  '{"nam": "get_time"} then prose',
  '{"name": 5, "arguments": {}} then prose',
  '{"name": "get_weather", "arguments": {"city": "Oslo"} oops',
  '{"name": "get_weather", "arguments": {"city": "Cut',
  'Sure. <tool_call>{"name": "get_time", "arguments": {}}}</tool_call><tool_call>oops</tool_call>',
].map((reply, index) => ({
  name: `hermes, forced tool choice #${index}`,
  protocol: protocols.hermes,
  reply,
  options: forced,
}));

describeProtocolProperties([...cases, ...extraBraces, ...forcedChoice]);

// Native calls: the provider streams the input, the middleware only reads it.
describeNativeProperties();

// Issue 24: calls followed by text before a late closer, envelopes broken after the arguments,
// reasoning tags inside failed or cut-off markup: every character is accounted for.
describe('nothing dropped without a report', () => {
  describeNothingDropped('hermes', protocols.hermes, {
    open: '<tool_call>',
    close: '</tool_call>',
    call: (name, args) => `{"name": "${name}", "arguments": ${args}}`,
  });
  describeNothingDropped('toolCallTag', protocols.toolCallTag, {
    open: '<TOOL_CALL>',
    close: '</TOOL_CALL>',
    call: (name, args) => `{"tool": "${name}", "args": ${args}}`,
  });
  describeNothingDropped('gemma', protocols.gemma, {
    open: '```tool_call\n',
    close: '\n```',
    call: (name, args) => `{"name": "${name}", "arguments": ${args}}`,
  });
});
