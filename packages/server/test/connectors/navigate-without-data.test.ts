import { beforeAll, describe, expect, it } from "vitest";
import { listeningServer } from "../support/listening.ts";

/**
 * Navigation without data: a zoom or a keep only changes the layout and reads no data, so the data cells of
 * the members it brings come back empty, alike on the demo server and through each connector to its wire
 * endpoint. Through essbase-stndln they came back "#Missing" (missing), as if the cube held nothing there,
 * while New York holds 36, 32 and 39.
 */

const server = listeningServer({ QIBATES_WIRE_ENDPOINTS: "all" });

const WITHOUT_DATA = { navigateWithoutData: true };

const GRID = [
  ["", "Cola", "Sales", "Actual"],
  ["", "Jan", "Feb", "Mar"],
  ["East", "109", "85", "112"],
  ["West", "", "", ""],
];

describe.each(server.essbasePaths)("navigating without data through $name", ({ connector, address }) => {
  let body: Record<string, unknown>;
  beforeAll(async () => {
    body = { ...(await server.sampleBasic(connector, address())), grid: GRID };
  });
  /** `operation` on the row header of `row`, without data; its answer checked to be a 200. */
  const withoutData = async (operation: string, row: number) => {
    const r = await server.post(
      `action/${operation}`,
      { ...body, cells: [{ row, column: 0 }], settings: WITHOUT_DATA },
      { connector },
    );
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    return r;
  };

  it("a zoom in on East shows the states with empty data cells, East keeping its values", async () => {
    const r = await withoutData("zoomin", 2);
    const rows = (r.json.grid as unknown as string[][])
      .slice(2)
      .map((row) => [row[0]?.trim(), ...row.slice(1)]);
    const east = ["New York", "Massachusetts", "Florida", "Connecticut", "New Hampshire"];
    expect(rows).toEqual([...east.map((state) => [state, "", "", ""]), GRID[2], GRID[3]]);
    const kinds = (r.json.cellKinds as unknown as string[][]).slice(2, 7);
    for (const row of kinds) expect(row.slice(1)).toEqual(["data", "data", "data"]);
  });

  it("keep only West leaves its cells empty, not missing", async () => {
    const r = await withoutData("keeponly", 3);
    expect((r.json.grid as unknown as string[][])[2]).toEqual(["West", "", "", ""]);
    expect((r.json.cellKinds as unknown as string[][])[2]).toEqual(["row-header", "data", "data", "data"]);
  });

  it("a refresh afterwards reads the data: West 716, 712, 772", async () => {
    const r = await server.post(
      "action/refresh",
      { ...body, grid: [GRID[0], GRID[1], ["West", "", "", ""]], settings: WITHOUT_DATA },
      { connector },
    );
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect((r.json.grid as unknown as string[][])[2]).toEqual(["West", "716", "712", "772"]);
  });
});
