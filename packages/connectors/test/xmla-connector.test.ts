import type { EssbaseOperations, FilterInput, GridCall, Provider, ProviderSession } from "@qibates/provider";
import { answerValue, ProviderError } from "@qibates/provider";
import { describe, expect, it, vi } from "vitest";
import { startXmla } from "../../wire/test/support/index.ts";
import { XmlaClient } from "../src/xmla/client.ts";
import { XmlaProvider, xmlaUrlFor } from "../src/xmla/provider.ts";
import { loginSession, loopbackUpstreams } from "./support/fake-upstream.ts";
import { useXmla } from "./support/xmla.ts";

/**
 * The ssas connector over real HTTP against the XMLA endpoint of @qibates/wire (over the embedded engine):
 * every answer equals the embedded provider's answer to the same call (what the demo address answers), but
 * for what XMLA does not carry: dimension density, and which cells are read-only before a save (no storage
 * property on XMLA members: a dynamic member without a formula reads as a data cell).
 */

const f = useXmla();
const CUBE = { server: "EssbaseCluster-1", application: "Sample", cube: "Basic" };

function ess(p: Provider): EssbaseOperations {
  if (!p.essbase) throw new Error(`${p.id} serves no Essbase-family connector`);
  return p.essbase;
}

/** An answer without what XMLA does not carry (read-only cells, the demo's dataVersion). */
function comparable(v: unknown): unknown {
  if (!v || typeof v !== "object" || !("grid" in v)) return v;
  const { dataVersion: _, cellKinds, ...rest } = v as Record<string, unknown>;
  return {
    ...rest,
    cellKinds: (cellKinds as string[][]).map((r) => r.map((k) => (k === "read-only" ? "data" : k))),
  };
}

async function outcomes<T>(call: (p: Provider, s: ProviderSession) => Promise<T>) {
  const settle = (p: Promise<T>) =>
    p.then(
      (value) => ({ value: comparable(value) }),
      (e: unknown) => {
        if (e instanceof ProviderError) return { refused: e.code, message: e.message };
        throw e;
      },
    );
  const want = await settle(call(f.embedded(), f.demo));
  const got = await settle(call(f.connector, f.remote));
  return [got, want] as const;
}

