import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { dirname } from "node:path";
import { describe, expect, it } from "vitest";
import { FileCatalog } from "../../src/essbase-rest/files.ts";
import {
  BASE,
  EssbaseClient,
  endpointForTests,
  SMALL_FILE_LIMITS,
  startEndpoint,
} from "../support/endpoint.ts";

/**
 * A data export is written to disk as the engine writes it, never held in memory, so that a cube of
 * millions of cells can be exported and downloaded; the file is its owner's alone and goes away with DELETE, with
 * a visitor's last session, or when the endpoint closes.
 */

describe("FileCatalog's exports on disk", () => {
  it("writes an export to disk, serves it from there, and deletes the file with the entry", () => {
    const catalog = new FileCatalog({ ...SMALL_FILE_LIMITS, maxExportBytes: 10_000 });
    const w = catalog.exportWriter("ann", ["applications", "Sample", "Basic", "a.txt"]);
    // Past the largest file kept in memory: an export is not held to it.
    for (let i = 0; i < 20; i++) w.write(`"Jan" ${i}\n`.padEnd(20, " "));
    w.commit();
    const file = catalog.file("ann", ["applications", "Sample", "Basic", "a.txt"]);
    expect(file?.bytes).toBeNull();
    expect(file?.size).toBe(400);
    const spool = file?.spool as string;
    expect(readFileSync(spool, "utf8")).toHaveLength(400);
    // Another owner does not see it.
    expect(catalog.file("bob", ["applications", "Sample", "Basic", "a.txt"])).toBeNull();
    expect(catalog.delete("ann", ["applications", "Sample", "Basic", "a.txt"])).toBe(true);
    expect(existsSync(spool)).toBe(false);
    // The folder of the exports goes with the last of them.
    expect(existsSync(dirname(spool))).toBe(false);
  });

  it("refuses an export past its limits and leaves nothing behind; a visitor's go with them, all at close", () => {
    const catalog = new FileCatalog({ ...SMALL_FILE_LIMITS, maxExportBytes: 100, maxVisitorExportBytes: 50 });
    const big = catalog.exportWriter("ann", ["shared", "big.txt"]);
    big.write("x".repeat(60));
    expect(() => big.write("x".repeat(60))).toThrow(/larger than 100 bytes/);
    big.abort();
    expect(catalog.file("ann", ["shared", "big.txt"])).toBeNull();
    const visitor = "demo\n10.0.0.1";
    const v = catalog.exportWriter(visitor, ["shared", "v.txt"]);
    expect(() => v.write("x".repeat(60))).toThrow(/not enough space for this export/);
    const ok = catalog.exportWriter(visitor, ["shared", "v.txt"]);
    ok.write("x".repeat(40));
    ok.commit();
    const spool = catalog.file(visitor, ["shared", "v.txt"])?.spool as string;
    const kept = catalog.exportWriter("ann", ["shared", "kept.txt"]);
    kept.write("y");
    kept.commit();
    const folder = dirname(catalog.file("ann", ["shared", "kept.txt"])?.spool ?? "");
    expect(readdirSync(folder)).toHaveLength(2);
    catalog.dropOwner(visitor);
    expect(existsSync(spool)).toBe(false);
    catalog.close();
    expect(existsSync(folder)).toBe(false);
  });
});

describe("an export job's file through the Files API", () => {
  const endpoint = endpointForTests();

  it("is downloaded with its length from disk, and deleted with DELETE", async () => {
    const client = new EssbaseClient(endpoint.origin);
    const started = await client.post("/jobs", {
      application: "Sample",
      db: "Basic",
      jobtype: "exportData",
      parameters: {
        dataLevel: "LEVEL_ZERO_BLOCKS",
        columnFormat: "false",
        compress: "false",
        file: "l0.txt",
      },
    });
    let job = started.json;
    for (let i = 0; i < 500 && job.statusCode === 100; i++) {
      await new Promise((r) => setTimeout(r, 10));
      job = (await client.get(`/jobs/${job.job_ID}`)).json;
    }
    expect(job.statusCode, JSON.stringify(job)).toBe(200);
    const url = `${client.origin}${BASE}/files/applications/Sample/Basic/l0.txt`;
    const headers = { accept: "application/octet-stream", cookie: client.cookie ?? "" };
    const got = await fetch(url, { headers });
    const bytes = Buffer.from(await got.arrayBuffer());
    expect(got.status).toBe(200);
    expect(Number(got.headers.get("content-length"))).toBe(bytes.length);
    expect(got.headers.get("content-disposition")).toBe('attachment; filename="l0.txt"');
    expect(bytes.toString("utf8").split("\n")[0]).toMatch(/^"[^"]+"( "[^"]+")+$/);
    const deleted = await fetch(url, { method: "DELETE", headers });
    expect(deleted.status).toBe(204);
    const listed = await client.get("/files/applications/Sample/Basic");
    expect(listed.json.items.map((i: { name: string }) => i.name)).not.toContain("l0.txt");
  });
});

describe("the exports a killed server left on disk", () => {
  it("are removed by the next endpoint, never those of a server still running", async () => {
    const { spawnSync } = await import("node:child_process");
    const { mkdirSync, writeFileSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    // A process that has ended: its id names no running process (checked, in case the id was taken again).
    const ended = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]);
    const deadPid = Number(String(ended.stdout));
    let running = true;
    try {
      process.kill(deadPid, 0);
    } catch {
      running = false;
    }
    expect(running).toBe(false);
    const left = join(tmpdir(), `qibates-essbase-exports-${deadPid}-test${Date.now()}`);
    mkdirSync(left);
    writeFileSync(join(left, "export.txt"), "x".repeat(1000));
    const live = join(tmpdir(), `qibates-essbase-exports-${process.ppid}-test${Date.now()}`);
    mkdirSync(live);
    writeFileSync(join(live, "export.txt"), "y");
    try {
      const endpoint = await startEndpoint();
      await endpoint.app.close();
      expect(existsSync(left)).toBe(false);
      expect(existsSync(join(live, "export.txt"))).toBe(true);
      // The first export of a running endpoint removes them too.
      mkdirSync(left);
      const catalog = new FileCatalog({ ...SMALL_FILE_LIMITS, maxExportBytes: 10_000 });
      const w = catalog.exportWriter("ann", ["shared", "a.txt"]);
      w.write("z");
      w.commit();
      expect(existsSync(left)).toBe(false);
      expect(dirname(catalog.file("ann", ["shared", "a.txt"])?.spool ?? "")).toContain(
        `qibates-essbase-exports-${process.pid}-`,
      );
      catalog.close();
    } finally {
      rmSync(live, { recursive: true, force: true });
      rmSync(left, { recursive: true, force: true });
    }
  });
});
