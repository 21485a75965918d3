import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { memoryTmpdir } from "./test-tmpdir.mjs";

/**
 * `npm test`'s temporary folder: made in the RAM-backed folder when it has room, named after the run's process so
 * that a later run removes it once that process is gone, and never a folder of a run still going.
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

describe("npm test's temporary folder", () => {
  it("is a new folder of its own in the memory folder, named after the run's process", () => {
    const p = parent();
    const a = memoryTmpdir({ parent: p, needed: 1 });
    const b = memoryTmpdir({ parent: p, needed: 1 });
    expect(a).not.toBeNull();
    expect(a).not.toBe(b);
    expect(statSync(a as string).isDirectory()).toBe(true);
    // Other users (the PostgreSQL the tests start runs as its own) reach their folders through it.
    expect(statSync(a as string).mode & 0o777).toBe(0o755);
    expect(basename(a as string)).toMatch(new RegExp(`^qibates-test-${process.pid}-`));
  });

  it("is the system's (null) when the memory folder has too little room, or is not there", () => {
    const p = parent();
    expect(memoryTmpdir({ parent: p, needed: Number.MAX_SAFE_INTEGER })).toBeNull();
    expect(memoryTmpdir({ parent: join(p, "missing"), needed: 1 })).toBeNull();
  });

  it("removes the folders of runs whose process is gone, and keeps those of runs still going", async () => {
    const p = parent();
    const ended = Number(
      spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]).stdout,
    );
    const running = spawn("sleep", ["30"]);
    try {
      const left = join(p, `qibates-test-${ended}-abc`);
      const going = join(p, `qibates-test-${running.pid}-def`);
      const other = join(p, "not-a-run");
      for (const d of [left, going, other]) mkdirSync(d);
      memoryTmpdir({ parent: p, needed: 1 });
      expect(existsSync(left)).toBe(false);
      expect(existsSync(going)).toBe(true);
      expect(existsSync(other)).toBe(true);
    } finally {
      running.kill("SIGKILL");
    }
  });
});
