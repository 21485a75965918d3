import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { type ConnectorHarness, type OpenHarness, openConnectorHarness } from "../../src/answer-key.ts";
import { main } from "../../src/replay-cli.ts";

const here = dirname(fileURLToPath(import.meta.url));
const bin = join(here, "../../bin/qibates-replay.mjs");
const fixtures = dirname(
  fileURLToPath(new URL("../../../engine/test/fixtures/essbase-oracle/NOTICE", import.meta.url)),
);
const outline = join(fixtures, "vision-plan1.yaml");

/** `qibates-replay ARGS` as its own process: what its `bin` entry does (it loads the engine with tsx). */
function spawned(...args: string[]) {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: "utf8", timeout: 60_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/**
 * The products the file's `--via` runs replay on: one per connector and outline, opened at its first run and
 * closed after the file's tests (the replays only read the cube). Each run's own close leaves it open.
 */
const harnesses = new Map<string, Promise<ConnectorHarness>>();
const openHarness: OpenHarness = async (options) => {
  const key = JSON.stringify(options);
  let opened = harnesses.get(key);
  if (!opened) {
    opened = openConnectorHarness(options);
    harnesses.set(key, opened);
  }
  return { ...(await opened), close: async () => {} };
};
afterAll(async () => {
  for (const opened of harnesses.values()) await (await opened.catch(() => null))?.close();
});

/**
 * `qibates-replay ARGS` in this process: the `main` its `bin` entry calls, with what it writes to standard output
 * and error (the engine and the connectors loaded once for the file, not once a run).
 */
async function run(...args: string[]) {
  let out = "";
  let err = "";
  const code = await main(args, {
    out: (s) => {
      out += s;
    },
    err: (s) => {
      err += s;
    },
    openHarness,
  });
  return { code, out, err };
}

describe("qibates-replay", () => {
  it("prints the replayed sheet of a case as JSON, as its own process", async () => {
    const r = spawned(join(fixtures, "zoom-in-one-row-member.json"), "--outline", outline);
    expect(r.code).toBe(0);
    const want = JSON.parse(readFileSync(join(fixtures, "zoom-in-one-row-member.json"), "utf8")).result.cells;
    expect(JSON.parse(r.out)).toEqual({ cells: want });
  });

  it("checks a case against its result with --check", async () => {
    expect((await run(join(fixtures, "pivot-2-to-0.json"), "--outline", outline, "--check")).code).toBe(0);
  });

  it("replays a case through the essbase-stndln connector with --via", async () => {
    const r = await run(
      join(fixtures, "keep-only-one-row-member.json"),
      "--outline",
      outline,
      "--via",
      "essbase-stndln",
      "--check",
    );
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    const want = JSON.parse(readFileSync(join(fixtures, "keep-only-one-row-member.json"), "utf8")).result
      .cells;
    expect(JSON.parse(r.out)).toEqual({ cells: want });
    expect(
      (await run(join(fixtures, "keep-only-one-row-member.json"), "--outline", outline, "--via", "xmla"))
        .code,
    ).toBe(2);
  });

  it("replays a case through the ssas connector with --via ssas, and the essbase one with --via essbase", async () => {
    for (const [name, via] of [
      ["zoom-in-one-row-member.json", "ssas"],
      ["zoom-in-one-row-member.json", "essbase"],
    ] as const) {
      const r = await run(join(fixtures, name), "--outline", outline, "--via", via, "--check");
      expect(r.err, name).toBe("");
      expect(r.code, name).toBe(0);
      const want = JSON.parse(readFileSync(join(fixtures, name), "utf8")).result.cells;
      expect(JSON.parse(r.out), name).toEqual({ cells: want });
    }
  });

  it("reports a case that does not match through the connector, with exit code 1", async () => {
    const dir = mkdtempSync(join(tmpdir(), "replay-via-"));
    const changed = JSON.parse(readFileSync(join(fixtures, "keep-only-one-row-member.json"), "utf8"));
    changed.result.cells[2][0] = "Total Entity";
    writeFileSync(join(dir, "changed.json"), JSON.stringify(changed));
    let err = "";
    const code = await main(
      [join(dir, "changed.json"), "--outline", outline, "--via", "essbase-stndln", "--check"],
      {
        out: () => {},
        err: (s) => {
          err += s;
        },
        openHarness,
      },
    );
    expect(code).toBe(1);
    expect(err).toContain("differs");
    expect(err).toContain("essbase-stndln");
  });

  it("fails with a clear message on a malformed case", async () => {
    const dir = mkdtempSync(join(tmpdir(), "replay-"));
    const bad = join(dir, "bad.json");
    writeFileSync(bad, JSON.stringify({ basis: { cells: [["", "Year"]] } }));
    const r = await run(bad, "--outline", outline);
    expect(r.code).toBe(2);
    expect(r.err).toContain("malformed case");
    expect(r.err).toContain("`operation` is missing");
    writeFileSync(bad, "{ not json");
    expect((await run(bad, "--outline", outline)).code).toBe(2);
  });

  it("reports Essbase's refusal with its message and exit code 1", async () => {
    const dir = mkdtempSync(join(tmpdir(), "replay-"));
    const doc = JSON.parse(readFileSync(join(fixtures, "zoom-in-one-row-member.json"), "utf8"));
    doc.operation = { action: "pivot", ranges: [[3, 0, 1, 1]] };
    doc.basis.cells = doc.basis.cells.map((r: string[]) => r.slice());
    // One row dimension and one column dimension: pivoting the Entity rows to the columns empties the rows.
    const file = join(dir, "pivot-last.json");
    writeFileSync(file, JSON.stringify(doc));
    const r = await run(file, "--outline", outline);
    expect(r.code).toBe(1);
    expect(r.err).toContain("Cannot pivot last row");
    expect(JSON.parse(r.out)).toEqual({
      error: { code: "GRID_PIVOT_LAST_ROW", message: "Cannot pivot last row" },
    });
    // a case that records Essbase's refusal passes --check
    writeFileSync(file, JSON.stringify({ ...doc, result: { error: "Cannot pivot last row" } }));
    expect((await run(file, "--outline", outline, "--check")).code).toBe(0);
  });

  it("lists -h and --help in its own help, as qibates-snapshot does", async () => {
    let out = "";
    const code = await main(["-h"], {
      out: (s) => {
        out += s;
      },
      err: () => {},
    });
    expect(code).toBe(0);
    expect(out).toMatch(/^-h, --help\s+this text/m);
  });

  it("says, with --check, that a case recording no result has nothing to compare with, and to record it first", async () => {
    const dir = mkdtempSync(join(tmpdir(), "replay-unrecorded-"));
    try {
      const doc = JSON.parse(readFileSync(join(fixtures, "zoom-in-one-row-member.json"), "utf8"));
      delete doc.result;
      const file = join(dir, "unrecorded.json");
      writeFileSync(file, JSON.stringify(doc));
      for (const via of [[], ["--via", "essbase-stndln"]]) {
        let out = "";
        let err = "";
        const code = await main([file, "--outline", outline, "--check", ...via], {
          out: (s) => {
            out += s;
          },
          err: (s) => {
            err += s;
          },
          openHarness,
        });
        expect(code, via.join(" ")).toBe(1);
        // the replayed sheet is still printed, to be recorded
        expect(Object.keys(JSON.parse(out)), via.join(" ")).toEqual(["cells"]);
        expect(err, via.join(" ")).toBe(
          `qibates-replay: --check: case ${file} records no result (no "result" with "cells") and no refusal, so there is nothing to compare the replay with. Record what Essbase answered to this case first (its sheet as "result": {"cells": [...]}, or its refusal message as "result": {"error": "..."}), or run without --check.\n`,
        );
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("refuses --via given last with no connector (exit code 2) instead of replaying on the engine alone", async () => {
    const r = await run(join(fixtures, "pivot-2-to-0.json"), "--outline", outline, "--via");
    expect(r.code).toBe(2);
    expect(r.out).toBe("");
    expect(r.err).toContain(
      "--via (nothing): a case can be replayed through essbase-stndln or ssas or essbase",
    );
  });

  it("explains its usage when the outline is missing", async () => {
    const r = await run(join(fixtures, "pivot-2-to-0.json"));
    expect(r.code).toBe(2);
    expect(r.err).toContain("--outline");
  });
});
