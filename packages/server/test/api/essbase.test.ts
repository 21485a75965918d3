import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MONTHS } from "../../../embedded/test/support/sample-basic.ts";
import { EAST_COLA_SALES_Q1 } from "../../../engine/test/support/sample-basic.ts";
import { startTestApi, type TestApi } from "../support/api.ts";

let api: TestApi;
let loginid: string;
const cube = { server: "EssbaseCluster-1", application: "Sample", cube: "Basic" };
const colaEast = [
  ["", "Sales", "100-10", "Actual"],
  ["", "Jan", "Feb", "Mar"],
  ["East", "", "", ""],
];

beforeAll(async () => {
  api = await startTestApi();
  loginid = await api.login("essbase");
});
afterAll(async () => api.close());

const call = async (path: string, body: Record<string, unknown>, connector = "essbase") => {
  const res = await api.post(path, { loginid, ...cube, ...body }, { connector });
  return { status: res.statusCode, body: res.json() };
};

/**
 * `path` on Sample.Basic refused with 422 and `code`: its message in English, then, asked in `french` (an
 * Accept-Language), in French.
 */
async function expectRefused(
  path: string,
  body: Record<string, unknown>,
  code: string,
  message: { en: string; fr: string },
  french = "fr",
) {
  for (const [language, text] of [
    [undefined, message.en],
    [french, message.fr],
  ] as const) {
    const res = await api.post(
      path,
      { loginid, ...cube, ...body },
      { connector: "essbase", ...(language ? { "accept-language": language } : {}) },
    );
    expect(res.statusCode, language).toBe(422);
    expect(res.json()).toMatchObject({ code, message: text });
  }
}

