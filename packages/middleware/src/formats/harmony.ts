import type { LanguageModelV4FunctionTool } from '@ai-sdk/provider';
import { isJsonObject } from '@toolbridge/rjson';
import { createForeignMessageDecoder } from '../decoders/harmony-foreign-message-decoder';
import { createHarmonyRecipientDecoder } from '../decoders/harmony-recipient-decoder';
import { createNamedJsonCallDecoder } from '../decoders/named-json-call-decoder';
import { codeArgumentKey, createRawCodeCallDecoder } from '../decoders/raw-code-call-decoder';
import { readingFirst } from '../decoders/reading-first';
import type { CallDecoder, CallSink, ToolsByName } from '../engine/call-grammar';
import { serverTools, type TemplatePrompt } from '../prompt/template-prompt';
import {
  type TypeScriptNamespaceOptions,
  typeScriptNamespace,
} from '../protocols/typescript-namespace';
import { templateJson } from '../safe-json';
import { defineTextProtocol } from '../text-protocol';
import type { ToolCallProtocol } from '../tool-call-protocol';
import { toolResultValue } from '../tool-result-value';
import { defineFormat } from './define-format';

const MESSAGE = '<|message|>';

/**
 * A header as gpt-oss writes it, and as the spaced dialect does: models whose tokenizer writes a
 * space after every special token (LLM-jp-4.1: `<|start|> assistant<|channel|> final <|constrain|>  json<|message|> …`,
 * two spaces before the content type). A header that ends at `<|message|>` comes with and
 * without that space after it too: no message begins with a space, so it is markup, never text
 * or reasoning.
 */
function spellings(header: string): string[] {
  const spaced = header
    .replace(/<\|(?:start|channel)\|>/gu, '$& ')
    .replace('<|constrain|>', '<|constrain|>  ');
  const both = [header, spaced];
  return header.endsWith(MESSAGE) ? both.flatMap((spelling) => [spelling, `${spelling} `]) : both;
}

/**
 * gpt-oss's reasoning: the `analysis` channel, up to the end of its message. Give these to
 * `createToolMiddleware` with {@link harmonyProtocol}; `harmonyToolMiddleware` does.
 */
export const harmonyReasoningTags: ReadonlyArray<readonly [open: string, close: string]> =
  /* @__PURE__ */ (() => [
    ...spellings('<|channel|>analysis<|message|>').map((open) => [open, '<|end|>'] as const),
    ['<think>', '</think>'] as const,
  ])();

/**
 * Where a header names its recipient (`to=functions.get_weather`, `to=python`): after the
 * channel (what gpt-oss generates), on the `commentary` channel or, a deviation, `analysis`; or in
 * the role (how chat templates render past calls), which, after the generation prompt's
 * `<|start|>assistant`, is where the reply begins. The header goes on to `<|message|>`.
 */
const RECIPIENT_OPENERS: readonly string[] = /* @__PURE__ */ (() => [
  ...['<|channel|>commentary to=', '<|channel|>analysis to='].flatMap(spellings),
  ' to=',
])();

/**
 * The same headers once a server stripped the special tokens
 * (`assistantcommentary to=functions.get_weather json{…}`), or where the model wrote the channel
 * name without its `<|channel|>` token: calls only when they name a known tool.
 */
const STRIPPED_OPENERS = /* @__PURE__ */ ['commentary', 'analysis', 'assistant'].flatMap(
  (header) => [
    `${header} to=functions.`,
    ...(header === 'assistant' ? [] : [`assistant${header} to=functions.`]),
  ],
);

/**
 * Markers that are markup but no call, so never text: the start of a message, the headers of
 * the `final` channel (also with structured output, whose JSON is the answer), of a message
 * without a channel and of a `commentary` preamble (whose text follows), a stray `commentary`
 * header before another channel, and the ends of messages.
 */
const HEADER_MARKERS: readonly string[] = /* @__PURE__ */ (() => [
  ...[
    '<|start|>assistant',
    '<|start|>assistant<|message|>',
    '<|channel|>final<|message|>',
    '<|channel|>final <|constrain|>json<|message|>',
    '<|channel|>commentary<|message|>',
    '<|channel|>commentary to=assistant',
    '<|channel|>commentary',
  ].flatMap(spellings),
  '<|end|>',
  '<|return|>',
  '<|call|>',
])();

/**
 * The start of a tool's message: a result the model wrote itself, after a call the server did
 * not stop at. Read to its `<|end|>` and kept whole as text, reported through `onError`.
 */
const RESULT_OPENERS = /* @__PURE__ */ spellings('<|start|>functions.');

