import { createHash } from "node:crypto";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { CubeSnapshotError, DEMO_APPLICATIONS, EmbeddedProvider, loadCubeSnapshots } from "@qibates/embedded";
import { memoryStore } from "@qibates/embedded/testing";
import { dataExportChunks } from "@qibates/engine";
import { createSampleBasicCube } from "@qibates/engine/demo";
import type { Provider, ProviderSession } from "@qibates/provider";
import { answerValue, CallContext, DEFAULT_SLICES, SliceScheduler } from "@qibates/provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openConnectorHarness } from "../../src/answer-key.ts";
import {
  COPIES,
  interruptedAfter,
  sharedSampleSnapshots,
  snapshotVia,
} from "../support/essbase-snapshots.ts";
import { NOWHERE_ARGS, runSnapshotCli } from "../support/run-snapshot-cli.ts";

/**
 * Your own cube, offline: Sample.Basic is copied through each Essbase-family connector from the local
 * wire endpoint (essbase-stndln: Essbase REST, ssas: XMLA, essbase: Smart View), each copy served by the
 * embedded engine under its own name, and read back: it answers as the original does, except where the
 * connector's protocol cannot carry something (listed in the manifest).
 */

const root = mkdtempSync(join(tmpdir(), "qibates-snapshots-"));

let served: EmbeddedProvider;
const session = (connector: ProviderSession["connector"] = "essbase-stndln"): ProviderSession => ({
  id: "s",
  ownerId: "o",
  connector,
  username: "demo",
  providerAddress: "https://demo.qibates.local/essbase/japi",
  aliasTable: null,
  call: CallContext.unbounded(),
});
const refresh = (p: Provider, application: string, grid: unknown[][]) =>
  p.essbase
    ?.grid(
      session(),
      { server: "EssbaseCluster-1", application, cube: "Basic" },
      {
        action: "refresh",
        input: { grid: grid as never },
      },
    )
    .then(answerValue);

beforeAll(async () => {
  await sharedSampleSnapshots(root);
  served = await EmbeddedProvider.open({
    scheduler: new SliceScheduler(DEFAULT_SLICES),
    store: memoryStore(),
    credentialsValid: () => true,
    snapshots: await loadCubeSnapshots(root, DEMO_APPLICATIONS),
  });
}, 240_000);

afterAll(async () => {
  await served?.close();
  rmSync(root, { recursive: true, force: true });
});

const GRIDS: unknown[][][] = [
  [
    ["", "Year"],
    ["", "Measures"],
    ["", "Scenario"],
    ["Market", "Product"],
  ],
  [
    ["", "", "Jan", "Feb", "Mar", "Qtr1", "Year"],
    ["East", "Sales", "", "", "", "", ""],
    ["East", "Profit", "", "", "", "", ""],
    ["West", "Margin", "", "", "", "", ""],
    ["Market", "Total Expenses", "", "", "", "", ""],
  ],
  [
    ["", "", "Actual", "Budget"],
    ["", "", "Sales", "Sales"],
    ["New York", "Colas", "", ""],
    ["California", "Colas", "", ""],
  ],
];
/** Profit % (a calculated member) above level 0 of Year and of every sparse dimension. */
const ABOVE = [
  ["", "", "", "Qtr1", "Year"],
  ["", "", "", "Actual", "Actual"],
  ["Market", "Product", "Profit %", "", ""],
];
/** Profit % at level 0 of every dimension. */
const LEAF = [
  ["", "", "", "Jan"],
  ["", "", "", "Actual"],
  ["New York", "100-10", "Profit %", ""],
];
const SALES = (v: string | number) => [
  ["", "", "", "Jan"],
  ["", "", "", "Actual"],
  ["New York", "100-10", "Sales", v],
];

const runCli = runSnapshotCli;

/** A folder named after `prefix` holding a copy of the CopyRest snapshot, which `change` is given to alter. */
function changedCopy(prefix: string, change: (folder: string) => void): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cpSync(join(root, "CopyRest"), join(dir, "CopyRest"), { recursive: true });
  change(join(dir, "CopyRest"));
  return dir;
}

