import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "../support/api.ts";

/**
 * `action/mdx` on the demo's Sample.Basic. Values are the published figures the demo data pins
 * (../shared reference, restated in packages/engine/demo/sample-basic-data.ts): Actual Cola Sales Jan–Mar of
 * East 109/85/112 and New York 36/32/39; Jul Actual Cola Sales/Profit of East 2248/1156, Central 1392/369;
 * Product 100's Actual Sales by quarter 7048/7872/8511/7037; South × 400 is #Missing.
 */
let api: TestApi;
const logins: Record<string, string> = {};
const cube = { server: "EssbaseCluster-1", application: "Sample", cube: "Basic" };

beforeAll(async () => {
  api = await startTestApi();
  for (const c of ["essbase", "ssas", "planning"]) logins[c] = await api.login(c);
});
afterAll(async () => api.close());

const mdx = async (query: string, extra: Record<string, unknown> = {}, connector = "essbase") => {
  const res = await api.post(
    "action/mdx",
    { loginid: logins[connector], ...cube, query, ...extra },
    { connector },
  );
  return { status: res.statusCode, body: res.json() };
};

const COLA_EAST =
  "SELECT {[Jan], [Feb], [Mar]} ON COLUMNS, {[East], [New York]} ON ROWS FROM Sample.Basic " +
  "WHERE ([Sales], [100-10], [Actual])";

describe("action/mdx on Sample.Basic", () => {
  it("answers the query as a grid: POV from the slicer, columns across, rows down", async () => {
    const r = await mdx(COLA_EAST);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.grid).toEqual([
      ["", "Sales", "Cola", "Actual"],
      ["", "Jan", "Feb", "Mar"],
      ["East", "109", "85", "112"],
      ["     New York", "36", "32", "39"],
    ]);
    expect(r.body.cellKinds[2]).toEqual(["row-header", "data", "data", "data"]);
    expect(r.body.layout).toEqual({
      pov: { Measures: "Sales", Product: "100-10", Scenario: "Actual" },
      rowDimensions: ["Market"],
      columnDimensions: ["Year"],
      headerRows: 2,
      leftColumns: 1,
    });
  });

  it("answers the grid action/refresh answers for the same sheet", async () => {
    const r = await mdx(COLA_EAST);
    const refreshed = await api.post(
      "action/refresh",
      { loginid: logins.essbase, ...cube, grid: r.body.grid },
      { connector: "essbase" },
    );
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().grid).toEqual(r.body.grid);
    expect(refreshed.json().cellKinds).toEqual(r.body.cellKinds);
  });

  it("nests dimensions on an axis and reads Jul Cola Sales/Profit by region", async () => {
    const r = await mdx(
      "SELECT {[Measures].[Sales], [Measures].[Profit]} ON COLUMNS, " +
        "CrossJoin({[Market].[East], [Market].[Central]}, {[Year].[Jul]}) ON ROWS " +
        "FROM [Sample].[Basic] WHERE ([Product].[100-10], [Scenario].[Actual])",
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.grid.slice(1)).toEqual([
      ["", "", "Sales", "Profit"],
      ["East", "Jul", "2248", "1156"],
      ["Central", "Jul", "1392", "369"],
    ]);
    expect(r.body.layout.rowDimensions).toEqual(["Market", "Year"]);
  });

  it("applies the display settings: member names, missing label, missing suppression", async () => {
    const q =
      "SELECT {[Qtr1]} ON COLUMNS, {[Product].Children} ON ROWS FROM Sample.Basic " +
      "WHERE ([Sales], [Actual], [South])";
    const all = await mdx(q, { settings: { aliasTable: null, missingLabel: "n/a" } });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body.grid.map((row: string[]) => row[0])).toEqual([
      "",
      "",
      "100",
      "200",
      "300",
      "400",
      "Diet",
    ]);
    expect(all.body.grid[5].slice(0, 2)).toEqual(["400", "n/a"]);
    expect(all.body.cellKinds[5][1]).toBe("missing");
    const kept = await mdx(q, {
      settings: { aliasTable: null, missingLabel: "n/a", missingSuppression: true },
    });
    expect(kept.body.grid.map((row: string[]) => row[0])).toEqual(["", "", "100", "200", "300", "Diet"]);
  });

  it("reads Product 100's Actual Sales by quarter without a rows axis", async () => {
    const r = await mdx(
      "SELECT [Year].Children ON COLUMNS FROM Sample.Basic WHERE ([Sales], [Actual], [100])",
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.grid.at(-1)).toEqual(["7048", "7872", "8511", "7037"]);
    expect(r.body.layout.leftColumns).toBe(0);
  });

  it("reads what the session saved, as its grids do; another session still reads the demo's data", async () => {
    const mine = await api.login("essbase");
    const saved = await api.post(
      "action/save",
      {
        loginid: mine,
        ...cube,
        grid: [
          ["", "Jan", "Cola", "Sales"],
          ["", "Actual"],
          ["New York", "99"],
        ],
        cells: [{ row: 2, column: 1 }],
      },
      { connector: "essbase" },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const query =
      "SELECT {[Actual]} ON COLUMNS, {[New York]} ON ROWS FROM Sample.Basic WHERE ([Jan], [100-10], [Sales])";
    const own = await api.post("action/mdx", { loginid: mine, ...cube, query }, { connector: "essbase" });
    expect(own.json().grid.at(-1).slice(0, 2)).toEqual(["New York", "99"]);
    const other = await mdx(query);
    expect(other.body.grid.at(-1).slice(0, 2)).toEqual(["New York", "36"]);
  });

  it("answers the same on ssas, the other connector of the family served by the demo", async () => {
    const r = await mdx(COLA_EAST, {}, "ssas");
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.grid[2]).toEqual(["East", "109", "85", "112"]);
  });
});

