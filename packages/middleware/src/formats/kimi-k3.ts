import {
  createXmlParameterCallDecoder,
  type XmlParameterSyntax,
} from '../decoders/xml-parameter-call-decoder';
import { functionToolLines } from '../protocols/describe-tool';
import { textOrJson } from '../text-or-json';
import { defineTextProtocol } from '../text-protocol';
import type { ToolCallProtocol } from '../tool-call-protocol';
import { toolResultValue } from '../tool-result-value';
import { defineFormat } from './define-format';

/** Kimi K3's tag stream ("XTML"): `<|open|>TAG attrs<|sep|>` … `<|close|>TAG<|sep|>`. */
const open = (tag: string) => `<|open|>${tag}<|sep|>`;
const close = (tag: string) => `<|close|>${tag}<|sep|>`;

/** Attribute values escape `&` and `"`. */
const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
const unescapeAttribute = (value: string) =>
  value.replaceAll('&quot;', '"').replaceAll('&amp;', '&');

/** An argument's `type`: `string` is raw text, every other type (`number`, `boolean`, `null`, `array`, `object`) JSON. */
function typeAttribute(attributes: string): boolean | undefined {
  const match = /\btype="([a-z]+)"/u.exec(attributes);
  return match === null ? undefined : match[1] === 'string';
}

/**
 * `<|open|>call tool="NAME" index="1"<|sep|>`, then per argument
 * `<|open|>argument key="KEY" type="string"<|sep|>`VALUE`<|close|>argument<|sep|>`, then
 * `<|close|>call<|sep|>`; or one `<|open|>json type="object"<|sep|>{…}<|close|>json<|sep|>` body.
 */
const K3_SYNTAX: XmlParameterSyntax = {
  nameOpen: '<|open|>call tool="',
  nameClose: ['"'],
  nameTail: '<|sep|>',
  callClose: /* @__PURE__ */ close('call'),
  keyOpen: '<|open|>argument key="',
  keyClose: '"',
  valueOpen: '<|sep|>',
  valueClose: /* @__PURE__ */ close('argument'),
  valueIsString: typeAttribute,
  unescape: unescapeAttribute,
  jsonArguments: {
    open: /* @__PURE__ */ open('json type="object"'),
    close: /* @__PURE__ */ close('json'),
  },
  inlineValues: true,
};

/** The JSON type an argument declares in its `type` attribute. */
function typeOf(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value === 'bigint' ? 'number' : typeof value;
}

/**
 * Kimi K3: calls in a `tools` channel of its own tag tokens, each argument typed by its `type`
 * attribute (`string` raw, anything else JSON):
 * `<|open|>tools<|sep|><|open|>call tool="get_weather" index="1"<|sep|><|open|>argument key="city" type="string"<|sep|>Lyon<|close|>argument<|sep|><|close|>call<|sep|><|close|>tools<|sep|>`.
 * The `response` channel's tags and the message's close are markup, never text. Results go back
 * as K3's `tool` message.
 */
export function kimiK3Protocol(): ToolCallProtocol {
  return defineTextProtocol({
    format: 'kimi-k3',
    grammar: (tools) => ({
      openers: [open('tools')],
      explicitOpeners: [open('tools')],
      // Channel markup around the reply; a lone think close is the end of a block the template opened.
      wrappers: [open('response'), close('response'), close('message'), close('think')],
      startCall: (_opener, sink) =>
        createXmlParameterCallDecoder({ syntax: K3_SYNTAX, closer: close('tools'), tools, sink }),
    }),
    formatTools: (tools) => functionToolLines(tools),
    formatToolCall: ({ toolName, input }) => {
      const args = Object.entries((input ?? {}) as Record<string, unknown>).map(([key, value]) => {
        const type = typeOf(value);
        const text = type === 'string' ? (value as string) : JSON.stringify(value ?? null);
        return `${open(`argument key="${escapeAttribute(key)}" type="${type}"`)}${text}${close('argument')}`;
      });
      return `${open('tools')}${open(`call tool="${escapeAttribute(toolName)}" index="1"`)}${args.join('')}${close('call')}${close('tools')}`;
    },
    formatToolResponse: ({ toolName, output }) => {
      const { value } = toolResultValue(output);
      return `${open(`message role="tool" tool="${escapeAttribute(toolName)}"`)}${textOrJson(value)}${close('message')}`;
    },
  });
}

/** The system prompt of `kimiK3ToolMiddleware`: the tools as JSON, and K3's call layout. */
export function kimiK3SystemPromptTemplate(tools: string): string {
  return `# Tools

You may call one or more of these functions (one JSON description per line):
${tools}

To call functions, open the tools channel and write one call per function, each argument with its JSON type:
${open('tools')}${open('call tool="function_name" index="1"')}${open('argument key="argument_name" type="string"')}text value${close('argument')}${open('argument key="count" type="number"')}3${close('argument')}${close('call')}${close('tools')}

Write a string argument as it is; write every other type (number, boolean, null, array, object) as JSON. Give every required argument. Results come back as tool messages. When you have what you need, answer in plain text.`;
}

/** Kimi K3's reasoning tags: its think channel first (the pair `startWithReasoning` opens), then `<think>`. */
export const kimiK3ReasoningTags: ReadonlyArray<readonly [string, string]> = [
  [/* @__PURE__ */ open('think'), /* @__PURE__ */ close('think')],
  ['<think>', '</think>'],
];

/** Kimi K3's tag-token calls, with its think channel. */
export const kimiK3Format = /* @__PURE__ */ defineFormat({
  name: 'kimi-k3',
  protocol: kimiK3Protocol,
  systemPrompt: kimiK3SystemPromptTemplate,
  reasoningTags: kimiK3ReasoningTags,
  models: [{ family: 'Kimi K3', match: /kimi-?k3/ }],
});
