import { cpus, loadavg } from 'node:os';
import type {
  LanguageModelV4FunctionTool,
  LanguageModelV4Prompt,
  LanguageModelV4StreamPart,
} from '@ai-sdk/provider';
import {
  gemmaToolMiddleware,
  hermesToolMiddleware,
  toolCallTagMiddleware,
  xmlToolMiddleware,
} from '@toolbridge/middleware/formats';
import { qwenToolBlock } from './chat-templates.ts';
import {
  type Contender,
  type ContenderName,
  columnsOf,
  contendersFor,
  presentContenders,
} from './contenders.ts';
import { type BenchFormat, FORMATS, formatById } from './formats.ts';
import { type Measurement, type MeasureOptions, measure, pairedRatio } from './measure.ts';
import type { Peer } from './peers.ts';
import {
  CHUNK_SIZE,
  INPUT_STARTED,
  measureProxyLatency,
  PACE_MS,
  percentile,
  REPLY,
} from './proxy-latency.ts';
import { chunksOf } from './synthetic-stream.ts';
import {
  benchTools,
  manyCallsReply,
  manyPiecesReply,
  PLAIN_CODE,
  plainText,
  writeFileReply,
} from './workloads.ts';

/** Sizes and repetitions; the smoke test runs the same suite tiny. */
export interface SuiteOptions {
  kb: (size: number) => number;
  /** Calls in the many-calls reply. */
  calls: number;
  measure: MeasureOptions;
  /** The peer releases compared with, newest first (see peers.ts). */
  peers: readonly Peer[];
  /** The formats measured. Default: all of {@link FORMATS}. */
  formats?: readonly BenchFormat[];
  /** Counts prompt tokens (a real tokenizer in the bench, characters in the smoke test). */
  countTokens: (text: string) => number;
  tokenizerName: string;
  /** Tools of a BFCL case with many tools. */
  manyTools: { id: string; tools: LanguageModelV4FunctionTool[] };
  /** Run only these sections. Default: all. */
  only?: readonly SectionId[];
  log?: (line: string) => void;
}

/** The sections, in report order; `pnpm bench --only prompt` runs one of them. */
export const SECTION_IDS = [
  'overhead',
  'throughput',
  'generate',
  'scaling',
  'many-calls',
  'hold-back',
  'prompt',
  'memory',
  'proxy',
] as const;
export type SectionId = (typeof SECTION_IDS)[number];

export interface Section {
  id: SectionId;
  title: string;
  note: string;
  header: string[];
  rows: string[][];
}

/** The chunk sizes of the throughput cells. */
export const THROUGHPUT_CHUNKS = [1, 4, 16] as const;
/** The chunk size of the hold-back run. */
const HOLD_BACK_CHUNK = 4;

/** Each column's measurement of one workload, and which columns have a contender at all. */
class Times {
  readonly contenders: ReadonlyMap<ContenderName, Contender | undefined>;
  readonly measured: ReadonlyMap<ContenderName, Measurement>;

  constructor(
    contenders: ReadonlyMap<ContenderName, Contender | undefined>,
    measured: ReadonlyMap<ContenderName, Measurement>,
  ) {
    this.contenders = contenders;
    this.measured = measured;
  }

  get(name: ContenderName): Measurement | undefined {
    return this.measured.get(name);
  }

  /** The cell of a column: rendered from its measurement, or why there is none. */
  cell(name: ContenderName, render: (measurement: Measurement | undefined) => string): string {
    if (this.contenders.get(name) === undefined) return absent(name);
    if (!this.measured.has(name)) return '–';
    return render(this.measured.get(name));
  }
}

/** A column with no contender: toolbridge has no such middleware yet, the peer none at all. */
function absent(name: ContenderName): string {
  return name === 'toolbridge' ? 'not yet' : name === 'floor' ? '–' : 'none';
}

