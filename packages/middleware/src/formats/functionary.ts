import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import {
  createDispatchingDecoder,
  createPrefixDispatchingDecoder,
} from '../decoders/dispatching-decoder';
import { createNamedJsonCallDecoder } from '../decoders/named-json-call-decoder';
import { createPythonTagDecoder } from '../decoders/python-tag-decoder';
import { createRawCodeCallDecoder } from '../decoders/raw-code-call-decoder';
import { readingFirst } from '../decoders/reading-first';
import type { CallDecoder, CallSink, ToolsByName } from '../engine/call-grammar';
import { describeTool, leanSchema } from '../protocols/describe-tool';
import {
  type TypeScriptNamespaceOptions,
  typeScriptNamespace,
} from '../protocols/typescript-namespace';
import { stringifyFramedJson } from '../safe-json';
import { textOrJson } from '../text-or-json';
import { defineTextProtocol } from '../text-protocol';
import type { ToolCallForModel, ToolCallProtocol } from '../tool-call-protocol';
import { toolResultValue } from '../tool-result-value';
import { defineFormat, formatPreset } from './define-format';

/** Options of {@link functionaryProtocol}. */
export interface FunctionaryProtocolOptions {
  /**
   * The model's version, which decides how tools and past calls are written for it: `v3.2`
   * (default) lists the tools as a TypeScript namespace and writes calls as `>>>NAME\n{…}`;
   * `v3.1` (Llama 3.1 based, and Llama 3.1's own "user-defined" tool prompt) lists them as JSON
   * and writes `<function=NAME>{…}</function>`. Both forms are read in either case.
   */
  version?: 'v3.2' | 'v3.1';
}

/** The recipient of Functionary's text channel: `>>>all` is followed by text for the user. */
const TEXT_CHANNEL = 'all';
/** The tool Functionary sends raw code to; its input is `{"code": …}`. */
const PYTHON = 'python';
/** A character of a recipient name. */
const NAME_CHAR = /[\w.:-]/;
/** Tokens that end a Llama 3.1 turn, closing raw code written after `<|python_tag|>`. */
const END_OF_TURN = ['<|eom_id|>', '<|eot_id|>'];

/**
 * The calls of one recipient: `get_weather\n{…}` after `>>>` (or at the start of the reply, where
 * the generation prompt wrote the `>>>`), raw code after `python\n` when a tool named `python`
 * exists. Only known tools are calls: `>>>` also quotes text and opens Python prompts.
 */
function recipientDecoder(tools: ToolsByName, sink: CallSink): CallDecoder {
  const routes: Array<readonly [string, () => CallDecoder]> = tools.has(PYTHON)
    ? [[`${PYTHON}\n`, () => pythonCode(tools, sink)]]
    : [];
  return createPrefixDispatchingDecoder(routes, () => jsonRecipient(tools, sink));
}

function jsonRecipient(tools: ToolsByName, sink: CallSink): CallDecoder {
  return createNamedJsonCallDecoder({
    nameEnd: '\n',
    closer: undefined,
    tools,
    sink,
    knownToolsOnly: true,
    nameChars: NAME_CHAR,
    confirmWithArguments: true,
    trailingSpace: true,
  });
}

/** Raw code for `python`, up to the next `>>>` that opens a recipient, or the end of the turn. */
function pythonCode(tools: ToolsByName, sink: CallSink): CallDecoder {
  return createRawCodeCallDecoder({
    toolName: PYTHON,
    key: 'code',
    sink,
    closers: END_OF_TURN,
    separator: {
      marker: '>>>',
      next(header) {
        if (header === TEXT_CHANNEL) return 'end';
        if (header === PYTHON && tools.has(PYTHON)) return pythonCode(tools, sink);
        if (!tools.has(header)) return undefined;
        return readingFirst(jsonRecipient(tools, sink), `${header}\n`);
      },
    },
  });
}

/** `<function=NAME>{…}</function>` and its `<function name="NAME">` spelling (Functionary v3.1, Llama 3.1). */
function functionTag(nameEnd: string, tools: ToolsByName, sink: CallSink): CallDecoder {
  return createNamedJsonCallDecoder({
    nameEnd,
    closer: '</function>',
    tools,
    sink,
    nameChars: NAME_CHAR,
    confirmWithArguments: true,
  });
}

/** The tools as Functionary v3.2's template lists them: one TypeScript type per function. */
function typeScriptFunctions(tools: readonly LanguageModelV4FunctionTool[]): string {
  const lean = tools.map((tool) => ({ ...tool, inputSchema: leanSchema(tool.inputSchema) }));
  return `// Supported function definitions that should be called when necessary.\n${typeScriptNamespace(lean, FUNCTIONARY_TYPES)}`;
}

/** Functionary's template folds a description and its default into one comment line, and reads no `nullable`. */
const FUNCTIONARY_TYPES: TypeScriptNamespaceOptions = {
  comments: 'one-line',
  nullable: false,
  objectWithoutProperties: 'any',
};