describe("Essbase navigation on Sample.Basic", () => {
  it("lists applications and cubes", async () => {
    const apps = await call("nav/applications", { server: "EssbaseCluster-1" });
    expect(apps.body.applications).toEqual([{ name: "Sample" }]);
    const cubes = await call("nav/cubes", {});
    expect(cubes.body.cubes).toEqual([{ name: "Basic" }]);
  });

  it("lists dimensions with aliases of the requested table, attribute dimensions last", async () => {
    const r = await call("nav/dimensions", { aliastable: "Default" });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const names = r.body.dimensions.map((d: { name: string }) => d.name);
    expect(names.slice(0, 5)).toEqual(["Year", "Measures", "Product", "Market", "Scenario"]);
    expect(names).toContain("Caffeinated");
    expect(r.body.dimensions.find((d: { name: string }) => d.name === "Market")).toMatchObject({
      type: "regular",
      storage: "sparse",
    });
  });

  it("answers the member tree of a dimension", async () => {
    const r = await call("nav/dimtree", { action: { dimension: "Product" } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const root = r.body.root;
    expect(root.children.map((c: { name: string }) => c.name)).toEqual(["100", "200", "300", "400", "Diet"]);
    const cola = root.children[0].children[0];
    expect(cola).toMatchObject({ name: "100-10", alias: "Cola", level: 0, generation: 3, storage: "store" });
    const diet = root.children[4];
    expect(diet.consolidation).toBe("~");
    expect(diet.children[0].storage).toBe("shared");
  });

  it("filters members: children, descendants, level, generation, UDA", async () => {
    const names = (r: { body: { members: { name: string }[] } }) => r.body.members.map((m) => m.name);
    expect(names(await call("nav/filter", { dimension: "Year", action: { filter: "CHILDREN" } }))).toEqual([
      "Qtr1",
      "Qtr2",
      "Qtr3",
      "Qtr4",
    ]);
    expect(
      names(
        await call("nav/filter", {
          dimension: "Measures",
          action: { filter: "DESCENDANT", member: "Profit" },
        }),
      ),
    ).toEqual(["Margin", "Sales", "COGS", "Total Expenses", "Marketing", "Payroll", "Misc"]);
    const level0 = names(
      await call("nav/filter", { dimension: "Market", action: { filter: "LEVEL", arg1: 0 } }),
    );
    expect(level0).toHaveLength(20);
    const gen2 = names(
      await call("nav/filter", { dimension: "Market", action: { filter: "GENERATION", arg1: 2 } }),
    );
    expect(gen2).toEqual(["East", "West", "South", "Central"]);
    const major = names(
      await call("nav/filter", { dimension: "Market", action: { filter: "UDA", arg1: "Major Market" } }),
    );
    expect(major).toEqual(
      expect.arrayContaining([
        "East",
        "New York",
        "Massachusetts",
        "Florida",
        "California",
        "Texas",
        "Central",
      ]),
    );
  });

  it("lists scripts and alias tables", async () => {
    const scripts = await call("nav/scripts", {});
    expect(scripts.body.scripts.map((s: { name: string }) => s.name)).toEqual(
      expect.arrayContaining(["BudSeed", "CalcAll"]),
    );
    const tables = await call("nav/aliastables", {});
    expect(tables.body.aliasTables.map((t: { name: string }) => t.name)).toEqual(["Default", "Long Names"]);
  });

  it("refuses unknown dimensions, cubes and alias tables with their codes", async () => {
    expect((await call("nav/dimtree", { action: { dimension: "Nope" } })).body.code).toBe(
      "QB_ERR_DIMENSION_UNKNOWN",
    );
    expect((await call("nav/scripts", { cube: "Nope" })).body.code).toBe("QB_ERR_CUBE_UNKNOWN");
    expect((await call("nav/dimensions", { aliastable: "Klingon" })).body.code).toBe(
      "QB_ERR_ALIAS_TABLE_UNKNOWN",
    );
  });

  it("refuses a planning connector on an Essbase-family call", async () => {
    const r = await call("nav/cubes", {}, "planning");
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("QB_ERR_CONNECTOR_FAMILY");
  });
});

describe("ad hoc grid on Sample.Basic", () => {
  it("refreshes Actual Cola sales in East: 109, 85, 112", async () => {
    const r = await call("action/refresh", { grid: colaEast });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.grid[2]).toEqual(["East", "109", "85", "112"]);
    expect(r.body.cellKinds[2]).toEqual(["row-header", "data", "data", "data"]);
    expect(r.body.layout).toMatchObject({
      rowDimensions: ["Market"],
      columnDimensions: ["Year"],
      headerRows: 2,
      leftColumns: 1,
      pov: { Measures: "Sales", Product: "100-10", Scenario: "Actual" },
    });
  });

  it("reads data on a refresh even when the settings navigate without data; a zoom then reads none", async () => {
    const settings = { navigateWithoutData: true };
    const refreshed = await call("action/refresh", { grid: colaEast, settings });
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    expect(refreshed.body.grid[2]).toEqual(["East", "109", "85", "112"]);
    const zoomed = await call("action/zoomin", { grid: colaEast, cells: [{ row: 2, column: 0 }], settings });
    expect(zoomed.status, JSON.stringify(zoomed.body)).toBe(200);
    const data = zoomed.body.grid.slice(2).flatMap((row: string[]) => row.slice(1));
    expect(data.every((v: string) => v === "")).toBe(true);
  });

  it("zooms in on East to its five states with their published values", async () => {
    const r = await call("action/zoomin", { grid: colaEast, cells: [{ row: 2, column: 0 }] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const rows = r.body.grid.slice(2).map((row: string[]) => [row[0]?.trim(), ...row.slice(1)]);
    expect(rows).toEqual(EAST_COLA_SALES_Q1);
  });

  it("zooms with the mode of the settings, and zooms out again", async () => {
    const r = await call("action/zoomin", {
      grid: [
        ["", "Sales", "100-10", "East"],
        ["", "Actual"],
        ["Year", ""],
      ],
      cells: [{ row: 2, column: 0 }],
      settings: { zoomInMode: "BOTTOM_LEVEL", includeSelection: false },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const labels = r.body.grid.slice(2).map((row: string[]) => row[0]?.trim());
    expect(labels).toEqual(MONTHS);
  });

  it("keeps only and removes only the selected members, and reports the rows to clear", async () => {
    const zoomed = await call("action/zoomin", { grid: colaEast, cells: [{ row: 2, column: 0 }] });
    const grid = zoomed.body.grid;
    const keep = await call("action/keeponly", { grid, cells: [{ row: 3, column: 0 }] });
    expect(keep.body.grid.slice(2).map((row: string[]) => row[0]?.trim())).toEqual(["Massachusetts"]);
    expect(keep.body.rangesToDelete).toEqual([{ startRow: 3, startCol: 0, rows: 5, columns: 4 }]);
    expect(keep.body.rangeToDelete).toEqual(keep.body.rangesToDelete[0]);
    const remove = await call("action/removeonly", { grid, cells: [{ row: 3, column: 0 }] });
    expect(remove.body.grid.slice(2).map((row: string[]) => row[0]?.trim())).not.toContain("Massachusetts");
  });

  it("pivots a row dimension to the columns and refuses to pivot the last one", async () => {
    const grid = [
      ["", "", "Sales", "Actual"],
      ["", "", "Jan", "Feb"],
      ["East", "100-10", "", ""],
    ];
    const r = await call("action/pivot", { grid, row: 2, column: 1 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.layout.rowDimensions).toEqual(["Market"]);
    expect(r.body.layout.columnDimensions).toEqual(["Product", "Year"]);
    await expectRefused(
      "action/pivot",
      { grid: colaEast, row: 2, column: 0 },
      "QB_ERR_PIVOT_LAST_DIMENSION",
      {
        en: "The dimension Market is the last one on its axis and cannot move.",
        fr: "La dimension Market est la dernière de son axe et ne peut pas être déplacée.",
      },
      "fr-FR",
    );
  });

  it("refuses a selection in the caller's language", async () => {
    const grid = [
      ["", "Sales", "100-10", "Actual"],
      ["", "Jan", "Feb", "Mar"],
      ["East", "1", "2", "3"],
    ];
    await expectRefused("action/pivot", { grid, row: 2, column: 2 }, "QB_ERR_SELECTION_INVALID", {
      en: "Invalid selection: the selected cell holds no member; select a member cell (a row header, a column header or the POV row) to pivot its dimension.",
      fr: "Sélection invalide : la cellule sélectionnée ne contient aucun membre\u202f; sélectionnez une cellule de membre (en-tête de ligne, en-tête de colonne ou ligne de PDV) pour faire pivoter sa dimension.",
    });
  });

  it("moves a dimension to the POV with its member", async () => {
    const grid = [
      ["", "", "Sales", "Actual"],
      ["", "", "Jan", "Feb"],
      ["East", "100-10", "", ""],
    ];
    const r = await call("action/pivotToPOV", { grid, row: 2, column: 1 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.layout.pov.Product).toBe("100-10");
    expect(r.body.layout.rowDimensions).toEqual(["Market"]);
  });

  it("refuses a pivot that would leave the dimension where it is, rather than answer the grid unchanged", async () => {
    const grid = [
      ["", "", "Sales", "Actual"],
      ["", "", "Jan", "Feb"],
      ["East", "100-10", "", ""],
    ];
    const r = await call("action/pivotToPOV", { grid, row: 0, column: 3 });
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({
      code: "QB_ERR_SELECTION_INVALID",
      message: "Invalid selection: the dimension is already at the pivot destination.",
    });
  });

  it("reads substitution variables and Dynamic Time Series members typed in the grid", async () => {
    const r = await call("action/refresh", {
      grid: [
        ["", "Actual", "Cola", "East"],
        ["", "Sales"],
        ["&CurrMonth", ""],
        ["Q-T-D(Feb)", ""],
      ],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.grid.slice(2).map((row: string[]) => [row[0]?.trim(), row[1]])).toEqual([
      ["Jul", "2248"],
      ["Q-T-D(Feb)", "194"],
    ]);
  });

  it("names a Dynamic Time Series member placed in the POV in layout.pov", async () => {
    const r = await call("action/pivotToPOV", {
      grid: [
        ["", "Actual", "Cola", "East"],
        ["", "Sales"],
        ["Q-T-D(Feb)", ""],
      ],
      row: 2,
      column: 0,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.layout.pov).toEqual({ Year: "Q-T-D(Feb)", Product: "100-10", Market: "East" });
    const typed = await call("action/refresh", {
      grid: [
        ["", "Q-T-D(Feb)", "Actual", "Cola"],
        ["", "Sales"],
        ["East", ""],
      ],
    });
    expect(typed.body.layout.pov).toEqual({ Year: "Q-T-D(Feb)", Scenario: "Actual", Product: "100-10" });
    expect(typed.body.grid[2].slice(0, 2)).toEqual(["East", "194"]);
  });

  it("reports an unknown member with its cell", async () => {
    const r = await call("action/refresh", {
      grid: [
        ["", "Sales"],
        ["", "Jan"],
        ["Atlantis", ""],
      ],
    });
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({ code: "QB_ERR_MEMBER_UNKNOWN", field: "grid[2][0]" });
  });

  it("answers the default grid of the cube", async () => {
    const r = await call("action/initgrid", {});
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.layout.rowDimensions).toEqual(["Year"]);
    expect(r.body.layout.columnDimensions).toEqual(["Measures"]);
  });

  it("refuses a grid larger than the limit", async () => {
    const big = Array.from({ length: 1000 }, () => Array.from({ length: 600 }, () => ""));
    const r = await call("action/refresh", { grid: big });
    expect(r.status).toBe(413);
    expect(r.body.code).toBe("QB_ERR_GRID_TOO_LARGE");
  });
});

describe("submit and calculation", () => {
  it("writes a level-0 cell, re-aggregates its totals, and skips dynamic cells", async () => {
    const grid = [
      ["", "Jan", "100-10", "Actual"],
      ["", "Sales", "Profit"],
      ["New York", "50", "999"],
      ["East", "", ""],
    ];
    const r = await call("action/save", {
      grid,
      cells: [
        { row: 2, column: 1 },
        { row: 2, column: 2 },
      ],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.cells).toEqual([
      { row: 2, column: 1, status: "written", value: "50" },
      expect.objectContaining({ row: 2, column: 2, status: "read-only" }),
    ]);
    expect(r.body.submitted).toBe(1);
    // East Jan = 109 − 36 + 50
    expect(r.body.grid[3].slice(0, 2)).toEqual(["East", "123"]);
  });

  it("runs a calculation script that changes data", async () => {
    const budget = async () =>
      (
        await call("action/refresh", {
          grid: [
            ["", "Product", "Market", "Budget"],
            ["", "Sales"],
            ["Year", ""],
          ],
        })
      ).body.grid;
    const before = await budget();
    const r = await call("action/calculate", { action: { script: "BudSeed" } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ script: "BudSeed", status: "completed" });
    const after = await budget();
    expect(after).not.toEqual(before);
    const unknown = await call("action/calculate", { action: { script: "Nope" } });
    expect(unknown.body.code).toBe("QB_ERR_SCRIPT_UNKNOWN");
  });
});