function ms(measurement: Measurement | undefined, timeoutMs: number): string {
  if (measurement === undefined) return '–';
  const { medianMs } = measurement;
  if (medianMs === undefined) {
    return measurement.timedOut ? `> ${(timeoutMs / 1000).toFixed(0)} s` : '–';
  }
  return `${medianMs.toFixed(1)} ms${measurement.runs < measurement.rounds.length ? ` (${measurement.runs} runs)` : ''}${measurement.timedOut ? ' †' : ''}`;
}

/** `a / b` as `N.N×`; a bound when a timed out. */
function ratio(
  slow: Measurement | undefined,
  fast: Measurement | undefined,
  timeoutMs: number,
): string {
  if (fast?.medianMs === undefined) return '–';
  if (slow?.medianMs === undefined)
    return slow?.timedOut ? `> ${(timeoutMs / fast.medianMs).toFixed(0)}×` : '–';
  return `${(pairedRatio(slow, fast) ?? slow.medianMs / fast.medianMs).toFixed(2)}×`;
}

function mbPerSecond(
  bytes: number,
  measurement: Measurement | undefined,
  timeoutMs: number,
): string {
  if (measurement?.medianMs === undefined)
    return measurement?.timedOut ? `< ${(bytes / 1e6 / (timeoutMs / 1000)).toFixed(3)}` : '–';
  return (bytes / 1e6 / (measurement.medianMs / 1000)).toFixed(2);
}

/** Runs every contender that reads `format` on the same work, interleaved (see measure.ts). */
async function timesOf(
  format: BenchFormat,
  options: SuiteOptions,
  run: (contender: Contender, deadline: number) => Promise<unknown>,
): Promise<Times> {
  const contenders = contendersFor(format, options.peers);
  const present = presentContenders(contenders);
  const measured = present.length === 0 ? new Map() : await measure(present, run, options.measure);
  return new Times(contenders, measured);
}

/**
 * Streams each of `texts` (one workload at several sizes) in 8-character chunks through every
 * contender, all sizes interleaved run by run: a size ratio then compares runs made side by side,
 * not minutes apart on a machine whose speed drifts.
 */
async function sizedStreamTimes(
  format: BenchFormat,
  texts: readonly string[],
  options: SuiteOptions,
): Promise<Times[]> {
  const contenders = contendersFor(format, options.peers);
  const runs = presentContenders(contenders).flatMap((contender) =>
    texts.map((text, size) => ({
      name: `${contender.name} #${size}`,
      contender,
      size,
      chunks: chunksOf(text, 8),
    })),
  );
  const measured = await measure(
    runs,
    (run, deadline) => run.contender.stream(run.chunks, benchTools, undefined, deadline),
    options.measure,
  );
  return texts.map(
    (_, size) =>
      new Times(
        contenders,
        new Map(
          runs
            .filter((run) => run.size === size)
            .map((run) => {
              const measurement = measured.get(run.name);
              if (measurement === undefined) throw new Error(`${run.name} was not measured`);
              return [run.contender.name, measurement];
            }),
        ),
      ),
  );
}

function streamTimes(format: BenchFormat, text: string, chunkSize: number, options: SuiteOptions) {
  const chunks = chunksOf(text, chunkSize);
  return timesOf(format, options, (contender, deadline) =>
    contender.stream(chunks, benchTools, undefined, deadline),
  );
}

function formatsOf(options: SuiteOptions): readonly BenchFormat[] {
  return options.formats ?? FORMATS;
}

function peerKeys(options: SuiteOptions): string[] {
  return options.peers.map((peer) => peer.key);
}

/** `toolbridge / <name>` as a speed-up: how many times faster toolbridge is. */
function speedUps(times: Times, options: SuiteOptions): string[] {
  const timeout = options.measure.timeoutMs;
  return peerKeys(options).map((key) =>
    times.contenders.get('toolbridge') === undefined || times.contenders.get(key) === undefined
      ? '–'
      : ratio(times.get(key), times.get('toolbridge'), timeout),
  );
}

