import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { createNamedJsonCallDecoder } from '../decoders/named-json-call-decoder';
import { watchedSink } from '../decoders/watched-sink';
import {
  createXmlParameterCallDecoder,
  type XmlParameterSyntax,
} from '../decoders/xml-parameter-call-decoder';
import type { CallDecoder, CallSink, CallStatus, ToolsByName } from '../engine/call-grammar';
import { createMarkerSeeker } from '../engine/marker-seeker';
import { describeFunctionTool } from '../protocols/describe-tool';
import { stringifyFramedJson } from '../safe-json';
import { textOrJson } from '../text-or-json';
import { defineTextProtocol } from '../text-protocol';
import type { ToolCallProtocol } from '../tool-call-protocol';
import { toolResultValue } from '../tool-result-value';
import { defineFormat } from './define-format';

// Solar Open 2's call tokens (special tokens of its tokenizer).
const CALL_START = '<|tool_call:start|>';
const CALL_END = '<|tool_call:end|>';
const ARG_START = '<|tool_arg:start|>';
const ARG_VALUE = '<|tool_arg:value|>';
const ARG_END = '<|tool_arg:end|>';

// Solar Open (v1)'s call tokens.
const V1_CALLS = '<|tool_calls|>';
const V1_CALL_BEGIN = '<|tool_call:begin|>';
const V1_NAME = '<|tool_call:name|>';
const V1_ARGS = '<|tool_call:args|>';
const V1_CALLS_END = '<|calls|>';

/** What a call id of Solar Open (v1) may be: its model writes ten lower-case letters and digits. */
const V1_ID = /^[\w-]{1,64}$/u;

/**
 * Solar Open 2: the name on the rest of the opener's line (the first argument may follow it at
 * once), then `<|tool_arg:start|>KEY<|tool_arg:value|>VALUE<|tool_arg:end|>` per argument, each
 * value raw text right between its tokens; the call's closer ends it.
 */
const SOLAR_OPEN2_SYNTAX: XmlParameterSyntax = {
  nameOpen: '',
  nameClose: ['\n', ARG_START],
  keyOpen: ARG_START,
  keyClose: ARG_VALUE,
  valueOpen: '',
  valueClose: ARG_END,
  inlineValues: true,
};

/** One Solar Open 2 call, after its opener, up to its `<|tool_call:end|>`. */
function solarOpen2CallDecoder(tools: ToolsByName, sink: CallSink): CallDecoder {
  return createXmlParameterCallDecoder({
    syntax: SOLAR_OPEN2_SYNTAX,
    closer: CALL_END,
    tools,
    sink,
  });
}

/**
 * Solar Open 2's calls from one opener on: a call the model left without its `<|tool_call:end|>`
 * ends at the next `<|tool_call:start|>` (a repair, as vLLM reads it), and the call after it is
 * read here too, since the opener may have begun in text already taken. Without this, the next
 * call's arguments would be read into the open one.
 */
function solarOpen2Decoder(tools: ToolsByName, sink: CallSink): CallDecoder {
  const seeker = createMarkerSeeker([CALL_START]);
  let announced = false;
  const watched = watchedSink(sink, () => {
    announced = true;
  });
  let current = solarOpen2CallDecoder(tools, watched);
  /** Text the seeker holds (a possible start of the opener), taken from earlier chunks. */
  let held = 0;
  /** Where the current call began in the chunk being read; negative when in an earlier chunk. */
  let currentStart = 0;
  let status: CallStatus = 'open';

  /** The current call stopped `at` (in the chunk): the markup ends there. */
  function settle(at: number): number {
    const inner = current.status;
    if (announced && (inner === 'not-a-call' || inner === 'malformed')) {
      // What followed a later opener was no call: the calls before it stand, and the text after
      // that opener is the engine's again where this chunk still holds it.
      status = 'done';
      return Math.max(0, currentStart);
    }
    status = inner;
    return Math.max(0, at);
  }

  /** Ends the current call where the next opener begins: the model left its closer out. */
  function endAtNextCall(): CallStatus {
    sink.repair(`The call was not closed with ${CALL_END} before the next call`);
    current.write(CALL_END);
    // Cut off in a key, where the closer does not end anything: the call does not run.
    if (current.status === 'open') current.end();
    return current.status;
  }

  return {
    write(text) {
      let at = 0;
      while (status === 'open') {
        const pieces: string[] = [];
        const hit = seeker.seek(text, at, (piece) => pieces.push(piece));
        const body = pieces.join('');
        const bodyStart = at - held;
        const read = current.write(body);
        if (current.status !== 'open') return settle(bodyStart + read);
        if (hit === undefined) {
          held += text.length - at - body.length;
          return text.length;
        }
        if (endAtNextCall() !== 'done') return settle(hit.end - CALL_START.length);
        held = 0;
        at = hit.end;
        currentStart = at;
        current = solarOpen2CallDecoder(tools, watched);
      }
      return 0;
    },
    end() {
      if (status !== 'open') return;
      const rest = seeker.flush();
      if (rest !== '') current.write(rest);
      if (current.status === 'open') current.end();
      settle(0);
    },
    get status() {
      return status;
    },
    get closer() {
      return current.closer;
    },
  };
}

