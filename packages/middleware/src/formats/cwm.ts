import type { JSONSchema7 } from '@ai-sdk/provider';
import { createDispatchingDecoder } from '../decoders/dispatching-decoder';
import { createFirstOfDecoder } from '../decoders/first-of-decoder';
import { createNamedJsonCallDecoder } from '../decoders/named-json-call-decoder';
import { createRawCodeCallDecoder } from '../decoders/raw-code-call-decoder';
import type { CallDecoder, CallSink, CallStatus, ToolsByName } from '../engine/call-grammar';
import { describeTool } from '../protocols/describe-tool';
import { stringifyFramedJson } from '../safe-json';
import { textOrJson } from '../text-or-json';
import { defineTextProtocol } from '../text-protocol';
import type { ToolCallProtocol } from '../tool-call-protocol';
import { toolResultValue } from '../tool-result-value';
import { defineFormat } from './define-format';

/** CWM's call opener: `<tool: NAME>`, one space after the colon as Meta's parsers require. */
const OPENER = '<tool: ';
const CLOSER = '</tool>';
/** The characters of a tool name: any other one before `>` shows the opener was prose. */
const NAME_CHAR = /[\w.-]/;
/** Longest tool name read before giving up: names are identifiers, not prose. */
const MAX_NAME_LENGTH = 256;

/**
 * The argument a raw (non-JSON) body fills: the schema's only property, when it is a string.
 * With any other property the body could mean several inputs, so there is none.
 */
function cwmRawBodyKey(schema: JSONSchema7 | undefined): string | undefined {
  const entries = Object.entries(schema?.properties ?? {});
  const [only] = entries;
  if (entries.length !== 1 || only === undefined) return undefined;
  const [key, property] = only;
  return typeof property === 'object' && property.type === 'string' ? key : undefined;
}

/** A call that was announced and cannot be read: it is reported to the model and never runs. */
function failedCall(sink: CallSink, toolName: string, message: string): CallDecoder {
  sink.start(toolName);
  sink.fail(message);
  return { write: () => 0, end: () => {}, status: 'done', closer: CLOSER };
}

/**
 * A raw body (`ls -la`, not JSON) after `<tool: NAME>`, up to `</tool>`: the text goes to the
 * tool's one string argument. A body whose `</tool>` never came was cut off: raw text shows no
 * other end, and a half-written command must not run.
 */
function rawBodyDecoder(toolName: string, tools: ToolsByName, sink: CallSink): CallDecoder {
  const tool = tools.get(toolName);
  const key = cwmRawBodyKey(tool?.inputSchema);
  if (key === undefined) {
    return failedCall(
      sink,
      toolName,
      tool === undefined
        ? `The body of the call to the unknown tool ${toolName} is not JSON`
        : `The body of the call to ${toolName} is not JSON, and the tool has no single string argument it could be`,
    );
  }
  return createRawCodeCallDecoder({
    toolName,
    key,
    sink,
    closers: [`\n${CLOSER}`, CLOSER],
    closerRequired: true,
  });
}

/**
 * Reads ` NAME>` after the opener (the name again, from the markup's start), then a body that is
 * not JSON: see {@link rawBodyDecoder}. Another character in the name means prose.
 */
function namedRawBodyDecoder(tools: ToolsByName, sink: CallSink): CallDecoder {
  let name = '';
  let body: CallDecoder | undefined;
  let status: CallStatus = 'open';
  return {
    write(text) {
      if (body !== undefined) return body.write(text);
      if (status !== 'open') return 0;
      for (let i = 0; i < text.length; i++) {
        const char = text.charAt(i);
        if (char === '>' && name.length > 0) {
          const toolName = name;
          body = createDispatchingDecoder((_first) => rawBodyDecoder(toolName, tools, sink));
          return i + 1 + body.write(text.slice(i + 1));
        }
        if (!NAME_CHAR.test(char) || name.length >= MAX_NAME_LENGTH) {
          status = 'not-a-call';
          return i;
        }
        name += char;
      }
      return text.length;
    },
    end() {
      if (body !== undefined) body.end();
      else status = 'not-a-call';
    },
    get status() {
      return body?.status ?? status;
    },
    get closer() {
      return body?.closer;
    },
  };
}

/** One `<tool: NAME>` block: JSON arguments when the body opens with one, else a raw body. */
function cwmCallDecoder(tools: ToolsByName, sink: CallSink): CallDecoder {
  return createFirstOfDecoder(
    [
      (watched) =>
        createNamedJsonCallDecoder({
          nameEnd: '>',
          closer: CLOSER,
          tools,
          sink: watched,
          nameChars: NAME_CHAR,
          // A body that does not open JSON is left to the raw reader.
          confirmWithArguments: true,
          trailingSpace: true,
        }),
      (watched) => namedRawBodyDecoder(tools, watched),
    ],
    sink,
  );
}

/**
 * Meta's Code World Model (CWM): each call is a block naming its tool, its body JSON arguments,
 * or the raw text CWM's agent tools take (a `bash` command):
 *
 * ```text
 * <tool: get_weather>
 * {"city": "Lyon"}
 * </tool>
 * <tool: bash>
 * ls -la
 * </tool>
 * ```
 *
 * A raw body goes to the tool's argument only when the schema has exactly one property and it is
 * a string; any other raw body is a call that fails (reported to the model, never run), as is a
 * raw body cut off before its `</tool>`. A name that is not an identifier leaves the opener as
 * prose. Results go back as the raw content of the tool's message.
 */
export function cwmProtocol(): ToolCallProtocol {
  return defineTextProtocol({
    format: 'cwm',
    grammar: (tools) => ({
      openers: [OPENER],
      startCall: (_opener, sink) => cwmCallDecoder(tools, sink),
    }),
    formatTools: (tools) =>
      tools
        .map((tool) => {
          const { name, description, parameters } = describeTool(tool);
          return `<tool: ${String(name)}>\n[JSON arguments]\n${CLOSER}\n${
            description === undefined ? '' : `${String(description)}\n`
          }Arguments (JSON Schema): ${stringifyFramedJson(parameters)}`;
        })
        .join('\n\n'),
    formatToolCall: ({ toolName, input }) =>
      `<tool: ${toolName}>\n${stringifyFramedJson(input ?? {})}\n${CLOSER}`,
    formatToolResponse: ({ output }) => textOrJson(toolResultValue(output).value),
  });
}

/** The system prompt of `cwmToolMiddleware`: the tools, in CWM's system-prompt layout, and how to call them. */
export function cwmSystemPromptTemplate(tools: string): string {
  return `You have access to the following tools:

${tools}

To call a tool, write its name in a tool block, with the arguments as one JSON object on the lines between:
<tool: TOOL_NAME>
{"argument_name": "value"}
${CLOSER}
Use only these tools, with values you were given. Results come back in the next message; when you have what you need, answer in plain text.`;
}

/** Meta CWM's `<tool: NAME>` blocks, and `<think>` reasoning. */
export const cwmFormat = /* @__PURE__ */ defineFormat({
  name: 'cwm',
  protocol: cwmProtocol,
  systemPrompt: cwmSystemPromptTemplate,
  reasoningTags: [['<think>', '</think>']],
  // Meta's server opens `<think>\n` in the generation prompt only when the request enables reasoning.
  opensReasoning: 'on-request',
  controlTokens: ['<|eot_id|>', '<|end_of_text|>'],
  models: [{ family: 'Code World Model (CWM)', match: /(?:^|[/:_-])cwm(?![a-z]|-pretrain)/ }],
});