const RUNNERS: Record<SectionId, (options: SuiteOptions) => Promise<Omit<Section, 'id'>>> = {
  overhead,
  throughput,
  generate,
  scaling,
  'many-calls': manyCalls,
  'hold-back': holdBack,
  prompt: promptSize,
  memory,
  proxy: proxyLatency,
};

export async function runSuite(options: SuiteOptions): Promise<Section[]> {
  const sections: Section[] = [];
  for (const id of SECTION_IDS) {
    if (options.only !== undefined && !options.only.includes(id)) continue;
    options.log?.(`${sections.length + 1}/${options.only?.length ?? SECTION_IDS.length}: ${id}`);
    const section = await RUNNERS[id](options);
    sections.push({ id, ...section, title: `${SECTION_IDS.indexOf(id) + 1}. ${section.title}` });
  }
  return sections;
}

async function overhead(options: SuiteOptions): Promise<Omit<Section, 'id'>> {
  const timeout = options.measure.timeoutMs;
  const plainLength = options.kb(1000);
  const columns = columnsOf(options.peers);
  const rows: string[][] = [];
  for (const format of formatsOf(options)) {
    const times = await streamTimes(format, plainText(plainLength), 4, options);
    rows.push([
      format.id,
      ...columns.map((name) => times.cell(name, (m) => ms(m, timeout))),
      ...columns
        .filter((name) => name !== 'floor')
        .map((name) =>
          times.cell(name, (m) => (m === undefined ? '–' : ratio(m, times.get('floor'), timeout))),
        ),
    ]);
  }
  return {
    title: 'Plain text, no calls: pass-through overhead',
    note: `${(plainLength / 1000).toFixed(0)} KB of prose in 4-character chunks. Target: toolbridge within 1.5× of the floor.`,
    header: [
      'format',
      ...columns,
      ...columns.filter((name) => name !== 'floor').map((name) => `${name} / floor`),
    ],
    rows,
  };
}

async function throughput(options: SuiteOptions): Promise<Omit<Section, 'id'>> {
  const timeout = options.measure.timeoutMs;
  const longLength = options.kb(100);
  const columns = columnsOf(options.peers);
  const rows: string[][] = [];
  for (const format of formatsOf(options)) {
    for (const chunkSize of THROUGHPUT_CHUNKS) {
      const times = await streamTimes(
        format,
        writeFileReply(format, longLength),
        chunkSize,
        options,
      );
      rows.push([
        format.id,
        String(chunkSize),
        ...columns.map((name) => times.cell(name, (m) => mbPerSecond(longLength, m, timeout))),
        times.cell('toolbridge', (m) => ratio(m, times.get('floor'), timeout)),
        ...speedUps(times, options),
      ]);
    }
  }
  return {
    title: 'One `write_file` call with a long argument: streaming throughput',
    note: `${(longLength / 1000).toFixed(0)} KB of code in the \`content\` argument, MB/s of argument text, in 1-, 4- and 16-character chunks. Targets: toolbridge at least 2× the peer's current release in every cell, and within 1.5× of the floor (time) at 4 characters and above.`,
    header: [
      'format',
      'chunk',
      ...columns.map((name) => `${name} MB/s`),
      'toolbridge / floor',
      ...peerKeys(options).map((key) => `speed-up vs ${key}`),
    ],
    rows,
  };
}

async function generate(options: SuiteOptions): Promise<Omit<Section, 'id'>> {
  const timeout = options.measure.timeoutMs;
  const length = options.kb(400);
  const columns = columnsOf(options.peers);
  const rows: string[][] = [];
  for (const format of formatsOf(options)) {
    const text = writeFileReply(format, length);
    const times = await timesOf(format, options, (contender) =>
      contender.generate(text, benchTools),
    );
    rows.push([
      format.id,
      ...columns.map((name) => times.cell(name, (m) => ms(m, timeout))),
      ...speedUps(times, options),
    ]);
  }
  return {
    title: 'Generate: one `write_file` call with a long argument',
    note: `\`wrapGenerate\` on a reply with ${(length / 1000).toFixed(0)} KB of code in the \`content\` argument. Floor: \`indexOf\` over the text. Target: toolbridge at least 2× the peer's current release.`,
    header: ['format', ...columns, ...peerKeys(options).map((key) => `speed-up vs ${key}`)],
    rows,
  };
}

