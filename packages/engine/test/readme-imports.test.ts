import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * What the engine's READMEs show a reader to import is real: every `import { … } from "@qibates/engine…"` line,
 * and every name the entry-point table lists for an entry point, is a run-time export of that entry point.
 * Names imported as `type` are left out (types do not exist at run time; the typecheck covers code).
 */

const ROOT = new URL("..", import.meta.url).pathname;

function readmes(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name === "node_modules" || e.name === "fixtures") return [];
    const path = join(dir, e.name);
    if (e.isDirectory()) return readmes(path);
    return e.name === "README.md" ? [path] : [];
  });
}

interface Shown {
  readme: string;
  module: string;
  names: string[];
}

/** `import { a, b as c, type T } from "module"`, in code blocks or inline code. */
function importLines(readme: string, text: string): Shown[] {
  const out: Shown[] = [];
  for (const m of text.matchAll(/import\s+\{([^}]*)\}\s+from\s+["']([^"']+)["']/g)) {
    const names = (m[1] as string)
      .split(",")
      .map((n) => n.trim())
      .filter((n) => n !== "" && !n.startsWith("type "))
      .map((n) => (n.split(/\s+as\s+/)[0] as string).trim());
    out.push({ readme, module: m[2] as string, names });
  }
  return out;
}

/** The entry-point table: `| \`@qibates/engine/x\` | … \`name\` … |`, the names a reader imports from it. */
function tableRows(readme: string, text: string): Shown[] {
  const out: Shown[] = [];
  for (const line of text.split("\n")) {
    const cells = line.split("|").map((c) => c.trim());
    const module = /^`(@qibates\/[\w/-]+)`$/.exec(cells[1] ?? "")?.[1];
    if (!module || cells.length < 4) continue;
    const names = [...(cells[2] as string).matchAll(/`([A-Za-z_$][\w$]*)`/g)].map((m) => m[1] as string);
    out.push({ readme, module, names });
  }
  return out;
}

const shown = readmes(ROOT).flatMap((path) => {
  const text = readFileSync(path, "utf8");
  const readme = relative(ROOT, path);
  return [...importLines(readme, text), ...tableRows(readme, text)].filter((s) =>
    s.module.startsWith("@qibates/engine"),
  );
});

describe("the engine READMEs import what exists", () => {
  it("shows imports at all (the extraction still finds them)", () => {
    expect(shown.length).toBeGreaterThan(3);
  });

  it.each(shown.map((s) => [`${s.readme}: ${s.module}`, s] as const))("%s", async (_, s) => {
    const exports = Object.keys(await import(/* @vite-ignore */ s.module));
    const missing = s.names.filter((n) => !exports.includes(n));
    expect(missing, `${s.readme} shows ${missing.join(", ")} from ${s.module}`).toEqual([]);
  });
});