/** The namespace of the caller's tools in a recipient: `functions.get_weather`. */
const FUNCTIONS = 'functions.';

/** The built-in tool whose message is code, not JSON arguments. */
const PYTHON = 'python';

/**
 * The body of a message to `recipient`: JSON arguments for `functions.NAME` (known or not: the AI
 * SDK reports an unknown tool to the model) and for a tool of the recipient's very name (a
 * built-in such as `browser.search`, when the caller gives one by that name), python's code; a
 * built-in tool the caller did not give is no call.
 */
function messageTo(recipient: string, tools: ToolsByName, sink: CallSink): CallDecoder {
  const name = recipient.startsWith(FUNCTIONS) ? recipient.slice(FUNCTIONS.length) : recipient;
  const tool = tools.get(name);
  if (name === '' || (name === recipient && tool === undefined)) {
    return createForeignMessageDecoder(
      sink,
      `The model called ${recipient}, a tool it was not given: no call`,
      'foreign',
    );
  }
  if (name === PYTHON && name === recipient && tool !== undefined) {
    return createRawCodeCallDecoder({
      toolName: name,
      key: codeArgumentKey(tool.inputSchema),
      sink,
      closers: ['<|call|>', '<|end|>', '<|return|>'],
    });
  }
  return readingFirst(
    createNamedJsonCallDecoder({ nameEnd: MESSAGE, closer: '<|call|>', tools, sink }),
    name + MESSAGE,
  );
}

/** Characters of a tool name in a recipient (`functions.get_weather`). */
const NAME_CHAR = /[\w.:-]/u;

/**
 * Reads a header whose special tokens a server stripped, after `to=functions.` and up to the
 * JSON, into the tool name: the name, then optionally the channel (the recipient in the role), a
 * space, the content type (`json`), and whatever tokens were kept (`<|constrain|>`,
 * `<|message|>`). The channel name runs into the tool name (`get_weathercommentary json`); it is
 * split off when the rest is a known tool.
 */
function parseRecipient(
  header: string,
  tools: ToolsByName,
): { name: string; id?: string } | undefined {
  let at = 0;
  while (at < header.length && NAME_CHAR.test(header.charAt(at))) at++;
  let name = header.slice(0, at);
  const take = (token: string): boolean => {
    if (!header.startsWith(token, at)) return false;
    at += token.length;
    return true;
  };
  const skip = (test: (char: string) => boolean): void => {
    while (at < header.length && test(header.charAt(at))) at++;
  };
  const channel = () => take('commentary') || take('analysis');
  const glued = tools.has(name)
    ? undefined
    : ['commentary', 'analysis'].find(
        (word) => name.endsWith(word) && tools.has(name.slice(0, -word.length)),
      );
  if (glued !== undefined) {
    name = name.slice(0, -glued.length);
    at = name.length;
  }
  if ((take('<|channel|>') || glued !== undefined) && !channel()) return undefined;
  skip((char) => char === ' ');
  take('<|constrain|>');
  skip((char) => /[\w-]/u.test(char));
  skip((char) => char === ' ');
  take('<|message|>');
  skip((char) => char.trim() === '');
  return name !== '' && at === header.length ? { name } : undefined;
}

/**
 * Tools as gpt-oss's developer message declares them: multi-line descriptions kept line by line,
 * defaults after their property, `nullable` read.
 */
const GPT_OSS_TYPES: TypeScriptNamespaceOptions = {
  comments: 'lines',
  nullable: true,
  objectWithoutProperties: 'object',
};

/**
 * gpt-oss-20b / 120b in OpenAI's Harmony format. A reply is a sequence of messages on channels:
 *
 * ```text
 * <|channel|>analysis<|message|>Need the weather.<|end|><|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"city":"Lyon"}<|call|>
 * ```
 *
 * `analysis` is reasoning (read with {@link harmonyReasoningTags}), a message addressed
 * `to=functions.NAME` is a call whose JSON arguments stream as they arrive, and the `final`
 * channel (and a `commentary` preamble) is text; headers and end tokens are markup. The recipient
 * may stand in the role (`<|start|>assistant to=functions.NAME<|channel|>commentary json<|message|>`),
 * and the reply may begin there, after the generation prompt's `<|start|>assistant`. Built-in
 * tools (`to=python`, `to=browser.search`) are calls only when a tool of that name is given;
 * python's message is code, the input's one string property. `<|call|>` is often cut off as a
 * stop token. Several messages in one reply are read in turn. The spaced dialect (a space after
 * every special token) reads the same. With the special tokens stripped by the server, a call
 * still reads when it names a known tool. Results go back as the message of the tool,
 * `<|start|>functions.NAME to=assistant<|channel|>commentary<|message|>…<|end|>`.
 */