async function scaling(options: SuiteOptions): Promise<Omit<Section, 'id'>> {
  const timeout = options.measure.timeoutMs;
  const columns = columnsOf(options.peers);
  const rows: string[][] = [];
  const row = (format: BenchFormat, label: string, from: Times, to: Times) => [
    format.id,
    label,
    ...columns.map((name) => to.cell(name, (m) => ratio(m, from.get(name), timeout))),
  ];
  for (const format of formatsOf(options)) {
    if (presentContenders(contendersFor(format, options.peers)).length === 0) {
      rows.push([format.id, 'every workload', ...columns.map(absent)]);
      continue;
    }
    const [small, mid, large] = await sizedStreamTimes(
      format,
      [options.kb(25), options.kb(100), options.kb(400)].map((length) =>
        writeFileReply(format, length),
      ),
      options,
    );
    if (small === undefined || mid === undefined || large === undefined) {
      throw new Error('sizedStreamTimes gives the times of each text');
    }
    rows.push(row(format, 'one long argument, 25 → 100 KB', small, mid));
    rows.push(row(format, 'one long argument, 100 → 400 KB', mid, large));
    const [few, many] = await sizedStreamTimes(
      format,
      [options.kb(20), options.kb(80)].map((length) => manyPiecesReply(format, length)),
      options,
    );
    const label =
      format.pieces === 'xml'
        ? 'XML list of small <item>s, 20 → 80 KB'
        : 'array of small objects, 20 → 80 KB';
    if (few === undefined || many === undefined) {
      throw new Error('sizedStreamTimes gives the times of each text');
    }
    rows.push(row(format, label, few, many));
  }
  return {
    title: 'Scaling: time at 4× the size',
    note: '8-character chunks; the sizes of a workload are measured interleaved, run by run. 4.0 is linear, 16 quadratic. Target: toolbridge below 4.5. The floor shows what the stream machinery alone does at that size.',
    header: ['format', 'workload', ...columns],
    rows,
  };
}

async function manyCalls(options: SuiteOptions): Promise<Omit<Section, 'id'>> {
  const timeout = options.measure.timeoutMs;
  const callCount = options.calls;
  const libraries = columnsOf(options.peers).filter((name) => name !== 'floor');
  const rows: string[][] = [];
  for (const format of formatsOf(options)) {
    const text = manyCallsReply(format, callCount);
    const stream = await streamTimes(format, text, 4, options);
    const generate = await timesOf(format, options, (contender) =>
      contender.generate(text, benchTools),
    );
    rows.push([
      format.id,
      ...libraries.map((name) => stream.cell(name, (m) => ms(m, timeout))),
      ...speedUps(stream, options),
      ...libraries.map((name) => generate.cell(name, (m) => ms(m, timeout))),
      ...speedUps(generate, options),
    ]);
  }
  return {
    title: `${callCount} small calls in one reply`,
    note: 'Stream in 4-character chunks, and generate. Prose between the calls where the format has room for it; Llama 3 JSON separates its calls with `;`, pythonic writes one list.',
    header: [
      'format',
      ...libraries.map((name) => `stream ${name}`),
      ...peerKeys(options).map((key) => `stream speed-up vs ${key}`),
      ...libraries.map((name) => `generate ${name}`),
      ...peerKeys(options).map((key) => `generate speed-up vs ${key}`),
    ],
    rows,
  };
}

