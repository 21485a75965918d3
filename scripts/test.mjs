// `npm test`: every test. System packages, typecheck, lint, site build, then every Vitest project
// (unit, integration, contract, browser). Runs every step and fails if any failed.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { buildSiteIfNeeded, ROOT } from "./site-build.mjs";

const results = [];
const COUNTS = join(ROOT, "node_modules/.cache/qibates-test-counts.json");
rmSync(COUNTS, { force: true });

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
step("Tests (Vitest: unit, integration, browser)", () => {
  const args = ["vitest", "run"];
  if (!system || !site || !server) {
    process.stdout.write("Browser tests cannot run (see above); running the other tests.\n");
    args.push("--project", "unit");
  }
  return run("npx", args) && system && site && server;
});

process.stdout.write("\n=== Summary ===\n");
for (const r of results) process.stdout.write(`${r.ok ? "ok  " : "FAIL"}  ${r.name} (${r.seconds} s)\n`);
const failed = results.filter((r) => !r.ok).length;
process.stdout.write(`steps: ${results.length - failed} of ${results.length} passed\n`);
if (existsSync(COUNTS)) {
  const c = JSON.parse(readFileSync(COUNTS, "utf8"));
  process.stdout.write(`tests: ${c.passed} passed, ${c.failed + failed} failed, ${c.skipped} skipped\n`);
}
process.exit(failed === 0 ? 0 : 1);
