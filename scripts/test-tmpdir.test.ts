import { mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { memoryTmpdir } from "./test-tmpdir.mjs";

/**
 * `npm test`'s temporary folder: this user's folder in the RAM-backed folder when it has room, the same at every
 * run (the caches kept in it serve the next), reachable by the PostgreSQL user, and never a path someone else
 * made.
 */
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function parent(): string {
  const dir = mkdtempSync(join(tmpdir(), "qibates-tmpdir-"));
  dirs.push(dir);
  return dir;
}
const own = (p: string) => join(p, `qibates-tmp-${process.getuid?.()}`);

describe("npm test's temporary folder", () => {
  it("is this user's folder in the memory folder, the same at the next run, with what it holds", () => {
    const p = parent();
    const a = memoryTmpdir({ parent: p, needed: 1 });
    expect(a).toBe(own(p));
    writeFileSync(join(a as string, "cache"), "kept");
    expect(memoryTmpdir({ parent: p, needed: 1 })).toBe(a);
    expect(statSync(join(a as string, "cache")).size).toBe(4);
    // Other users (the PostgreSQL the tests start runs as its own) reach their folders through it.
    expect(statSync(a as string).mode & 0o777).toBe(0o755);
  });

  it("is the system's (null) when the memory folder has too little room, or is not there", () => {
    const p = parent();
    expect(memoryTmpdir({ parent: p, needed: Number.MAX_SAFE_INTEGER })).toBeNull();
    expect(memoryTmpdir({ parent: join(p, "missing"), needed: 1 })).toBeNull();
  });

  it("is the system's (null) when its name is taken by a link or a file", () => {
    const p = parent();
    const elsewhere = join(p, "elsewhere");
    mkdirSync(elsewhere);
    symlinkSync(elsewhere, own(p));
    expect(memoryTmpdir({ parent: p, needed: 1 })).toBeNull();
    const q = parent();
    writeFileSync(own(q), "");
    expect(memoryTmpdir({ parent: q, needed: 1 })).toBeNull();
  });
});