/** Characters of argument text received but not yet emitted as deltas, and from the tool name to `tool-input-start`. */
async function holdBack(options: SuiteOptions): Promise<Omit<Section, 'id'>> {
  const rows: string[][] = [];
  const length = options.kb(100);
  for (const format of formatsOf(options)) {
    const text = writeFileReply(format, length, PLAIN_CODE);
    const content = text.indexOf(PLAIN_CODE.slice(0, 20));
    const nameEnd = text.indexOf('write_file') + 'write_file'.length;
    for (const [name, contender] of contendersFor(format, options.peers)) {
      if (name === 'floor') continue;
      if (contender === undefined) {
        rows.push([format.id, name, absent(name), absent(name)]);
        continue;
      }
      let sent = 0;
      let deltas = '';
      let held = 0;
      let toStart: number | undefined;
      // Argument characters received (before the chunk now going out) but not yet emitted.
      const sample = () => {
        const marker = deltas.indexOf('"content":"');
        const emitted = marker === -1 ? 0 : Math.min(deltas.length - marker - 11, length);
        const received = Math.min(Math.max(sent - content, 0), length);
        held = Math.max(held, received - emitted);
      };
      const observer = {
        // Sampled as input arrives too: a parser that emits nothing while it buffers holds it all.
        onChunk: (chunk: string) => {
          sent += chunk.length;
          sample();
        },
        onPart: (part: LanguageModelV4StreamPart) => {
          if (part.type === 'tool-input-start') toStart ??= sent - nameEnd;
          if (part.type === 'tool-input-delta') deltas += part.delta;
          sample();
        },
      };
      const finished = await runOnce(
        contender,
        chunksOf(text, HOLD_BACK_CHUNK),
        observer,
        options.measure.timeoutMs,
      );
      rows.push([
        format.id,
        name,
        `${held}${finished ? '' : ' (timed out)'}`,
        toStart === undefined ? '–' : String(toStart),
      ]);
    }
  }
  return {
    title: 'Hold-back',
    note: `One \`write_file\` call with ${(length / 1000).toFixed(0)} KB of plain code, ${HOLD_BACK_CHUNK}-character chunks. Largest number of argument characters received but not yet emitted as \`tool-input-delta\`, and characters from the end of the tool name to \`tool-input-start\`. Target: no more than the longest delimiter (\`</tool_call>\`, 12; \`</write_file>\`, 13; \`</parameter>\`, 12).`,
    header: ['format', 'library', 'argument held back', 'name → tool-input-start'],
    rows,
  };
}

async function runOnce(
  contender: Contender,
  chunks: string[],
  observer: Parameters<Contender['stream']>[2],
  timeoutMs: number,
) {
  try {
    await contender.stream(chunks, benchTools, observer, performance.now() + timeoutMs);
    return true;
  } catch {
    return false;
  }
}

function systemText(prompt: LanguageModelV4Prompt): string {
  return prompt
    .flatMap((message) => (message.role === 'system' ? [message.content] : []))
    .join('\n');
}

/** The system prompt a middleware writes for `tools`. */
async function systemPromptOf(
  middleware: unknown,
  tools: LanguageModelV4FunctionTool[],
): Promise<string> {
  // The two libraries' middleware types differ in their provider major; both are driven as plain objects.
  const params = (await (
    middleware as {
      transformParams: (o: unknown) => Promise<{ prompt: LanguageModelV4Prompt }>;
    }
  ).transformParams({
    type: 'generate',
    params: { prompt: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }], tools },
    model: {},
  })) as { prompt: LanguageModelV4Prompt };
  return systemText(params.prompt);
}

/**
 * System-prompt tokens of each ready-made middleware, next to the tool block the model
 * family's own chat template writes for the same tools, and each peer's where it has the preset.
 */
