// Runs `docusaurus write-translations` on a throw-away copy of the site, so the tests can compare what the
// code asks for with the translation files committed under i18n/fr, without touching the work tree. The result
// is kept under node_modules/.cache, keyed by a hash of everything the command reads (the copied sources and the
// lockfile that pins Docusaurus and its themes): the test files that need the same locale, in one run or the
// next, read it instead of loading the whole site again.
import { execFileSync } from "node:child_process";
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
export function extractTranslations(locale: string): LocaleTranslations {
  const key = translationsInputHash(locale);
  const cached = join(CACHE, `${locale}-${key}.json`);
  if (existsSync(cached)) {
    try {
      return readJson<LocaleTranslations>(cached);
    } catch {
      // A file cut short (a run stopped while writing it) is extracted again below.
    }
  }
  const files = runWriteTranslations(locale);
  mkdirSync(CACHE, { recursive: true });
  // Another test file may extract the same locale at the same time: each writes its own file, then renames it.
  const partial = `${cached}.${process.pid}.tmp`;
  writeFileSync(partial, JSON.stringify(files));
  renameSync(partial, cached);
  for (const old of readdirSync(CACHE))
    if (old.startsWith(`${locale}-`) && old !== `${locale}-${key}.json` && !old.endsWith(".tmp"))
      rmSync(join(CACHE, old), { force: true });
  return files;
}

/**
 * Extracts the translation files for `locale` from the code alone: the copy starts with no i18n/<locale>
 * JSON, so what comes out is exactly what the site's code, config and sidebars ask for (messages are the
 * theme's built-in translations or the English defaults).
 */
export function runWriteTranslations(locale: string): LocaleTranslations {
  // Inside node_modules so that the copy resolves the workspace's packages.
  const parent = join(ROOT, "node_modules", ".cache");
  mkdirSync(parent, { recursive: true });
  const copy = mkdtempSync(join(parent, "site-translations-"));
  try {
    for (const entry of COPIED) cpSync(join(SITE, entry), join(copy, entry), { recursive: true });
    const docusaurus = createRequire(join(SITE, "package.json")).resolve(
      "@docusaurus/core/bin/docusaurus.mjs",
    );
    execFileSync(process.execPath, [docusaurus, "write-translations", "--locale", locale], {
      cwd: copy,
      stdio: "pipe",
    });
    const dir = join(copy, "i18n", locale);
    const files: LocaleTranslations = {};
    for (const file of listFiles(dir, /\.json$/)) files[file] = readJson<TranslationFile>(join(dir, file));
    return files;
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}
