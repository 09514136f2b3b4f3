import type { ToolDefinition } from '../../analyze.ts';
import { type Analysis, analyzeOutput, formatNames } from '../../analyze.ts';
import { byId, h, replace } from './dom.ts';
import { createPlayer, type Player, type Speed } from './player.ts';
import { type Reply, readRecording } from './recording.ts';
import {
  renderCalls,
  renderEmpty,
  renderParts,
  renderRaw,
  renderReports,
  replayView,
  summaryOf,
  type View,
  wholeView,
} from './render.ts';
import { type Timeline, timelineOf } from './timeline.ts';
import { readTools, type ToolsReading, writeTools } from './tools.ts';

/** What is being looked at: pasted text, or a file's content (plain output, or a recording's replies). */
interface Loaded {
  text: string;
  replies?: Reply[];
  /** Why a file that looked like a recording is shown as text. */
  problem?: string;
}

const elements = {
  source: byId<HTMLSelectElement>('source'),
  replyControl: byId('reply-control'),
  reply: byId<HTMLSelectElement>('reply'),
  openFile: byId<HTMLButtonElement>('open-file'),
  fileInput: byId<HTMLInputElement>('file-input'),
  format: byId<HTMLSelectElement>('format'),
  toolsToggle: byId<HTMLButtonElement>('tools-toggle'),
  toolsCount: byId('tools-count'),
  toolsPanel: byId('tools-panel'),
  toolsClose: byId<HTMLButtonElement>('tools-close'),
  tools: byId<HTMLTextAreaElement>('tools'),
  toolsStatus: byId('tools-status'),
  replay: byId('replay'),
  play: byId<HTMLButtonElement>('play'),
  scrub: byId<HTMLInputElement>('scrub'),
  replayTime: byId('replay-time'),
  edit: byId<HTMLButtonElement>('edit'),
  analyze: byId<HTMLButtonElement>('analyze'),
  input: byId<HTMLTextAreaElement>('input'),
  raw: byId<HTMLPreElement>('raw'),
  rawBody: byId('raw-body'),
  notice: byId('notice'),
  summary: byId('summary'),
  partsBody: byId('parts-body'),
  calls: byId('calls'),
  reports: byId('reports'),
  parts: byId('parts'),
};

const state: {
  loaded: Loaded;
  /** The reply of a recording being looked at. */
  recording: Reply | undefined;
  /** Files from the command line, then files opened here, by the source list's value. */
  files: Map<string, Loaded>;
  analysis: Analysis | undefined;
  timeline: Timeline | undefined;
  player: Player | undefined;
  speed: Speed;
  editing: boolean;
  /** The tools last read from the editor (undefined: guess them). */
  tools: ToolDefinition[] | undefined;
} = {
  loaded: { text: '' },
  recording: undefined,
  files: new Map(),
  analysis: undefined,
  timeline: undefined,
  player: undefined,
  speed: 1,
  editing: true,
  tools: undefined,
};

const PASTE = 'paste';

function formatSeconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

/** Shows the analysis as it stood after `position` chunks of a replay, or whole. */
function render(): void {
  const analysis = state.analysis;
  if (analysis === undefined) return;
  const recording = state.recording;
  const player = state.player;
  const view: View =
    recording !== undefined && player !== undefined && state.timeline !== undefined
      ? replayView(analysis, recording.chunks, state.timeline, player.position)
      : wholeView(analysis);

  if (!state.editing) replace(elements.raw, renderRaw(view));
  if (analysis.text === '' && recording === undefined) {
    replace(elements.calls, renderEmpty());
    replace(elements.reports);
    replace(elements.parts);
  } else {
    replace(elements.calls, renderCalls(view));
    replace(elements.reports, renderReports(view));
    replace(elements.parts, renderParts(view));
  }
  elements.summary.textContent =
    analysis.text === '' && recording === undefined ? '' : summaryOf(view, analysis.format);
  elements.summary.title = elements.summary.textContent;
  elements.notice.textContent = state.loaded.problem ?? '';
  elements.notice.hidden = state.loaded.problem === undefined;

  if (recording !== undefined && player !== undefined) {
    const total = recording.chunks.length;
    const at = player.position === 0 ? 0 : (recording.times[player.position - 1] ?? 0);
    elements.scrub.max = String(total);
    elements.scrub.value = String(player.position);
    elements.replayTime.textContent = `${formatSeconds(at)} / ${formatSeconds(recording.times.at(-1) ?? 0)} · chunk ${player.position} of ${total}`;
    elements.play.textContent = player.playing ? '❚❚' : '▶';
    elements.play.setAttribute('aria-label', player.playing ? 'Pause' : 'Play');
    if (view.streaming) follow();
  }
}