async function promptSize(options: SuiteOptions): Promise<Omit<Section, 'id'>> {
  const cases = [benchTools.slice(0, 3), options.manyTools.tools];
  const reference = 'none; Qwen2.5 as reference';
  const presets = [
    ['hermes', hermesToolMiddleware, 'Qwen2.5', formatById('hermes')],
    ['gemma', gemmaToolMiddleware, reference, undefined],
    ['xml', xmlToolMiddleware, reference, formatById('xml')],
    ['tool-call-tag', toolCallTagMiddleware, reference, undefined],
  ] as const;
  const template = cases.map((tools) => options.countTokens(qwenToolBlock(tools)));
  const rows: string[][] = [];
  for (const [preset, middleware, family, format] of presets) {
    const row: string[] = [preset, family];
    for (const [index, tools] of cases.entries()) {
      row.push(
        String(options.countTokens(await systemPromptOf(middleware, tools))),
        String(template[index]),
      );
      for (const peer of options.peers) {
        const peerMiddleware = format?.peer(peer.exports);
        row.push(
          peerMiddleware === undefined
            ? '–'
            : String(options.countTokens(await systemPromptOf(peerMiddleware, tools))),
        );
      }
    }
    rows.push(row);
  }
  const many = options.manyTools.tools.length;
  return {
    title: 'Prompt size',
    note: [
      `Tokens of the system prompt each ready-made middleware writes, counted with the ${options.tokenizerName}, for 3 simple tools and for the ${many} tools of BFCL \`${options.manyTools.id}\`.`,
      'Template: the tool block that the family\'s own chat template writes for the same tools, rendered as the Qwen2.5 template does (the Qwen3 template writes the same block; the Hermes 2 Pro/3 templates word theirs differently and are not measured): `# Tools`, one `{"type": "function", "function": {…}}` line per tool inside `<tools></tools>` (Jinja `tojson` spacing), and the `<tool_call>` instruction; without the turn markers and the default persona sentence.',
      "Gemma 3's chat template has no tool block, and formats.md §3.6 names the call shapes of Google's documented Gemma tool prompts but not their wording, so gemma is measured against the Qwen2.5 block as a reference, as are xml and tool-call-tag, which follow no family's template.",
      'Peer: `hermesToolMiddleware` and `morphXmlToolMiddleware` of `@ai-sdk-tool/parser`. Target: toolbridge at most the template.',
    ].join(' '),
    header: [
      'preset',
      'family template',
      ...[3, many].flatMap((count) => [
        `toolbridge, ${count} tools`,
        `template, ${count} tools`,
        ...peerKeys(options).map((key) => `${key}, ${count} tools`),
      ]),
    ],
    rows,
  };
}

/** Peak heap while streaming one 400 KB argument. */
async function memory(options: SuiteOptions): Promise<Omit<Section, 'id'>> {
  const gc = (globalThis as { gc?: () => void }).gc;
  const length = options.kb(400);
  const rows: string[][] = [];
  for (const format of formatsOf(options)) {
    const contenders = contendersFor(format, options.peers);
    if (presentContenders(contenders).length === 0) {
      rows.push([format.id, 'every library', 'not yet']);
      continue;
    }
    const chunks = chunksOf(writeFileReply(format, length), 8);
    for (const [name, contender] of contenders) {
      if (contender === undefined) {
        rows.push([format.id, name, absent(name)]);
        continue;
      }
      gc?.();
      const base = process.memoryUsage().heapUsed;
      let peak = base;
      let parts = 0;
      const finished = await runOnce(
        contender,
        chunks,
        {
          onPart: () => {
            if (++parts % 256 === 0) peak = Math.max(peak, process.memoryUsage().heapUsed);
          },
        },
        options.measure.timeoutMs,
      );
      peak = Math.max(peak, process.memoryUsage().heapUsed);
      rows.push([
        format.id,
        name,
        finished
          ? `${((peak - base) / 1e6).toFixed(1)} MB`
          : `timed out (${((peak - base) / 1e6).toFixed(1)} MB so far)`,
      ]);
    }
  }
  return {
    title: 'Memory',
    note: `Peak heap growth while streaming one \`write_file\` call with ${(length / 1000).toFixed(0)} KB of code in 8-character chunks (heap sampled every 256 parts${(globalThis as { gc?: unknown }).gc ? ', after a full GC' : ''}).`,
    header: ['format', 'library', 'peak heap growth'],
    rows,
  };
}

