import { jsonAnswer, valueAnswer } from "@qibates/provider";
import { describe, expect, it } from "vitest";
import { countingTurns } from "../../../protocols/test/support/turns.ts";
import { restGrid } from "../../src/essbase-rest/grid.ts";
import { DOWNLOAD_LOOP_CELLS, MdxDownloads } from "../../src/essbase-rest/mdx-download.ts";
import { EssbaseClient, endpointForTests } from "../support/endpoint.ts";

/**
 * Essbase's `…/mdx` answers its report in every format (JSON, CSV, HTML, XLSX) within MAX_GRID_CELLS, as
 * the grid routes and XML for Analysis do, and makes a large report off the event loop. It ignored MAX_GRID_CELLS
 * (only the engine's 1,000,000 applied) and wrote an 803,584-cell workbook on the event loop, which held every
 * other call for 2 s.
 */
const endpoint = endpointForTests({ maxCells: 1_000 });

const DB = "/applications/Sample/databases/Basic";
/** 12 months × the 19 level-0 products × the 20 states: 4,560 data cells, more than the 1,000 allowed. */
const LARGE =
  "SELECT {[Year].Levels(0).Members} ON COLUMNS, " +
  "CrossJoin({[Product].Levels(0).Members}, {[Market].Levels(0).Members}) ON ROWS FROM Sample.Basic";
const SMALL = "SELECT {[Jan], [Feb]} ON COLUMNS, {[East], [West]} ON ROWS FROM Sample.Basic";

describe("MAX_GRID_CELLS on every route that answers a query", () => {
  it.each(["XLSX", "CSV", "HTML", "JSON"])(
    "…/mdx?format=%s refuses a query past MAX_GRID_CELLS with the cells it would answer",
    async (format) => {
      const client = new EssbaseClient(endpoint.origin);
      const r = await client.call("POST", `${DB}/mdx?format=${format}`, { query: LARGE }, { check: false });
      expect(r.status).toBe(400);
      expect(r.error).toMatch(/more than the 1,000 allowed/);
      // A query within it is answered in the same format.
      const ok = await client.call("POST", `${DB}/mdx?format=${format}`, { query: SMALL }, { check: false });
      expect(ok.status).toBe(200);
    },
  );

  it("grid/mdx refuses it the same way", async () => {
    const client = new EssbaseClient(endpoint.origin);
    const r = await client.call("POST", `${DB}/grid/mdx`, { query: LARGE }, { check: false });
    expect(r.status).toBe(400);
    expect(r.error).toMatch(/more than the 1,000 allowed/);
  });
});

/** A provider's grid of `rows` × `columns` (one header row and column), as the report reads it. */
function providerGrid(rows: number, columns: number) {
  const grid: string[][] = [];
  const cellKinds: ("corner" | "column-header" | "row-header" | "data")[][] = [];
  for (let r = 0; r < rows; r++) {
    grid.push(
      Array.from({ length: columns }, (_, c) => (r === 0 ? `C${c}` : c === 0 ? `R${r}` : String(r + c))),
    );
    cellKinds.push(
      Array.from({ length: columns }, (_, c) =>
        r === 0 ? (c === 0 ? "corner" : "column-header") : c === 0 ? "row-header" : "data",
      ),
    );
  }
  const layout = {
    headerRows: 1,
    leftColumns: 1,
    rowDimensions: ["Market"],
    columnDimensions: ["Year"],
    pov: {} as Record<string, string>,
  };
  return { grid, cellKinds, layout };
}

const REQUEST = {
  outline: [
    { name: "Year", attribute: false },
    { name: "Market", attribute: false },
  ],
  dataless: false,
  title: "Sample.Basic",
} as const;

describe("a large report is made off the event loop", () => {
  it("lets the event loop turn while a workbook of 60,000 cells is written, and answers the same rows", async () => {
    const downloads = new MdxDownloads();
    try {
      const value = providerGrid(600, 100);
      const bytes = new TextEncoder().encode(JSON.stringify(value));
      const { value: xlsx, turns } = await countingTurns(() =>
        downloads.make(jsonAnswer(bytes, { rows: 600, columns: 100 }, Object.keys(value)), {
          ...REQUEST,
          format: "XLSX",
        }),
      );
      // Written on the event loop, the workbook held it from start to end: no turn at all.
      expect(turns).toBeGreaterThan(100);
      expect(Buffer.from(xlsx.subarray(0, 2)).toString("latin1")).toBe("PK");
      // The CSV made there reads the grid's rows.
      const csv = new TextDecoder().decode(
        await downloads.make(valueAnswer(providerGrid(600, 100)), { ...REQUEST, format: "CSV" }),
      );
      const lines = csv.split("\r\n");
      expect(lines[0]?.split(",").slice(0, 3)).toEqual(["", "C1", "C2"]);
      expect(lines[599]?.split(",").slice(0, 3)).toEqual(["R599", "600.0", "601.0"]);
    } finally {
      await downloads.close();
    }
  });

  it("lays out …/grid/mdx's Grid of 60,000 cells while the event loop turns, the Grid the route made on it", async () => {
    const downloads = new MdxDownloads();
    try {
      const value = providerGrid(600, 100);
      const bytes = new TextEncoder().encode(JSON.stringify(value));
      const { value: made, turns } = await countingTurns(() =>
        downloads.make(jsonAnswer(bytes, { rows: 600, columns: 100 }, Object.keys(value)), {
          ...REQUEST,
          format: "GRID",
          alias: "Default",
        }),
      );
      // Read, laid out and written on the event loop (hundreds of milliseconds for 383,000 cells), no turn at all.
      expect(turns).toBeGreaterThan(100);
      const onLoop = JSON.stringify(restGrid(value, ["Year", "Market"], "Default"));
      expect(new TextDecoder().decode(made)).toBe(onLoop);
      // Member names when no alias table is asked.
      const names = JSON.parse(
        new TextDecoder().decode(
          await downloads.make(valueAnswer(providerGrid(10, 10)), { ...REQUEST, format: "GRID" }),
        ),
      );
      expect(names.alias).toBe("none");
      expect(names.dimensions.map((d: { name: string }) => d.name)).toEqual(["Year", "Market"]);
    } finally {
      await downloads.close();
    }
  });

  it("makes a small report at once, on the event loop", async () => {
    const downloads = new MdxDownloads();
    try {
      const small = providerGrid(10, 10);
      expect(10 * 10).toBeLessThan(DOWNLOAD_LOOP_CELLS);
      const json = JSON.parse(
        new TextDecoder().decode(await downloads.make(valueAnswer(small), { ...REQUEST, format: "JSON" })),
      );
      expect(json.metadata).toEqual({ page: [], column: ["Year"], row: ["Market"] });
      expect(json.data[1].slice(0, 2)).toEqual(["R1", "2.0"]);
    } finally {
      await downloads.close();
    }
  });
});
