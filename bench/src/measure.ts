import { RunTimeout } from './synthetic-stream.ts';

/** The median time of a contender on one workload, and how it was obtained. */
export interface Measurement {
  /** Median wall time of the completed runs, in milliseconds (undefined if none completed). */
  medianMs: number | undefined;
  runs: number;
  /** A run exceeded the timeout and was cut: the contender is slower than `timeoutMs`. */
  timedOut: boolean;
  /** Each round's time, undefined for a round the contender sat out (timed out or over budget). */
  rounds: ReadonlyArray<number | undefined>;
}

export interface MeasureOptions {
  runs: number;
  warmup: number;
  /** A run longer than this is cut and reported as a timeout. */
  timeoutMs: number;
  /** A contender stops after this much measured time, with at least one run. */
  budgetMs: number;
}

const gc = (globalThis as { gc?: (options: { type: 'minor' | 'major' }) => void }).gc;

/**
 * How many times longer `slow` took than `fast`: the median of the ratios of the rounds both
 * ran, each a pair of runs made side by side, so that a period in which the machine ran slower
 * weighs on both sides of a ratio; undefined when they share no round.
 */
export function pairedRatio(slow: Measurement, fast: Measurement): number | undefined {
  const ratios: number[] = [];
  slow.rounds.forEach((time, round) => {
    const other = fast.rounds[round];
    if (time !== undefined && other !== undefined && other > 0) ratios.push(time / other);
  });
  return median(ratios);
}

function median(values: number[]): number | undefined {
  const sorted = [...values].sort((a, b) => a - b);
  // The two middle values of an even count; of an odd count, the middle one twice.
  const lower = sorted[(sorted.length - 1) >> 1];
  const upper = sorted[sorted.length >> 1];
  return lower === undefined || upper === undefined ? undefined : (lower + upper) / 2;
}

/**
 * Runs every contender on the same workload, alternating run by run after a warm-up, and
 * returns each one's median. Ratios taken from one call compare runs made side by side.
 */
export async function measure<T extends { name: string }>(
  contenders: readonly T[],
  run: (contender: T, deadline: number) => Promise<unknown>,
  options: MeasureOptions,
): Promise<Map<string, Measurement>> {
  const state = contenders.map((contender) => ({
    contender,
    times: [] as number[],
    rounds: [] as (number | undefined)[],
    spent: 0,
    timedOut: false,
  }));
  const attempt = async (contender: T): Promise<number | undefined> => {
    // The young generation is collected first (with --expose-gc), so that no run pays for the
    // garbage of the one before. Not a full collection: that clears the weak references of
    // optimised code to objects of the run before (closures, handlers), deoptimises it, and so
    // makes every run start cold (toolbridge's parser alone took 4 to 5 times longer after one).
    // A model's stream lasts seconds to minutes, in which code that is deoptimised is optimised
    // again within a millisecond, so a run that starts warm measures what users see.
    gc?.({ type: 'minor' });
    const started = performance.now();
    try {
      await run(contender, started + options.timeoutMs);
      return performance.now() - started;
    } catch (error) {
      // A parser may wrap the failure of its input, so the deadline itself decides.
      if (error instanceof RunTimeout || performance.now() > started + options.timeoutMs)
        return undefined;
      throw error;
    }
  };
  // One full collection before the warm-up runs, so that no workload pays for the old
  // garbage of the workloads before it; the warm-up runs then optimise the code again.
  gc?.({ type: 'major' });
  for (const entry of state) {
    for (let i = 0; i < options.warmup; i++) {
      if ((await attempt(entry.contender)) === undefined) {
        entry.timedOut = true;
        break;
      }
    }
  }
  for (let round = 0; round < options.runs; round++) {
    for (const entry of state) {
      entry.rounds.length = round + 1;
      if (entry.timedOut || (entry.times.length > 0 && entry.spent > options.budgetMs)) continue;
      const time = await attempt(entry.contender);
      if (time === undefined) entry.timedOut = true;
      else {
        entry.times.push(time);
        entry.rounds[round] = time;
        entry.spent += time;
      }
    }
  }
  return new Map(
    state.map((entry) => [
      entry.contender.name,
      {
        medianMs: median(entry.times),
        runs: entry.times.length,
        timedOut: entry.timedOut,
        rounds: Array.from(entry.rounds),
      },
    ]),
  );
}