/** Code sent to `python`, when a past call carries it as `{"code": "…"}`. */
function codeOf(call: ToolCallForModel): string | undefined {
  const input = call.input as { code?: unknown } | null;
  return call.toolName === PYTHON && typeof input?.code === 'string' ? input.code : undefined;
}

/**
 * Functionary (MeetKai), v3.2 and v3.1. v3.2 writes every part of a reply after `>>>` and a
 * recipient line: `>>>all` then text for the user, `>>>get_weather` then the arguments as JSON,
 * `>>>python` then raw code; the generation prompt already ends with `>>>`, so the reply opens
 * with a bare `all\n` or `get_weather\n`. v3.1 (and Llama 3.1's user-defined tool prompt) writes
 * `<function=get_weather>{…}</function>`, and raw code after `<|python_tag|>`. Raw code becomes
 * `{"code": …}` for a tool named `python`; without one it stays text. Only known tools count
 * after `>>>`, which also quotes text and opens Python prompts. Results go back as the `tool`
 * (v3.2) or `ipython` (v3.1) turn's raw content.
 */
export function functionaryProtocol(options: FunctionaryProtocolOptions = {}): ToolCallProtocol {
  const version = options.version ?? 'v3.2';
  return defineTextProtocol({
    format: 'functionary',
    grammar: (tools) => ({
      openers: [
        '>>>',
        '<function=',
        '<function name="',
        ...(tools.has(PYTHON) ? ['<|python_tag|>'] : []),
      ],
      wrappers: [`>>>${TEXT_CHANNEL}\n`],
      // v3.2's generation prompt ends with `>>>`: a reply may open with the rest of the text channel's header.
      leadingMarkup: [`${TEXT_CHANNEL}\n`],
      leadingCall: true,
      startCall: (opener, sink) => {
        switch (opener) {
          case '<function=':
            return functionTag('>', tools, sink);
          case '<function name="':
            return functionTag('">', tools, sink);
          case '<|python_tag|>':
            // Raw code (or a built-in's `.call(…)`) up to the end of the turn, as Llama 3.1 writes
            // it; a JSON call after the tag is Llama 3's, not this.
            return createPythonTagDecoder({
              tools,
              sink,
              json: () => createDispatchingDecoder(() => undefined),
              endOfTurn: END_OF_TURN,
            });
          default:
            return recipientDecoder(tools, sink);
        }
      },
    }),
    formatTools: (tools) =>
      version === 'v3.2'
        ? typeScriptFunctions(tools)
        : tools
            .map(
              (tool) =>
                `Use the function '${tool.name}' to '${tool.description ?? ''}'\n${stringifyFramedJson(describeTool(tool))}`,
            )
            .join('\n\n'),
    formatToolCall: (call) => {
      const code = codeOf(call);
      if (version === 'v3.2') {
        return `>>>${call.toolName}\n${code ?? JSON.stringify(call.input ?? {})}`;
      }
      return code === undefined
        ? `<function=${call.toolName}>${JSON.stringify(call.input ?? {})}</function>`
        : `<|python_tag|>${code}`;
    },
    formatToolResponse: ({ output }) => {
      const { value } = toolResultValue(output);
      return textOrJson(value);
    },
  });
}

/** The system prompt of {@link functionaryToolMiddleware}, for Functionary v3.2, in the shape its template gives its functions. */
export function functionarySystemPromptTemplate(tools: string): string {
  return `You can call the functions below when they help. Call one only when it is needed, and ask the user for required values you do not have.
Every part of your reply starts with >>> and a recipient on its own line: >>>all before text for the user, >>>FUNCTION_NAME before that function's arguments as one JSON object. Several calls may follow each other; their results come back in the next message.

${tools}`;
}

/** The system prompt for Functionary v3.1 and Llama 3.1 (`functionaryProtocol({ version: 'v3.1' })`), in the shape their template gives functions. */
export function functionaryV31SystemPromptTemplate(tools: string): string {
  return `You have access to the following functions:

${tools}

To call a function, reply with <function=FUNCTION_NAME>{"argument": "value"}</function>: the name in the tag, the arguments as one JSON object, the whole call on one line. Use only these functions and give every required argument. Results come back in the next message; when no function is needed, or once you have the results, answer in plain text.`;
}

/** Functionary v3.2's `>>>` recipients. */
export const functionaryFormat = /* @__PURE__ */ defineFormat({
  name: 'functionary',
  protocol: () => functionaryProtocol(),
  systemPrompt: functionarySystemPromptTemplate,
  controlTokens: ['<|eot_id|>', '<|eom_id|>'],
  models: [{ family: 'Functionary', match: /functionary/ }],
});

/** Tool calling for Functionary v3.2 in its own format: `>>>get_weather\n{…}`, with `>>>all` before text. */
export const functionaryToolMiddleware = /* @__PURE__ */ formatPreset(functionaryFormat);
