import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { createJsonScanner, type JsonScanner } from '@toolbridge/rjson';
import { createJsonCallDecoder } from '../decoders/json-call-decoder';
import { withLeadingJsonCall } from '../decoders/leading-json-call';
import { withLooseJsonLines } from '../decoders/loose-json-grammar';
import type { CallGrammar, ToolsByName } from '../engine/call-grammar';
import { streamPartsToContent } from '../engine/stream-parts-to-content';
import { createTextStreamParser, type TextStreamParser } from '../engine/text-stream-parser';
import { jsonCallKeysWith } from '../json-call-keys';
import { describeTool } from '../protocols/describe-tool';
import type { ParseOptions, ToolCallProtocol } from '../tool-call-protocol';
import { toolResultValue } from '../tool-result-value';
import { defineFormat } from './define-format';

/** Members of the envelope whose value is a call or a list of calls. */
const WRAPPER_KEYS = ['tool_calls', 'tool_call'];
/** A call's keys: those models write for the name and arguments, and llama.cpp's `id`. */
const KEYS = /* @__PURE__ */ jsonCallKeysWith({ id: ['id'] });
/** The member of the envelope whose string is the reply's text. */
const RESPONSE_KEY = 'response';
/** The most text held back to tell `{"response": "` from other JSON. */
const MAX_HEAD_LENGTH = 64;

/**
 * The reply opens with a call envelope: `{"tool_calls": [{…}]}`, `{"tool_call": {…}}` or a bare
 * `{"name": …, "arguments": …}`, naming a known tool.
 */
function genericJsonGrammar(tools: ToolsByName): CallGrammar {
  return {
    openers: [],
    leadingCall: true,
    startCall: (_opener, sink) =>
      createJsonCallDecoder({
        keys: KEYS,
        wrapperKeys: WRAPPER_KEYS,
        closer: undefined,
        tools,
        sink,
        knownToolsOnly: true,
        sequence: true,
      }),
  };
}

/**
 * Where the reply is: before its first character, in a `{` that may be a response envelope (its
 * head up to the string, then the string, read by the scanner), or in text.
 */
type UnwrapperState =
  | { readonly name: 'start' | 'pass' }
  | { readonly name: 'head' | 'value'; readonly scanner: JsonScanner };

/** Thrown by the scanner's handler when the reply's JSON is no `{"response": "…"}`. */
class NotAResponse extends Error {}

/**
 * Rewrites the text parts of a reply that opens with `{"response": "…"}` (after whitespace and
 * reasoning): the envelope goes, the string's content is the text, decoded and streamed as it
 * arrives; text after the envelope stays. Any other text passes as it is. The envelope, up to
 * the string's opening quote and from its closing quote on, is reported as markup.
 */
class ResponseUnwrapper {
  private state: UnwrapperState = { name: 'start' };
  /** The envelope read so far, while it may still be no response. */
  private head = '';
  private headDone = false;
  private sawKey = false;
  private inString = false;
  /** The raw text after the head and its decoded length, to report the envelope's end. */
  private body: string[] = [];
  private decoded = 0;
  private textId: string | undefined;
  private pendingStart: LanguageModelV4StreamPart | undefined;

  constructor(
    private readonly emit: (part: LanguageModelV4StreamPart) => void,
    private readonly onMarkup?: (text: string) => void,
  ) {}

  read(part: LanguageModelV4StreamPart): void {
    switch (part.type) {
      case 'text-start':
        this.textId = part.id;
        this.pendingStart = part;
        return;
      case 'text-delta':
        this.text(part.delta);
        return;
      case 'text-end':
        this.endText();
        if (this.pendingStart === undefined) this.emit(part);
        this.pendingStart = undefined;
        this.textId = undefined;
        return;
      case 'tool-input-start':
        // A call came first: the reply is no response envelope.
        if (this.state.name === 'start') this.state = { name: 'pass' };
        this.emit(part);
        return;
      default:
        this.emit(part);
    }
  }

