// `npm test`: every test. System packages, typecheck, lint, site build, then every Vitest project
// (unit, integration, contract, browser) on the machine's Node, then the server's integration tests and a start
// of the bundled server once more on the newest Node LTS line (`node-lts.mjs`). Runs every step and fails if
// any failed.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { countLines, ensureNode, LTS_TESTS, ltsTestCommand, NODE_LTS_VERSION } from "./node-lts.mjs";
import { buildSiteIfNeeded, ROOT } from "./site-build.mjs";

const results = [];
const COUNTS = join(ROOT, "node_modules/.cache/qibates-test-counts.json");
const COUNTS_LTS = join(ROOT, "node_modules/.cache/qibates-test-counts-lts.json");
rmSync(COUNTS, { force: true });
rmSync(COUNTS_LTS, { force: true });

function step(name, fn) {
  const started = Date.now();
  process.stdout.write(`\n=== ${name} ===\n`);
  let ok;
  try {
    ok = fn();
  } catch (e) {
    process.stderr.write(`${e.message}\n`);
    ok = false;
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  results.push({ name, ok, seconds });
  return ok;
}

function run(cmd, args, env = {}) {
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: "inherit", env: { ...process.env, ...env } });
  return r.status === 0;
}

const system = step("System packages", () => run("bash", ["scripts/ensure-system.sh"]));
step("Typecheck (packages)", () => run("npx", ["tsc", "-p", "tsconfig.json", "--noEmit"]));
step("Typecheck (engine, no Node built-ins)", () =>
  run("npx", ["tsc", "-p", "packages/engine/tsconfig.json"]),
);
step("Typecheck (site)", () => run("npx", ["tsc", "-p", "site/tsconfig.json"]));
step("Lint and format (Biome)", () => run("npx", ["biome", "ci", "."]));
const site = step("Build the site", () => {
  buildSiteIfNeeded();
  return true;
});
// Built once here, so that no two test projects build it at the same time (both find it up to date).
const server = step("Build the server", () => {
  const r = spawnSync(
    process.execPath,
    ["-e", 'import("./scripts/server-build.mjs").then((m) => m.buildServerIfNeeded())'],
    {
      cwd: ROOT,
      stdio: "inherit",
    },
  );
  return r.status === 0;
});
step(`Tests (Vitest: unit, integration, browser) on Node ${process.versions.node}`, () => {
  const args = ["vitest", "run"];
  if (!system || !site || !server) {
    process.stdout.write("Browser tests cannot run (see above); running the other tests.\n");
    args.push("--project", "unit:*");
  }
  return run("npx", args) && system && site && server;
});
// The same server tests on the newest LTS line, with a Node.js binary from the npm registry (cached).
step(`Server tests and a start of the bundled server on Node ${NODE_LTS_VERSION} (newest LTS)`, () => {
  const node = ensureNode();
  if (!node) {
    process.stdout.write(
      `The npm registry has no Node.js binary for ${process.platform}-${process.arch}: skipped.\n`,
    );
    return true;
  }
  process.stdout.write(`${node}: ${LTS_TESTS.join(", ")}\n`);
  const c = ltsTestCommand(node, LTS_TESTS, { ...process.env, QIBATES_TEST_COUNTS: COUNTS_LTS });
  const r = spawnSync(c.command, c.args, { cwd: ROOT, stdio: "inherit", env: c.env });
  return r.status === 0 && server;
});

process.stdout.write("\n=== Summary ===\n");
for (const r of results) process.stdout.write(`${r.ok ? "ok  " : "FAIL"}  ${r.name} (${r.seconds} s)\n`);
const failed = results.filter((r) => !r.ok).length;
process.stdout.write(`steps: ${results.length - failed} of ${results.length} passed\n`);
const read = (f) => (existsSync(f) ? JSON.parse(readFileSync(f, "utf8")) : null);
for (const line of countLines({ main: read(COUNTS), lts: read(COUNTS_LTS), failedSteps: failed }))
  process.stdout.write(`${line}\n`);
process.exit(failed === 0 ? 0 : 1);
