import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { FolderInUseError, LOCK_FILE, lockFolder } from "../src/folder-lock.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const folder = (): string => {
  const d = mkdtempSync(join(tmpdir(), "qibates-folder-lock-"));
  dirs.push(d);
  return d;
};
const writeLock = (dir: string, holder: object) =>
  writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ host: hostname(), since: "2026-01-01", ...holder }));

describe("lockFolder", () => {
  it("is taken once: a second take in the same folder names the holder, and it is free again once given back", () => {
    const dir = folder();
    const unlock = lockFolder(dir);
    const e = (() => {
      try {
        lockFolder(dir);
      } catch (x) {
        return x;
      }
    })();
    expect(e).toBeInstanceOf(FolderInUseError);
    expect((e as FolderInUseError).holder.pid).toBe(process.pid);
    expect((e as Error).message).toContain(`The data folder ${dir} is in use by process ${process.pid}`);
    unlock();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    lockFolder(dir)();
  });

  it("takes over a lock whose process is gone", async () => {
    const dir = folder();
    const child = spawn(process.execPath, ["-e", "0"]);
    const pid = child.pid as number;
    await new Promise((r) => child.once("exit", r));
    writeLock(dir, { pid, started: null });
    const unlock = lockFolder(dir);
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), "utf8")).pid).toBe(process.pid);
    unlock();
  });

  it("takes over a lock whose process was killed and not yet collected by its parent (a zombie)", async () => {
    const dir = folder();
    // The child ends once its parent shell has become `sleep 30` (exec), which never collects it: a zombie. Had it
    // ended before the exec, the shell could have collected it, and no zombie would be left to test.
    const parent = spawn("sh", [
      "-c",
      '(while [ "$(cat /proc/$$/comm)" = sh ]; do sleep 0.01; done) & echo $!; exec sleep 30',
    ]);
    try {
      const pid = Number(await new Promise<string>((r) => parent.stdout.once("data", (d) => r(String(d)))));
      const state = () => readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.[0];
      for (let i = 0; i < 100 && state() !== "Z"; i++) await new Promise((r) => setTimeout(r, 20));
      expect(state()).toBe("Z");
      writeLock(dir, { pid, started: null });
      const unlock = lockFolder(dir);
      expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), "utf8")).pid).toBe(process.pid);
      unlock();
    } finally {
      parent.kill();
    }
  });

  it("takes over a lock whose process id now belongs to another process (another start time)", () => {
    const dir = folder();
    writeLock(dir, { pid: process.pid, started: "1" });
    lockFolder(dir)();
  });

  it("refuses a lock held by a live process of this host", async () => {
    const dir = folder();
    const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
    try {
      writeLock(dir, { pid: child.pid, started: null });
      expect(() => lockFolder(dir)).toThrow(FolderInUseError);
    } finally {
      child.kill("SIGKILL");
    }
  });

  it("refuses a lock of another host, which it cannot check", () => {
    const dir = folder();
    writeLock(dir, { pid: 1, host: "another-host.example", started: null });
    expect(() => lockFolder(dir)).toThrow(/in use by process 1 on another-host\.example/);
  });
});
