import { parseArgs } from 'node:util';
import { contendersFor } from './contenders.ts';
import { formatById } from './formats.ts';
import { chunksOf } from './synthetic-stream.ts';
import { benchTools, plainText, writeFileReply } from './workloads.ts';

/**
 * A driver to profile one contender's streaming path outside the timed suite:
 *
 *   node --expose-gc --cpu-prof --cpu-prof-dir=<dir> src/profile-stream.ts --format hermes --chunk 1
 *
 * streams one `write_file` reply of `--kb` KB (or plain prose, `--plain`) in `--chunk`-character
 * chunks through toolbridge (or `--contender floor`) `--repeat` times, or parses it whole with
 * `--generate`, and prints the time of each run. Open the
 * `.cpuprofile` in Chrome DevTools or VS Code.
 */
const { values } = parseArgs({
  options: {
    format: { type: 'string', default: 'hermes' },
    chunk: { type: 'string', default: '4' },
    kb: { type: 'string', default: '100' },
    repeat: { type: 'string', default: '20' },
    plain: { type: 'boolean', default: false },
    contender: { type: 'string', default: 'toolbridge' },
    generate: { type: 'boolean', default: false },
    'full-gc': { type: 'boolean', default: false },
  },
});
const format = formatById(values.format);
const length = Number(values.kb) * 1000;
const text = values.plain ? plainText(length) : writeFileReply(format, length);
const chunks = chunksOf(text, Number(values.chunk));
const contender = contendersFor(format, []).get(values.contender);
if (contender === undefined)
  throw new Error(`${values.contender} has no middleware for ${format.id}`);
const times: number[] = [];
for (let run = 0; run < Number(values.repeat); run++) {
  // As the suite does (with --expose-gc): the young generation collected before each run;
  // `--full-gc` collects everything, which deoptimises code and makes each run start cold.
  (globalThis as { gc?: (options: { type: 'minor' | 'major' }) => void }).gc?.({
    type: values['full-gc'] ? 'major' : 'minor',
  });
  const started = performance.now();
  if (values.generate) await contender.generate(text, benchTools);
  else await contender.stream(chunks, benchTools);
  times.push(performance.now() - started);
}
const sorted = [...times].sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)];
if (median === undefined) throw new Error('--repeat must be at least 1');
console.log(
  `${contender.name} ${format.id}, ${values.generate ? 'generate' : `${chunks.length} chunks of ${values.chunk}`}: median ${median.toFixed(1)} ms (runs: ${times.map((time) => time.toFixed(0)).join(' ')})`,
);
