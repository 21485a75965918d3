// Runs `docusaurus write-translations` on a throw-away copy of the site, so the tests can compare what the
// code asks for with the translation files committed under i18n/fr, without touching the work tree.
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
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

/**
 * Extracts the translation files for `locale` from the code alone: the copy starts with no i18n/<locale>
 * JSON, so what comes out is exactly what the site's code, config and sidebars ask for (messages are the
 * theme's built-in translations or the English defaults).
 */
export function extractTranslations(locale: string): LocaleTranslations {
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
