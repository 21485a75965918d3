// `npm test`: every test. System packages; then, side by side, the type-checks, Biome, the server build followed by
// the packages' unit, integration and contract tests (Vitest's `unit:*` projects, the CLI package's among them), and
// the site build followed by the site's tests, the browser tests (one file at a time) and the server's integration
// tests once more on the newest Node LTS line (`node-lts.mjs`). Runs every step, fails if any failed, and keeps
// each step's and each test file's time (`TIMINGS`), printing the slowest files.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { checkCommandLine } from "./command-line.mjs";
import { countLines, ensureNode, LTS_TESTS, ltsTestCommand, NODE_LTS_VERSION } from "./node-lts.mjs";
import { ROOT } from "./site-build.mjs";
import { memoryTmpdir } from "./test-tmpdir.mjs";

checkCommandLine(`Usage: npm test   (or: node scripts/test.mjs)

Runs every test: installs the missing system packages (scripts/ensure-system.sh), type-checks, runs Biome, builds
the site and the server, runs the unit, integration and contract tests, the site's tests, the browser tests, and
the server's integration tests once more on the newest Node.js LTS line. Fails if any step failed; prints each
step's time, the failed tests and the slowest test files (kept in node_modules/.cache/qibates-test-timings.json).

It takes no argument. To run some tests only:
  npx vitest run --project unit:<package> path/to/file.test.ts

Options:
  -h, --help  prints this text and exits; nothing is installed, built or run.
`);

const CACHE = join(ROOT, "node_modules/.cache");
/** What each Vitest run's summary reporter writes: its counts and its files' times (`summary-reporter.ts`). */
const COUNTS = {
  unit: join(CACHE, "qibates-test-counts.json"),
  site: join(CACHE, "qibates-test-counts-site.json"),
  e2e: join(CACHE, "qibates-test-counts-e2e.json"),
  lts: join(CACHE, "qibates-test-counts-lts.json"),
};
/** Each step's time and each test file's time of the last `npm test`. */
const TIMINGS = join(CACHE, "qibates-test-timings.json");
for (const f of [...Object.values(COUNTS), TIMINGS]) rmSync(f, { force: true });

// Every step's temporary files in memory when the system has room for them (`test-tmpdir.mjs`).
const tmp = memoryTmpdir();
if (tmp) {
  process.env.TMPDIR = tmp;
  process.stdout.write(`Temporary files: ${tmp} (in memory)\n`);
}

const results = [];
const started = Date.now();
const seconds = (since) => Number(((Date.now() - since) / 1000).toFixed(1));

/**
 * Runs `cmd` from the repository's root. With a `label`, its output is printed line by line behind that label
 * (steps side by side stay readable); without one, it goes straight to this process's output.
 */
function run(cmd, args, { env = {}, label } = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: label ? ["ignore", "pipe", "pipe"] : "inherit",
    });
    if (label) {
      for (const [from, to] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ]) {
        let rest = "";
        from.setEncoding("utf8");
        from.on("data", (chunk) => {
          const lines = (rest + chunk).split("\n");
          rest = lines.pop() ?? "";
          for (const line of lines) to.write(`[${label}] ${line}\n`);
        });
        from.on("end", () => {
          if (rest) to.write(`[${label}] ${rest}\n`);
        });
      }
    }
    child.on("error", (e) => {
      process.stderr.write(`${cmd}: ${e.message}\n`);
      resolve(false);
    });
    child.on("close", (code) => resolve(code === 0));
  });
}

/** Runs one step and records whether it passed and how long it took. */
async function step(name, fn) {
  const since = Date.now();
  process.stdout.write(`\n=== ${name} ===\n`);
  let ok;
  try {
    ok = await fn();
  } catch (e) {
    process.stderr.write(`${e.message}\n`);
    ok = false;
  }
  const result = { name, ok, seconds: seconds(since), from: Number(((since - started) / 1000).toFixed(1)) };
  results.push(result);
  process.stdout.write(`=== ${ok ? "done" : "FAILED"}: ${name} (${result.seconds} s) ===\n`);
  return ok;
}

/** A Node script's exported function, run in a child process so that steps beside it keep going. */
const nodeCall = (module, fn, label) =>
  run(process.execPath, ["-e", `import("./scripts/${module}").then((m) => m.${fn}())`], { label });

/** Incremental type-check: a later run re-checks only what changed since the last one. */
const typecheck = (project, label) =>
  run(
    "npx",
    [
      "tsc",
      "-p",
      project,
      "--noEmit",
      "--incremental",
      "--tsBuildInfoFile",
      join(CACHE, "tsc", `${label}.tsbuildinfo`),
    ],
    { label },
  );

const system = await step("System packages", () => run("bash", ["scripts/ensure-system.sh"]));

const node = process.versions.node;

