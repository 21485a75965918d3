import { describe, expect, it } from "vitest";
import { expectRefusedInBoth, listeningServer } from "../support/listening.ts";

/**
 * Every grid the server returns can be sent back: an add-in user who zoomed or queried a grid of more than
 * 10,000 rows or 1,000 columns (within MAX_GRID_CELLS) could not refresh, zoom or save it, the request refused
 * with 400 QB_ERR_VALIDATION "must have at most 10000 items". A grid call now takes a spreadsheet's rows and
 * columns (1,048,576 and 16,384), MAX_GRID_CELLS still bounds its cells, and an answer wider than a grid call
 * takes is refused rather than returned.
 */

const server = listeningServer({ QIBATES_WIRE_ENDPOINTS: "all", RATE_LIMIT_PER_MINUTE: "1000000" });
// ssas too: its refresh of such a grid is read with several MDX texts, each within the 64 KiB the XMLA
// endpoint reads (it was one of about 1 MB, refused: 502).
const paths = server.essbasePaths;
const months = "{[Jan],[Feb],[Mar],[Apr],[May],[Jun],[Jul],[Aug],[Sep],[Oct]}";
/** 11,001 rows of 5 cells: every dimension on an axis, so that the answer has no POV row to add. */
const LONG = `SELECT {[Sales]} ON COLUMNS, CrossJoin(Descendants([Market]), CrossJoin(Descendants([Product]), CrossJoin({[Actual],[Budget]}, ${months}))) ON ROWS FROM Sample.Basic`;
/** 4 rows of 1,102 cells. */
const WIDE =
  "SELECT CrossJoin(Descendants([Market]), CrossJoin(Descendants([Product]), {[Actual],[Budget]})) ON COLUMNS, CrossJoin({[Sales]}, {[Jan]}) ON ROWS FROM Sample.Basic";

/** One row of 16,384 cells, then 400,002 rows of one: 416,386 cells, 6,553,649,152 as a rectangle. */
const ragged = [Array.from({ length: 16_384 }, () => ""), ...Array.from({ length: 400_002 }, () => ["Cola"])];
const RAGGED_MESSAGE = "The grid is too large: 6,553,649,152 cells sent, at most 500,000 accepted.";

describe.each(paths)("a grid the server returns, sent back to refresh it ($name)", (path) => {
  for (const [what, query, rows, columns] of [
    ["11,001 rows", LONG, 11_001, 5],
    ["1,102 columns", WIDE, 4, 1_102],
  ] as const) {
    it(`is refreshed, the same grid again (${what})`, async () => {
      const cube = await server.sampleBasic(path.connector, path.address());
      const mdx = await server.post("action/mdx", { ...cube, query }, { connector: path.connector });
      expect(mdx.status, JSON.stringify(mdx.json).slice(0, 300)).toBe(200);
      const grid = mdx.json.grid as unknown as string[][];
      expect([grid.length, grid[0]?.length]).toEqual([rows, columns]);
      const refresh = await server.post("action/refresh", { ...cube, grid }, { connector: path.connector });
      expect(refresh.status, JSON.stringify(refresh.json).slice(0, 300)).toBe(200);
      expect(refresh.json.grid).toEqual(grid);
    });
  }

  it("is never wider than a grid call takes: an answer of 18,701 columns is refused, 413", async () => {
    const cube = await server.sampleBasic(path.connector, path.address());
    const query =
      "SELECT CrossJoin(Descendants([Year]), CrossJoin(Descendants([Market]), CrossJoin(Descendants([Product]), {[Actual],[Budget]}))) ON COLUMNS, {[Sales]} ON ROWS FROM Sample.Basic";
    await expectRefusedInBoth(
      server,
      "action/mdx",
      { ...cube, query },
      path.connector,
      "cells",
      {
        en: "The grid is too large: the answer would have 18,701 columns, at most 16,384 allowed (the most a grid call accepts).",
        fr: "La grille est trop grande\u00a0: la réponse aurait 18\u202f701\u00a0colonnes, 16\u202f384 au plus permises (le plus qu'un appel de grille accepte).",
      },
      { status: 413, code: "QB_ERR_GRID_TOO_LARGE" },
    );
  });

  it("is still refused past MAX_GRID_CELLS: 166,667 rows of 3 cells, 500,001 cells, answer 413", async () => {
    const cube = await server.sampleBasic(path.connector, path.address());
    const grid = Array.from({ length: 166_667 }, () => ["", "", ""]);
    const refresh = await server.post("action/refresh", { ...cube, grid }, { connector: path.connector });
    expect([refresh.status, refresh.json.code]).toEqual([413, "QB_ERR_GRID_TOO_LARGE"]);
    expect(refresh.json.message).toBe("The grid is too large: 500,001 cells sent, at most 500,000 accepted.");
  });

  it("is counted as its rows × its longest row: a ragged grid of 416,386 cells as wide as a sheet is refused, 413", async () => {
    const cube = await server.sampleBasic(path.connector, path.address());
    const refresh = await server.post(
      "action/refresh",
      { ...cube, grid: ragged },
      { connector: path.connector },
    );
    expect([refresh.status, refresh.json.code]).toEqual([413, "QB_ERR_GRID_TOO_LARGE"]);
    expect(refresh.json.message).toBe(RAGGED_MESSAGE);
  });
});

describe.each(server.planningPaths)("a form's grid sent to submit ($name)", (path) => {
  it("is counted as its rows × its longest row: a ragged grid as wide as a sheet is refused, 413", async () => {
    const app = await server.vision(path.connector, path.address());
    const body = { ...app, folder: "/Forms/Revenue", formName: "Revenue Plan", grid: ragged };
    const submit = await server.post("action/submitform", body, { connector: path.connector });
    expect([submit.status, submit.json.code]).toEqual([413, "QB_ERR_GRID_TOO_LARGE"]);
    expect(submit.json.message).toBe(RAGGED_MESSAGE);
  });
});