export function harmonyProtocol(): ToolCallProtocol {
  return defineTextProtocol({
    format: 'harmony',
    grammar: (tools) => ({
      openers: [...RECIPIENT_OPENERS, ...STRIPPED_OPENERS, ...RESULT_OPENERS],
      wrappers: HEADER_MARKERS,
      // An analysis message whose <|end|> the model left out ends where the next message starts.
      reasoningBreaks: ['<|start|>', '<|channel|>'],
      startCall: (opener, sink) => {
        if (RESULT_OPENERS.includes(opener)) {
          return createForeignMessageDecoder(
            sink,
            'The model wrote a tool result itself: no call',
            'malformed',
          );
        }
        if (RECIPIENT_OPENERS.includes(opener)) {
          return createHarmonyRecipientDecoder((recipient) => messageTo(recipient, tools, sink));
        }
        // Stripped of its tokens, the header ends at the JSON's `{`, and nothing marks the end
        // of a call: a failed one skips nothing.
        return createNamedJsonCallDecoder({
          nameEnd: '{',
          nameEndOpensValue: true,
          parseName: (header) => parseRecipient(header, tools),
          closer: undefined,
          knownToolsOnly: true,
          tools,
          sink,
        });
      },
    }),
    formatTools: (tools) => typeScriptNamespace(tools, GPT_OSS_TYPES),
    formatToolCall: ({ toolName, input }) =>
      `<|start|>assistant to=functions.${toolName}<|channel|>commentary json<|message|>${stringifyHarmonyJson(input ?? {})}<|call|>`,
    formatToolResponse: ({ toolName, output }) => {
      const { value, isError } = toolResultValue(output);
      const result = isError
        ? stringifyHarmonyJson({ error: value })
        : typeof value === 'string'
          ? value
          : stringifyHarmonyJson(value);
      return `<|start|>functions.${toolName} to=assistant<|channel|>commentary<|message|>${result}<|end|>`;
    },
  });
}

/**
 * JSON as gpt-oss writes it (compact), with `<|` inside strings written `<\u007c`: the same
 * value, but no special token (`<|call|>`, `<|end|>`) can appear in the history's text.
 */
function stringifyHarmonyJson(value: unknown): string {
  return (JSON.stringify(value) ?? 'null').replaceAll('<|', '<\\u007c');
}

/** The system prompt of `harmonyToolMiddleware`: the tools as gpt-oss's developer message declares them. */
export function harmonySystemPromptTemplate(tools: string): string {
  return `# Tools

## functions

${tools}

To use a function, send a message on the commentary channel addressed to=functions.NAME, with the arguments as a JSON object. Its result comes back as a message from functions.NAME. When no function is needed, or once you have the results, answer on the final channel.`;
}

/** Jinja's truth: empty strings, lists and objects are false. */
function truthy(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  return isJsonObject(value) ? Object.keys(value).length > 0 : Boolean(value);
}

const schema = (value: unknown): Record<string, unknown> => (isJsonObject(value) ? value : {});
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** A value the template joins to text with `+`: strings as they are. */
const joined = (value: unknown) => (typeof value === 'string' ? value : templateJson(value));

/** The template's own indentation, which a few of its `{{ … }}` leave in the text. */
const INDENT = ' '.repeat(16);

/** Item types the template writes by name alone, whatever else the items say. */
const ITEM_TYPES = new Map([
  ['string', 'string'],
  ['number', 'number'],
  ['integer', 'number'],
  ['boolean', 'boolean'],
]);

/** A schema as gpt-oss's template writes it (its `render_typescript_type`, quirks and all). */
function templateType(spec: Record<string, unknown>): string {
  const { type } = spec;
  const orNull = truthy(spec['nullable']) ? ' | null' : '';
  if (type === 'array') {
    if (!truthy(spec['items'])) return `any[]${orNull}`;
    const items = schema(spec['items']);
    const scalar = typeof items['type'] === 'string' ? ITEM_TYPES.get(items['type']) : undefined;
    const inner = scalar ?? templateType(items);
    return `${inner === 'object | object' || inner.length > 50 ? 'any' : inner}[]${orNull}`;
  }
  if (Array.isArray(type) && type.length > 0) return type.join(' | ');
  // Its check for object variants sets a variable inside a loop, which Jinja scopes to the loop:
  // it never finds one, so every variant is written.
  if (truthy(spec['oneOf']))
    return list(spec['oneOf'])
      .map((value) => {
        const variant = schema(value);
        const description = truthy(variant['description'])
          ? `// ${joined(variant['description'])}`
          : '';
        const fallback =
          'default' in variant
            ? `${INDENT}    // default: ${templateJson(variant['default'])}`
            : '';
        return templateType(variant) + description + fallback;
      })
      .join(' | \n');
  if (type === 'string')
    return truthy(spec['enum']) ? `"${list(spec['enum']).join('" | "')}"` : `string${orNull}`;
  if (type === 'number' || type === 'integer') return 'number';
  if (type === 'boolean') return 'boolean';
  if (type !== 'object') return 'any';
  if (!truthy(spec['properties'])) return 'object';
  const required = list(spec['required']);
  const properties = Object.entries(schema(spec['properties'])).map(
    ([name, property]) =>
      `${name}${required.includes(name) ? '' : '?'}: \n${INDENT}${templateType(schema(property))}`,
  );
  return `{\n${properties.join(', ')}}`;
}