  private out(text: string): void {
    if (text.length === 0) return;
    if (this.textId === undefined) {
      throw new Error('genericJsonProtocol: text outside a text block');
    }
    if (this.pendingStart !== undefined) {
      this.emit(this.pendingStart);
      this.pendingStart = undefined;
    }
    this.emit({ type: 'text-delta', id: this.textId, delta: text });
  }

  private text(delta: string): void {
    let i = 0;
    while (i < delta.length) {
      const state = this.state;
      switch (state.name) {
        case 'start': {
          let j = i;
          while (j < delta.length && delta.charAt(j).trim() === '') j++;
          this.out(delta.slice(i, j));
          i = j;
          if (i === delta.length) return;
          if (delta[i] === '{') {
            this.state = { name: 'head', scanner: createJsonScanner(this.handler()) };
          } else this.state = { name: 'pass' };
          break;
        }
        case 'head': {
          // One character at a time, so that the head ends exactly at the string's opening quote.
          const char = delta.charAt(i);
          this.head += char;
          i++;
          try {
            state.scanner.write(char);
          } catch {
            this.abort();
            break;
          }
          if (!this.headDone && (state.scanner.done || this.head.length > MAX_HEAD_LENGTH)) {
            this.abort();
          } else if (this.headDone) {
            this.state = { name: 'value', scanner: state.scanner };
            this.onMarkup?.(this.head);
          }
          break;
        }
        case 'value': {
          const rest = i === 0 ? delta : delta.slice(i);
          const before = state.scanner.offset;
          let consumed: number;
          try {
            consumed = state.scanner.write(rest);
          } catch {
            // The envelope broke after its string began: the rest is text.
            consumed = Math.max(0, state.scanner.offset - before);
            this.finishValue(rest.slice(0, consumed));
            i += consumed;
            break;
          }
          if (!state.scanner.done) {
            if (this.onMarkup !== undefined) this.body.push(rest);
            return;
          }
          this.finishValue(rest.slice(0, consumed));
          i += consumed;
          break;
        }
        case 'pass':
          this.out(i === 0 ? delta : delta.slice(i));
          return;
      }
    }
  }

  /** The text block ended (a call follows, or the reply ended): settles what is open. */
  private endText(): void {
    const state = this.state;
    if (state.name === 'head') this.abort();
    else if (state.name === 'value') {
      try {
        // Settles a quote still waiting for what follows it.
        state.scanner.end();
      } catch {
        // Cut off inside the envelope: what was read is the text.
      }
      this.finishValue('');
    }
  }

  /** The head was no response envelope: it is text, and so is everything after it. */
  private abort(): void {
    this.state = { name: 'pass' };
    const head = this.head;
    this.head = '';
    this.out(head);
  }

  /** The envelope ended (or broke): reports its end as markup; what follows is text. */
  private finishValue(last: string): void {
    this.state = { name: 'pass' };
    if (this.onMarkup === undefined) return;
    this.body.push(last);
    const tail = this.body.join('').slice(this.decoded);
    this.body = [];
    if (tail.length > 0) this.onMarkup(tail);
  }

  private handler() {
    let opened = false;
    const notAResponse = () => {
      throw new NotAResponse();
    };
    return {
      objectStart: () => {
        if (this.state.name !== 'head') return;
        if (opened) notAResponse();
        opened = true;
      },
      arrayStart: () => {
        if (this.state.name === 'head') notAResponse();
      },
      primitive: () => {
        if (this.state.name === 'head') notAResponse();
      },
      key: (key: string) => {
        if (this.state.name !== 'head' || this.sawKey) return;
        if (key !== RESPONSE_KEY) notAResponse();
        this.sawKey = true;
      },
      stringStart: () => {
        if (this.state.name !== 'head') return;
        this.headDone = true;
        this.inString = true;
      },
      stringChunk: (text: string) => {
        if (!this.inString) return;
        this.decoded += text.length;
        this.out(text);
      },
      stringEnd: () => {
        this.inString = false;
      },
    };
  }
}