/** The snapshots of `dir` are refused at load with `message` (a CubeSnapshotError); `dir` is removed after. */
async function refused(dir: string, message: RegExp) {
  try {
    await expect(loadCubeSnapshots(dir, DEMO_APPLICATIONS)).rejects.toThrow(message);
    await expect(loadCubeSnapshots(dir, DEMO_APPLICATIONS)).rejects.toBeInstanceOf(CubeSnapshotError);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** What the first cube of the snapshot in `dir` is served from once loaded ("image", "data"); `dir` removed after. */
async function servedFrom(dir: string) {
  try {
    const [s] = await loadCubeSnapshots(dir, DEMO_APPLICATIONS);
    return s?.cubes[0]?.servedFrom;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("a snapshot served by the embedded engine", () => {
  it("is listed beside the demo's application", async () => {
    const apps = await served.applications(session(), "EssbaseCluster-1", true);
    expect(apps.applications.map((a) => a.name)).toEqual(["CopyRest", "CopySv", "CopyXmla", "Sample"]);
  });

  for (const [via, copy] of Object.entries(COPIES)) {
    it(`answers grids as the original does (${via})`, async () => {
      for (const grid of [...GRIDS, LEAF]) {
        const want = await refresh(served, "Sample", grid);
        const got = await refresh(served, copy, grid);
        expect(got?.grid).toEqual(want?.grid);
      }
    });
  }

  it("keeps the server's values of every level where the protocol gives no consolidation (ssas, essbase)", async () => {
    const want = (await refresh(served, "Sample", ABOVE))?.grid;
    expect(want?.[2]?.[3]).not.toBe("#Missing");
    for (const copy of ["CopyXmla", "CopySv"]) {
      expect((await refresh(served, copy, ABOVE))?.grid).toEqual(want);
      const manifest = JSON.parse(readFileSync(join(root, copy, "manifest.json"), "utf8"));
      expect(manifest.cubes[0].values).toBe("every-level");
    }
  });

  it("keeps a calculated member's values at level 0 only where its formula cannot be read (essbase-stndln)", async () => {
    const above = (await refresh(served, "CopyRest", ABOVE))?.grid as string[][];
    expect(above[2]?.slice(3)).toEqual(["#Missing", "#Missing"]);
    const manifest = JSON.parse(readFileSync(join(root, "CopyRest", "manifest.json"), "utf8"));
    expect(manifest.cubes[0].values).toBe("level-0");
    expect(manifest.cubes[0].computedMembers).toContain("Profit %");
    expect(manifest.notCarried.join(" ")).toMatch(/formulas/);
    // Essbase REST gives UDAs and dimension types; Smart View's messages give neither, and the manifest says so
    expect(manifest.notCarried.join(" ")).not.toMatch(/UDAs|dimension types/);
    const sv = JSON.parse(readFileSync(join(root, "CopySv", "manifest.json"), "utf8"));
    expect(sv.notCarried.join(" ")).toMatch(/UDAs \(the server does not give them/);
    expect(sv.notCarried.join(" ")).toMatch(
      /dimension types \(the server gave every base dimension as regular/,
    );
  });

  it("says what it does not carry in an administrator's terms, never the code's (provider contract)", () => {
    for (const copy of Object.values(COPIES)) {
      const { notCarried } = JSON.parse(readFileSync(join(root, copy, "manifest.json"), "utf8"));
      expect(notCarried.join("\n"), copy).not.toMatch(/provider contract/);
      expect(notCarried[0], copy).toMatch(/^member formulas \(QiBates cannot read them from the server\): /);
    }
    const rest = JSON.parse(readFileSync(join(root, "CopyRest", "manifest.json"), "utf8")).notCarried;
    expect(rest).toContain(
      "calculation scripts (Basic: BudSeed, CalcAll, ClearBud, MktCut): the server lists them, but QiBates cannot read their content, so the snapshot has none",
    );
    expect(rest.join("\n")).toMatch(
      /attribute dimensions \(Caffeinated, .*\) and their associations: QiBates cannot read from the server which base members carry each attribute/,
    );
  });

  it("keeps the server's totals after a submit where the protocol gives no consolidation (ssas, essbase)", async () => {
    // Sales of New York, 100-10 and their ancestors in Jan and Qtr1: the leaf changes, the totals stay
    const sheet = (v: string | number) => [
      ["", "", "", "Jan", "Qtr1"],
      ["", "", "", "Actual", "Actual"],
      ["New York", "100-10", "Sales", v, ""],
      ["East", "100", "Sales", "", ""],
      ["Market", "Product", "Sales", "", ""],
    ];
    for (const copy of ["CopyXmla", "CopySv"]) {
      const before = (await refresh(served, copy, sheet("")))?.grid as string[][];
      expect(before[4]?.[3]).not.toBe("#Missing");
      const ref = { server: "EssbaseCluster-1", application: copy, cube: "Basic" };
      await served.essbase.save(session(), ref, { grid: sheet(98765) as never }).then(answerValue);
      const after = (await refresh(served, copy, sheet("")))?.grid as string[][];
      expect(after[2]?.[3]).toBe("98765");
      // the server's totals as they were: not added up again (no operator is known to add them up with)
      expect(after[2]?.[4]).toBe(before[2]?.[4]);
      expect(after.slice(3)).toEqual(before.slice(3));
    }
  });

  it("takes writes like any application, without touching the original", async () => {
    const before = (await refresh(served, "Sample", SALES("")))?.grid;
    const ref = { server: "EssbaseCluster-1", application: "CopyRest", cube: "Basic" };
    await served.essbase.save(session(), ref, { grid: SALES(1234) as never }).then(answerValue);
    expect((await refresh(served, "CopyRest", SALES("")))?.grid[2]?.[3]).toBe("1234");
    expect((await refresh(served, "Sample", SALES("")))?.grid).toEqual(before);
  });
});

describe("a snapshot's cube image", () => {
  const copyOf = (change: (folder: string) => void) => changedCopy("qibates-image-", change);
  const manifestOf = (f: string) => JSON.parse(readFileSync(join(f, "manifest.json"), "utf8"));
  const withManifest = (f: string, change: (m: ReturnType<typeof manifestOf>) => void) => {
    const m = manifestOf(f);
    change(m);
    writeFileSync(join(f, "manifest.json"), JSON.stringify(m));
  };
  const sha = (path: string) => createHash("sha256").update(readFileSync(path)).digest("hex");
  const answers = async (snapshots: Awaited<ReturnType<typeof loadCubeSnapshots>>) => {
    const p = await EmbeddedProvider.open({
      store: memoryStore(),
      credentialsValid: () => true,
      snapshots,
      scheduler: new SliceScheduler(DEFAULT_SLICES),
    });
    try {
      const out = [];
      for (const grid of [...GRIDS, LEAF, ABOVE]) out.push((await refresh(p, "CopyRest", grid))?.grid);
      return out;
    } finally {
      await p.close();
    }
  };

  it("is written with the copy, checked by its digest, and the cube is served from it", async () => {
    const m = manifestOf(join(root, "CopyRest"));
    expect(m.cubes[0].image).toMatchObject({ file: "Basic.image.bin" });
    expect(m.cubes[0].image.outlineSha256).toBe(m.cubes[0].outline.sha256);
    expect(m.cubes[0].image.dataSha256).toBe(m.cubes[0].data.sha256);
    expect(sha(join(root, "CopyRest", "Basic.image.bin"))).toBe(m.cubes[0].image.sha256);
    const dir = copyOf(() => {});
    expect(await servedFrom(dir)).toBe("image");
  });

  it("a copy of the previous format (no image) is still served, from its data file, with the same answers", async () => {
    const withImage = copyOf(() => {});
    const previous = copyOf((f) => {
      withManifest(f, (m) => {
        delete m.cubes[0].image;
      });
      rmSync(join(f, "Basic.image.bin"));
    });
    try {
      const a = await loadCubeSnapshots(withImage, DEMO_APPLICATIONS);
      const b = await loadCubeSnapshots(previous, DEMO_APPLICATIONS);
      expect(a[0]?.cubes[0]?.servedFrom).toBe("image");
      expect(b[0]?.cubes[0]?.servedFrom).toBe("data");
      const ca = a[0]?.cubes[0]?.cube;
      const cb = b[0]?.cubes[0]?.cube;
      expect(ca?.storedCellCount()).toBe(cb?.storedCellCount());
      expect(ca?.blockCount).toBe(cb?.blockCount);
      expect(await answers(a)).toEqual(await answers(b));
    } finally {
      rmSync(withImage, { recursive: true, force: true });
      rmSync(previous, { recursive: true, force: true });
    }
  });

  it("an image made by an engine that lays cells out otherwise is passed over: the cube is served from its data", async () => {
    const dir = copyOf((f) => {
      const path = join(f, "Basic.image.bin");
      const bytes = readFileSync(path);
      // the layout's fingerprint (bytes 16 to 19 of the header)
      bytes[16] = (bytes[16] as number) ^ 0xff;
      writeFileSync(path, bytes);
      withManifest(f, (m) => {
        m.cubes[0].image.sha256 = sha(path);
      });
    });
    expect(await servedFrom(dir)).toBe("data");
  });

  it("is refused when its bytes do not match its digest (a value, or its header)", async () => {
    for (const at of [(n: number) => n - 3, () => 20]) {
      await refused(
        copyOf((f) => {
          const path = join(f, "Basic.image.bin");
          const bytes = readFileSync(path);
          const i = at(bytes.length);
          bytes[i] = (bytes[i] as number) ^ 0x01;
          writeFileSync(path, bytes);
        }),
        /Basic\.image\.bin: checksum does not match the manifest/,
      );
    }
  });

  it("is refused when it is cut short, or made from other data than the copy's", async () => {
    await refused(
      copyOf((f) => truncateSync(join(f, "Basic.image.bin"), 1000)),
      /Basic\.image\.bin: 1000 bytes where the manifest says/,
    );
    await refused(
      copyOf((f) =>
        withManifest(f, (m) => {
          m.cubes[0].image.dataSha256 = "0".repeat(64);
        }),
      ),
      /Basic\.image\.bin: made from other outline or data files than the manifest lists/,
    );
  });
});

describe("a snapshot that cannot be served", () => {
  const broken = (change: (folder: string) => void) => changedCopy("qibates-broken-", change);

  it("is refused when a file is corrupted", async () => {
    await refused(
      broken((f) => {
        const path = join(f, "Basic.data.tsv.gz");
        const bytes = readFileSync(path);
        bytes[bytes.length >> 1] = (bytes[bytes.length >> 1] as number) ^ 0xff;
        writeFileSync(path, bytes);
      }),
      /Basic\.data\.tsv\.gz: checksum does not match/,
    );
  });

  it("is refused when its data file is truncated", async () => {
    await refused(
      broken((f) => truncateSync(join(f, "Basic.data.tsv.gz"), 1000)),
      /Basic\.data\.tsv\.gz: 1000 bytes where the manifest says/,
    );
  });

  it("is refused when its data file is cut short even with a matching manifest", async () => {
    await refused(
      broken((f) => {
        const path = join(f, "Basic.data.tsv.gz");
        truncateSync(path, 1000);
        const manifest = JSON.parse(readFileSync(join(f, "manifest.json"), "utf8"));
        manifest.cubes[0].data.bytes = 1000;
        manifest.cubes[0].data.sha256 = createHash("sha256").update(readFileSync(path)).digest("hex");
        // served from its data file (a copy without an image), which is what is cut short
        delete manifest.cubes[0].image;
        writeFileSync(join(f, "manifest.json"), JSON.stringify(manifest));
      }),
      /Basic\.data\.tsv\.gz: cannot be read .*truncated/,
    );
  });

  it("is refused when a newer QiBates wrote it", async () => {
    await refused(
      broken((f) => {
        const manifest = JSON.parse(readFileSync(join(f, "manifest.json"), "utf8"));
        manifest.version = 2;
        writeFileSync(join(f, "manifest.json"), JSON.stringify(manifest));
      }),
      /format version 2, newer than this QiBates reads \(1\)/,
    );
  });

  it("is refused when its folder cannot be read", async () => {
    const dir = mkdtempSync(join(tmpdir(), "qibates-broken-"));
    try {
      const file = join(dir, "not-a-folder");
      writeFileSync(file, "");
      await expect(loadCubeSnapshots(file, DEMO_APPLICATIONS)).rejects.toThrow(
        /the folder .* cannot be read/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("is refused when its application name is already served, with the way out", async () => {
    await refused(
      broken((f) => {
        const manifest = JSON.parse(readFileSync(join(f, "manifest.json"), "utf8"));
        manifest.application = "sample";
        writeFileSync(join(f, "manifest.json"), JSON.stringify(manifest));
      }),
      /clashes with the application Sample already served; take the snapshot again with --name/,
    );
  });
});

describe("qibates-snapshot", () => {
  it("resumes an interrupted run to the same files", async () => {
    const dir = mkdtempSync(join(tmpdir(), "qibates-resume-"));
    // One endpoint for the five runs: what is resumed is the folder, whoever serves the cube.
    const endpoint = await openConnectorHarness({ via: "essbase-stndln" });
    const take = (extra: Parameters<typeof snapshotVia>[2] = {}) =>
      snapshotVia("essbase-stndln", dir, extra, endpoint);
    try {
      const stopped = await take({ chunkCells: 2_000, ...interruptedAfter(5) });
      expect(stopped.interrupted).toBe(true);
      await expect(loadCubeSnapshots(dir, DEMO_APPLICATIONS)).rejects.toThrow(/unfinished snapshot/);
      const resumed = await take({ chunkCells: 2_000 });
      expect(resumed.interrupted).toBe(false);
      const whole = JSON.parse(readFileSync(join(root, "CopyRest", "manifest.json"), "utf8"));
      const data = resumed.manifest.cubes[0]?.data;
      expect(resumed.manifest.cubes[0]?.cells).toBe(whole.cubes[0].cells);
      expect(data?.file).toBe("Basic.data.tsv.gz");
      // Same cells, whatever the chunking: the loaded copies hold the same values.
      const [a, b] = await Promise.all([
        loadCubeSnapshots(dir, DEMO_APPLICATIONS),
        loadCubeSnapshots(join(root), DEMO_APPLICATIONS),
      ]);
      expect(a[0]?.cubes[0]?.cube.storedCellCount()).toBe(
        b.find((s) => s.manifest.application === "CopyRest")?.cubes[0]?.cube.storedCellCount(),
      );
      // A finished snapshot is not overwritten without --force.
      await expect(take()).rejects.toThrow(/already holds a snapshot: add --force/);
      // With --force it is replaced, and stays whole until its replacement is: an interrupted replacement
      // leaves it as it was (the server passes over the replacement's hidden folder), and the same command
      // then resumes the replacement and swaps it in.
      const before = readFileSync(join(dir, "CopyRest", "manifest.json"), "utf8");
      const halfway = await take({
        force: true,
        chunkCells: 2_000,
        ...interruptedAfter(3),
      });
      expect(halfway.interrupted).toBe(true);
      expect(readFileSync(join(dir, "CopyRest", "manifest.json"), "utf8")).toBe(before);
      const still = await loadCubeSnapshots(dir, DEMO_APPLICATIONS);
      expect(still.map((s) => s.manifest.application)).toEqual(["CopyRest"]);
      expect(still[0]?.cubes[0]?.cube.storedCellCount()).toBe(a[0]?.cubes[0]?.cube.storedCellCount());
      const replaced = await take({ force: true, chunkCells: 2_000 });
      expect(replaced.interrupted).toBe(false);
      expect(replaced.folder).toBe(join(dir, "CopyRest"));
      expect(readdirSync(dir)).toEqual(["CopyRest"]);
      expect(
        JSON.parse(readFileSync(join(dir, "CopyRest", "manifest.json"), "utf8")).source.takenAt,
      ).not.toBe(JSON.parse(before).source.takenAt);
    } finally {
      await endpoint.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  const run = runCli;
  const args = [...NOWHERE_ARGS];

  it("prints its usage with --help", async () => {
    const r = await run(["--help"]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^Usage: qibates-snapshot --connector/);
  });

  it("never takes the password as an argument", async () => {
    const r = await run([...args, "--password", "x", "--server", "s", "--application", "a", "--out", "o"]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/the password is never an argument/);
  });

  it("names what is missing", async () => {
    const r = await run(args);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/--server is required/);
  });

  it("asks for --name when the application's own name cannot name a snapshot", async () => {
    const r = await run([...args, "--server", "s", "--application", "Sample/Basic", "--out", "o"]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(
      /the application's name cannot name a snapshot \(1 to 30 unaccented letters.*\): give --name/,
    );
  });

  it("asks for the password when none is set and no terminal can ask", async () => {
    const r = await run([...args, "--server", "s", "--application", "a", "--out", "o"]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/set QIBATES_PASSWORD/);
  });

  it("reads the extra certificate authorities of PROVIDER_CA_FILE, and names the file it cannot read", async () => {
    const r = await run([...args, "--server", "s", "--application", "a", "--out", "o"], {
      QIBATES_PASSWORD: "p",
      PROVIDER_CA_FILE: "/nonexistent/company-ca.pem",
    });
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/PROVIDER_CA_FILE \/nonexistent\/company-ca\.pem cannot be read/);
  });
});

describe("qibates-snapshot --import-data: an Essbase data export replaces a snapshot's data", () => {
  const cli = (argv: string[]) => runCli(argv);
  /** A copy of the essbase-stndln snapshot with its data emptied, served under another name. */
  const emptyCopy = (name: string) => {
    const dir = mkdtempSync(join(tmpdir(), "qibates-import-"));
    const folder = join(dir, name);
    cpSync(join(root, "CopyRest"), folder, { recursive: true });
    const manifestPath = join(folder, "manifest.json");
    const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
    manifest.application = name;
    writeFileSync(manifestPath, JSON.stringify(manifest));
    return { dir, folder, manifestPath };
  };
  /** What Essbase writes for `export database Sample.Basic level0 data` (the engine's own export of the demo). */
  const demoExport = (columns: boolean) =>
    [...dataExportChunks(createSampleBasicCube(), { level: "level0", columns })].join("");

  for (const columns of [false, true]) {
    it(`reads a level-0 export${columns ? " in columns" : ""} and serves the same totals as the original`, async () => {
      const { dir, folder, manifestPath } = emptyCopy(columns ? "ImportCol" : "ImportNat");
      try {
        const file = join(dir, columns ? "export.txt.gz" : "export.txt");
        writeFileSync(file, columns ? gzipSync(demoExport(true)) : demoExport(false));
        const r = await cli(["--import-data", file, "--into", folder]);
        expect(r.err + r.out).not.toMatch(/rejected/);
        expect(r.code).toBe(0);
        expect(r.out).toMatch(/^Cube Basic of .*: \d+ stored cells from \d+ lines/);
        const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
        const data = readFileSync(join(folder, manifest.cubes[0].data.file));
        expect(createHash("sha256").update(data).digest("hex")).toBe(manifest.cubes[0].data.sha256);
        expect(manifest.cubes[0].computedMembers).toEqual([]);
        // the image of the data replaced is gone with it: the cube is served from its new data file
        expect(manifest.cubes[0].image).toBeUndefined();
        expect(readdirSync(folder)).not.toContain("Basic.image.bin");
        const snapshots = await loadCubeSnapshots(dir, DEMO_APPLICATIONS);
        expect(snapshots[0]?.cubes[0]?.servedFrom).toBe("data");
        const provider = await EmbeddedProvider.open({
          scheduler: new SliceScheduler(DEFAULT_SLICES),
          store: memoryStore(),
          credentialsValid: () => true,
          snapshots,
        });
        try {
          for (const grid of GRIDS) {
            const want = await refresh(served, "Sample", grid);
            const got = await refresh(provider, manifest.application, grid);
            expect(got?.grid).toEqual(want?.grid);
          }
        } finally {
          await provider.close();
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }

  it("leaves the snapshot unchanged when a line is rejected, and says which; --skip-rejected keeps the rest", async () => {
    const { dir, folder, manifestPath } = emptyCopy("ImportBad");
    try {
      const file = join(dir, "bad.txt");
      writeFileSync(
        file,
        ['"Jan" "Feb"', '"100-10" "New York" "Sales" "Actual" 1 2', '"100-10" "Atlantis" 3', ""].join("\n"),
      );
      const before = readFileSync(manifestPath, "utf8");
      const refused = await cli(["--import-data", file, "--into", folder]);
      expect(refused.code).toBe(1);
      expect(refused.err).toMatch(/1 of 3 lines was rejected; the snapshot is unchanged/);
      expect(refused.err).toMatch(/line 3: "Atlantis" is not a member of the outline/);
      expect(readFileSync(manifestPath, "utf8")).toBe(before);
      const kept = await cli(["--import-data", file, "--into", folder, "--skip-rejected"]);
      expect(kept.code).toBe(0);
      expect(kept.out).toMatch(/: 2 stored cells from 3 lines \(2 values\)/);
      expect(kept.out).toMatch(/\n {2}1 line rejected \(--skip-rejected\); the first:\n/);
      expect(JSON.parse(readFileSync(manifestPath, "utf8")).cubes[0].cells).toBe(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("refuses a snapshot without its manifest, a missing file, and other options mixed in", async () => {
    expect((await cli(["--import-data", "/nonexistent.txt", "--into", join(root, "nope")])).err).toMatch(
      /manifest\.json: missing, unreadable or not JSON/,
    );
    expect((await cli(["--import-data", "/nonexistent.txt", "--into", join(root, "CopyRest")])).err).toMatch(
      /nonexistent\.txt: cannot be read \(ENOENT\)/,
    );
    const mixed = await cli(["--import-data", "f", "--into", "d", "--connector", "ssas"]);
    expect(mixed.code).toBe(2);
    expect(mixed.err).toMatch(
      /--import-data takes --into, --cube and --skip-rejected only \(not --connector\)/,
    );
    const every = await cli(["--import-data", "/nonexistent.txt", "--into", join(root, "CopyXmla")]);
    expect(every.err).toMatch(/keeps the values its server computed at every level/);
  });
});
