/** The newest Node.js LTS version `npm test` also runs the server's integration tests on. */
export const NODE_LTS_VERSION: string;
/** Where the fetched Node.js binaries are kept (node_modules/.cache/qibates-node). */
export const NODE_CACHE: string;
/** The test files and folders (from the root) that run on the LTS line too. */
export const LTS_TESTS: string[];
/** The npm registry package with the Node.js binary for a platform and architecture, or null. */
export function nodePackageName(platform?: string, arch?: string): string | null;
/** `node --version` of a binary, or null when it does not run. */
export function nodeVersionOf(binary: string): string | null;
/** Fetches a package with `npm pack` and unpacks it into `dir`; returns the unpacked folder. */
export function npmPackUnpack(spec: string, dir: string): string;
/** The path of the Node.js binary, fetched into the cache when missing; null when the registry has none. */
export function ensureNode(options?: {
  version?: string;
  cacheDir?: string;
  platform?: string;
  arch?: string;
  fetch?: (spec: string, dir: string) => string;
  log?: (line: string) => void;
}): string | null;
/** The Vitest command that runs `tests` on `node` (its folder first in PATH). */
export function ltsTestCommand(
  node: string,
  tests?: string[],
  env?: NodeJS.ProcessEnv,
): { command: string; args: string[]; env: NodeJS.ProcessEnv };
/** Test counts written by the summary reporter. */
export interface TestCounts {
  passed: number;
  failed: number;
  skipped: number;
}
/** The closing count lines of `npm test` (the LTS run's, then the sum of both runs plus failed steps). */
export function countLines(options: {
  main: TestCounts | null;
  lts: TestCounts | null;
  failedSteps?: number;
  version?: string;
}): string[];
