import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { openProvider } from "@qibates/connectors";
import { Upstreams } from "@qibates/connectors/net";
import { DEMO_APPLICATIONS, loadCubeSnapshots, type SnapshotManifest } from "@qibates/embedded";
import { CallContext } from "@qibates/provider";
import { describe, expect, it } from "vitest";
import { ExportReader, skipLines } from "../../src/snapshot/read-export.ts";
import { type TakeOptions, takeSnapshot } from "../../src/snapshot/take.ts";
import { providerFor } from "../../src/snapshot-cli.ts";
import { essbaseRestEndpoint } from "../support/endpoint.ts";
import { interruptedAfter, quiet } from "../support/essbase-snapshots.ts";

/**
 * Copies at export speed: `qibates-snapshot` copies a cube of Essbase 21c through the server's own
 * level-0 export (`exportData` job, Files API download) where the connector has it, and the copy is the one grid
 * reads give, cell for cell; the manifest says which path ran; an interrupted export run resumes.
 */

const endpoint = essbaseRestEndpoint("qibates-export-path-");
const { root } = endpoint;

async function copy(
  dir: string,
  extra: Partial<TakeOptions> = {},
  { provider, close } = providerFor("essbase-stndln", new URL(endpoint.address())),
) {
  try {
    return await takeSnapshot({ ...endpoint.sampleBasic(dir), provider, progress: quiet, ...extra });
  } finally {
    await close();
  }
}

/** Bytes of the export file read between two saves of the progress, in the tests that stop in the file. */
const SMALL_BATCH = 10_000;

/** The data file's cells as sorted lines (members in outline order, then the value). */
function cellsOf(dir: string): string[] {
  const manifest = JSON.parse(readFileSync(join(dir, "Copy", "manifest.json"), "utf8")) as SnapshotManifest;
  const file = manifest.cubes[0]?.data.file as string;
  const lines = gunzipSync(readFileSync(join(dir, "Copy", file)))
    .toString("utf8")
    .split("\n")
    .filter((l) => l !== "");
  return [lines[0] as string, ...lines.slice(1).sort()];
}

/** The Essbase REST API of the endpoint (the connector's address is `…/essbase/japi`, as users give it). */
const restBase = () => `${new URL(endpoint.address()).origin}/essbase/rest/v1`;

/** The export files the demo user keeps in the cube's folder of the endpoint's catalog. */
async function exportFiles(): Promise<string[]> {
  const answer = await fetch(`${restBase()}/files/applications/Sample/Basic`, {
    headers: {
      authorization: `Basic ${Buffer.from("demo:demo").toString("base64")}`,
      accept: "application/json",
    },
  });
  const body = (await answer.json()) as { items: { name: string }[] };
  return body.items.map((i) => i.name).filter((n) => n.startsWith("qibates-snapshot-"));
}

/**
 * A run into `dir` stopped (Ctrl+C) as soon as its export job is launched: the wait for the job stops at once, the
 * job goes on on the server. Its progress file, as the run left it.
 */
async function stoppedDuringJob(dir: string) {
  const steps: string[] = [];
  const stopped = await copy(dir, {
    progress: { ...quiet, step: (l) => steps.push(l) },
    interrupted: () => steps.some((l) => l.includes("exportData job")),
  });
  expect(stopped.interrupted).toBe(true);
  return JSON.parse(readFileSync(join(dir, "Copy", ".progress.json"), "utf8"));
}