/**
 * The generic JSON envelope (formats.md §3.21) that llama.cpp asks of models whose chat template
 * has no tool syntax (Gemma 2, Phi-3.5 and many older chat models): the whole reply is one JSON
 * object, calls or an answer:
 *
 * ```text
 * {"tool_calls": [{"name": "get_weather", "arguments": {"city": "Lyon"}}]}
 * {"tool_call": {"name": "get_weather", "arguments": {"city": "Lyon"}}}
 * {"response": "It is 14 °C in Lyon."}
 * ```
 *
 * Calls count only when the reply opens with the envelope (after whitespace, a fence or
 * reasoning), or a line or a json fence holds a call as `auto` reads one, and it names a known
 * tool, so JSON in prose and code samples stay text; a bare `{"name": …, "arguments": …}` call
 * object is read too. `{"response": "…"}` becomes its string, streamed as it arrives. Prose
 * after the envelope stays text.
 */
export function genericJsonProtocol(): ToolCallProtocol {
  function createParser(
    options: ParseOptions,
    emit: (part: LanguageModelV4StreamPart) => void,
    onCallText?: (text: string) => void,
  ): TextStreamParser {
    const tools: ToolsByName = new Map(options.tools.map((tool) => [tool.name, tool]));
    const unwrapper = new ResponseUnwrapper(emit, onCallText);
    return createTextStreamParser(
      {
        ...options,
        tools,
        grammar: withLeadingJsonCall(
          withLooseJsonLines(genericJsonGrammar(tools), tools, KEYS),
          options.leadingJsonCall,
          tools,
        ),
        ...(onCallText === undefined ? {} : { onCallText }),
      },
      (part) => unwrapper.read(part),
    );
  }
  return {
    formatTools: (tools) => tools.map((tool) => JSON.stringify(describeTool(tool))).join('\n'),
    formatToolCall: ({ toolName, input }) =>
      JSON.stringify({ tool_calls: [{ name: toolName, arguments: input ?? {} }] }),
    formatToolResponse: ({ toolName, output }) => {
      const { value, isError } = toolResultValue(output);
      return JSON.stringify({
        tool_response: { tool: toolName, [isError ? 'error' : 'content']: value },
      });
    },
    createStreamParser: (options, emit) => createParser(options, emit),
    parseGeneratedText({ text, ...options }) {
      const parts: LanguageModelV4StreamPart[] = [];
      const parser = createParser(options, (part) => parts.push(part));
      parser.push(text);
      parser.finish();
      return streamPartsToContent(parts);
    },
    extractToolCallSegments({ text, ...options }) {
      const segments: string[] = [];
      const parser = createParser(
        { ...options, generateId: () => '' },
        () => {},
        (raw) => segments.push(raw),
      );
      parser.push(text);
      parser.finish();
      return segments;
    },
  };
}

/** The system prompt of `genericJsonToolMiddleware`: one JSON object per reply, calls or an answer. */
export function genericJsonSystemPromptTemplate(tools: string): string {
  return `Reply with one JSON object and nothing else, in one of two forms:
- to call tools: {"tool_calls": [{"name": "tool_name", "arguments": {"parameter": "value"}}]}, one entry per call;
- to answer: {"response": "your answer"}.
You can call these tools, each given as JSON with its name, what it does, and a JSON schema of its arguments:
${tools}
Use only these tools, with arguments that fit their schema and values you were given or found; do not guess. Results come back as {"tool_response": …} objects.`;
}

/** llama.cpp's generic JSON envelope (no grammar of its own: `auto` reads it as loose JSON). */
export const genericJsonFormat = /* @__PURE__ */ defineFormat({
  name: 'generic-json',
  protocol: genericJsonProtocol,
  systemPrompt: genericJsonSystemPromptTemplate,
});
