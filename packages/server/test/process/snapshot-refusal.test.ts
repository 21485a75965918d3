import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { hashPassword } from "../../src/snapshot-users.ts";
import { testDataDir } from "../support/data-dir.ts";
import { refusedStart } from "../support/process.ts";

/**
 * A start refused for what the administrator must fix exits with one code, 2, which the documented systemd
 * advice (`RestartPreventExitStatus=2 3`) does not restart: a bad setting, a bad snapshot users file, and a
 * snapshot folder the server cannot serve. Before: a snapshot folder without a manifest exited 1, which
 * `Restart=on-failure` restarted without end, while a bad users file exited 2.
 */

const root = mkdtempSync(join(tmpdir(), "qibates-snapshot-refusal-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

it("stops with exit code 2, the file named and no stack, when a snapshot folder has no manifest", async () => {
  const snapshots = join(root, "snapshots");
  mkdirSync(join(snapshots, "budget"), { recursive: true });
  const users = join(root, "users.json");
  writeFileSync(
    users,
    JSON.stringify({
      users: [{ name: "alice", passwordHash: await hashPassword("a-secret"), applications: "all" }],
    }),
  );
  const { code, out } = await refusedStart({
    DATA_DIR: testDataDir("qibates-refused-"),
    QIBATES_SNAPSHOTS: snapshots,
    QIBATES_SNAPSHOT_USERS: users,
  });
  expect(code, out).toBe(2);
  expect(out).toMatch(/^QiBates cannot start: .*manifest\.json/m);
  expect(out).not.toMatch(/\n\s+at /);
});
