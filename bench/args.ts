/** The command line of a benchmark script (after `npx tsx bench/<name>.ts`). */
export const args = process.argv.slice(2);

/** The number after `--<name>`, or `fallback` when the option is absent. */
export function numberOption(name: string, fallback: number): number {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
}

/** A deterministic pseudo-random sequence in [0, 1) (xorshift32): every run of a benchmark does the same. */
export function seededRandom(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
}