/** A tool's arguments, one per line: the description above, the default after. */
function templateParameter(
  name: string,
  spec: Record<string, unknown>,
  required: readonly unknown[],
): string {
  const description = truthy(spec['description']) ? `// ${joined(spec['description'])}\n` : '';
  const fallback = !('default' in spec)
    ? ''
    : truthy(spec['enum'])
      ? `, // default: ${joined(spec['default'])}`
      : truthy(spec['oneOf'])
        ? `// default: ${joined(spec['default'])}`
        : `, // default: ${templateJson(spec['default'])}`;
  return `${description}${name}${required.includes(name) ? '' : '?'}: ${templateType(spec)}${fallback},\n`;
}

/** The tools as gpt-oss's template declares them: `namespace functions`, one `type` per tool. */
function functionsNamespace(tools: readonly LanguageModelV4FunctionTool[]): string {
  const declarations = serverTools(tools).map(({ function: tool }) => {
    const parameters = schema(tool['parameters']);
    const required = list(parameters['required']);
    const signature = truthy(parameters['properties'])
      ? `(_: {\n${Object.entries(schema(parameters['properties']))
          .map(([name, spec]) => templateParameter(name, schema(spec), required))
          .join('')}}) => any;`
      : '() => any;';
    // A tool without a description makes the template raise; toolbridge leaves the comment out.
    const description = 'description' in tool ? `// ${tool['description']}\n` : '';
    return `${description}type ${tool['name']} = ${signature}\n\n`;
  });
  return `## functions\n\nnamespace functions {\n\n${declarations.join('')}} // namespace functions`;
}

/**
 * JSON as gpt-oss's template writes it (`tojson`), with `<|` inside strings written `<\u007c`:
 * the same value, but a result or an argument cannot end its message with a special token.
 */
const harmonyTemplateJson = (value: unknown) => templateJson(value).replaceAll('<|', '<\\u007c');

/**
 * gpt-oss's chat template with native tools: the tools as a TypeScript `namespace functions`
 * under `# Tools` in the developer message (after the system text), each call as a message
 * `to=functions.NAME` on the commentary channel, each result as a message from `functions.NAME`
 * whose content is a JSON string.
 */
const gptOssTemplate: TemplatePrompt = {
  toolsIn: 'system',
  tools: (tools, system) =>
    `${system ? `${system}\n\n` : ''}# Tools\n\n${functionsNamespace(tools)}`,
  // The turn is written as a final message, `<|start|>assistant<|channel|>final<|message|>…<|end|>`:
  // its text ends that message and each call is a message of its own after it.
  calls: (text, calls) =>
    `${text}<|end|>${calls
      .map(
        ({ toolName, input }) =>
          `<|start|>assistant to=functions.${toolName}<|channel|>commentary json<|message|>${harmonyTemplateJson(input ?? {})}<|call|>`,
      )
      .join('')}`,
  // Each result is a message from its tool; the turn's own `<|end|>` ends the last one.
  resultsIn: 'assistant',
  results: (results) =>
    results
      .map(
        ({ toolName, content }) =>
          `<|start|>functions.${toolName} to=assistant<|channel|>commentary<|message|>${harmonyTemplateJson(content)}`,
      )
      .join('<|end|>'),
};

/** gpt-oss's Harmony channels. */
export const harmonyFormat = /* @__PURE__ */ defineFormat({
  name: 'harmony',
  protocol: harmonyProtocol,
  systemPrompt: harmonySystemPromptTemplate,
  template: gptOssTemplate,
  reasoningTags: harmonyReasoningTags,
  models: [{ family: 'gpt-oss', match: /gpt-oss/ }],
});
