import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { appendFileSync, cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from "node:fs";
import { rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { removeFoldersOfEndedProcesses } from "@qibates/wire/essbase-rest";

/**
 * Throw-away data folders for test servers. A fresh embedded database (PGlite's initdb plus the migrations)
 * costs 4–6 s of CPU; every test server used to pay it. The unit project's global setup makes one migrated
 * database folder (the template) and each test's data folder starts as a copy of it (~0.1 s), which is what a
 * fresh folder holds after the server's own migrations. The folders are removed when the test process exits.
 */

const DATABASE_SOURCE = fileURLToPath(new URL("../../src/database.ts", import.meta.url));

/**
 * Settings the template's database adds to PostgreSQL's defaults. PGlite zeroes its whole buffer pool at every
 * start: the default 128 MB took most of the CPU of opening a test server's database, while a test's few tables
 * fit in a fraction of 16 MB (pages beyond it are read from the folder, as any page past the pool is).
 */
const TEMPLATE_SETTINGS =
  "\n# Test servers' databases (packages/server/test/support/data-dir.ts)\nshared_buffers = 16MB\n";

/**
 * The template's folder: keyed by the schema's source, the settings above and PGlite's version, so a change makes
 * a new one.
 */
function templateDir(): string {
  const require = createRequire(DATABASE_SOURCE);
  let pglite = "unknown";
  try {
    const main = require.resolve("@electric-sql/pglite");
    let dir = dirname(main);
    while (!existsSync(join(dir, "package.json"))) dir = dirname(dir);
    pglite = (JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { version: string }).version;
  } catch {
    // An unknown version only means the key changes less often; the migrations still run on open.
  }
  const key = createHash("sha256")
    .update(readFileSync(DATABASE_SOURCE))
    .update(TEMPLATE_SETTINGS)
    .update(pglite)
    .update(process.version)
    .digest("hex")
    .slice(0, 16);
  return join(tmpdir(), `qibates-pglite-template-${key}`);
}

/**
 * Makes the database cluster `target` (a folder holding `PG_VERSION`) when it does not exist: `make` builds it under
 * `work`, a new folder of the system's temporary folder, and answers where; that folder is then renamed to `target`.
 * Several processes at once each build one, one rename wins; `work` is removed either way.
 */
export async function makeClusterOnce(
  target: string,
  prefix: string,
  make: (work: string) => Promise<string>,
): Promise<void> {
  if (existsSync(join(target, "PG_VERSION"))) return;
  const work = mkdtempSync(join(tmpdir(), prefix));
  try {
    const made = await make(work);
    try {
      renameSync(made, target);
    } catch (e) {
      if (!existsSync(join(target, "PG_VERSION"))) throw e;
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Makes the template once per schema (global setup; several runners at once each build, one rename wins). */
export async function preparePgliteTemplate(): Promise<void> {
  await makeClusterOnce(templateDir(), "qibates-pglite-build-", async (work) => {
    const { openDatabase } = await import("../../src/database.ts");
    const db = await openDatabase({ dataDir: work });
    await db.close();
    appendFileSync(join(work, "pglite", "postgresql.conf"), TEMPLATE_SETTINGS);
    return join(work, "pglite");
  });
}

/** A run's folder: `qibates-test-run-<pid of the run's main process>-<random>`. */
const RUN_PREFIX = "qibates-test-run-";

/**
 * Removes the run folders in `parent` whose run's process is gone: a run stopped before its teardown (a
 * `timeout`, Ctrl-C, a killed CI job) left its folder, hundreds of MB, behind. A running run's folder is kept.
 * Returns the names removed.
 */
export function removeAbandonedRuns(parent = tmpdir()): string[] {
  return removeFoldersOfEndedProcesses(RUN_PREFIX, parent);
}

/** The folder of this run's data folders (set by the global setup, {@link testDataRoot}), inherited by workers. */
const ROOT_VARIABLE = "QIBATES_TEST_DATA_ROOT";

/**
 * Global setup: one folder that every test data folder of the run is made in, removed whole by the returned
 * teardown at the end of the run. A test worker's own "exit" cleanup does not run when Vitest ends the worker,
 * so without it each test file left its data folder behind (about 40 MB each, dozens of GB over a few runs).
 * When another global setup of the same run made the folder already, it is that one's to remove.
 */
export function testDataRoot(): () => void {
  if (process.env[ROOT_VARIABLE]) return () => {};
  removeAbandonedRuns();
  const root = mkdtempSync(join(tmpdir(), `${RUN_PREFIX}${process.pid}-`));
  process.env[ROOT_VARIABLE] = root;
  return () => {
    rmSync(root, { recursive: true, force: true });
    delete process.env[ROOT_VARIABLE];
  };
}

/**
 * Copies the template's 1,000 files: the system's `cp` takes a third of the CPU of Node's `cpSync` (which makes a
 * JavaScript call or more a file), and every test server pays it; `cpSync` where there is no `cp`.
 */
function copyFolder(from: string, to: string): void {
  try {
    execFileSync("cp", ["-R", from, to], { stdio: "ignore" });
  } catch {
    rmSync(to, { recursive: true, force: true });
    cpSync(from, to, { recursive: true });
  }
}

const made: string[] = [];
let cleanupRegistered = false;

/**
 * Removes the data folders this process made so far, at a test file's end (a setup file's `afterAll`, after the
 * file's own hooks closed its servers). A worker runs many files: each file's folders go beside the other worker's
 * tests, rather than all of the run's hundreds (about a thousand files each) in the teardown, which the run's end
 * waited for.
 */
export async function removeTestDataDirs(): Promise<void> {
  const dirs = made.splice(0);
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
}

/**
 * The data folder of what a test process keeps from its first file to its last (`shared-database.ts`), holding a
 * copy of the template: in the run's folder, removed with it.
 */
export function workerDataDir(): string {
  return newDataDir("qibates-worker-data-", runFolder(), true);
}

/** The run's folder when a global setup made one ({@link testDataRoot}), else the system's. */
function runFolder(): string {
  const root = process.env[ROOT_VARIABLE];
  return root && existsSync(root) ? root : tmpdir();
}

/** A new folder in `parent`, holding a copy of the migrated template when `database` and the template exists. */
function newDataDir(prefix: string, parent: string, database: boolean): string {
  const dir = mkdtempSync(join(parent, prefix));
  const template = templateDir();
  if (database && existsSync(join(template, "PG_VERSION"))) copyFolder(template, join(dir, "pglite"));
  return dir;
}

/**
 * A new data folder for one test server, holding a copy of the migrated template when it exists (the server
 * would make the same from nothing, only slower), unless `database` is false: a server whose database is elsewhere
 * (`shared-database.ts`) keeps only its lock and files in it. Made in the run's folder when a global setup made one
 * ({@link testDataRoot}: removed at the end of the run), and removed when this test process exits.
 */
export function testDataDir(
  prefix = "qibates-test-data-",
  parent = runFolder(),
  { database = true }: { database?: boolean } = {},
): string {
  const dir = newDataDir(prefix, parent, database);
  made.push(dir);
  if (!cleanupRegistered) {
    cleanupRegistered = true;
    process.once("exit", () => {
      for (const d of made) rmSync(d, { recursive: true, force: true });
    });
  }
  return dir;
}
