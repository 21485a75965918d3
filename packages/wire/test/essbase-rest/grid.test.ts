import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { EssbaseClient, endpointForTests, sheet } from "../support/endpoint.ts";

const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`../fixtures/essbase-rest/oracle-docs/${name}`, import.meta.url), "utf8"));

const GRID = "/applications/Sample/databases/Basic/grid";

const endpoint = endpointForTests();

async function session(preferences?: object) {
  const client = new EssbaseClient(endpoint.origin);
  if (preferences) expect((await client.put("/preferences/grid", preferences)).status).toBe(200);
  return client;
}

/** A new session and the default grid it opens on. */
async function sessionAtStart() {
  const client = await session();
  return { client, start: (await client.get(GRID)).json };
}

/** A grid request from rows of cells (types are left out: the endpoint reads the sheet). */
function gridOf(rows: string[][], extra: object = {}) {
  const columns = rows[0]?.length ?? 0;
  const values = rows.flat();
  return {
    alias: "Default",
    slice: {
      rows: rows.length,
      columns,
      data: { ranges: [{ start: 0, end: values.length - 1, values }] },
      ...extra,
    },
  };
}

describe("grid preferences", () => {
  it("starts from Essbase's defaults and keeps what a PUT changes", async () => {
    const client = await session();
    const defaults = fixture("preferences-grid-get.response.partial.json");
    const got = await client.get("/preferences/grid");
    expect(got.json).toMatchObject(defaults);
    expect(got.json.rowSupression.missing).toBe(false);
    await client.put("/preferences/grid", { zoomIn: { ancestor: "bottom" }, indentation: "NONE" });
    const after = (await client.get("/preferences/grid")).json;
    expect(after.zoomIn).toEqual({ ancestor: "bottom", mode: "children" });
    expect(after.indentation).toBe("NONE");
    expect(after.missingText).toBe("#Missing");
  });

  it("refuses values of the wrong type or outside the case-sensitive enums", async () => {
    const client = await session();
    const upper = await client.call(
      "PUT",
      "/preferences/grid",
      { zoomIn: { ancestor: "TOP" } },
      { check: false },
    );
    expect(upper.status).toBe(400);
    expect(upper.error).toMatch(/top, bottom/);
    const wrong = await client.call("PUT", "/preferences/grid", { navigate: "yes" }, { check: false });
    expect(wrong.status).toBe(400);
  });
});

