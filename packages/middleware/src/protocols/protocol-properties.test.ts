import { gemmaProtocol } from '../formats/gemma-tool-middleware';
import { toolCallTagProtocol } from '../formats/tool-call-tag-middleware';
import { fixtureReplies } from '../testing/fixtures';
import { describeNativeProperties } from '../testing/native-properties';
import { describeProtocolProperties } from '../testing/protocol-properties';
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

describeProtocolProperties(cases);

// Native calls: the provider streams the input, the middleware only reads it.
describeNativeProperties();
