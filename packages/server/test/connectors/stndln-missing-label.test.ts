import { beforeAll, describe, expect, it } from "vitest";
import { listeningServer } from "../support/listening.ts";

/**
 * A missing label that reads as a number (Missing label `0`, Refresh page): an empty cell is missing and a cell
 * holding 0 is data, through essbase-stndln as on the demo server. Through the Essbase REST endpoint an empty
 * cell came back data, as if the cube held 0 there (the endpoint wrote the label as a number, `0.0`).
 */

const server = listeningServer({ QIBATES_WIRE_ENDPOINTS: "all" });

/** The demo server, and essbase-stndln to this server's Essbase REST endpoint. */
const PATHS = server.essbasePaths.filter(
  (p) => p.connector === "essbase-stndln" || p.name === "the demo server",
);

/** Caffeine Free Cola is not sold in Texas; Cola sold 0 in Connecticut in Jan. */
const GRID = [
  ["", "Sales", "Actual", "Jan"],
  ["", "100-10", "100-30", ""],
  ["Connecticut", "", "", ""],
  ["Texas", "", "", ""],
];

describe.each(PATHS)("Missing label 0 through $name", (path) => {
  let login: Record<string, unknown>;
  beforeAll(async () => {
    login = await server.sampleBasic(path.connector, path.address());
  });

  it("shows 0 in the empty cells, read as missing, and keeps a real 0 as data", async () => {
    const r = await server.post(
      "action/refresh",
      { ...login, grid: GRID, settings: { missingLabel: "0" } },
      { connector: path.connector },
    );
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const grid = r.json.grid as unknown as string[][];
    const kinds = r.json.cellKinds as unknown as string[][];
    expect(grid[2]).toEqual(["Connecticut", "0", "25", ""]);
    expect(kinds[2]).toEqual(["row-header", "data", "data", "blank"]);
    expect(grid[3]).toEqual(["Texas", "50", "0", ""]);
    expect(kinds[3]).toEqual(["row-header", "data", "missing", "blank"]);
  });
});
