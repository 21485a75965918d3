// Decides whether the documentation site must be (re)built, and builds it. Shared by `npm start`,
// `npm run build`, `npm test` and the browser tests' global setup.
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { holdLockFor, lockHolders, tryLock } from "./pid-lock.mjs";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
export const BUILD = join(ROOT, "site", "build");
const STAMP = join(BUILD, ".qibates-build-stamp");
// Everything the built site is made from. Generated folders (build, .docusaurus, static/scalar,
// static/openapi, static/img/grids, static/img/screens) are not sources: the grid and screen pictures are
// written again by every docusaurus run that loads the site's plugins (`write-translations` in the site's tests
// too), from sources listed here.
const SOURCES = [
  "site/docs",
  "site/i18n",
  "site/src",
  "site/changelog",
  "site/versioned_docs",
  "site/versioned_sidebars",
  "site/static",
  "site/docusaurus.config.ts",
  "site/sidebars.ts",
  "site/versions.json",
  "site/package.json",
  "site/scripts",
  "openapi/qibates.yaml",
  "openapi/qibates.fr.yaml",
  "packages/engine/src",
  "packages/engine/demo",
  "packages/engine/package.json",
];
const SKIP = new Set(["node_modules", "build", ".docusaurus", "scalar", "openapi", "grids", "screens"]);