describe("default grid and zoom in (Sample.Basic, as the Essbase blog example)", () => {
  it("answers the default grid as a 3 x 4 sheet with the POV on the top row", async () => {
    const client = await session();
    const r = await client.get(GRID);
    const example = fixture("blog-essbaselabs-grid-get.default-grid.slice.partial.json").slice;
    expect(r.json.slice.rows).toBe(example.rows);
    expect(r.json.slice.columns).toBe(example.columns);
    const values: string[] = r.json.slice.data.ranges[0].values;
    expect(r.json.slice.data.ranges[0]).toMatchObject({ start: 0, end: example.data.ranges[0].end });
    // The demo's data differ from Oracle's Sample.Basic: every cell but the total is the example's.
    const total = values[9];
    expect(total).toMatch(/^\d+\.0$/);
    expect(values.map((v, i) => (i === 9 ? "105522.0" : v))).toEqual(example.data.ranges[0].values);
    expect(r.json.slice.data.ranges[0].types).toEqual([
      "7",
      "0",
      "0",
      "0",
      "7",
      "0",
      "7",
      "7",
      "0",
      "2",
      "7",
      "7",
    ]);
    expect(r.json.alias).toBe("Default");
    expect(r.json.dimensions).toEqual([
      { name: "Year", row: -1, column: 0, pov: "", hidden: false, expanded: false },
      { name: "Measures", row: 1, column: -1, pov: "", hidden: false, expanded: false },
      { name: "Product", row: -1, column: -1, pov: "Product", hidden: false, expanded: false },
      { name: "Market", row: -1, column: -1, pov: "Market", hidden: false, expanded: false },
      { name: "Scenario", row: -1, column: -1, pov: "Scenario", hidden: false, expanded: false },
    ]);
  });

  it("zooms in on Year with ranges [[2,0,1,1]]: the quarters indented, Year after them with ancestor bottom", async () => {
    const client = await session({ zoomIn: { ancestor: "bottom" } });
    const start = (await client.get(GRID)).json;
    const request = fixture("blog-essbaselabs-grid-post.zoomin.request.partial.json");
    const r = await client.post(GRID, { ...request, grid: start });
    const expected = fixture("blog-essbaselabs-grid-post.zoomin.response.slice.partial.json").slice;
    expect(r.json.slice.rows).toBe(7);
    const rows = sheet(r.json);
    expect(rows.map((line) => line[0])).toEqual(sheet({ slice: expected }).map((line) => line[0]));
    expect(rows[2]?.[1]).toMatch(/^\d+\.0$/);
    // The quarters add up to the year.
    const sum = [2, 3, 4, 5].reduce((n, i) => n + Number(rows[i]?.[1]), 0);
    expect(sum).toBe(Number(rows[6]?.[1]));
  });

  it("puts Year before its quarters with the default ancestor top, and does not indent with NONE", async () => {
    const client = await session({ indentation: "NONE" });
    const start = (await client.get(GRID)).json;
    const r = await client.post(GRID, { action: "zoomin", ranges: [[2, 0, 1, 1]], grid: start });
    expect(sheet(r.json).map((line) => line[0])).toEqual(["", "", "Year", "Qtr1", "Qtr2", "Qtr3", "Qtr4"]);
  });

  it("zooms in with coordinates read as [row, column]", async () => {
    const { client, start } = await sessionAtStart();
    const r = await client.post(GRID, { action: "zoomin", coordinates: [2, 0], grid: start });
    expect(sheet(r.json).map((line) => line[0])).toEqual([
      "",
      "",
      "Year",
      "     Qtr1",
      "     Qtr2",
      "     Qtr3",
      "     Qtr4",
    ]);
  });

  it("zooms to the leaves with mode base, and out again", async () => {
    const client = await session({ zoomIn: { mode: "base" } });
    const start = (await client.get(GRID)).json;
    const zoomed = await client.post(GRID, { action: "zoomin", ranges: [[2, 0, 1, 1]], grid: start });
    expect(zoomed.json.slice.rows).toBe(15);
    expect(
      sheet(zoomed.json)
        .map((line) => (line[0] ?? "").trim())
        .slice(2, 5),
    ).toEqual(["Year", "Jan", "Feb"]);
    // Zooming out of Jan folds its siblings back into Qtr1.
    const out = await client.post(GRID, { action: "zoomout", ranges: [[3, 0, 1, 1]], grid: zoomed.json });
    const labels = sheet(out.json).map((line) => (line[0] ?? "").trim());
    expect(labels.slice(2, 5)).toEqual(["Year", "Qtr1", "Apr"]);
    expect(labels).toHaveLength(13);
  });

  it("refuses an upper-case action with Jackson's message", async () => {
    const { client, start } = await sessionAtStart();
    const r = await client.post(
      GRID,
      { action: "ZOOMIN", ranges: [[2, 0, 1, 1]], grid: start },
      { check: false },
    );
    expect(r.status).toBe(400);
    expect(r.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(r.error).toBe(
      'Cannot deserialize value of type oracle.essbase.restws.services.main.grid.Action from String "ZOOMIN": value not one of declared Enum instance names: [removeonly, keeponly, pivot, submit, pivotToPOV, refresh, zoomin, zoomout]',
    );
  });

  it("answers a range read as [r,c,r,c] that leaves the grid with the nonsensical-report message", async () => {
    const { client, start } = await sessionAtStart();
    const r = await client.post(GRID, { action: "zoomin", ranges: [[2, 0, 2, 0]], grid: start });
    expect(r.status).toBe(400);
    expect(r.error).toBe("This operation would generate a nonsensical report");
  });

  it("refuses a slice whose rows × columns pass the cell limit before making a cell, and goes on answering", async () => {
    const { client, start } = await sessionAtStart();
    // An 836-byte body that said 1e308 rows once filled the process's memory until it died.
    for (const shape of [
      { rows: 1e308, columns: 4 },
      { rows: 3, columns: Number.MAX_SAFE_INTEGER },
      { rows: 1000, columns: 1000 },
    ]) {
      const grid = { ...start, slice: { ...start.slice, ...shape } };
      // Outside Oracle's description (int32 rows and columns), so sent unchecked.
      const r = await client.post(GRID, { action: "refresh", grid }, { check: false });
      expect(r.status).toBe(400);
      expect(r.error).toBe("The grid's slice has more cells (rows × columns) than the server accepts.");
    }
    expect((await client.post(GRID, { action: "refresh", grid: start })).status).toBe(200);
  });
});

describe("keep only, remove only, pivots", () => {
  async function quarters(client: EssbaseClient) {
    const start = (await client.get(GRID)).json;
    return (await client.post(GRID, { action: "zoomin", ranges: [[2, 0, 1, 1]], grid: start })).json;
  }

  it("keeps only the selected members, and ignores keep only sent by coordinates (grid unchanged)", async () => {
    const client = await session();
    const grid = await quarters(client);
    const kept = await client.post(GRID, { action: "keeponly", ranges: [[3, 0, 2, 1]], grid });
    expect(sheet(kept.json).map((line) => (line[0] ?? "").trim())).toEqual(["", "", "Qtr1", "Qtr2"]);
    const ignored = await client.post(GRID, { action: "keeponly", coordinates: [12], grid });
    expect(sheet(ignored.json)).toEqual(sheet(grid));
    const zoomOutIgnored = await client.post(GRID, { action: "zoomout", coordinates: [12], grid });
    expect(sheet(zoomOutIgnored.json)).toEqual(sheet(grid));
  });

  it("removes the selected members, and refuses to empty the rows with Essbase's message", async () => {
    const client = await session();
    const grid = await quarters(client);
    const removed = await client.post(GRID, { action: "removeonly", ranges: [[2, 0, 1, 1]], grid });
    expect(sheet(removed.json).map((line) => (line[0] ?? "").trim())).toEqual([
      "",
      "",
      "Qtr1",
      "Qtr2",
      "Qtr3",
      "Qtr4",
    ]);
    const byIndex = await client.post(GRID, { action: "removeonly", coordinates: [12], grid: removed.json });
    expect(sheet(byIndex.json).map((line) => (line[0] ?? "").trim())).toEqual([
      "",
      "",
      "Qtr1",
      "Qtr3",
      "Qtr4",
    ]);
    const start = (await client.get(GRID)).json;
    const empty = await client.post(GRID, { action: "removeonly", ranges: [[2, 0, 1, 1]], grid: start });
    expect(empty.status).toBe(400);
    expect(empty.error).toBe("You must have a row header in order to perform this retrieval");
  });

  it("pivots a POV dimension to the rows by flat index, and back to the POV with pivotToPOV", async () => {
    const { client, start } = await sessionAtStart();
    // Cell 1 is Product in the POV row.
    const pivoted = await client.post(GRID, { action: "pivot", coordinates: [1], grid: start });
    const placed = pivoted.json.dimensions.find((d: { name: string }) => d.name === "Product");
    expect(placed).toMatchObject({ column: 0, pov: "" });
    const rows = sheet(pivoted.json);
    const productCell = rows.findIndex((line) => line[0] === "Product");
    expect(productCell).toBeGreaterThan(0);
    const back = await client.post(GRID, {
      action: "pivotToPOV",
      coordinates: [productCell * pivoted.json.slice.columns],
      grid: pivoted.json,
    });
    expect(back.json.dimensions.find((d: { name: string }) => d.name === "Product").pov).toBe("Product");
  });

  it("moves a dimension to where [from, to] points: a POV dimension to the columns", async () => {
    const { client, start } = await sessionAtStart();
    // From Market (cell 2) to Measures (cell 5, the column header).
    const r = await client.post(GRID, { action: "pivot", coordinates: [2, 5], grid: start });
    const market = r.json.dimensions.find((d: { name: string }) => d.name === "Market");
    expect(market).toMatchObject({ column: -1, pov: "" });
    expect(market.row).toBeGreaterThanOrEqual(0);
  });

  it("sends the only row dimension to the POV with Oracle's pivotToPOV example [8, 2], refilling the rows", async () => {
    const { client, start } = await sessionAtStart();
    const r = await client.post(GRID, { action: "pivotToPOV", coordinates: [8, 2], grid: start });
    const year = r.json.dimensions.find((d: { name: string }) => d.name === "Year");
    expect(year).toMatchObject({ pov: "Year", row: -1, column: -1 });
    expect(r.json.dimensions.filter((d: { column: number }) => d.column === 0)).toHaveLength(1);
  });

  it("refuses to pivot the last row dimension and a pivot from a data cell, with Essbase's messages", async () => {
    const { client, start } = await sessionAtStart();
    const last = await client.post(GRID, { action: "pivot", coordinates: [8], grid: start });
    expect(last.status).toBe(400);
    expect(last.error).toBe("Cannot pivot last row");
    const data = await client.post(GRID, { action: "pivot", coordinates: [9], grid: start });
    expect(data.status).toBe(400);
    expect(data.error).toBe("Pivot starting point cannot be determined");
  });
});

describe("submit", () => {
  it("writes the dirty cells and a refresh shows the written value", async () => {
    const client = await session();
    const grid = gridOf([
      ["", "100-10", "New York", "Actual"],
      ["", "Sales", "", ""],
      ["Jan", "", "", ""],
    ]);
    const base = await client.post(GRID, { action: "refresh", grid });
    expect(base.status).toBe(200);
    const columns = base.json.slice.columns;
    const [dataRow, col] = [2, 1];
    expect(sheet(base.json)[dataRow]?.[col]).toMatch(/^\d+\.0$/);
    const values = [...base.json.slice.data.ranges[0].values];
    values[dataRow * columns + col] = "1.0E7";
    const submitted = await client.post(GRID, {
      action: "submit",
      grid: {
        ...base.json,
        slice: {
          ...base.json.slice,
          dirtyCells: [dataRow * columns + col],
          data: { ranges: [{ start: 0, values }] },
        },
      },
    });
    expect(submitted.status).toBe(200);
    expect(sheet(submitted.json)[dataRow]?.[col]).toBe("1.0E7");
    const again = await client.post(GRID, { action: "refresh", grid: base.json });
    expect(sheet(again.json)[dataRow]?.[col]).toBe("1.0E7");
    expect(
      endpoint.store.entries.some((e) => e.entry.kind === "cells" && e.writtenBy === "essbase-rest:demo"),
    ).toBe(true);
  });

  it("writes nothing without dirtyCells", async () => {
    const client = await session();
    const base = (await client.get(GRID)).json;
    const values = [...base.slice.data.ranges[0].values];
    values[9] = "1.0";
    const before = endpoint.store.entries.length;
    const r = await client.post(GRID, {
      action: "submit",
      grid: { ...base, slice: { ...base.slice, data: { ranges: [{ start: 0, values }] } } },
    });
    expect(r.status).toBe(200);
    expect(sheet(r.json)[2]?.[1]).toBe(base.slice.data.ranges[0].values[9]);
    expect(endpoint.store.entries.length).toBe(before);
  });
});
