import { createHash } from "node:crypto";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { LoadContext, Plugin } from "@docusaurus/types";

/** The file written into each locale's build folder (`build/`, `build/fr/`), read by the server (site.ts). */
export const SCRIPT_HASHES_FILE = "script-hashes.json";

export interface ScriptHashes {
  about: string;
  locale: string;
  /** HTML pages read. */
  pages: number;
  /** `sha256-<base64>` of each inline script the browser runs, with the number of pages that hold it. */
  scripts: Record<string, number>;
  /** Inline `<script>` elements the browser never runs (JSON-LD and other data blocks): not hashed. */
  dataBlocks: number;
}

// The `type` values of a script the browser runs (HTML, "prepare the script element": a JavaScript MIME type,
// `module`, `importmap`, `speculationrules`); any other non-empty type is a data block, such as JSON-LD.
const JAVASCRIPT_TYPES = new Set([
  "application/ecmascript",
  "application/javascript",
  "application/x-ecmascript",
  "application/x-javascript",
  "text/ecmascript",
  "text/javascript",
  "text/javascript1.0",
  "text/javascript1.1",
  "text/javascript1.2",
  "text/javascript1.3",
  "text/javascript1.4",
  "text/javascript1.5",
  "text/jscript",
  "text/livescript",
  "text/x-ecmascript",
  "text/x-javascript",
  "module",
  "importmap",
  "speculationrules",
]);

const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

function attributes(source: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const m of source.matchAll(ATTRIBUTE)) {
    const name = (m[1] ?? "").toLowerCase();
    if (!found.has(name)) found.set(name, m[2] ?? m[3] ?? m[4] ?? "");
  }
  return found;
}

/** Whether a script element with these attributes runs (and so is checked against `script-src`). */
function runs(attrs: Map<string, string>): boolean {
  const type = attrs.get("type");
  if (type === undefined || type.trim() === "") return true;
  return JAVASCRIPT_TYPES.has(type.trim().toLowerCase());
}

/**
 * The CSP hashes (`sha256-<base64>`) of the inline scripts of one HTML page that the browser runs, and the
 * number of inline data blocks. A script's text is everything up to the next `</script` (HTML raw text: no
 * entity is decoded), with line breaks normalised as the HTML parser does before hashing (CSP3 §6.7.3.6:
 * the hash is of the element's text, UTF-8 encoded).
 */
export function inlineScriptHashes(html: string): { scripts: string[]; dataBlocks: number } {
  const scripts: string[] = [];
  let dataBlocks = 0;
  const text = html.replace(/\r\n?/g, "\n");
  for (const m of text.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script/gi)) {
    const attrs = attributes(m[1] ?? "");
    if (attrs.has("src")) continue;
    if (!runs(attrs)) {
      dataBlocks += 1;
      continue;
    }
    const digest = createHash("sha256")
      .update(m[2] ?? "", "utf8")
      .digest("base64");
    scripts.push(`sha256-${digest}`);
  }
  return { scripts, dataBlocks };
}

async function htmlFiles(dir: string, skip: ReadonlySet<string>): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!skip.has(path)) files.push(...(await htmlFiles(path, skip)));
    } else if (entry.isFile() && entry.name.endsWith(".html")) {
      files.push(path);
    }
  }
  return files;
}

/** Reads every built page of a locale and sums up its inline scripts. */
export async function collectScriptHashes(
  outDir: string,
  locale: string,
  otherLocaleDirs: readonly string[] = [],
): Promise<ScriptHashes> {
  const scripts: Record<string, number> = {};
  let dataBlocks = 0;
  const files = await htmlFiles(outDir, new Set(otherLocaleDirs));
  for (const file of files) {
    const found = inlineScriptHashes(await readFile(file, "utf8"));
    dataBlocks += found.dataBlocks;
    for (const hash of new Set(found.scripts)) scripts[hash] = (scripts[hash] ?? 0) + 1;
  }
  const sorted = Object.fromEntries(Object.entries(scripts).sort(([a], [b]) => a.localeCompare(b)));
  return {
    about:
      "SHA-256 hashes of the inline scripts of this locale's built pages, for the server's Content-Security-Policy (site/src/plugins/script-hashes.ts).",
    locale,
    pages: files.length,
    scripts: sorted,
    dataBlocks,
  };
}

/**
 * After each locale's build, writes `script-hashes.json` into its build folder: the hashes of the inline
 * scripts (the colour-mode script, the base-URL banner of the home page, …) of every page it built, so that
 * the server can send a `script-src` without `'unsafe-inline'`. The default locale's folder holds the other
 * locales' folders (`build/fr/`): they are left to their own build.
 */
export default function scriptHashesPlugin(context: LoadContext): Plugin {
  return {
    name: "qibates-script-hashes",
    async postBuild({ outDir }) {
      const { currentLocale, defaultLocale, locales } = context.i18n;
      const others =
        currentLocale === defaultLocale
          ? locales.filter((l) => l !== currentLocale).map((l) => join(outDir, l))
          : [];
      const manifest = await collectScriptHashes(outDir, currentLocale, others);
      await writeFile(join(outDir, SCRIPT_HASHES_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
      const count = Object.keys(manifest.scripts).length;
      console.log(
        `[site] ${SCRIPT_HASHES_FILE} (${currentLocale}): ${count} inline script hash(es) from ${manifest.pages} pages`,
      );
    },
  };
}
