import { cpus, loadavg } from "node:os";
/**
 * What a benchmark says about the machine it ran on: a machine may be shared with other
 * work, so each run measures a fixed piece of work too, and its figures are read against it.
 */

/**
 * Said next to every figure of a run: the machine's CPUs and its load at the end, to read the figures against the
 * baseline measured in the same run (a machine shared with other work answers slower than a quiet one).
 */
export function machineNote(): string {
  const [one] = loadavg();
  return `The machine has ${cpus().length} CPUs; its load average over one minute was ${(one ?? 0).toFixed(1)} at the end of the run: read the figures against the baseline measured in the same run, not as another machine's.`;
}

/** A fixed piece of work on this process (20 parses of a 2 MiB JSON text), in milliseconds: the machine's speed now. */
export function referenceWork(): number {
  const text = JSON.stringify({ a: Array.from({ length: 100_000 }, (_, i) => ({ i, s: `v${i}` })) });
  const t = performance.now();
  for (let i = 0; i < 20; i++) JSON.parse(text);
  return performance.now() - t;
}

/** The load averages over 1, 5 and 15 minutes, as a run's figures are written beside them ("1.5 / 1.7 / 2.0"). */
export const loadAverages = (): string =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(" / ");