/** The machine's load average over the last minute (always 0 on Windows). */
function oneMinuteLoad(): number {
  const [load = 0] = loadavg();
  return load;
}

/** What `toolbridge serve` adds to a request, against calling the upstream directly. */
async function proxyLatency(options: SuiteOptions): Promise<Omit<Section, 'id'>> {
  const requests = options.measure.runs * 25;
  const loadBefore = oneMinuteLoad();
  const { direct, proxy } = await measureProxyLatency({
    requests,
    warmup: options.measure.warmup * 50,
  });
  const loadAfter = oneMinuteLoad();
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  const chunks = Math.ceil(REPLY.length / CHUNK_SIZE);
  // The event that completes `"arguments": {"`, the role's event being the 0th.
  const inputEvent = Math.ceil((REPLY.indexOf(INPUT_STARTED) + INPUT_STARTED.length) / CHUNK_SIZE);
  const lastEvent = chunks + 2;
  const rows = (
    [
      ['non-streaming: until the whole body', 'complete'],
      ['streaming, at once: until the last event', 'stream'],
      ['streaming, paced: until the first tool-input delta', 'firstInput'],
      ['streaming, paced: until the last event', 'pacedStream'],
    ] as const
  ).map(([label, key]) => {
    const [directMedian, directP99, proxyMedian, proxyP99] = [direct, proxy].flatMap((way) => [
      percentile(way[key], 0.5),
      percentile(way[key], 0.99),
    ]) as [number, number, number, number];
    return [
      label,
      ms(directMedian),
      ms(directP99),
      ms(proxyMedian),
      ms(proxyP99),
      ms(proxyMedian - directMedian),
      ms(proxyP99 - directP99),
    ];
  });
  return {
    title: 'toolbridge serve: added latency',
    note: [
      `${requests} requests of each kind each way (${options.measure.warmup * 50} of each before as a warm-up, not counted), one at a time, alternating request by request: straight to the scripted upstream (examples/scripted-server, on 127.0.0.1) without tools, and through \`toolbridge serve\` (\`@toolbridge/server\`, built) in front of it with one tool, which the upstream gets as a system prompt. The client, both servers and the upstream share one Node process (one thread), so a time includes the client's own work, and the machine's load weighs on both ways alike.`,
      `The reply is a sentence and a Hermes call (${REPLY.length} characters) in ${chunks} chunks of ${CHUNK_SIZE} characters.`,
      'At once: the upstream writes all its events together, so the times are what the servers and the client spend, not a model.',
      `Paced: the upstream writes an event every ${PACE_MS} ms (scripted-server's \`chunkInterval\`: ${lastEvent + 1} events, the last ${lastEvent * PACE_MS} ms after the first), as a model does, faster than most; the event that completes \`${INPUT_STARTED}\` in the text is event ${inputEvent} (the first being 0), ${inputEvent * PACE_MS} ms after the first, so the first tool-input delta comes ${(lastEvent - inputEvent) * PACE_MS} ms before the end of the reply.`,
      'The first tool-input delta: through toolbridge, the first chunk with `delta.tool_calls[].function.arguments` (on this reply toolbridge sends `{` as soon as that same upstream event arrives); directly, the first chunk after which the text holds `"arguments": {"`, where a client reading the call itself could start.',
      `Added: the percentile through toolbridge minus the same percentile directly; p99 is the ${requests - Math.ceil(0.99 * requests) + 1}th-slowest of ${requests} on a shared machine, so it moves from run to run much more than the median. The machine's load average (1 minute, ${cpus().length} cores) was ${loadBefore.toFixed(1)} when the section started and ${loadAfter.toFixed(1)} when it ended.`,
    ].join(' '),
    header: [
      'request',
      'direct, median',
      'direct, p99',
      'toolbridge serve, median',
      'toolbridge serve, p99',
      'added, median',
      'added, p99',
    ],
    rows,
  };
}
