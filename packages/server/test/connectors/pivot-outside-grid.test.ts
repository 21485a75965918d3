import { beforeAll, describe, expect, it } from "vitest";
import { listeningServer } from "../support/listening.ts";
import { EAST_WEST_GRID, expectOutside } from "../support/selection.ts";

/**
 * Pivot and pivot to POV name one member cell by `row` and `column`: a cell outside the grid is refused with
 * `422 QB_ERR_SELECTION_INVALID`, naming it, in the caller's language, before any provider call, alike on the
 * demo server and through each connector to its wire endpoint, as zoom, keep only and remove only refuse a
 * selected cell outside the grid (selection-outside-grid.test.ts). Before, every path answered Essbase's
 * "Pivot starting point cannot be determined", naming neither the cell nor the grid, with `field: "row"` even
 * when the column was past the grid's edge.
 */

const server = listeningServer({ QIBATES_WIRE_ENDPOINTS: "all" });

const call = (path: string, body: unknown, connector: string, language = "en") =>
  server.post(path, body, { connector, language });

describe.each(server.essbasePaths)("a pivot through $name", ({ connector, address }) => {
  let body: Record<string, unknown>;
  beforeAll(async () => {
    body = { ...(await server.sampleBasic(connector, address())), grid: EAST_WEST_GRID };
  });

  it.each(["pivot", "pivotToPOV"])(
    "%s refuses a cell below or right of the grid, naming it, in English and French",
    async (op) => {
      const below = await call(`action/${op}`, { ...body, row: 4, column: 0 }, connector);
      expectOutside(
        below,
        "row",
        "Invalid selection: row 4, column 0 is outside the grid, which has 4 rows and 4 columns, numbered from 0.",
      );
      const right = await call(`action/${op}`, { ...body, row: 2, column: 9 }, connector, "fr-FR");
      expectOutside(
        right,
        "column",
        "Sélection invalide\u00a0: ligne 2, colonne 9 est hors de la grille, qui a 4\u00a0lignes et 4\u00a0colonnes, numérotées à partir de 0.",
      );
    },
  );

  it("a member cell inside the grid still pivots; a data cell is still Essbase's refusal", async () => {
    const r = await call("action/pivot", { ...body, row: 0, column: 1 }, connector);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const data = await call("action/pivot", { ...body, row: 2, column: 1 }, connector);
    expect(data.json).toMatchObject({
      code: "QB_ERR_SELECTION_INVALID",
      message:
        "Invalid selection: the selected cell holds no member; select a member cell (a row header, a column header or the POV row) to pivot its dimension.",
      detail: "Essbase's wording of this refusal: Pivot starting point cannot be determined.",
    });
  });
});
