import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { removeAbandonedRuns } from "../support/data-dir.ts";

/**
 * A test run stopped before its teardown (a `timeout`, Ctrl-C, a killed CI job) left its folder of data folders
 * behind, hundreds of MB each time (a 463 MB one was found after a stopped run). The next run removes the folders
 * of runs whose process is gone, and only those.
 */
const parent = mkdtempSync(join(tmpdir(), "qibates-abandoned-"));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

describe("the folders of test runs that were stopped", () => {
  it("are removed by the next run; a running run's folder and other folders are kept", () => {
    const gone = spawnSync(process.execPath, ["-e", ""]).pid;
    expect(gone).toBeGreaterThan(0);
    const abandoned = `qibates-test-run-${gone}-aB3dEf`;
    const live = `qibates-test-run-${process.pid}-Gh5iJk`;
    for (const name of [abandoned, live, "qibates-test-run-Lm7nOp", "qibates-pglite-template-0123"]) {
      mkdirSync(join(parent, name, "qibates-test-data-x"), { recursive: true });
      writeFileSync(join(parent, name, "qibates-test-data-x", "PG_VERSION"), "17");
    }
    expect(removeAbandonedRuns(parent)).toEqual([abandoned]);
    expect(existsSync(join(parent, abandoned))).toBe(false);
    expect(readdirSync(parent).sort()).toEqual(
      [live, "qibates-pglite-template-0123", "qibates-test-run-Lm7nOp"].sort(),
    );
  });
});