// Side by side: the type-checks, Biome and the site's bundler use every core, and the packages' tests
// (Vitest's `unit:*` projects) start once the server is built, beside them: many of those files wait on servers,
// child processes and timers rather than compute, and one run of them all lets a file fill the time another waits.
// The site's tests, then the browser tests (one file at a time), follow the site's build. The server is built once,
// first, so that no two test projects build it at the same time.
const serverBuilt = step("Build the server", () =>
  nodeCall("server-build.mjs", "buildServerIfNeeded", "server"),
);
const siteBuilt = step("Build the site", () => nodeCall("site-build.mjs", "buildSiteIfNeeded", "site"));
// The same server tests on the newest LTS line, with a Node.js binary from the npm registry (cached), once the
// browser tests have ended: beside them, the LTS run's durability test (SIGKILLs of a loaded server) ran past its
// time on the 2-core machine; beside the end of the packages' tests it need not wait for them.
const lts = () =>
  step(
    `Server tests and a start of the bundled server on Node ${NODE_LTS_VERSION} (newest LTS)`,
    async () => {
      const binary = ensureNode();
      if (!binary) {
        process.stdout.write(
          `The npm registry has no Node.js binary for ${process.platform}-${process.arch}: skipped.\n`,
        );
        return true;
      }
      process.stdout.write(`${binary}: ${LTS_TESTS.join(", ")}\n`);
      const c = ltsTestCommand(binary, LTS_TESTS, { ...process.env, QIBATES_TEST_COUNTS: COUNTS.lts });
      return (
        (await run(c.command, c.args, { env: c.env, label: `node ${NODE_LTS_VERSION}` })) &&
        (await serverBuilt)
      );
    },
  );

await Promise.all([
  step("Typecheck (packages)", () => typecheck("tsconfig.json", "packages")),
  step("Typecheck (engine, no Node built-ins)", () => typecheck("packages/engine/tsconfig.json", "engine")),
  step("Typecheck (site)", () => typecheck("site/tsconfig.json", "site")),
  step("Lint and format (Biome)", () => run("npx", ["biome", "ci", "."], { label: "biome" })),
  serverBuilt.then((server) =>
    step(`Tests (Vitest: unit, integration, contract) on Node ${node}`, async () => {
      if (!server) {
        process.stdout.write(
          "The tests cannot run without the server's build (see the failed step above).\n",
        );
        return false;
      }
      // The packages' files as one project, each module imported once a worker (`unitProjects`, vitest.config.ts).
      return run("npx", ["vitest", "run", "--project", "unit:*"], {
        env: { QIBATES_TEST_COUNTS: COUNTS.unit, QIBATES_UNIT_SHARED: "1" },
      });
    }),
  ),
  siteBuilt.then(async (site) => {
    await step(`Site tests (Vitest: site) on Node ${node}`, () =>
      run("npx", ["vitest", "run", "--project", "site"], {
        env: { QIBATES_TEST_COUNTS: COUNTS.site },
        label: "site tests",
      }),
    );
    const server = await serverBuilt;
    await step(`Browser tests (Vitest: e2e) on Node ${node}`, async () => {
      if (!system || !site || !server) {
        process.stdout.write("Browser tests cannot run (see the failed steps above).\n");
        return false;
      }
      return run("npx", ["vitest", "run", "--project", "e2e"], {
        env: { QIBATES_TEST_COUNTS: COUNTS.e2e },
        label: "e2e",
      });
    });
    await lts();
  }),
]);
const read = (f) => (existsSync(f) ? JSON.parse(readFileSync(f, "utf8")) : null);
const runs = Object.fromEntries(Object.entries(COUNTS).map(([k, f]) => [k, read(f)]));
/** One list of every Vitest run's summary (`files`, `failures`, `retried`), each entry with its run's name. */
const ofEveryRun = (key) =>
  Object.entries(runs).flatMap(([run, r]) => (r?.[key] ?? []).map((x) => ({ run, ...x })));
const files = ofEveryRun("files");
files.sort((a, b) => b.seconds - a.seconds);
mkdirSync(dirname(TIMINGS), { recursive: true });
writeFileSync(
  TIMINGS,
  `${JSON.stringify({ node, seconds: seconds(started), steps: results, files }, null, 1)}\n`,
);

process.stdout.write("\n=== The ten slowest test files ===\n");
for (const f of files.slice(0, 10))
  process.stdout.write(`${f.seconds.toFixed(1).padStart(7)} s  ${f.file} (${f.run})\n`);
process.stdout.write(`Every step's and file's time: ${TIMINGS}\n`);

process.stdout.write("\n=== Summary ===\n");
// The failed tests come here, among the run's last lines, because a CI log often keeps only its end.
const failures = ofEveryRun("failures");
for (const f of failures.slice(0, 20))
  process.stdout.write(`failed test (${f.run}): ${f.file} > ${f.test}\n    ${f.error}\n`);
if (failures.length > 20) process.stdout.write(`…and ${failures.length - 20} more failed tests\n`);
const retried = ofEveryRun("retried");
for (const t of retried) {
  process.stdout.write(`passed at its second try (${t.run}): ${t.file} > ${t.test}\n`);
  if (t.error) process.stdout.write(`    first try: ${t.error}\n`);
}
for (const r of results) process.stdout.write(`${r.ok ? "ok  " : "FAIL"}  ${r.name} (${r.seconds} s)\n`);
const failed = results.filter((r) => !r.ok).length;
process.stdout.write(
  `steps: ${results.length - failed} of ${results.length} passed in ${seconds(started)} s\n`,
);
// Every run on the machine's Node; the LTS run is counted on a line of its own.
const ran = Object.entries(runs)
  .filter(([run, r]) => run !== "lts" && r)
  .map(([, r]) => r);
const sum = (k) => ran.reduce((n, c) => n + (c[k] ?? 0), 0);
const main =
  ran.length > 0 ? { passed: sum("passed"), failed: sum("failed"), skipped: sum("skipped") } : null;
for (const line of countLines({ main, lts: runs.lts, failedSteps: failed }))
  process.stdout.write(`${line}\n`);
process.exit(failed === 0 ? 0 : 1);