/**
 * Solar Open (v1): `ID<|tool_call:name|>NAME<|tool_call:args|>{…}<|tool_call:end|>` after its
 * opener, the arguments a JSON object; the model's call id is kept.
 */
function solarOpenV1Decoder(tools: ToolsByName, sink: CallSink): CallDecoder {
  return createNamedJsonCallDecoder({
    nameEnd: V1_ARGS,
    closer: CALL_END,
    tools,
    sink,
    parseName: (text) => {
      const at = text.indexOf(V1_NAME);
      if (at === -1) return undefined;
      const id = text.slice(0, at).trim();
      const name = text.slice(at + V1_NAME.length).trim();
      return V1_ID.test(id) ? { name, id } : { name };
    },
  });
}

/** A call as Solar Open 2 writes it: its name, then each argument, text as it is and other values as JSON. */
function solarOpen2Call(toolName: string, input: unknown): string {
  const args = Object.entries((input ?? {}) as Record<string, unknown>).map(
    ([key, value]) => `${ARG_START}${key}${ARG_VALUE}${textOrJson(value)}${ARG_END}\n`,
  );
  return `${CALL_START}${toolName}\n${args.join('')}${CALL_END}`;
}

/** Each tool as a JSON object in its own `<|tool:start|>` block, one per line. */
function solarOpenTools(tools: readonly LanguageModelV4FunctionTool[]): string {
  return tools
    .map((tool) => `<|tool:start|>${stringifyFramedJson(describeFunctionTool(tool))}<|tool:end|>`)
    .join('\n');
}

/**
 * Upstage Solar Open 2 and Solar Open (v1). Solar Open 2 writes each call after
 * `<|tool_call:start|>`, its name on that line, then its arguments as raw text typed by the
 * tool's schema, several calls back to back:
 * `<|tool_call:start|>get_weather\n<|tool_arg:start|>city<|tool_arg:value|>Seoul<|tool_arg:end|>\n<|tool_call:end|>`.
 * Solar Open (v1) writes JSON arguments after an id and the name, in an optional
 * `<|tool_calls|>` … `<|calls|>` section:
 * `<|tool_calls|><|tool_call:begin|>a1b2c3d4e5<|tool_call:name|>get_weather<|tool_call:args|>{"city": "Seoul"}<|tool_call:end|>`.
 * Both are read; past calls are written as Solar Open 2 writes them, and results go back in
 * `<|tool_response:start|>` blocks.
 */
export function solarOpenProtocol(): ToolCallProtocol {
  return defineTextProtocol({
    format: 'solar-open',
    grammar: (tools) => ({
      openers: [CALL_START, V1_CALL_BEGIN],
      explicitOpeners: [CALL_START, V1_CALL_BEGIN],
      wrappers: [V1_CALLS, V1_CALLS_END],
      startCall: (opener, sink) =>
        opener === CALL_START ? solarOpen2Decoder(tools, sink) : solarOpenV1Decoder(tools, sink),
    }),
    formatTools: solarOpenTools,
    formatToolCall: ({ toolName, input }) => solarOpen2Call(toolName, input),
    formatToolResponse: ({ output }) => {
      const { value } = toolResultValue(output);
      return `<|tool_response:start|>${textOrJson(value)}<|tool_response:end|>`;
    },
  });
}

/** The system prompt of `solarOpenToolMiddleware`: the tools in Solar Open 2's tool blocks, and its call layout. */
export function solarOpenSystemPromptTemplate(tools: string): string {
  return `## Tools
You may call one or more of these tools, each described as JSON in its own block:
${tools}

To call a tool, write its name after ${CALL_START} on a line of its own, then each argument, and close the call:
${CALL_START}tool_name
${ARG_START}argument_name${ARG_VALUE}value${ARG_END}
${CALL_END}

Write text values as they are and other values as JSON; give every required argument; write one such block per call, several allowed. Results come back in ${'<|tool_response:start|>'} blocks. When you have what you need, answer in plain text.`;
}

/**
 * Solar Open's reasoning tags: Solar Open 2's `<|think:start|>` first (the block its template
 * opens), then v1's `<|think|>`, which its reasoning message's `<|end|>` closes.
 */
export const solarOpenReasoningTags: ReadonlyArray<readonly [string, string]> = [
  ['<|think:start|>', '<|think:end|>'],
  ['<|think|>', '<|end|>'],
];

/** Upstage Solar Open 2's `<|tool_call:start|>` calls and Solar Open (v1)'s `<|tool_call:begin|>` calls. */
export const solarOpenFormat = /* @__PURE__ */ defineFormat({
  name: 'solar-open',
  protocol: solarOpenProtocol,
  systemPrompt: solarOpenSystemPromptTemplate,
  reasoningTags: solarOpenReasoningTags,
  // Solar Open 2's template opens `<|think:start|>` unless the reasoning effort is low or none.
  opensReasoning: 'by-default',
  // Solar Open 2's end of turn; v1's header of the message after its reasoning, and its content markers.
  controlTokens: ['<|im:end|>', '<|begin|>assistant', '<|content|>', '<|flush|>'],
  models: [
    { family: 'Solar Open 2', match: /solar-?open-?2/ },
    { family: 'Solar Open', match: /solar-?open/, opensReasoning: 'never' },
  ],
});
