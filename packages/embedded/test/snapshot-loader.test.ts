import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { CubeSnapshotError, loadCubeSnapshots } from "../src/index.ts";

/**
 * The snapshot loader (QIBATES_SNAPSHOTS) refuses what it cannot read, with a message naming
 * the file: a line longer than its bound, a link, a pipe, a linked snapshot folder, an application name that
 * `--name` would refuse, a member name with a control character (which no XML answer can carry).
 */
const root = mkdtempSync(join(tmpdir(), "qibates-loader-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const sum = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

interface Options {
  application?: string;
  member?: string;
  data?: Buffer;
}

/** A snapshots folder holding one snapshot `App` (a cube `Plan` of two dimensions); answers the folder. */
function snapshots(name: string, o: Options = {}): { dir: string; folder: string } {
  const dir = join(root, name);
  const folder = join(dir, "App");
  mkdirSync(folder, { recursive: true });
  const outline = Buffer.from(
    JSON.stringify({
      dimensions: [
        { name: "Measures", density: "dense", members: [{ name: "Sales" }] },
        { name: "Market", density: "sparse", members: [{ name: o.member ?? "East" }, { name: "West" }] },
      ],
    }),
  );
  const data = o.data ?? gzipSync("Measures\tMarket\tvalue\nSales\tWest\t5\n");
  writeFileSync(join(folder, "Plan.outline.json"), outline);
  writeFileSync(join(folder, "Plan.data.tsv.gz"), data);
  const file = (f: string, bytes: Buffer) => ({ file: f, sha256: sum(bytes), bytes: bytes.length });
  const manifest = {
    format: "qibates-cube-snapshot",
    version: 1,
    application: o.application ?? "App",
    source: {
      connector: "essbase-stndln",
      address: "https://e.example.com",
      server: "s",
      application: "App",
      takenAt: "2026-11-25T00:00:00Z",
    },
    cubes: [
      {
        name: "Plan",
        outline: file("Plan.outline.json", outline),
        data: file("Plan.data.tsv.gz", data),
        members: 4,
        cells: 1,
        computedMembers: [],
      },
    ],
    notCarried: [],
  };
  writeFileSync(join(folder, "manifest.json"), JSON.stringify(manifest));
  return { dir, folder };
}

async function refusal(dir: string): Promise<string> {
  const e = await loadCubeSnapshots(dir, []).then(
    () => null,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(CubeSnapshotError);
  return (e as Error).message;
}

describe("the snapshot loader", () => {
  it("serves a good snapshot", async () => {
    const { dir } = snapshots("good");
    const [s] = await loadCubeSnapshots(dir, []);
    expect(s?.manifest.application).toBe("App");
  });

  it("refuses a data line longer than its bound, naming the file and the line", async () => {
    const long = "x".repeat(2 * 1024 * 1024);
    const { dir, folder } = snapshots("long-line", {
      data: gzipSync(`Measures\tMarket\tvalue\nSales\t${long}\t5\n`),
    });
    expect(await refusal(dir)).toBe(`${join(folder, "Plan.data.tsv.gz")}: line 2 is longer than 65536 bytes`);
  });

  it("refuses a file that is a link, never printing what it points to", async () => {
    const { dir, folder } = snapshots("linked-file");
    const outline = join(folder, "Plan.outline.json");
    writeFileSync(join(root, "outside.json"), "root:x:0:0:secret");
    unlinkSync(outline);
    symlinkSync(join(root, "outside.json"), outline);
    const message = await refusal(dir);
    expect(message).toContain(`${outline}: a link`);
    expect(message).not.toContain("root:x");
  });

  it("refuses a named pipe at once instead of waiting for a writer", async () => {
    const { dir, folder } = snapshots("pipe");
    const data = join(folder, "Plan.data.tsv.gz");
    unlinkSync(data);
    execFileSync("mkfifo", [data]);
    expect(await refusal(dir)).toContain(`${data}: not a regular file`);
  });

  it("refuses a linked snapshot folder with a word, instead of passing it over", async () => {
    const { dir } = snapshots("linked-folder");
    const { folder: other } = snapshots("elsewhere");
    symlinkSync(other, join(dir, "Other"));
    expect(await refusal(dir)).toContain(`${join(dir, "Other")}: a link`);
  });

  it("refuses a manifest's application name that --name refuses", async () => {
    for (const application of ["../../etc", "x".repeat(1024 * 1024), "A\u0001B"]) {
      const { dir, folder } = snapshots(`name-${application.length}`, { application });
      const message = await refusal(dir);
      expect(message).toContain(`${join(folder, "manifest.json")}: application name `);
      expect(message).toContain(
        "is not 1 to 30 unaccented letters, digits, spaces, _ or -, not starting with a space or -",
      );
      expect(message.length).toBeLessThan(1000);
    }
  });

  it("refuses a member name with a control character, naming the outline file", async () => {
    const { dir, folder } = snapshots("control", { member: "Ea\u0001st" });
    const message = await refusal(dir);
    expect(message).toContain(
      `${join(folder, "Plan.outline.json")}: not a valid outline (member "Ea\\u0001st"`,
    );
  });
});
