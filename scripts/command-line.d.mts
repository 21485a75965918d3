/** Checks a script's command line against its written usage; returns its plain arguments (see the module). */
export function checkCommandLine(
  usage: string,
  takes?: { positionals?: number; argv?: readonly string[]; script?: string },
): string[];
/** A command line whose options take values, with their defaults (`false`: a flag that takes no value). */
export function commandLine(
  argv: string[],
  options: Record<string, string | false>,
  usage: string,
): Record<string, string | boolean>;
/** The line of a benchmark's source that imports the module for its effect (its first import). */
export const BENCH_CHECK: RegExp;
/** What a benchmark's command line asks for: the text `--help` prints, a refusal, or neither (run it). */
export function benchCommandLine(
  source: string,
  name: string,
  argv: readonly string[],
  how?: { listens?: boolean },
): { help?: string; refusal?: string };
/** Whether a benchmark of bench/ listens: it or a module of bench/ it imports, at any depth, imports bench/ports.mjs. */
export function benchListens(file: string, read?: (file: string) => string): boolean;
/** The line of a listening benchmark's usage that names `--ports`. */
export const PORTS_USAGE: string;
