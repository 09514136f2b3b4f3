import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import type { CallDecoder, CallGrammar, ToolsByName } from './call-grammar';
import { type MarkerMatcher, sharedMarkerMatcher } from './marker-matcher';
import { createMarkupCalls, type MarkupCalls } from './markup-calls';
import { createNearMissWatcher } from './near-miss-watcher';
import { createReasoningBlock, type ReasoningBlock } from './reasoning-block';
import { createTextPieces, type TextPieces } from './text-pieces';

/** Why `onError` was called. */
export type ToolbridgeErrorReason =
  /** Markup that opened a call failed before naming a tool; its text was kept as text (by default). */
  | 'malformed-call'
  /** A call was announced, then its arguments could not be read; it does not run (by default). */
  | 'invalid-call'
  /** The output ended inside a call's arguments; it does not run (by default). */
  | 'call-cut-off'
  /** A call beyond what the protocol allows in one reply; it was kept as text (by default). */
  | 'too-many-calls'
  /** Text that names a known tool in a call shape the protocol does not read; it stayed text. */
  | 'unrecognized-call'
  /**
   * A call's closer after text that followed the call (`{…} prose </tool_call>`): read as markup,
   * not text; the call had gone out, without it in its raw text.
   */
  | 'late-closer'
  /**
   * A call addressed to someone other than the caller (gpt-oss's `python` or `browser.search`,
   * tools its server would run, not given): left out of the text, never run.
   */
  | 'foreign-call';

/** What `onError` is told besides the message. */
export interface ToolbridgeErrorMetadata {
  reason: ToolbridgeErrorReason;
  /** The markup as the model wrote it, opener included. */
  rawText: string;
  toolName?: string;
  toolCallId?: string;
  error?: unknown;
}

/** Called when model output could not be read as intended; nothing is thrown. */
export type ToolbridgeErrorHandler = (message: string, metadata: ToolbridgeErrorMetadata) => void;

/** Options of {@link createTextStreamParser}. */
export interface TextStreamParserOptions {
  grammar: CallGrammar;
  tools: ToolsByName;
  generateId: () => string;
  onError?: ToolbridgeErrorHandler;
  /** Emit the text of markup that is not a valid call as text. Default: true. */
  emitRawToolCallTextOnError?: boolean;
  /** A call the model did not finish: `reject` it (default: it never runs) or `close` it best effort. */
  cutOffCalls?: 'reject' | 'close';
  /**
   * Open/close tag pairs whose content is reasoning (`<think>…</think>`); nothing inside is a
   * call. A closer with no opener is markup, never text.
   */
  reasoningTags?: ReadonlyArray<readonly [open: string, close: string]>;
  /**
   * The reply starts inside reasoning the chat template opened (only its closer appears): `true`.
   * `'if-closed'`: it may have (thinking may be off); the start is held until a reasoning closer
   * or a call shows it was reasoning, and a reply with neither is the answer. Either way a call
   * ends reasoning the template opened. Default: false.
   */
  startWithReasoning?: boolean | 'if-closed';
  /** Tokens of the model's chat template (end of turn, role markers) that are markup, never text. */
  controlTokens?: readonly string[];
  /**
   * A call inside reasoning the model opened with a tag is read, and the reasoning goes on after
   * it (Kimi K2 Thinking, as its server reads it). Default: false: inside `<think>…</think>`
   * nothing is a call.
   */
  callsInReasoning?: boolean;
  /** Told the exact text of each piece of call markup, in order (for `extractToolCallSegments`). */
  onCallText?: (text: string) => void;
}

/** Reads model text as it arrives and emits AI SDK stream parts. */
export interface TextStreamParser {
  /** Reads the next piece of model text. */
  push(text: string): void;
  /** The text ended (or the stream failed): emits held text and closes what is open. */
  finish(): void;
  /** How many tool calls were emitted. */
  readonly callCount: number;
}

/**
 * The reasoning a markup began inside. `pending` until a call is announced (which can happen as
 * the decoder is made): it goes on when the markup holds no call. A call ends it; a block the
 * model opened with a tag is `interrupted`, and goes on after the markup.
 */
