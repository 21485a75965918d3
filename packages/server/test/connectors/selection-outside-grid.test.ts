import { beforeAll, describe, expect, it } from "vitest";
import { listeningServer } from "../support/listening.ts";
import { EAST_WEST_GRID, expectOutside } from "../support/selection.ts";

/**
 * Zoom in, zoom out, keep only and remove only on a selection: a cell outside the grid is refused with
 * `422 QB_ERR_SELECTION_INVALID`, naming the cell, in the caller's language, alike on the demo server and
 * through each connector to its wire endpoint (before, the demo and two connectors answered the grid
 * refreshed, essbase-stndln a 502 with Essbase's "nonsensical report"). A data cell or a blank cell inside
 * the grid selects nothing, as in Essbase: the grid comes back refreshed.
 */

const server = listeningServer({ QIBATES_WIRE_ENDPOINTS: "all" });

const call = (path: string, body: unknown, connector: string, language = "en") =>
  server.post(path, body, { connector, language });

const OPERATIONS = ["zoomin", "zoomout", "keeponly", "removeonly"];

describe.each(server.essbasePaths)("a selection through $name", ({ connector, address }) => {
  let body: Record<string, unknown>;
  beforeAll(async () => {
    body = { ...(await server.sampleBasic(connector, address())), grid: EAST_WEST_GRID };
  });

  it.each(OPERATIONS)(
    "%s refuses a cell below or right of the grid, naming it, in English and French",
    async (op) => {
      const below = await call(
        `action/${op}`,
        {
          ...body,
          cells: [
            { row: 2, column: 0 },
            { row: 4, column: 0 },
          ],
        },
        connector,
      );
      expectOutside(
        below,
        "cells[1]",
        "Invalid selection: the selected cell, in row 5, column 1, is outside the grid, which has 4 rows and 4 columns.",
        "Outside the grid: cells[1] at row 4, column 0, rows and columns numbered from 0.",
      );
      const right = await call(
        `action/${op}`,
        { ...body, cells: [{ row: 2, column: 9 }] },
        connector,
        "fr-FR",
      );
      expectOutside(
        right,
        "cells[0]",
        "Sélection invalide\u00a0: la cellule sélectionnée, en ligne 3, colonne 10, est hors de la grille, qui compte 4\u00a0lignes et 4\u00a0colonnes.",
        "Outside the grid: cells[0] at row 2, column 9, rows and columns numbered from 0.",
      );
    },
  );

  it.each(OPERATIONS)("%s on a data cell or a blank cell answers the grid refreshed", async (op) => {
    const refreshed = await call("action/refresh", body, connector);
    expect(refreshed.status, JSON.stringify(refreshed.json)).toBe(200);
    for (const cell of [
      { row: 2, column: 1 },
      { row: 0, column: 0 },
    ]) {
      const r = await call(`action/${op}`, { ...body, cells: [cell] }, connector);
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      expect(r.json.grid, JSON.stringify(cell)).toEqual(refreshed.json.grid);
    }
  });
});

describe("a large grid, read by the server as text", () => {
  it("is refused the same way: a column beyond its longest row is outside it", async () => {
    // Over 32 KiB of grid: the server leaves it as the request's text (json-parser.ts).
    const grid = [...EAST_WEST_GRID, ...Array.from({ length: 3000 }, () => ["East", "1"])];
    const body = {
      ...(await server.sampleBasic("essbase", "https://demo.qibates.local/aps/JAPI")),
      grid,
      cells: [{ row: 3003, column: 4 }],
    };
    expect(JSON.stringify(body).length).toBeGreaterThan(32 * 1024);
    const r = await call("action/zoomin", body, "essbase");
    expectOutside(
      r,
      "cells[0]",
      "Invalid selection: the selected cell, in row 3004, column 5, is outside the grid, which has 3,004 rows and 4 columns.",
      "Outside the grid: cells[0] at row 3003, column 4, rows and columns numbered from 0.",
    );
  });
});
