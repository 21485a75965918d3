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