interface ReasoningAround {
  pending: ReasoningBlock | undefined;
  interrupted: ReasoningBlock | undefined;
}

interface OpenMarkup {
  decoder: CallDecoder;
  around: ReasoningAround;
  /** Markup beyond the calls a reply may hold: read to find its end, then kept as text. */
  muted: boolean;
  opener: string;
  body: TextPieces;
  calls: MarkupCalls;
  /** Whether brackets between the value and the closer were read past. */
  junk?: boolean;
  /** The markup failed and its skip ended at another call's opener: its closer, which may close a wrapper of that call. */
  wrapperCloser?: string;
}

/**
 * Where reading is, and what is open there. `leading`: before a bare JSON call may start. `text`:
 * prose, scanned for openers. `reasoning`: inside a reasoning block. `markup`: a decoder reads
 * call markup. `closer`: the markup ended before its closer, which may come next. `skip`: the
 * markup failed; the rest of it, up to its closer, is skipped.
 */
type ReadState =
  | { readonly mode: 'leading' | 'text' }
  | { readonly mode: 'reasoning'; readonly block: ReasoningBlock }
  | { readonly mode: 'markup'; readonly markup: OpenMarkup }
  | { readonly mode: 'closer' | 'skip'; readonly markup: OpenMarkup; readonly closer: string };

const TEXT: ReadState = { mode: 'text' };
const LEADING: ReadState = { mode: 'leading' };
const inReasoning = (block: ReasoningBlock): ReadState => ({ mode: 'reasoning', block });

/**
 * The streaming engine every text protocol shares. It scans each piece of text once for the
 * protocol's call openers and the reasoning tags, holding back only a trailing piece that
 * could still become one; hands call markup to the protocol's decoder; and turns what the
 * decoder reports into text, reasoning and tool-input parts with fresh ids. Each call's
 * `tool-call` input is exactly the concatenation of its `tool-input-delta`s; a call the model
 * did not finish keeps that unfinished input, so it never runs.
 */