/** The newest modification time of a file or folder tree (ms since the epoch; 0 when missing). */
export function newestMtime(path) {
  let st;
  try {
    st = statSync(path);
  } catch {
    return 0;
  }
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (SKIP.has(entry) && path.startsWith(join(ROOT, "site"))) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/**
 * A digest of the site's source files as they are now: each file's path, modification time and size. A file
 * added, edited or removed changes it; a folder the build writes (SKIP) does not, even when the build removes and
 * makes it again, which changes its parent folder's own time.
 */
export function sourcesFingerprint(root = ROOT) {
  const hash = createHash("sha256");
  const add = (path) => {
    let st;
    try {
      st = statSync(join(root, path));
    } catch {
      return;
    }
    if (!st.isDirectory()) {
      hash.update(`${path}\t${st.mtimeMs}\t${st.size}\n`);
      return;
    }
    for (const entry of readdirSync(join(root, path)).sort()) {
      if (SKIP.has(entry) && path.startsWith("site")) continue;
      add(join(path, entry));
    }
  };
  for (const source of SOURCES) add(source);
  return hash.digest("hex");
}

/**
 * Why the site must be built, or null when the build is up to date (`root`: the checkout; `stamp`: the file
 * holding the last build's fingerprint).
 */
export function siteBuildReason({ root = ROOT, stamp = STAMP } = {}) {
  return siteBuildNeed({ root, stamp }).reason;
}

/**
 * Why the site must be built (null when it is up to date), with the sources' fingerprint read for it, which a
 * build about to start stamps when it ends: the sources are walked once.
 */
function siteBuildNeed({ root = ROOT, stamp = STAMP } = {}) {
  const fingerprint = sourcesFingerprint(root);
  if (!existsSync(join(root, "site", "build", "index.html")) || !existsSync(stamp))
    return { reason: "the site has not been built yet", fingerprint };
  return readFileSync(stamp, "utf8").trim() === fingerprint
    ? { reason: null, fingerprint }
    : { reason: "the site's sources changed since the last build", fingerprint };
}

const LOCK = join(ROOT, "node_modules", ".cache", "qibates-site-build.lock");
/** Waits `ms` without a turn of the event loop (the callers are synchronous). */
function sleepSync(ms) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Takes the site build's lock if no other process holds it (a lock left by a dead one is taken). */
function tryBuildLock() {
  return tryLock(LOCK);
}

/**
 * Runs `work` holding the site build's lock, so that two processes (two test files, a test and `npm start`) never
 * build into the same folder at once: one waits for the other, then finds the build up to date.
 */
function withBuildLock(work) {
  let told = false;
  while (!tryBuildLock()) {
    if (!told) {
      const holders = lockHolders(LOCK);
      process.stdout.write(
        `Waiting for the site build of another process${holders ? ` (${holders.join(", ")})` : ""} to end...\n`,
      );
      told = true;
    }
    sleepSync(500);
  }
  try {
    return work();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

/**
 * Marks the site built from the sources as they were when its build started (`fingerprint`, taken then), so that
 * a source changed while the build ran (a merge, an edit) is built at the next start.
 */
export function stampBuilt(fingerprint, stamp = STAMP) {
  writeFileSync(stamp, `${fingerprint}\n`);
}

/** Builds the site (both locales) when needed. Returns true when a build ran. Throws on failure. */
export function buildSiteIfNeeded({ force = false } = {}) {
  if (!force && !siteBuildReason()) return false;
  return withBuildLock(() => {
    // Another process may have built it while this one waited.
    const need = siteBuildNeed();
    const reason = force ? "a build was asked for" : need.reason;
    if (!reason) return false;
    const started = Date.now();
    const sources = need.fingerprint;
    process.stdout.write(`Building the documentation site (English and French) because ${reason}...\n`);
    const result = spawnSync("npm", ["run", "build", "-w", "site"], { cwd: ROOT, stdio: "inherit" });
    if (result.status !== 0) throw new Error(`the site build failed (exit ${result.status})`);
    stampBuilt(sources);
    process.stdout.write(`Site built in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
    return true;
  });
}

/**
 * The file beside the built site that names the process building it while the server already runs (the server
 * reads it: packages/server/src/site.ts, `siteBuildMarker`).
 */
export const BUILD_MARKER = `${BUILD}.building`;

/**
 * Starts building the site (both locales) in the background when needed, for `npm start`: the server can start
 * meanwhile and answer the API, and the site's addresses answer 503 "being built" until their pages land. Returns
 * null when the build is up to date (or another process built it while this one waited), otherwise the build's
 * end: true when it succeeded, false when it failed (its output says why). The build is stopped, and its marker
 * and lock removed, if this process exits first.
 */
export function startSiteBuildIfNeeded() {
  if (!siteBuildReason()) return null;
  // Another process builds it: wait for that build, as `buildSiteIfNeeded` does, and build again if still needed.
  if (!tryBuildLock()) {
    buildSiteIfNeeded();
    return null;
  }
  const { reason, fingerprint: sources } = siteBuildNeed();
  if (!reason) {
    rmSync(LOCK, { recursive: true, force: true });
    return null;
  }
  const started = Date.now();
  process.stdout.write(
    `Building the documentation site (English and French) because ${reason}; the server starts meanwhile...\n`,
  );
  const child = spawn("npm", ["run", "build", "-w", "site"], { cwd: ROOT, stdio: "inherit" });
  writeFileSync(BUILD_MARKER, String(child.pid));
  // The build keeps the lock held if this process is killed before it: no second build starts beside it.
  if (child.pid !== undefined) holdLockFor(LOCK, child.pid);
  let running = true;
  const release = () => {
    rmSync(BUILD_MARKER, { force: true });
    rmSync(LOCK, { recursive: true, force: true });
  };
  const stopOnExit = () => {
    if (running) child.kill("SIGTERM");
    release();
  };
  process.on("exit", stopOnExit);
  return new Promise((resolve) => {
    const end = (ok, message) => {
      running = false;
      process.off("exit", stopOnExit);
      if (ok) stampBuilt(sources);
      release();
      process.stdout.write(message);
      resolve(ok);
    };
    child.on("error", (e) => end(false, `The site build could not start: ${e.message}\n`));
    child.on("exit", (code, signal) =>
      code === 0
        ? end(true, `Site built in ${((Date.now() - started) / 1000).toFixed(1)} s: its pages are served.\n`)
        : end(
            false,
            `The site build failed (${signal ?? `exit ${code}`}): the server serves the API only.\n`,
          ),
    );
  });
}
