import { beforeAll, describe, expect, it } from "vitest";
import { listeningServer } from "../support/listening.ts";

/**
 * What Remove Only and Submit refuse, through essbase-stndln as on the demo server (Keep Only and Remove Only,
 * Submit data pages): a Remove Only that would empty the rows was a 502 with Essbase's English words, in a
 * French answer too; a Dynamic Calc cell (Profit) or a text that is not a number was reported written, so the
 * add-in counted it among the cells submitted although the server kept its own value.
 */

const server = listeningServer({ QIBATES_WIRE_ENDPOINTS: "all" });

const DEMO = {
  name: "the demo server",
  connector: "essbase",
  address: () => "https://demo.qibates.local/aps/JAPI",
};
const STNDLN = {
  name: "essbase-stndln to Essbase REST",
  connector: "essbase-stndln",
  address: () => `${server.base}/essbase/japi`,
};
const SMARTVIEW = {
  name: "essbase to Smart View",
  connector: "essbase",
  address: () => `${server.base}/aps/JAPI`,
};
const XMLA = { name: "ssas to XMLA", connector: "ssas", address: () => `${server.base}/aps/JAPI` };

const EAST = [
  ["", "100-10", "Sales", "Actual"],
  ["", "Jan", "Feb", "Mar"],
  ["East", "", "", ""],
];

describe.each([DEMO, SMARTVIEW, XMLA, STNDLN])(
  "Remove Only of the last row member, through $name",
  (path) => {
    let body: Record<string, unknown>;
    beforeAll(async () => {
      body = { ...(await server.sampleBasic(path.connector, path.address())), grid: EAST };
    });

    it("is refused as an invalid selection, in English and in French", async () => {
      const cells = [{ row: 2, column: 0 }];
      const en = await server.post("action/removeonly", { ...body, cells }, { connector: path.connector });
      expect(en.status, JSON.stringify(en.json)).toBe(422);
      expect(en.json).toMatchObject({
        code: "QB_ERR_SELECTION_INVALID",
        field: "cells",
        message:
          "Invalid selection: this would leave the grid with no member on its rows or its columns; keep at least one member on the rows and one on the columns.",
        detail:
          "Essbase's wording of this refusal: You must have a row header in order to perform this retrieval.",
      });
      const fr = await server.post(
        "action/removeonly",
        { ...body, cells },
        { connector: path.connector, language: "fr-FR" },
      );
      expect(fr.status, JSON.stringify(fr.json)).toBe(422);
      expect(fr.json).toMatchObject({
        code: "QB_ERR_SELECTION_INVALID",
        message:
          "Sélection invalide : l'opération laisserait la grille sans membre en ligne ou en colonne\u202f; gardez au moins un membre en ligne et un en colonne.",
      });
    });
  },
);

/** New York's Cola Budget for Jan: Sales (stored) above Profit (Dynamic Calc). */
const NEW_YORK = (sales: string, profit: string) => [
  ["", "100-10", "New York", "Budget"],
  ["", "Jan", "", ""],
  ["Sales", sales, "", ""],
  ["Profit", profit, "", ""],
];

describe.each([DEMO, STNDLN])("a submit through $name", (path) => {
  let login: Record<string, unknown>;
  beforeAll(async () => {
    login = await server.sampleBasic(path.connector, path.address());
  });
  const save = (grid: string[][], cells: { row: number; column: number }[]) =>
    server.post("action/save", { ...login, grid, cells }, { connector: path.connector });

  it("writes Sales, refuses Profit (Dynamic Calc) as read-only and counts only what it wrote", async () => {
    const r = await save(NEW_YORK("41", "100"), [
      { row: 2, column: 1 },
      { row: 3, column: 1 },
    ]);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.submitted).toBe(1);
    expect(r.json.cells).toEqual([
      { row: 2, column: 1, status: "written", value: "41" },
      { row: 3, column: 1, status: "read-only", value: "100" },
    ]);
    // Profit is the server's again: Sales 41 less the costs, not the 100 typed.
    const grid = r.json.grid as unknown as string[][];
    expect(grid[2]?.[1]).toBe("41");
    expect(grid[3]?.[1]).not.toBe("100");
  });

  it("refuses a text that is not a number as invalid and writes nothing", async () => {
    const before = await server.post(
      "action/refresh",
      { ...login, grid: NEW_YORK("", "") },
      { connector: path.connector },
    );
    const r = await save(NEW_YORK("abc", ""), [{ row: 2, column: 1 }]);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.submitted).toBe(0);
    expect(r.json.cells).toEqual([{ row: 2, column: 1, status: "invalid", value: "abc" }]);
    expect(r.json.grid).toEqual(before.json.grid);
  });
});