export function createTextStreamParser(
  options: TextStreamParserOptions,
  emit: (part: LanguageModelV4StreamPart) => void,
): TextStreamParser {
  const { grammar, tools, generateId, onError, onCallText } = options;
  const callsInReasoning = options.callsInReasoning ?? false;
  const emitRaw = options.emitRawToolCallTextOnError ?? true;
  const cutOffCalls = options.cutOffCalls ?? 'reject';
  const reasoningTags = new Map(options.reasoningTags ?? []);
  const wrappers = new Set(grammar.wrappers ?? []);
  const explicitOpeners = new Set(grammar.explicitOpeners ?? []);
  /** What the grammar reads itself: a reasoning closer or control token spelled the same is its. */
  const grammarMarkers = new Set([...grammar.openers, ...wrappers]);
  const closers = new Set(reasoningTags.values());
  /** Closers read as such in text, where they have no opener: those the grammar does not read. */
  const loneClosers = new Set([...closers].filter((tag) => !grammarMarkers.has(tag)));
  const controlTokens = new Set(
    (options.controlTokens ?? []).filter(
      (token) => !grammarMarkers.has(token) && !reasoningTags.has(token) && !closers.has(token),
    ),
  );
  const openers = [
    ...grammar.openers,
    ...reasoningTags.keys(),
    ...wrappers,
    ...loneClosers,
    ...controlTokens,
  ];
  /** Call markup read inside a block the model opened, with `callsInReasoning`: calls and their wrappers. */
  const callMarkup = [...explicitOpeners, ...wrappers];
  /** What ends a block the model opened whose closer is missing: the start of another message. */
  const reasoningBreaks = new Set(
    (grammar.reasoningBreaks ?? []).filter((marker) => !closers.has(marker)),
  );
  /** What ends reasoning the template opened: any closer, or a call. */
  const implicitEnds = [...closers, ...explicitOpeners, ...reasoningTags.keys(), ...controlTokens];
  /**
   * Reasoning tags that are also a call's tag (`<think>` when a tool is named think: the opener
   * `<think` ends where the tag's name does); the decoder tells which they open.
   */
  const sharedTags = new Set(
    [...reasoningTags.keys()].filter((tag) =>
      grammar.openers.some(
        (opener) => tag.startsWith(opener) && '>/ \t\n'.includes(tag[opener.length] ?? 'x'),
      ),
    ),
  );
  const textMatcher = sharedMarkerMatcher(openers);
  /** Whether a marker begins with whitespace, which a reply may open with. */
  const spacedMarkers = openers.some((marker) => /^\s/u.test(marker));
  /** Matchers that also find a closer still expected after markup, by closer (looked up per chunk). */
  const withCloser = new Map<string, MarkerMatcher>();
  /**
   * Matchers for the rest of a failed markup, by closer: its closer and the openers of calls
   * and wrappers. A reasoning tag inside call markup opens no reasoning: it is the call's text.
   */
  const skipMatchers = new Map<string, MarkerMatcher>();
  const skipMarkers = [...grammar.openers, ...wrappers];
  const maxCalls = grammar.maxCallsPerReply ?? Number.POSITIVE_INFINITY;
  const nearMisses = createNearMissWatcher(tools, (rawText, toolName) =>
    onError?.(`"${toolName}" was called in a form this protocol does not read; it stayed text`, {
      reason: 'unrecognized-call',
      rawText,
      toolName,
    }),
  );

  let state: ReadState = grammar.leadingCall === true ? LEADING : TEXT;
  const leadingMarkup = grammar.leadingMarkup ?? [];
  /** Whether the start of the reply was checked for the grammar's leading markup. */
  let startRead = leadingMarkup.length === 0;
  /** The reply ended: what is held can grow no more. */
  let ending = false;
  const usedIds = new Set<string>();
  let held = '';
  let textId: string | undefined;
  /** A closer still expected after markup that ended without it. */
  let strayCloser: string | undefined;
  /** The stray closer is a wrapper's, whose call came: no text between them is said. */
  let strayWrapper = false;
  /**
   * An explicit opener no call of its own followed, only whitespace between it and another call's
   * opener (RWKV's `<tool_call>` around an `<invoke>`): held until that call is read, then it and
   * its closer are markup; if no call is read, it is kept as the failed markup it was.
   */
  let heldWrapper: OpenMarkup | undefined;
  let callCount = 0;
  /** Whether anything but whitespace went out as text or a call. */
  let wroteProse = false;

  function emitText(text: string, isProse = true): void {
    if (text.length === 0) return;
    releaseWrapper();
    if (!wroteProse && text.trim() !== '') wroteProse = true;
    if (isProse) nearMisses.read(text);
    else nearMisses.interrupt();
    if (textId === undefined) {
      textId = generateId();
      emit({ type: 'text-start', id: textId });
    }
    emit({ type: 'text-delta', id: textId, delta: text });
  }

  /** A held wrapper wrapped no call after all: it is the text it was, and said. */
  function releaseWrapper(): void {
    const wrapper = heldWrapper;
    heldWrapper = undefined;
    if (wrapper !== undefined) keepAsText(wrapper);
  }

  /** Markup that read no call: kept as text (by default), and said. */
  function keepAsText({ muted, opener, body, calls }: OpenMarkup): void {
    const rawText = opener + body.toString();
    if (muted)
      report(
        `Only ${maxCalls} tool call(s) per reply; this one was kept as text`,
        'too-many-calls',
        rawText,
      );
    else
      report(
        calls.failure?.message ?? 'Tool call markup could not be read; it was kept as text',
        'malformed-call',
        rawText,
        { error: calls.failure?.cause },
      );
    if (emitRaw) emitText(rawText, false);
  }

  function closeText(): void {
    if (textId === undefined) return;
    nearMisses.interrupt();
    emit({ type: 'text-end', id: textId });
    textId = undefined;
  }

  function matcherFor(closer: string | undefined): MarkerMatcher {
    return closer === undefined ? textMatcher : matcherWithCloser(withCloser, openers, closer);
  }

  function startMarkup(opener: string, reasoning?: ReasoningBlock): void {
    const muted = callCount >= maxCalls;
    const around: ReasoningAround = { pending: reasoning, interrupted: undefined };
    const calls = createMarkupCalls({
      emit,
      generateId,
      usedIds,
      // A call is about to be announced: the reasoning around it ends, and so does the text.
      beforeCall: () => {
        const block = around.pending;
        if (block !== undefined) {
          block.end();
          if (!block.implicit) around.interrupted = block;
          around.pending = undefined;
        }
        closeText();
      },
      cutOffCalls,
      muted,
    });
    const markup: OpenMarkup = {
      decoder: grammar.startCall(opener, calls),
      around,
      muted,
      opener,
      body: createTextPieces(),
      calls,
    };
    strayCloser = undefined;
    strayWrapper = false;
    state = { mode: 'markup', markup };
  }

  /** The decoder is done with the markup: takes its closer next, skips to it, or ends it. */
  function afterDecoder(open: OpenMarkup): string {
    const { decoder, around, opener, body, calls } = open;
    const { status, closer } = decoder;
    const reasoning = around.pending;
    if (status === 'not-a-call' && reasoning !== undefined) {
      // A mention of the opener in the reasoning: the reasoning goes on, read again after it.
      state = inReasoning(reasoning);
      reasoning.read(opener);
      return body.toString();
    }
    if (status === 'not-a-call' && !explicitOpeners.has(opener)) {
      state = TEXT;
      if (sharedTags.has(opener)) {
        startReasoning(opener, 'tag');
        return body.toString();
      }
      // Another opener may begin inside this one (`\n[` before `[TOOL_REQUEST]`): read on from its second character.
      emitText(opener.slice(0, 1));
      return opener.slice(1) + body.toString();
    }
    // The model announced a call and wrote none this format reads: that is said, never silent.
    if (status === 'not-a-call') {
      calls.fail(`No call this format reads follows ${opener}; it was kept as text`);
      if (closer !== undefined) {
        // What the decoder read before it knew is skipped as if it came after: a call opener in
        // it ends the markup there, as it does when the decoder knew at its first character.
        const read = body.toString();
        open.body = createTextPieces();
        state = { mode: 'skip', markup: open, closer };
        return read;
      }
    }
    const failed =
      status !== 'done' ||
      calls.failure !== undefined ||
      calls.calls.some((call) => call.failure !== undefined);
    if (closer === undefined) endMarkup(open);
    else state = { mode: failed ? 'skip' : 'closer', markup: open, closer };
    return '';
  }

  /** The markup ended; `closerTaken`: its closer was read, or skipped to, and is expected no more. */
  function endMarkup(open: OpenMarkup, closerTaken = false): void {
    const { decoder, around, muted, opener, body, calls } = open;
    const reasoning = around.pending;
    state = TEXT;
    const rawText = opener + body.toString();
    if (decoder.status === 'foreign') {
      report(
        calls.failure?.message ?? `${opener} is no call for this caller`,
        'foreign-call',
        rawText,
      );
      onCallText?.(rawText);
      if (reasoning !== undefined) state = inReasoning(reasoning);
      return;
    }
    if (reasoning !== undefined && calls.calls.length === 0) {
      // No call came of it: it was the reasoning mentioning the markup.
      state = inReasoning(reasoning);
      reasoning.read(rawText);
      return;
    }
    if (
      !muted &&
      calls.calls.length === 0 &&
      open.wrapperCloser !== undefined &&
      rawText.slice(opener.length).trim() === ''
    ) {
      releaseWrapper();
      heldWrapper = open;
      return;
    }
    if (muted || calls.calls.length === 0) {
      keepAsText(open);
      return;
    }
    calls.finish(rawText, decoder.format);
    for (const call of calls.calls) {
      if (call.failure === undefined) continue;
      report(call.failure.message, call.failure.cutOff ? 'call-cut-off' : 'invalid-call', rawText, {
        toolName: call.toolName,
        toolCallId: call.id,
        error: call.failure.cause,
      });
    }
    if (calls.failure !== undefined) {
      report(calls.failure.message, 'malformed-call', rawText, { error: calls.failure.cause });
    }
    if (decoder.status === 'done' && !closerTaken) strayCloser = decoder.closer;
    if (strayCloser === undefined && decoder.trailingCloser !== undefined) {
      // The closer of a wrapper the model never opened: markup, and nothing between is said.
      strayCloser = decoder.trailingCloser;
      strayWrapper = true;
    }
    if (heldWrapper !== undefined) {
      // The call was wrapped: its wrapper is markup, and so is the wrapper's closer after it.
      onCallText?.(heldWrapper.opener + heldWrapper.body.toString());
      strayCloser = heldWrapper.wrapperCloser;
      strayWrapper = true;
      heldWrapper = undefined;
    }
    onCallText?.(rawText);
    callCount += calls.calls.length;
    if (around.interrupted !== undefined) {
      state = inReasoning(around.interrupted.continued(generateId()));
    }
  }

  function report(
    message: string,
    reason: ToolbridgeErrorMetadata['reason'],
    rawText: string,
    extra: Partial<ToolbridgeErrorMetadata> = {},
  ): void {
    onError?.(message, { reason, rawText, ...extra });
  }

  /** Starts a reasoning block: opened by a tag (ending at its closer), or by the chat template. */
  function startReasoning(opener: string | undefined, opened: 'tag' | 'implicit' | 'held'): void {
    releaseWrapper();
    closeText();
    const closer = opener === undefined ? undefined : reasoningTags.get(opener);
    const markers =
      closer === undefined
        ? implicitEnds
        : [closer, ...controlTokens, ...reasoningBreaks, ...(callsInReasoning ? callMarkup : [])];
    state = inReasoning(createReasoningBlock(emit, generateId(), markers, opened));
  }

  /** Reasoning ended at its closer: text follows, or a call where a reply may open with one. */
  function closeReasoning(block: ReasoningBlock): void {
    block.end();
    state = grammar.leadingCall && !wroteProse ? LEADING : TEXT;
  }

  /**
   * Reasoning met one of the markers its seeker looks for: a closer ends it, a call opener may end
   * or interrupt it; the template's opener written again by the model, control tokens and the
   * wrappers of calls are markup (an opener after reasoning text is a mention of it).
   */
  function afterReasoningMarker(block: ReasoningBlock, marker: string): void {
    if (closers.has(marker)) closeReasoning(block);
    else if (explicitOpeners.has(marker)) startMarkup(marker, block);
    else if (reasoningTags.has(marker) && block.readAny) block.read(marker);
    else onCallText?.(marker);
  }

  const start = options.startWithReasoning ?? false;
  if (start !== false && reasoningTags.size > 0) {
    startReasoning(undefined, start === 'if-closed' ? 'held' : 'implicit');
  }

  function push(chunk: string): void {
    // Pieces still to read, last first: a replay is read before the rest of the text behind it.
    const pending = [chunk];
    for (let piece = pending.pop(); piece !== undefined; piece = pending.pop()) {
      // Held text is joined to a bounded head of a long piece, so that the piece is not copied.
      if (held.length > 0 && piece.length > JOINED_HEAD) {
        pending.push(piece.slice(JOINED_HEAD));
        piece = piece.slice(0, JOINED_HEAD);
      }
      read(piece, pending);
    }
  }

  /** Reads a piece of text; pieces to read after it (a replay, then what followed it) go to `pending`. */
  function read(chunk: string, pending: string[]): void {
    const buffer = held + chunk;
    held = '';
    let pos = 0;
    if (!startRead) {
      const found = leadingMarkup.find((markup) => buffer.startsWith(markup));
      if (found === undefined && leadingMarkup.some((markup) => markup.startsWith(buffer))) {
        held = buffer;
        return;
      }
      startRead = true;
      if (found !== undefined) {
        onCallText?.(found);
        pos = found.length;
      }
    }
    while (pos < buffer.length) {
      switch (state.mode) {
        case 'leading': {
          const start = firstNonSpace(buffer, pos);
          if (start !== pos && spacedMarkers) {
            // A marker may begin with the reply's leading whitespace (` to=user<|message|>`, a
            // header the generation prompt left open): markup, read as text would read it.
            const scan = textMatcher.scan(buffer, pos, ending);
            if (scan.type !== 'none' && scan.index === pos) {
              if (scan.type === 'partial') {
                held = buffer.slice(pos);
                return;
              }
              state = TEXT;
              break;
            }
          }
          if (start === -1) {
            emitText(buffer.slice(pos));
            return;
          }
          emitText(buffer.slice(pos, start));
          pos = start;
          startMarkup('');
          break;
        }
        case 'text': {
          const matcher = matcherFor(strayCloser);
          const scan = matcher.scan(buffer, pos, ending);
          if (scan.type !== 'match') {
            const keep = scan.type === 'partial' ? scan.index : buffer.length;
            emitText(buffer.slice(pos, keep));
            held = buffer.slice(keep);
            return;
          }
          const { marker } = scan;
          emitText(buffer.slice(pos, scan.index));
          pos = scan.index + marker.length;
          if (marker === strayCloser && !reasoningTags.has(marker)) {
            // The closer of a call that ended before it, with text in between: markup, not prose.
            // The call went out when its value ended, without it: it is read past, and said
            // (a wrapper's closer, after the call it wrapped, is where it belongs).
            strayCloser = undefined;
            if (!strayWrapper) {
              report(
                `${marker} came after text that followed the call it closes; it was read as markup`,
                'late-closer',
                marker,
              );
            }
            strayWrapper = false;
            onCallText?.(marker);
          } else if (wrappers.has(marker) || loneClosers.has(marker)) {
            // A wrapper, or a reasoning closer with no opener: markup, never text.
            closeText();
            onCallText?.(marker);
          } else if (controlTokens.has(marker)) {
            onCallText?.(marker);
          } else if (reasoningTags.has(marker) && !sharedTags.has(marker)) {
            startReasoning(marker, 'tag');
          } else startMarkup(marker);
          break;
        }
        case 'reasoning': {
          const { block } = state;
          const hit = block.seeker.seek(buffer, pos, block.read);
          if (hit === undefined) return;
          if (reasoningBreaks.has(hit.marker)) {
            // Another message starts: the block ends, and the marker is read again as what it opens.
            closeReasoning(block);
            if (hit.end < buffer.length) pending.push(buffer.slice(hit.end));
            pending.push(hit.marker);
            return;
          }
          pos = hit.end;
          afterReasoningMarker(block, hit.marker);
          break;
        }
        case 'markup': {
          const open = state.markup;
          const rest = pos === 0 ? buffer : buffer.slice(pos);
          const consumed = open.decoder.write(rest);
          open.body.push(consumed === rest.length ? rest : rest.slice(0, consumed));
          pos += consumed;
          if (open.decoder.status === 'open') return;
          const replay = afterDecoder(open);
          if (replay.length > 0) {
            // The replay and the text behind it are read as pieces of their own: joined, the text
            // behind was copied again for every opener that was no call (quadratic on prose full
            // of tool tags, read whole).
            if (pos < buffer.length) pending.push(buffer.slice(pos));
            pending.push(replay);
            return;
          }
          break;
        }
        case 'closer': {
          const { markup: open } = state;
          const junkEnd = skipJunk(buffer, pos, open.junk === true);
          if (junkEnd > pos) {
            // Brackets left over after the value (`{…}}</tool_call>`, a common slip) are the
            // call's markup, not text: read past, and said once in the call's repairs.
            if (!open.junk) {
              open.junk = true;
              open.calls.repair('Read past brackets between the call and its closer');
            }
            open.body.push(buffer.slice(pos, junkEnd));
            pos = junkEnd;
            break;
          }
          // The closer, or one the model wrote in its place (`</tools>` after `<tool_call>`).
          const closer = [state.closer, ...(grammar.closerSlips?.[state.closer] ?? [])].find(
            (candidate) => buffer.startsWith(candidate.slice(0, buffer.length - pos), pos),
          );
          if (closer === undefined) {
            endMarkup(open);
            break;
          }
          if (buffer.length - pos < closer.length) {
            held = buffer.slice(pos);
            return;
          }
          open.body.push(closer);
          pos += closer.length;
          endMarkup(open, true);
          break;
        }
        case 'skip': {
          const { markup: open, closer } = state;
          const scan = matcherWithCloser(skipMatchers, skipMarkers, closer).scan(buffer, pos);
          if (scan.type !== 'match') {
            const keep = scan.type === 'partial' ? scan.index : buffer.length;
            open.body.push(buffer.slice(pos, keep));
            held = buffer.slice(keep);
            return;
          }
          const isCloser = scan.marker === closer;
          open.body.push(buffer.slice(pos, isCloser ? scan.index + closer.length : scan.index));
          pos = isCloser ? scan.index + closer.length : scan.index;
          if (!isCloser) open.wrapperCloser = closer;
          endMarkup(open, true);
          break;
        }
      }
    }
  }

  function finish(): void {
    if (!startRead) {
      // The reply ended while it could still have been the leading markup: it is read as it is.
      startRead = true;
      const start = held;
      held = '';
      if (start.length > 0) push(start);
    }
    for (;;) {
      if (state.mode === 'markup') {
        const open = state.markup;
        open.calls.ending = true;
        open.decoder.end();
        const replay = afterDecoder(open);
        if (replay.length > 0) push(replay);
      } else if (state.mode === 'closer' || state.mode === 'skip') {
        // What is held is a partial closer: the rest of a failed markup, or text after one.
        const rest = held;
        held = '';
        const skipping = state.mode === 'skip';
        if (skipping) state.markup.body.push(rest);
        endMarkup(state.markup);
        if (!skipping && rest.length > 0) push(rest);
      } else if (state.mode === 'reasoning' && state.block.holding) {
        // The template may have opened reasoning, and neither a closer nor a call came: thinking
        // was off, and this is the answer, read as text from the start.
        const answer = state.block.release();
        state = grammar.leadingCall === true ? LEADING : TEXT;
        push(answer);
      } else if (state.mode === 'text' && held.length > 0 && !ending) {
        // Text held back because a longer marker could have followed: the reply ended, so a
        // complete marker in it is one (`<|start|>assistant` at the very end).
        ending = true;
        const rest = held;
        held = '';
        push(rest);
      } else break;
    }
    if (state.mode === 'reasoning') {
      state.block.read(state.block.seeker.flush());
      closeReasoning(state.block);
    } else emitText(held);
    releaseWrapper();
    held = '';
    state = TEXT;
    closeText();
  }

  return {
    push,
    finish,
    get callCount() {
      return callCount;
    },
  };
}

