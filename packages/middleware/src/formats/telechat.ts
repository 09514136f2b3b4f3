import { createDispatchingDecoder } from '../decoders/dispatching-decoder';
import { createJsonCallDecoder, JSON_CALL_KEYS } from '../decoders/json-call-decoder';
import { createNamedJsonCallDecoder } from '../decoders/named-json-call-decoder';
import {
  createXmlParameterCallDecoder,
  type XmlParameterSyntax,
} from '../decoders/xml-parameter-call-decoder';
import type { CallDecoder, CallSink, ToolsByName } from '../engine/call-grammar';
import { functionToolLines } from '../protocols/describe-tool';
import { textOrJson } from '../text-or-json';
import { defineTextProtocol } from '../text-protocol';
import type { ToolCallProtocol } from '../tool-call-protocol';
import { toolResultValue } from '../tool-result-value';
import { defineFormat } from './define-format';

const OPENER = '<tool_call>';
const CLOSER = '</tool_call>';
const KEY_OPEN = '<param_key>';

/**
 * `NAME` (ended by the first `<param_key>`, or a newline), then `<param_key>KEY</param_key>`
 * `<param_value>` VALUE `</param_value>` pairs; `</tool_call>` closes the call.
 */
const TELECHAT_SYNTAX: XmlParameterSyntax = {
  nameOpen: '',
  nameClose: ['\n', KEY_OPEN],
  keyOpen: KEY_OPEN,
  keyClose: '</param_key>',
  valueOpen: '<param_value>',
  valueClose: '</param_value>',
  inlineValues: true,
};

/** Longest name, and space after it, read before the body counts as another format's. */
const MAX_NAME_TEXT = 256;

/**
 * A body that opens with a name: the name and any space after it are held (nothing is announced)
 * until what follows shows the layout. `<param_key>` or `</tool_call>` go to the key/value
 * decoder, `{` to the name-then-JSON decoder; anything else (GLM's `<arg_key>`, a second word)
 * is no call of this format, so that `auto` hands the body on to the next format sharing the tag.
 */
function nameFirstDecoder(tools: ToolsByName, sink: CallSink): CallDecoder {
  let chosen: CallDecoder | undefined;
  let refused = false;
  /** What was read before the choice, already reported as consumed. */
  let head = '';

  const keyValue = () =>
    createXmlParameterCallDecoder({ syntax: TELECHAT_SYNTAX, closer: CLOSER, tools, sink });
  const named = () =>
    createNamedJsonCallDecoder({
      nameEnd: '{',
      nameEndOpensValue: true,
      closer: CLOSER,
      tools,
      sink,
    });

  /** Chooses from `read` (the body so far): the chosen decoder's consumption of it, or undefined while undecided. */
  function choose(read: string): number | undefined {
    const name = /^[\w.:-]*/u.exec(read)?.[0] ?? '';
    const rest = read.slice(name.length).trimStart();
    const restAt = read.length - rest.length;
    if (restAt > MAX_NAME_TEXT) {
      refused = true;
      return 0;
    }
    if (rest === '') return undefined;
    if (rest.startsWith('{')) {
      // The named decoder reads `NAME{`: the space between them is skipped, and counted as read.
      const decoder = named();
      chosen = decoder;
      const taken = decoder.write(name + rest);
      return taken <= name.length ? taken : restAt + taken - name.length;
    }
    if (rest.startsWith(KEY_OPEN) || rest.startsWith(CLOSER)) {
      chosen = keyValue();
      return chosen.write(read);
    }
    if (KEY_OPEN.startsWith(rest) || CLOSER.startsWith(rest)) return undefined;
    refused = true;
    return 0;
  }

  return {
    write(text) {
      if (chosen !== undefined) return chosen.write(text);
      if (refused) return 0;
      const read = head + text;
      const taken = choose(read);
      if (taken === undefined) {
        head = read;
        return text.length;
      }
      const held = head.length;
      head = '';
      return Math.max(0, taken - held);
    },
    end() {
      if (chosen === undefined) refused = true;
      else chosen.end();
    },
    get status() {
      if (chosen !== undefined) return chosen.status;
      return refused ? 'not-a-call' : 'open';
    },
    get closer() {
      return chosen === undefined ? CLOSER : chosen.closer;
    },
  };
}

