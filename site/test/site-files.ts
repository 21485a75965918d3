// Paths and file helpers shared by the site's tests.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const SITE = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const ROOT = resolve(SITE, "..");
export const BUILD = join(SITE, "build");
export const FR_DOCS = join(SITE, "i18n/fr/docusaurus-plugin-content-docs");

/** Every file under `dir` whose name matches `pattern`, as paths relative to `dir`. */
export function listFiles(dir: string, pattern: RegExp): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (current: string): void => {
    for (const entry of readdirSync(current)) {
      const path = join(current, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (pattern.test(entry)) out.push(relative(dir, path));
    }
  };
  walk(dir);
  return out.sort();
}

export function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, "utf8")) as T;
}

export type TranslationFile = Record<string, { message: string; description?: string }>;

/** Every page a reader reads in each language: the docs, and the release notes not yet published. */
export function pagesOf(locale: "en" | "fr"): { path: string; source: string }[] {
  const published = new Set(
    Object.keys(readJson<Record<string, string>>(join(SITE, "changelog/published.json"))),
  );
  const roots =
    locale === "en"
      ? [
          { dir: join(SITE, "docs"), rel: "docs" },
          { dir: join(SITE, "changelog"), rel: "changelog" },
        ]
      : [
          { dir: join(FR_DOCS, "current"), rel: "i18n/fr/docusaurus-plugin-content-docs/current" },
          {
            dir: join(SITE, "i18n/fr/docusaurus-plugin-content-blog"),
            rel: "i18n/fr/docusaurus-plugin-content-blog",
          },
        ];
  return roots.flatMap(({ dir, rel }) =>
    listFiles(dir, /\.mdx?$/)
      .map((f) => `${rel}/${f}`)
      // A published release note is never edited: it states the defaults of its version.
      .filter((path) => !published.has(path))
      .map((path) => ({ path, source: readFileSync(join(SITE, path), "utf8") })),
  );
}
