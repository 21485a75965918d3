import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { holdLockFor, lockHolders, tryLock, withLock } from "./pid-lock.mjs";

/**
 * The site build's lock: two processes never build the site into one folder at once, and a lock left by a
 * process that was killed (`npm start` stopped by SIGKILL during its first build) does not hold the next start
 * waiting: it is taken as soon as its holders are gone.
 */
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function lockPath(): string {
  const dir = mkdtempSync(join(tmpdir(), "qibates-lock-"));
  dirs.push(dir);
  return join(dir, "site-build.lock");
}
/** The pid of a process that has ended. */
function endedPid(): number {
  const r = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], {
    encoding: "utf8",
  });
  return Number.parseInt(r.stdout, 10);
}

describe("the site build's lock", () => {
  it("is taken once, and names the process that holds it", () => {
    const lock = lockPath();
    expect(tryLock(lock)).toBe(true);
    expect(lockHolders(lock)).toEqual([process.pid]);
    expect(tryLock(lock)).toBe(false);
  });

  it("is taken at once when every process holding it has ended", () => {
    const lock = lockPath();
    mkdirSync(lock);
    writeFileSync(join(lock, String(endedPid())), "");
    expect(tryLock(lock)).toBe(true);
    expect(lockHolders(lock)).toEqual([process.pid]);
  });

  it("stays held while the build its holder started still runs", () => {
    const lock = lockPath();
    mkdirSync(lock);
    writeFileSync(join(lock, String(endedPid())), "");
    // The build, started by the holder that has ended: this process stands for it.
    holdLockFor(lock, process.pid);
    expect(tryLock(lock)).toBe(false);
  });

  it("without readable holders, is waited for while young and taken once old", () => {
    const lock = lockPath();
    mkdirSync(lock);
    expect(tryLock(lock)).toBe(false);
    const old = (Date.now() - 21 * 60_000) / 1000;
    utimesSync(lock, old, old);
    expect(tryLock(lock)).toBe(true);
  });
});

describe("withLock", () => {
  it("runs two works on one lock one after the other, and frees the lock when a work fails", async () => {
    const lock = lockPath();
    const order: string[] = [];
    const work = (name: string, ms: number) => async () => {
      order.push(`${name} start`);
      await new Promise((r) => setTimeout(r, ms));
      order.push(`${name} end`);
      return name;
    };
    const [a, b] = await Promise.all([
      withLock(lock, work("a", 300), { pollMs: 20 }),
      withLock(lock, work("b", 10), { pollMs: 20 }),
    ]);
    expect([a, b]).toEqual(["a", "b"]);
    expect(order).toEqual(["a start", "a end", "b start", "b end"]);
    await expect(
      withLock(lock, () => {
        throw new Error("failed");
      }),
    ).rejects.toThrow("failed");
    expect(tryLock(lock)).toBe(true);
  });
});