/** The matcher of `markers` and `closer`, kept in `cache` by closer: a scan per chunk looks it up. */
function matcherWithCloser(
  cache: Map<string, MarkerMatcher>,
  markers: readonly string[],
  closer: string,
): MarkerMatcher {
  let matcher = cache.get(closer);
  if (matcher === undefined) {
    matcher = sharedMarkerMatcher([...markers, closer]);
    cache.set(closer, matcher);
  }
  return matcher;
}

/** The longest head of a piece that held text is joined to; the rest of the piece is read after it. */
const JOINED_HEAD = 1024;

/**
 * Where stray closing brackets after a call's value end, from `from`: `}` and `]`, and the
 * whitespace after each. `from` when none starts there: whitespace right after the value is
 * the decoder's, and counts here only `afterJunk`, once a bracket was read past.
 */
function skipJunk(text: string, from: number, afterJunk: boolean): number {
  let index = from;
  let junk = afterJunk;
  while (index < text.length) {
    const char = text.charAt(index);
    if (char === '}' || char === ']') junk = true;
    else if (!junk || char.trim() !== '') break;
    index++;
  }
  return index;
}

function firstNonSpace(text: string, from: number): number {
  for (let index = from; index < text.length; index++) {
    if (text.charAt(index).trim() !== '') return index;
  }
  return -1;
}