/**
 * China Telecom's TeleChat4 and XingChen's Xing4.0 (XingChen4): each call in `<tool_call>` tags,
 * the tool name first, then its arguments as key/value tags, values raw and typed by the tool's
 * schema:
 * `<tool_call>get_weather<param_key>city</param_key><param_value>Lyon</param_value></tool_call>`.
 * Read too, as the servers' parsers read them: a Hermes-style JSON body, the name followed by
 * the arguments as a JSON object (`<tool_call>get_weather{"city": "Lyon"}</tool_call>`), and a
 * name alone (a call without arguments). A body of another layout (GLM's `<arg_key>`) is no call
 * of this format. Results go back as `<tool_response>` blocks.
 */
export function telechatProtocol(): ToolCallProtocol {
  return defineTextProtocol({
    format: 'telechat',
    grammar: (tools) => ({
      openers: [OPENER],
      explicitOpeners: [OPENER],
      startCall: (_opener, sink) =>
        createDispatchingDecoder((first) =>
          first === '{'
            ? createJsonCallDecoder({ keys: JSON_CALL_KEYS, closer: CLOSER, tools, sink })
            : /[A-Za-z_]/u.test(first)
              ? nameFirstDecoder(tools, sink)
              : undefined,
        ),
    }),
    formatTools: (tools) => functionToolLines(tools),
    // As the template writes past calls (per the servers' parsers): compact, strings raw, other values as JSON.
    formatToolCall: ({ toolName, input }) =>
      `${OPENER}${toolName}${Object.entries((input ?? {}) as Record<string, unknown>)
        .map(
          ([key, value]) =>
            `${KEY_OPEN}${key}</param_key><param_value>${textOrJson(value)}</param_value>`,
        )
        .join('')}${CLOSER}`,
    formatToolResponse: ({ output }) =>
      `<tool_response>${textOrJson(toolResultValue(output).value)}</tool_response>`,
  });
}

/** The system prompt of `telechatToolMiddleware`: the tools as JSON lines, and the call layout. */
export function telechatSystemPromptTemplate(tools: string): string {
  return `# Tools

You may call one or more of these functions (one JSON description per line):
<tools>
${tools}
</tools>

To call a function, write its name after <tool_call>, then each argument as a key and a value:
<tool_call>function_name<param_key>argument_name</param_key><param_value>value</param_value></tool_call>

Write text values as they are and other values as JSON; give every required argument; one <tool_call> block per call, several allowed, back to back. Results come back in <tool_response> blocks. When you have what you need, answer in plain text.`;
}

/** TeleChat4 / Xing4.0's `<param_key>`/`<param_value>` calls, and `<think>` reasoning. */
export const telechatFormat = /* @__PURE__ */ defineFormat({
  name: 'telechat',
  protocol: telechatProtocol,
  systemPrompt: telechatSystemPromptTemplate,
  reasoningTags: [['<think>', '</think>']],
  // The template thinks unless `enable_thinking` is false: its generation prompt ends in `<think>\n`.
  opensReasoning: 'by-default',
  // `<_end>` ends a turn; the role tokens open the next one.
  controlTokens: ['<_end>', '<_user>', '<_bot>', '<_system>'],
  models: [
    { family: 'TeleChat4', match: /telechat-?4/ },
    // SGLang's xingchen4 and xing4_0 parsers are TeleChat4's.
    { family: 'Xing4.0 (XingChen4)', match: /(?:^|\/)xing(?:chen)?-?4/ },
  ],
});