describe("action/mdx refusals", () => {
  it("names the unexpected token and its line and column in a syntax error (400)", async () => {
    const r = await mdx("SELECT {[Jan]} ON COLUMNS,\n  {[East]} ON ROWZ FROM Sample.Basic");
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("QB_ERR_MDX_SYNTAX");
    expect(r.body.message).toBe('The MDX query is not valid MDX: unexpected "ROWZ" at line 2, column 15.');
    expect(r.body.field).toBe("query");
  });

  it("answers the French message when asked", async () => {
    const res = await api.post(
      "action/mdx",
      { loginid: logins.essbase, ...cube, query: "SELECT {[Jan] ON COLUMNS FROM Sample.Basic" },
      { connector: "essbase", "accept-language": "fr" },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      "La requête MDX n'est pas du MDX valide : « ON » inattendu à la ligne 1, colonne 15.",
    );
  });

  it("answers an unknown member with QB_ERR_MEMBER_UNKNOWN (422)", async () => {
    const r = await mdx("SELECT {[Market].[Eest]} ON COLUMNS FROM Sample.Basic");
    expect(r.status).toBe(422);
    expect(r.body.code).toBe("QB_ERR_MEMBER_UNKNOWN");
    expect(r.body.message).toBe('Unknown member "[Market].[Eest]".');
  });

  it("answers a query that cannot run with QB_ERR_MDX_INVALID (422), with the token and its place", async () => {
    const r = await mdx("SELECT {[Jan]} ON COLUMNS, {[Feb]} ON ROWS FROM Sample.Basic");
    expect(r.status).toBe(422);
    expect(r.body.code).toBe("QB_ERR_MDX_INVALID");
    expect(r.body.message).toMatch(
      /^The MDX query cannot run: the dimension Year is on axis 1 and on axis 0 \(at ".*", line 1, column 28\)\.$/,
    );
    const other = await mdx("SELECT {[Jan]} ON COLUMNS FROM Demo.Basic");
    expect(other.body.code).toBe("QB_ERR_MDX_INVALID");
  });

  it("answers an answer over the cell limit with QB_ERR_GRID_TOO_LARGE (413)", async () => {
    const small = await startTestApi({ MAX_GRID_CELLS: "100" });
    try {
      const loginid = await small.login("essbase");
      const res = await small.post(
        "action/mdx",
        {
          loginid,
          ...cube,
          query:
            "SELECT {[Year].Levels(0).Members} ON COLUMNS, {[Market].Levels(0).Members} ON ROWS FROM Sample.Basic",
        },
        { connector: "essbase" },
      );
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json().code).toBe("QB_ERR_GRID_TOO_LARGE");
    } finally {
      await small.close();
    }
  });

  it("answers costly and endless queries with a typed 4xx that names the limit, and keeps serving", async () => {
    const chain = Array.from({ length: 22 }, (_, i) => {
      const prev = i === 0 ? "[Measures].[Sales]" : `[Measures].[x${i}]`;
      return `MEMBER [Measures].[x${i + 1}] AS '${prev} + ${prev}'`;
    }).join(" ");
    // A doubling chain 22 deep held the event loop 14 s: now each member is computed once per cell.
    const doubled = await mdx(`WITH ${chain} SELECT {[Measures].[x22]} ON COLUMNS FROM Sample.Basic`);
    const sales = await mdx("SELECT {[Measures].[Sales]} ON COLUMNS FROM Sample.Basic");
    expect(doubled.status, JSON.stringify(doubled.body)).toBe(200);
    const value = (g: string[][]) => Number((g[g.length - 1] as string[])[0]);
    expect(value(doubled.body.grid)).toBe(value(sales.body.grid) * 2 ** 22);

    const every = await mdx(
      "SELECT CrossJoin([Year].Members, [Measures].Members, [Product].Members, [Market].Members, [Scenario].Members, " +
        "[Caffeinated].Members, [Ounces].Members, [Pkg Type].Members, [Population].Members, [Intro Date].Members) " +
        "ON COLUMNS FROM Sample.Basic",
    );
    expect(every.status).toBe(413);
    expect(every.body.code).toBe("QB_ERR_GRID_TOO_LARGE");

    const costly = await mdx(
      "WITH MEMBER [Measures].[S] AS 'Sum(CrossJoin(CrossJoin([Product].Members, [Market].Members), [Year].Members), [Measures].[Sales])' " +
        "SELECT {[Measures].[S]} ON COLUMNS, CrossJoin([Scenario].Members, [Year].Members) ON ROWS FROM Sample.Basic",
    );
    expect(costly.status).toBe(422);
    expect(costly.body.code).toBe("QB_ERR_MDX_INVALID");
    expect(costly.body.message).toContain("more than the 1,000,000 units of work one query may do");

    for (const query of [
      "WITH SET [s] AS '[s]' SELECT [s] ON COLUMNS FROM Sample.Basic",
      `SELECT {${"(".repeat(5000)}[Sales]${")".repeat(5000)}} ON COLUMNS FROM Sample.Basic`,
      `WITH MEMBER [Measures].[a] AS '${"Abs(".repeat(3000)}1${")".repeat(3000)}' SELECT {[Measures].[a]} ON COLUMNS FROM Sample.Basic`,
    ]) {
      const r = await mdx(query);
      expect(r.status, query.slice(0, 40)).toBe(422);
      expect(r.body.code).toBe("QB_ERR_MDX_INVALID");
    }
    expect((await mdx(COLA_EAST)).status).toBe(200);
  });

  it("is an Essbase-family call: a planning session is refused", async () => {
    const r = await mdx(COLA_EAST, {}, "planning");
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("QB_ERR_CONNECTOR_FAMILY");
  });

  it("bounds the query's length", async () => {
    const r = await mdx(`SELECT {[Jan]} ON COLUMNS FROM Sample.Basic ${" ".repeat(32_768)}`);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("QB_ERR_VALIDATION");
  });
});