/** During a replay, keeps the end of the text and the call being written in sight. */
function follow(): void {
  const caret = elements.raw.querySelector('.caret');
  if (caret !== null) elements.rawBody.scrollTop = elements.rawBody.scrollHeight;
  const pending = elements.calls.querySelector('.call-card.pending');
  if (pending !== null) pending.scrollIntoView({ block: 'nearest' });
  else elements.partsBody.scrollTop = elements.partsBody.scrollHeight;
}

/** Says what the tools editor holds; without tools, which names were guessed from the output. */
function showToolsStatus(tools: ToolsReading): void {
  elements.toolsStatus.classList.toggle('error', !tools.ok);
  if (!tools.ok) {
    elements.toolsStatus.textContent = `${tools.error} The last tools that could be read are used.`;
    elements.toolsCount.textContent = '!';
    return;
  }
  if (tools.tools === undefined) {
    const guessed = state.analysis?.guessedTools ?? [];
    elements.toolsStatus.textContent =
      guessed.length === 0
        ? 'No tools given, and the output names none.'
        : `No tools given; guessed from the output, with any input: ${guessed.join(', ')}.`;
    elements.toolsCount.textContent = '';
    return;
  }
  const names = tools.tools.map((tool) => tool.name).join(', ');
  elements.toolsStatus.textContent = `${tools.tools.length} tool${tools.tools.length === 1 ? '' : 's'}: ${names}.`;
  elements.toolsCount.textContent = String(tools.tools.length);
}

/** Analyzes what is loaded with the chosen format and tools, then shows it. */
function analyze(): void {
  const tools = readTools(elements.tools.value);
  if (tools.ok) state.tools = tools.tools;
  const format = elements.format.value || 'auto';
  const recording = state.recording;
  try {
    const input = { format, ...(state.tools === undefined ? {} : { tools: state.tools }) };
    if (recording !== undefined) {
      const analysis = analyzeOutput({ ...input, chunks: recording.chunks });
      state.analysis = analysis;
      state.timeline = timelineOf({ ...input, chunks: recording.chunks }, analysis);
    } else {
      state.analysis = analyzeOutput({ ...input, text: state.loaded.text });
      state.timeline = undefined;
    }
  } catch (error) {
    state.analysis = undefined;
    elements.summary.textContent = `Could not analyze: ${(error as Error).message}`;
    return;
  }
  showToolsStatus(tools);
  render();
}

function setEditing(editing: boolean): void {
  state.editing = editing;
  elements.input.hidden = !editing;
  elements.raw.hidden = editing;
  elements.edit.hidden = editing;
  elements.analyze.hidden = !editing;
  if (editing) elements.input.focus();
}

/** Shows a loaded file or the pasted text; for a recording, one of its replies. */
function load(loaded: Loaded, reply = 0): void {
  state.player?.pause();
  if (loaded !== state.loaded) {
    elements.reply.replaceChildren(
      ...(loaded.replies ?? []).map((entry, index) => h('option', { value: index }, entry.label)),
    );
  }
  elements.replyControl.hidden = (loaded.replies?.length ?? 0) < 2;
  elements.reply.value = String(reply);
  state.loaded = loaded;
  const recording = loaded.replies?.[reply];
  state.recording = recording;
  if (recording !== undefined) {
    elements.tools.value = recording.tools.length > 0 ? writeTools(recording.tools) : '';
    // Read as the middleware read it, as `toolbridge inspect` does, when this page knows the format.
    if (recording.format !== undefined && formatNames().includes(recording.format)) {
      elements.format.value = recording.format;
    }
  }
  state.player =
    recording === undefined
      ? undefined
      : createPlayer(recording.times, () => {
          render();
        });
  state.player?.setSpeed(state.speed);
  elements.replay.hidden = recording === undefined;
  analyze();
}

function loadContent(content: string): Loaded {
  try {
    const replies = readRecording(content);
    return replies === undefined
      ? { text: content }
      : { text: replies[0]?.chunks.join('') ?? '', replies };
  } catch (error) {
    return { text: content, problem: `${(error as Error).message} It is shown as text.` };
  }
}

/** Counts source choices, so that a file arriving after another choice is not shown. */
let choice = 0;

async function selectSource(value: string): Promise<void> {
  const mine = ++choice;
  if (value === PASTE) {
    load({ text: elements.input.value });
    setEditing(true);
    return;
  }
  let loaded = state.files.get(value);
  if (loaded === undefined && value.startsWith('file:')) {
    elements.summary.textContent = 'Loading…';
    const response = await fetch(`files/${encodeURIComponent(value.slice('file:'.length))}`);
    const body = await response.text();
    if (mine !== choice) return;
    if (!response.ok) {
      elements.summary.textContent = `Could not load the file: ${body.trim()}`;
      return;
    }
    loaded = loadContent(body);
    state.files.set(value, loaded);
  }
  if (loaded === undefined || mine !== choice) return;
  setEditing(false);
  load(loaded);
}

