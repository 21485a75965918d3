import { describe, expect } from "vitest";
import { expectRefusedInBoth, listeningServer } from "../support/listening.ts";

/**
 * A number (a JSON number, not text) where the grid's layout reads a member name is refused on its cell, on every
 * Essbase-family path, with the apostrophe hint of Smart View's free-form rule ('100 names the member, a bare
 * number is data). Before, `[["","Sales"],[100,""],["200",""]]` answered the Root Beer row alone (the row of 100
 * taken for a header row and dropped, unsaid; Colas through essbase-stndln, which sent 100 as text), and
 * `[["","Sales"],["100",""],[200,""]]` answered 'Unknown member "200".' although 200 is Root Beer.
 */

const server = listeningServer({ QIBATES_WIRE_ENDPOINTS: "all" });
const refused = { status: 422, code: "QB_ERR_GRID_INVALID" };
const named = (row: number, n: string) => ({
  en: `The grid cannot be read: the cell at row ${row}, column 1 holds the number ${n} where a member name is expected; to name the member ${n}, type it as text, with a leading apostrophe ('${n}).`,
  fr: `La grille ne peut pas être lue : la cellule de la ligne ${row}, colonne 1 contient le nombre ${n} là où un nom de membre est attendu\u202f; pour désigner le membre ${n}, saisissez-le comme texte, précédé d'une apostrophe ('${n}).`,
});

describe("a number where a row header is expected", () => {
  server.eachSampleBasic("is refused on its cell, saying to type it as text", async (basic, connector) => {
    const refresh = (grid: unknown[][], field: string, message: { en: string; fr: string }) =>
      expectRefusedInBoth(server, "action/refresh", { ...basic, grid }, connector, field, message, refused);
    await refresh(
      [
        ["", "Sales"],
        [100, ""],
        ["200", ""],
      ],
      "grid[1][0]",
      named(2, "100"),
    );
    await refresh(
      [
        ["", "Sales"],
        ["100", ""],
        [200, ""],
      ],
      "grid[2][0]",
      named(3, "200"),
    );
    await refresh(
      [
        ["", "Sales"],
        [12345, ""],
        ["200", ""],
      ],
      "grid[1][0]",
      {
        en: "The grid cannot be read: the cell at row 2, column 1 holds the number 12345 where a member name is expected; a number is read as data, and no data goes there.",
        fr: "La grille ne peut pas être lue\u00a0: la cellule de la ligne 2, colonne 1 contient le nombre 12345 là où un nom de membre est attendu\u202f; un nombre est lu comme une donnée, et aucune donnée n'a sa place ici.",
      },
    );
    // The same digits as text name the members: both rows come back.
    const text = await server.post(
      "action/refresh",
      {
        ...basic,
        grid: [
          ["", "Sales"],
          ["100", ""],
          ["'200", ""],
        ],
      },
      { connector },
    );
    expect(text.status, JSON.stringify(text.json)).toBe(200);
    expect((text.json.grid as unknown as string[][]).slice(-2).map((row) => row.slice(0, 2))).toEqual([
      ["Colas", "30468"],
      ["Root Beer", "150644"],
    ]);
  });
});

describe("a grid with no row header", () => {
  server.eachSampleBasic(
    "is refused in the user's words, Essbase's kept in detail",
    async (basic, connector) => {
      const grid = [
        ["", "Sales"],
        ["", "100"],
      ];
      await expectRefusedInBoth(
        server,
        "action/refresh",
        { ...basic, grid },
        connector,
        "grid",
        {
          en: "The grid cannot be read: no row has a member name in the grid's first column; type the members of a row dimension down that column (for example the markets), below the column headers, and try again.",
          fr: "La grille ne peut pas être lue\u00a0: aucune ligne n'a de nom de membre dans la première colonne de la grille\u202f; saisissez les membres d'une dimension en ligne dans cette colonne (par exemple les marchés), sous les en-têtes de colonne, puis recommencez.",
        },
        refused,
      );
      const answer = await server.post("action/refresh", { ...basic, grid }, { connector });
      expect(answer.json.detail).toBe(
        "Essbase's wording of this refusal: You must have a row header in order to perform this retrieval.",
      );
    },
  );
});
