// Runs `docusaurus write-translations` on a throw-away copy of the site, so the tests can compare what the
// code asks for with the translation files committed under i18n/fr, without touching the work tree. The result
// is kept under node_modules/.cache, keyed by a hash of everything the command reads (the copied sources and the
// lockfile that pins Docusaurus and its themes): the test files that need the same locale, in one run or the
// next, read it instead of loading the whole site again.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { join, relative } from "node:path";
import { promisify } from "node:util";
import { withLock } from "../../scripts/pid-lock.mjs";
import { listFiles, ROOT, readJson, SITE, type TranslationFile } from "./site-files.ts";

/** The JSON translation files of a locale, keyed by their path under i18n/<locale>. */
export type LocaleTranslations = Record<string, TranslationFile>;

const COPIED = [
  "docs",
  "src",
  "changelog",
  "versioned_docs",
  "versioned_sidebars",
  "versions.json",
  "docusaurus.config.ts",
  "sidebars.ts",
  "package.json",
  "tsconfig.json",
];

const CACHE = join(ROOT, "node_modules", ".cache", "qibates-site-translations");

/** A hash of every file `write-translations` reads from the site's copy, of the lockfile and of the locale. */
export function translationsInputHash(locale: string): string {
  const hash = createHash("sha256").update(`locale ${locale}\0`);
  const add = (path: string): void => {
    if (statSync(path).isDirectory()) {
      for (const entry of readdirSync(path).sort()) add(join(path, entry));
      return;
    }
    hash
      .update(`${relative(ROOT, path)}\0`)
      .update(readFileSync(path))
      .update("\0");
  };
  for (const entry of COPIED) add(join(SITE, entry));
  add(join(ROOT, "package-lock.json"));
  return hash.digest("hex");
}

/**
 * The translation files for `locale` that the site's code asks for (`extractTranslations`), read from the cache
 * when nothing it reads changed since they were extracted.
 */
export function extractTranslations(locale: string): Promise<LocaleTranslations> {
  // Test files that share a worker's modules (the site's project) share one extraction of a locale.
  let pending = extracting.get(locale);
  if (!pending) {
    pending = extract(locale);
    extracting.set(locale, pending);
    pending.finally(() => extracting.delete(locale)).catch(() => {});
  }
  return pending;
}

/** The extractions under way in this process, by locale. */
const extracting = new Map<string, Promise<LocaleTranslations>>();

/** The cached extraction at `cached`, or null when there is none whole. */
function readCached(cached: string): LocaleTranslations | null {
  if (!existsSync(cached)) return null;
  try {
    return readJson<LocaleTranslations>(cached);
  } catch {
    // A file cut short (a run stopped while writing it) is extracted again.
    return null;
  }
}

/**
 * The extraction of `locale`: from the cache, else run here. A test file of another worker that needs the same
 * locale at the same time waits for this one's result instead of running it again: the process extracting holds
 * a lock file (its pid); a lock whose process is gone is taken over.
 */
async function extract(locale: string): Promise<LocaleTranslations> {
  const key = translationsInputHash(locale);
  const cached = join(CACHE, `${locale}-${key}.json`);
  const lock = `${cached}.lock`;
  mkdirSync(CACHE, { recursive: true });
  return withLock(lock, async () => {
    const found = readCached(cached);
    if (found) return found;
    const files = await runWriteTranslations(locale);
    // Written whole, then renamed: a reader never sees a part of it.
    const partial = `${cached}.${process.pid}.tmp`;
    writeFileSync(partial, JSON.stringify(files));
    renameSync(partial, cached);
    for (const old of readdirSync(CACHE))
      if (
        old.startsWith(`${locale}-`) &&
        old !== `${locale}-${key}.json` &&
        !old.endsWith(".tmp") &&
        !old.endsWith(".lock")
      )
        rmSync(join(CACHE, old), { recursive: true, force: true });
    return files;
  });
}

/**
 * Extracts the translation files for `locale` from the code alone: the copy starts with no i18n/<locale>
 * JSON, so what comes out is exactly what the site's code, config and sidebars ask for (messages are the
 * theme's built-in translations or the English defaults).
 */
export async function runWriteTranslations(locale: string): Promise<LocaleTranslations> {
  // Inside node_modules so that the copy resolves the workspace's packages.
  const parent = join(ROOT, "node_modules", ".cache");
  mkdirSync(parent, { recursive: true });
  const copy = mkdtempSync(join(parent, "site-translations-"));
  try {
    for (const entry of COPIED) cpSync(join(SITE, entry), join(copy, entry), { recursive: true });
    const docusaurus = createRequire(join(SITE, "package.json")).resolve(
      "@docusaurus/core/bin/docusaurus.mjs",
    );
    await promisify(execFile)(process.execPath, [docusaurus, "write-translations", "--locale", locale], {
      cwd: copy,
      maxBuffer: 64 * 1024 * 1024,
    });
    const dir = join(copy, "i18n", locale);
    const files: LocaleTranslations = {};
    for (const file of listFiles(dir, /\.json$/)) files[file] = readJson<TranslationFile>(join(dir, file));
    return files;
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}