describe("qibates-snapshot through the server's export", () => {
  const grid = join(root, "grid");
  const exported = join(root, "export");
  /** The cells of the uninterrupted export run of the first test, which the resumed runs are compared with. */
  let exportedCells: number | undefined;
  /** The grid reads' copy of the first test, as {@link cellsOf} gives it: read once, every test compares with it. */
  let gridCells: string[] | undefined;
  const cellsOfGrid = () => {
    gridCells ??= cellsOf(grid);
    return gridCells;
  };

  it("copies Sample.Basic cell for cell as grid reads do, and the manifest says which path ran", async () => {
    const byGrid = await copy(grid, { read: "grid" });
    const byExport = await copy(exported);
    expect(byGrid.manifest.cubes[0]?.read).toBe("grid");
    expect(byExport.manifest.cubes[0]?.read).toBe("export");
    expect(byExport.manifest.cubes[0]?.cells).toBe(byGrid.manifest.cubes[0]?.cells);
    exportedCells = byExport.manifest.cubes[0]?.cells;
    // Stored level-0 cells and the computed members' (Profit %, read by queries after the export) alike.
    expect(cellsOf(exported)).toEqual(cellsOfGrid());
    expect(byExport.manifest.cubes[0]?.computedMembers).toEqual(byGrid.manifest.cubes[0]?.computedMembers);
    expect(byExport.manifest.cubes[0]?.outline.sha256).toBe(byGrid.manifest.cubes[0]?.outline.sha256);
    // Both served: the same stored cells, aggregated alike.
    const [a, b] = await Promise.all([
      loadCubeSnapshots(exported, DEMO_APPLICATIONS),
      loadCubeSnapshots(grid, DEMO_APPLICATIONS),
    ]);
    const x = a[0]?.cubes[0]?.cube;
    const y = b[0]?.cubes[0]?.cube;
    expect(x?.storedCellCount()).toBe(y?.storedCellCount());
    let differing = 0;
    x?.forEachStoredCell("all", (coords, v) => {
      if (!Object.is(y?.storedValue(coords), v)) differing++;
    });
    expect(differing).toBe(0);
    // The export file is deleted from the server once read.
    expect(await exportFiles()).toEqual([]);
  }, 180_000);

  it("resumes an interrupted export run to the same files, also when the export file is gone", async () => {
    // Batches small enough that a run stopped after three of them is still in the export file.
    const straight = mkdtempSync(join(tmpdir(), "qibates-export-straight-"));
    const whole = await copy(straight, { exportBatchBytes: SMALL_BATCH });
    rmSync(straight, { recursive: true, force: true });
    for (const removeFile of [false, true]) {
      const dir = mkdtempSync(join(tmpdir(), "qibates-export-resume-"));
      try {
        const stopped = await copy(dir, { exportBatchBytes: SMALL_BATCH, ...interruptedAfter(3) });
        expect(stopped.interrupted).toBe(true);
        const progress = JSON.parse(readFileSync(join(dir, "Copy", ".progress.json"), "utf8"));
        expect(progress.exportFile).toMatch(/^\/applications\/Sample\/Basic\/qibates-snapshot-Basic-/);
        expect(progress.exportRead.lines).toBeGreaterThan(0);
        // Kept on the server for the resume.
        expect(await exportFiles()).toHaveLength(1);
        if (removeFile) {
          const name = (progress.exportFile as string).split("/").pop() as string;
          const gone = await fetch(`${restBase()}/files/applications/Sample/Basic/${name}`, {
            method: "DELETE",
            headers: { authorization: `Basic ${Buffer.from("demo:demo").toString("base64")}` },
          });
          expect(gone.status).toBe(204);
        }
        const warnings: string[] = [];
        const steps: string[] = [];
        const resumed = await copy(dir, {
          exportBatchBytes: SMALL_BATCH,
          progress: { ...quiet, step: (l) => steps.push(l), warn: (l) => warnings.push(l) },
        });
        expect(resumed.interrupted).toBe(false);
        expect(resumed.manifest.cubes[0]?.read).toBe("export");
        if (removeFile) expect(warnings.join("\n")).toMatch(/no longer on the server: exporting again/);
        else expect(steps.join("\n")).toMatch(/resuming the export file at line \d+/);
        expect(cellsOf(dir)).toEqual(cellsOfGrid());
        // Gzip member for member the file an uninterrupted run writes.
        expect(resumed.manifest.cubes[0]?.data).toEqual(whole.manifest.cubes[0]?.data);
        expect(existsSync(join(dir, "Copy", ".progress.json"))).toBe(false);
        expect(await exportFiles()).toEqual([]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  }, 240_000);

  it("stopped while the export job runs, keeps the job and waits for it again instead of starting another", async () => {
    const dir = mkdtempSync(join(tmpdir(), "qibates-export-job-"));
    try {
      const progress = await stoppedDuringJob(dir);
      expect(progress.exportFile).toBeUndefined();
      expect(progress.exportJob.id).toEqual(expect.any(Number));
      const steps: string[] = [];
      const resumed = await copy(dir, { progress: { ...quiet, step: (l) => steps.push(l) } });
      expect(resumed.interrupted).toBe(false);
      expect(steps).toContain(
        `Basic: waiting again for the server's export job ${progress.exportJob.id} (exportData)`,
      );
      // No second job: its file is the one the first run's job wrote, read and deleted.
      expect(steps.filter((l) => l.includes("the server exports"))).toEqual([]);
      expect(steps.join("\n")).toContain(
        `reading the export file /applications/Sample/Basic/${progress.exportJob.name}`,
      );
      // As many cells as the first test's uninterrupted export run.
      expect(exportedCells).toBeGreaterThan(0);
      expect(resumed.manifest.cubes[0]?.cells).toBe(exportedCells);
      expect(resumed.manifest.cubes[0]?.cells).toBeGreaterThan(0);
      expect(cellsOf(dir)).toEqual(cellsOfGrid());
      expect(await exportFiles()).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000);

  it("stopped while the outline is read, stops before its next call: no export job is launched", async () => {
    const dir = mkdtempSync(join(tmpdir(), "qibates-export-outline-stop-"));
    try {
      const steps: string[] = [];
      const stopped = await copy(dir, {
        progress: { ...quiet, step: (l) => steps.push(l) },
        // Ctrl+C once the first dimension's members are being read.
        interrupted: () => steps.some((l) => l.includes(": reading ")),
      });
      expect(stopped.interrupted).toBe(true);
      expect(steps.filter((l) => l.includes(": reading "))).toHaveLength(1);
      expect(steps.filter((l) => l.includes("exportData job"))).toEqual([]);
      expect(await exportFiles()).toEqual([]);
      // Nothing to resume from: the folder it made is gone, so the server never finds an unreadable snapshot.
      expect(stopped.nothingKept).toBe(true);
      expect(existsSync(join(dir, "Copy"))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it("starts a new export job when the server no longer knows the one a stopped run kept", async () => {
    const dir = mkdtempSync(join(tmpdir(), "qibates-export-lost-job-"));
    try {
      const progress = await stoppedDuringJob(dir);
      const path = join(dir, "Copy", ".progress.json");
      // As after a restart of the server, which forgets its jobs: the number kept is unknown to it.
      progress.exportJob.id = 987_654;
      writeFileSync(path, JSON.stringify(progress));
      const resumed = await copy(dir);
      expect(resumed.interrupted).toBe(false);
      expect(cellsOf(dir)).toEqual(cellsOfGrid());
      // The new job wrote the same file (the name kept), read and deleted: nothing is left on the server.
      expect(await exportFiles()).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000);

  it("refuses --read export where the copy cannot use an export (ssas)", async () => {
    // Refused before any call: at an address nothing answers, the refusal is all the run can give.
    const nowhere = "http://127.0.0.1:1/aps/JAPI";
    const { provider, close } = providerFor("ssas", new URL(nowhere));
    try {
      await expect(
        takeSnapshot({
          provider,
          connector: "ssas",
          address: nowhere,
          user: "demo",
          password: "demo",
          server: "EssbaseCluster-1",
          application: "Sample",
          out: join(root, "ssas"),
          name: "Copy",
          force: false,
          progress: quiet,
          read: "export",
        }),
      ).rejects.toThrow(/offers no data export that a snapshot can use/);
    } finally {
      await close();
    }
  }, 120_000);
});

/** essbase-stndln at the harness's endpoint, with its own wait for a job (`jobTimeoutMs`). */
function essbaseRest(jobTimeoutMs: number) {
  const address = new URL(endpoint.address());
  const upstreams = new Upstreams({
    allowedHosts: [address.hostname],
    connectTimeoutMs: 10_000,
    readTimeoutMs: 60_000,
  });
  const opened = openProvider("essbase-stndln", { upstreams, idleMs: 60_000, jobTimeoutMs });
  return {
    provider: opened.provider,
    close: async () => {
      await opened.close();
      await upstreams.close();
    },
  };
}

describe("an export that trying again would not fix", () => {
  const basic = `Basic ${Buffer.from("demo:demo").toString("base64")}`;
  async function opened() {
    const { provider, close } = essbaseRest(60_000);
    const { handle } = await provider.login({
      connector: "essbase-stndln",
      username: "demo",
      password: "demo",
      address: new URL(endpoint.address()),
      call: CallContext.unbounded(),
    });
    const session = {
      id: "export-test",
      ownerId: "export-test",
      connector: "essbase-stndln" as const,
      username: "demo",
      providerAddress: endpoint.address(),
      aliasTable: null,
      call: CallContext.unbounded(),
      handle,
    };
    const port = provider.bulkExport;
    if (!port) throw new Error("essbase-stndln offers no export");
    return { port, session, close };
  }
  const ref = { server: "EssbaseCluster-1", application: "Sample", cube: "Basic" };

  it("refuses an export the server split into several files, and deletes every part", async () => {
    const { port, session, close } = await opened();
    try {
      // As Essbase writes an export over 2 GB: name.txt, then name_1.txt, name_2.txt (Oracle's MaxL export data).
      for (const part of ["qibates-split_1.txt", "qibates-split_2.txt"]) {
        const put = await fetch(`${restBase()}/files/applications/Sample/Basic/${part}?overwrite=true`, {
          method: "PUT",
          headers: { authorization: basic, "content-type": "application/octet-stream" },
          body: "part\n",
        });
        expect(put.status, part).toBeLessThan(300);
      }
      await expect(port.exportLevel0(session, ref, "qibates-split.txt")).rejects.toThrow(
        /as 3 files \(an export over 2 GB is split\)/,
      );
      const left = await fetch(`${restBase()}/files/applications/Sample/Basic`, {
        headers: { authorization: basic, accept: "application/json" },
      });
      const names = ((await left.json()) as { items: { name: string }[] }).items.map((i) => i.name);
      expect(names.filter((n) => n.startsWith("qibates-split"))).toEqual([]);
    } finally {
      await close();
    }
  }, 120_000);

  it("stops at once, without a second job, when the export job is still running after the wait", async () => {
    const steps: string[] = [];
    const warnings: string[] = [];
    const progress = { step: (t: string) => steps.push(t), data() {}, warn: (t: string) => warnings.push(t) };
    await expect(copy(join(root, "still-running"), { progress }, essbaseRest(-1))).rejects.toThrow(
      /export failed: .*still running .*Run the command again once it has ended, or take the snapshot through queries with --read grid/s,
    );
    expect(steps.filter((t) => t.includes("exportData job"))).toHaveLength(1);
    expect(warnings.filter((t) => t.includes("trying again"))).toEqual([]);
  }, 120_000);
});

describe("ExportReader", () => {
  const outline = {
    document: {
      defaultAliasTable: "Default",
      dimensions: [
        { name: "Year", members: [{ name: "Qtr1", children: [{ name: "Jan" }, { name: "Feb" }] }] },
        { name: "Market", members: [{ name: "East", children: [{ name: "New York" }] }] },
        { name: "Measures", members: [{ name: "Sales" }] },
      ],
    },
    dimensions: [
      { name: "Year", density: "dense", leaves: ["Jan", "Feb"] },
      { name: "Market", density: "sparse", leaves: ["New York"] },
      { name: "Measures", density: "dense", leaves: ["Sales"] },
    ],
  };

  it("reads Essbase's export, in columns or not, leaving out upper-level dense members and #Mi", () => {
    const blocks = '"Jan" "Feb" "Qtr1"\n"New York"\n"Sales" 1 #Mi 1\n';
    const columns = '"Jan" "Feb" "Qtr1"\r\n"New York" "Sales" 1.50 2 3.5\r\n';
    expect(new ExportReader(outline).push(Buffer.from(blocks))).toBe("Jan\tNew York\tSales\t1\n");
    const r = new ExportReader(outline);
    expect(r.push(Buffer.from(columns))).toBe("Jan\tNew York\tSales\t1.5\nFeb\tNew York\tSales\t2\n");
    expect(r.cells).toBe(2);
  });

  it("reads a file cut anywhere, and resumes from its state after skipping the lines it read", () => {
    const file = Buffer.from('"Jan" "Feb"\n"New York"\n"Sales" 1 2\n"Sales" 3 4\n');
    const whole = new ExportReader(outline).push(file);
    for (let cut = 1; cut < file.length; cut++) {
      const r = new ExportReader(outline);
      expect(r.push(file.subarray(0, cut)) + r.push(file.subarray(cut)) + r.end()).toBe(whole);
      const resumed = new ExportReader(outline);
      resumed.restore(r.state());
      expect(resumed.state()).toEqual(r.state());
    }
    const r = new ExportReader(outline);
    const first = r.push(file.subarray(0, 30));
    const again = new ExportReader(outline);
    again.restore(r.state());
    const { rest } = skipLines(file, r.state().lines);
    expect(first + again.push(rest as Buffer) + again.end()).toBe(whole);
  });

  it("refuses a member the outline read does not have", () => {
    expect(() => new ExportReader(outline).push(Buffer.from('"Jan" "Feb"\n"Boston" "Sales" 1\n'))).toThrow(
      /"Boston" is not a member of the outline read/,
    );
  });
});