function addOption(value: string, label: string): void {
  elements.source.append(h('option', { value }, label));
}

async function listFiles(): Promise<Array<{ index: number; name: string }>> {
  try {
    const response = await fetch('files');
    if (!response.ok) return [];
    return (await response.json()) as Array<{ index: number; name: string }>;
  } catch {
    return [];
  }
}

/** Live analysis while typing, at most every so often. */
function debounce(action: () => void, ms: number): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return () => {
    clearTimeout(timer);
    timer = setTimeout(action, ms);
  };
}

/** Hovering a call (or report) in one column lights it up in the other; clicking scrolls to it. */
function linkAcross(): void {
  const keyOf = (target: EventTarget | null): string | undefined => {
    const element = (target as Element | null)?.closest?.('[data-call],[data-report]');
    if (element === null || element === undefined) return undefined;
    const call = element.getAttribute('data-call');
    return call === null
      ? `[data-report="${element.getAttribute('data-report')}"]`
      : `[data-call="${call}"]`;
  };
  let lit: string | undefined;
  const light = (selector: string | undefined) => {
    if (selector === lit) return;
    if (lit !== undefined) {
      document.querySelectorAll(lit).forEach((element) => {
        element.classList.remove('linked');
      });
    }
    lit = selector;
    if (lit !== undefined) {
      document.querySelectorAll(lit).forEach((element) => {
        element.classList.add('linked');
      });
    }
  };
  document.addEventListener('mouseover', (event) => light(keyOf(event.target)));
  document.addEventListener('click', (event) => {
    const selector = keyOf(event.target);
    if (selector === undefined) return;
    const inRaw = elements.raw.contains(event.target as Node);
    const other = (inRaw ? elements.partsBody : elements.raw).querySelector(selector);
    other?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  });
}

async function start(): Promise<void> {
  for (const name of formatNames()) elements.format.append(h('option', { value: name }, name));
  addOption(PASTE, 'Pasted text');
  const files = await listFiles();
  for (const file of files) addOption(`file:${file.index}`, file.name);

  const reanalyze = debounce(analyze, 200);
  elements.input.addEventListener('input', () => {
    state.loaded = { text: elements.input.value };
    reanalyze();
  });
  elements.input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      elements.analyze.click();
    }
  });
  elements.analyze.addEventListener('click', () => {
    state.loaded = { text: elements.input.value };
    setEditing(false);
    analyze();
  });
  elements.edit.addEventListener('click', () => {
    state.player?.pause();
    const text = state.recording?.chunks.join('') ?? state.loaded.text;
    elements.input.value = text;
    elements.source.value = PASTE;
    load({ text });
    setEditing(true);
  });
  elements.reply.addEventListener('change', () => {
    load(state.loaded, Number(elements.reply.value));
  });
  elements.source.addEventListener('change', () => {
    void selectSource(elements.source.value);
  });
  elements.format.addEventListener('change', analyze);
  elements.tools.addEventListener('input', debounce(analyze, 300));
  const toggleTools = (open: boolean) => {
    elements.toolsPanel.hidden = !open;
    elements.toolsToggle.setAttribute('aria-expanded', String(open));
    if (open) elements.tools.focus();
  };
  elements.toolsToggle.addEventListener('click', () => toggleTools(elements.toolsPanel.hidden));
  elements.toolsClose.addEventListener('click', () => toggleTools(false));

  elements.openFile.addEventListener('click', () => elements.fileInput.click());
  elements.fileInput.addEventListener('change', async () => {
    const file = elements.fileInput.files?.[0];
    if (file === undefined) return;
    const value = `local:${state.files.size}:${file.name}`;
    state.files.set(value, loadContent(await file.text()));
    addOption(value, `${file.name} (opened here)`);
    elements.source.value = value;
    elements.fileInput.value = '';
    await selectSource(value);
  });

  elements.play.addEventListener('click', () => {
    const player = state.player;
    if (player === undefined) return;
    if (player.playing) player.pause();
    else player.play();
  });
  elements.scrub.addEventListener('input', () => {
    state.player?.seek(Number(elements.scrub.value));
  });
  const speeds = document.querySelectorAll<HTMLButtonElement>('.speed');
  speeds.forEach((button) => {
    button.addEventListener('click', () => {
      const value = button.dataset['speed'];
      state.speed = value === 'max' ? 'max' : value === '4' ? 4 : 1;
      state.player?.setSpeed(state.speed);
      speeds.forEach((other) => {
        other.setAttribute('aria-pressed', String(other === button));
      });
    });
  });
  linkAcross();

  const [firstFile] = files;
  if (firstFile !== undefined) {
    elements.source.value = `file:${firstFile.index}`;
    await selectSource(elements.source.value);
  } else {
    setEditing(true);
    analyze();
  }
  // For tests and scripts: the page has shown what it shows first.
  document.body.dataset['ready'] = 'true';
}

void start();
