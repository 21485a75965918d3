import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

/**
 * Writes a small snapshot by hand into `folder`/`application`, as `qibates snapshot` would: a cube `Plan` of two
 * dimensions, Measures (Sales, Costs, dense) and Market (`markets`, sparse), with `cells` at level 0
 * ([measure, market, value]), its files listed with their digests in the manifest.
 */
export function writeSmallSnapshot(
  folder: string,
  application: string,
  cells: readonly (readonly [string, string, number])[],
  options: { markets?: readonly [string, string]; server?: string; takenAt?: string } = {},
): void {
  const dir = join(folder, application);
  mkdirSync(dir, { recursive: true });
  const [east, west] = options.markets ?? ["East", "West"];
  const outline = Buffer.from(
    JSON.stringify({
      dimensions: [
        { name: "Measures", density: "dense", members: [{ name: "Sales" }, { name: "Costs" }] },
        { name: "Market", density: "sparse", members: [{ name: east }, { name: west }] },
      ],
    }),
  );
  const data = gzipSync(
    ["Measures\tMarket\tvalue", ...cells.map(([m, k, v]) => `${m}\t${k}\t${v}`), ""].join("\n"),
  );
  writeFileSync(join(dir, "Plan.outline.json"), outline);
  writeFileSync(join(dir, "Plan.data.tsv.gz"), data);
  const file = (name: string, bytes: Buffer) => ({
    file: name,
    sha256: createHash("sha256").update(bytes).digest("hex"),
    bytes: bytes.length,
  });
  const manifest = {
    format: "qibates-cube-snapshot",
    version: 1,
    application,
    source: {
      connector: "essbase-stndln",
      address: "https://essbase.example.com/essbase/japi",
      server: options.server ?? "EssbaseCluster-1",
      application,
      takenAt: options.takenAt ?? "2026-11-25T00:00:00Z",
    },
    cubes: [
      {
        name: "Plan",
        outline: file("Plan.outline.json", outline),
        data: file("Plan.data.tsv.gz", data),
        members: 6,
        cells: cells.length,
        computedMembers: [],
      },
    ],
    notCarried: [],
  };
  writeFileSync(join(dir, "manifest.json"), JSON.stringify(manifest));
}