describe("ssas over XMLA", () => {
  it("maps a provider address to its XMLA address", () => {
    expect(String(xmlaUrlFor("https://olap.example.com:8443/aps/JAPI"))).toBe(
      "https://olap.example.com:8443/olap/msmdpump.dll",
    );
    const mapping = new Map([
      ["https://olap.example.com/aps/japi", "https://bi.example.com/as/msmdpump.dll"],
    ]);
    expect(String(xmlaUrlFor("https://OLAP.example.com/aps/JAPI/", mapping))).toBe(
      "https://bi.example.com/as/msmdpump.dll",
    );
  });

  it("refuses wrong credentials with LOGIN_FAILED, and hosts off the allow-list", async () => {
    const e = await f.connector
      .login({
        connector: "ssas",
        username: "demo",
        password: "wrong",
        address: new URL(`${f.endpoint.origin}/aps/JAPI`),
      })
      .catch((x: unknown) => x);
    expect((e as ProviderError).code).toBe("LOGIN_FAILED");
    const off = await f.connector
      .login({
        connector: "ssas",
        username: "demo",
        password: "demo",
        address: new URL("http://127.0.0.2:1/aps/JAPI"),
      })
      .catch((x: unknown) => x);
    expect((off as ProviderError).code).toBe("HOST_NOT_ALLOWED");
  });

  it("navigates as the demo does: servers, applications, cubes, dimensions, trees, filters, search", async () => {
    const [servers, wantServers] = await outcomes((p, s) => p.servers(s));
    expect(servers).toEqual(wantServers);
    const [apps, wantApps] = await outcomes((p, s) => p.applications(s, CUBE.server, true));
    expect(apps).toEqual(wantApps);
    const [cubes, wantCubes] = await outcomes((p, s) => p.cubes(s, CUBE));
    expect(cubes).toEqual(wantCubes);
    const dims = await ess(f.connector).dimensions(f.remote, CUBE);
    const wantDims = await ess(f.embedded()).dimensions(f.demo, CUBE);
    // Density is not on the XMLA wire: the connector answers null.
    expect(dims).toEqual({
      ...wantDims,
      dimensions: wantDims.dimensions.map((d) => ({ ...d, storage: null })),
    });
    for (const dimension of ["Year", "Market", "Product", "Scenario"]) {
      const tree = await ess(f.connector).dimensionTree(f.remote, CUBE, { dimension });
      const want = await ess(f.embedded()).dimensionTree(f.demo, CUBE, { dimension });
      // Storage and consolidation are not on the XMLA wire either: the tree's names, aliases and shape are.
      const shape = (n: { name: string; alias: string | null; children: unknown[] }): unknown => ({
        name: n.name,
        alias: n.alias,
        children: n.children.map((c) => shape(c as typeof n)),
      });
      expect(shape(tree.root), dimension).toEqual(shape(want.root));
    }
    const filters: FilterInput[] = [
      { dimension: "Market", filter: "CHILDREN", member: "East" },
      { dimension: "Product", filter: "DESCENDANT", member: "Product" },
      { dimension: "Year", filter: "LEVEL", arg1: 0 },
      { dimension: "Market", filter: "GENERATION", arg1: 2 },
    ];
    for (const input of filters) {
      const [got, want] = await outcomes((p, s) => ess(p).filterMembers(s, CUBE, input));
      expect(got, JSON.stringify(input)).toEqual(want);
    }
    const search = {
      dimension: null,
      keyword: "Col*",
      matchWholeWord: false,
      searchIn: "BOTH" as const,
      offset: 0,
      limit: 50,
    };
    const [found, wantFound] = await outcomes((p, s) => ess(p).searchMembers(s, CUBE, search));
    expect(found).toEqual(wantFound);
  });

  it("answers every grid operation as the demo does, each with one MDX SELECT", async () => {
    const [init, wantInit] = await outcomes((p, s) =>
      ess(p).grid(s, CUBE, { action: "initgrid", input: {} }).then(answerValue),
    );
    expect(init).toEqual(wantInit);
    const grid = (
      await ess(f.embedded()).grid(f.demo, CUBE, { action: "initgrid", input: {} }).then(answerValue)
    ).grid;
    const year = { row: 2, column: 0 };
    const zoom = (mode: string) =>
      ({ action: "zoomin", input: { grid, cells: [year], settings: { zoomInMode: mode } } }) as GridCall;
    const calls: GridCall[] = [
      { action: "refresh", input: { grid } },
      { action: "refresh", input: { grid, settings: { missingSuppression: true, aliasTable: null } } },
      zoom("NEXT_LEVEL"),
      zoom("ALL_LEVELS"),
      zoom("BOTTOM_LEVEL"),
      { action: "pivot", input: { grid, ...year } },
      { action: "pivottopov", input: { grid, ...year } },
      // Attribute members down the rows, the attribute dimension's top among them.
      {
        action: "refresh",
        input: {
          grid: [
            ["", "Market", "Scenario", "Year"],
            ["", "Sales", "", ""],
            ["True", "", "", ""],
            ["False", "", "", ""],
            ["Caffeinated", "", "", ""],
          ],
        },
      },
      // A cell budget: refused as on the demo, with or without suppression.
      {
        action: "zoomin",
        input: { grid, cells: [year], settings: { zoomInMode: "ALL_LEVELS" }, maxCells: 20 },
      },
      {
        action: "zoomin",
        input: {
          grid,
          cells: [year],
          settings: { zoomInMode: "ALL_LEVELS", missingSuppression: true },
          maxCells: 40,
        },
      },
    ];
    const executes = vi.spyOn(XmlaClient.prototype, "execute");
    for (const call of calls) {
      executes.mockClear();
      const [got, want] = await outcomes((p, s) => ess(p).grid(s, CUBE, call).then(answerValue));
      expect(got, JSON.stringify(call).slice(0, 200)).toEqual(want);
      // One Execute per answered grid; at most one for a refused operation (a budget that suppression may
      // have met is checked once the values are known).
      if ("value" in got) expect(executes, call.action).toHaveBeenCalledTimes(1);
      else expect(executes.mock.calls.length, call.action).toBeLessThanOrEqual(1);
    }
    expect(String(executes.mock.calls[0]?.[0])).toMatch(
      /^SELECT \{\(.*\)\} ON COLUMNS FROM \[Basic\] WHERE \(/,
    );
    executes.mockRestore();
    const zoomed = (await ess(f.embedded()).grid(f.demo, CUBE, zoom("NEXT_LEVEL")).then(answerValue)).grid;
    const qtr = zoomed.findIndex((r) => r.some((c) => c.trim() === "Qtr2"));
    for (const action of ["zoomout", "keeponly", "removeonly", "zoomin", "pivot", "pivottopov"] as const) {
      const call = {
        action,
        input: { grid: zoomed, cells: [{ row: qtr, column: 0 }], row: qtr, column: 0 },
      } as GridCall;
      const [got, want] = await outcomes((p, s) => ess(p).grid(s, CUBE, call).then(answerValue));
      expect(got, action).toEqual(want);
    }
    for (const mode of ["SIBLING_LEVEL", "SAME_LEVEL", "SAME_GENERATION"]) {
      const call: GridCall = {
        action: "zoomin",
        input: { grid: zoomed, cells: [{ row: qtr, column: 0 }], settings: { zoomInMode: mode } },
      } as GridCall;
      const [got, want] = await outcomes((p, s) => ess(p).grid(s, CUBE, call).then(answerValue));
      expect(got, mode).toEqual(want);
    }
  });

  it("answers MDX queries (action/mdx) as the demo does, through one Execute", async () => {
    const queries = [
      "SELECT {[Jan], [Feb], [Mar]} ON COLUMNS, {[East], [New York]} ON ROWS FROM Sample.Basic WHERE ([Sales], [100-10], [Actual])",
      "SELECT {[Qtr1].Children} ON COLUMNS, {[Market].Children} ON ROWS FROM [Basic]",
      "WITH MEMBER [Measures].[Twice] AS '[Sales] * 2' SELECT {[Sales], [Twice]} ON COLUMNS, " +
        "CrossJoin({[East], [West]}, {[Actual], [Budget]}) ON ROWS FROM Sample.Basic WHERE ([Jan])",
      "SELECT {[Year]} ON COLUMNS FROM Sample.Basic",
    ];
    for (const query of queries) {
      const [got, want] = await outcomes((p, s) =>
        ess(p)
          .mdx(s, CUBE, { query, settings: { missingLabel: "#Missing" } })
          .then(answerValue),
      );
      expect(got, query).toEqual(want);
      expect("value" in got, query).toBe(true);
    }
    // A query the server refuses: its own description, as a provider error.
    const bad = await ess(f.connector)
      .mdx(f.remote, CUBE, { query: "SELECT {[Eest]} ON COLUMNS FROM Sample.Basic" })
      .then(answerValue)
      .catch((e: unknown) => e);
    expect((bad as ProviderError).code).toBe("PROVIDER_FAILED");
    expect((bad as ProviderError).message).toContain("Eest");
  });

  it("refuses what SSAS has not: the formula level, calc scripts, variables", async () => {
    const grid = (
      await ess(f.embedded()).grid(f.demo, CUBE, { action: "initgrid", input: {} }).then(answerValue)
    ).grid;
    const calc = await ess(f.connector)
      .grid(f.remote, CUBE, {
        action: "zoomin",
        input: { grid, cells: [{ row: 2, column: 0 }], settings: { zoomInMode: "CALC_LEVEL" } },
      } as GridCall)
      .then(answerValue)
      .catch((e: unknown) => e);
    expect((calc as ProviderError).code).toBe("UNSUPPORTED");
    for (const call of [
      () => ess(f.connector).scripts(f.remote, CUBE),
      () => ess(f.connector).calculate(f.remote, CUBE, "CalcAll"),
      () => ess(f.connector).variables(f.remote, { server: CUBE.server, application: null, cube: null }),
    ]) {
      expect(((await call().catch((e: unknown) => e)) as ProviderError).code).toBe("UNSUPPORTED");
    }
  });

  it("writes back with UPDATE CUBE and reads the value again", async () => {
    const sheet = [
      ["", "100-10", "New York", "Actual"],
      ["", "Sales", "", ""],
      ["Jan", "", "", ""],
    ];
    const noAlias = { aliasTable: null };
    const read = await ess(f.connector)
      .grid(f.remote, CUBE, {
        action: "refresh",
        input: { grid: sheet, settings: noAlias },
      })
      .then(answerValue);
    const before = read.grid[2]?.[1] as string;
    const edited = read.grid.map((r) => [...r]);
    (edited[2] as string[])[1] = "12345";
    const saved = await ess(f.connector)
      .save(f.remote, CUBE, {
        grid: edited,
        cells: [{ row: 2, column: 1 }],
        settings: noAlias,
      })
      .then(answerValue);
    expect(saved.submitted).toBe(1);
    expect(saved.grid[2]?.[1]).toBe("12345");
    // The demo sees it: the endpoint wrote into the same embedded data.
    const demo = await ess(f.embedded())
      .grid(f.demo, CUBE, {
        action: "refresh",
        input: { grid: sheet, settings: noAlias },
      })
      .then(answerValue);
    expect(demo.grid[2]?.[1]).toBe("12345");
    (edited[2] as string[])[1] = before;
    await ess(f.connector)
      .save(f.remote, CUBE, {
        grid: edited,
        cells: [{ row: 2, column: 1 }],
        settings: noAlias,
      })
      .then(answerValue);
  });

  it("answers the typed unsupported error, with the server's words, when the server refuses the write-back", async () => {
    // Year is a dynamic calculation on Sample.Basic: XMLA does not say so, the server refuses UPDATE CUBE.
    const sheet = [
      ["", "100-10", "New York", "Actual"],
      ["", "Sales", "", ""],
      ["Year", "1", "", ""],
    ];
    const e = await ess(f.connector)
      .save(f.remote, CUBE, { grid: sheet, cells: [{ row: 2, column: 1 }], settings: { aliasTable: null } })
      .then(answerValue)
      .catch((x: unknown) => x);
    expect((e as ProviderError).code).toBe("UNSUPPORTED");
    expect((e as ProviderError).message).toBe(
      'action/save is not supported by connector ssas: the server refused the write-back (UPDATE CUBE) — "Year" is Dynamic Calc',
    );
    // The reason travels as the registry's parameter, so the API's message carries it, in either language.
    expect((e as ProviderError).params?.reason).toEqual({
      en: 'the server refused the write-back (UPDATE CUBE) — "Year" is Dynamic Calc',
      fr: 'le serveur a refusé l\'écriture différée (UPDATE CUBE) — "Year" is Dynamic Calc',
    });
  });

  it("begins a new XMLA session when the server has forgotten its own, and logs out", async () => {
    // One session per user and address at most: a second login ends the first one's XMLA session on the server.
    const endpoint = await startXmla({ maxSessionsPerUser: 1 });
    const upstreams = loopbackUpstreams();
    const connector = new XmlaProvider({ upstreams, idleMs: 60_000 });
    try {
      const address = `${endpoint.origin}/aps/JAPI`;
      const login = (id: string) =>
        loginSession(connector, "ssas", address, "demo", "demo").then((s) => ({ ...s, id }));
      const a = await login("a");
      const b = await login("b");
      const apps = await connector.applications(a, CUBE.server, false);
      expect(apps.applications.map((x) => x.name)).toContain("Sample");
      const dims = await ess(connector).dimensions(b, CUBE);
      expect(dims.dimensions[0]?.name).toBe("Year");
      await connector.logout(a);
      const gone = await connector.servers(a).catch((e: unknown) => e);
      expect((gone as ProviderError).code).toBe("SESSION_LOST");
    } finally {
      await connector.close();
      await upstreams.close();
      await endpoint.app.close();
    }
  });
});
