import http from "node:http";
import type { AddressInfo } from "node:net";
import type { EssbaseOperations, GridCall, Provider } from "@qibates/provider";
import { answerValue, ProviderError } from "@qibates/provider";
import { describe, expect, it, vi } from "vitest";
import { endToEndHeaders } from "../../../scripts/end-to-end-headers.mjs";
import { CAFFEINATED_SHEET } from "../../engine/test/support/sample-basic.ts";
import { startXmla } from "../../wire/test/support/index.ts";
import { XmlaClient } from "../src/xmla/client.ts";
import { XmlaProvider, xmlaUrlFor } from "../src/xmla/provider.ts";
import { loginSession, loopbackUpstreams } from "./support/fake-upstream.ts";
import { useXmla } from "./support/xmla.ts";

/**
 * The ssas connector over real HTTP against the XMLA endpoint of @qibates/wire (over the embedded engine): what
 * is XMLA's own (addresses, one MDX statement per grid operation, UPDATE CUBE, XMLA sessions). That its answers
 * equal the demo address's, but for what XMLA does not carry, is checked with every other connector's in
 * packages/server/test/connectors/conformance.test.ts.
 */

const f = useXmla();
const CUBE = { server: "EssbaseCluster-1", application: "Sample", cube: "Basic" };

function ess(p: Provider): EssbaseOperations {
  if (!p.essbase) throw new Error(`${p.id} serves no Essbase-family connector`);
  return p.essbase;
}

/** Each MDX query's answer through XMLA is laid out as the demo address lays out its own: grid and layout. */
async function expectLaidOutAsDemo(queries: string[]) {
  for (const query of queries) {
    const demo = await ess(f.embedded()).mdx(f.demo, CUBE, { query }).then(answerValue);
    const viaXmla = await ess(f.connector).mdx(f.remote, CUBE, { query }).then(answerValue);
    expect(viaXmla.grid, query).toEqual(demo.grid);
    expect(viaXmla.layout, query).toEqual(demo.layout);
  }
}

/**
 * A proxy to `target` that holds each request until none has come for `quietMs`, then passes the held ones on
 * together: each such wave is one round trip the client waited for, whatever order the server answers in. A wave
 * is named by its requests' `RequestType` (`TREE_OP` added) or `Execute`, sorted.
 */
async function wavingProxy(target: string, quietMs: number) {
  const waves: string[][] = [];
  let held: { req: http.IncomingMessage; res: http.ServerResponse; body: Buffer }[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  const nameOf = (body: string) => {
    const type = /<RequestType>(\w+)</.exec(body)?.[1] ?? "Execute";
    return /<TREE_OP>/.test(body) ? `${type} TREE_OP` : type;
  };
  const release = () => {
    const wave = held;
    held = [];
    waves.push(wave.map((h) => nameOf(h.body.toString("utf8"))).sort());
    for (const { req, res, body } of wave) {
      const up = http.request(
        `${target}${req.url}`,
        { method: req.method, headers: endToEndHeaders(req.headers) },
        (a) => {
          res.writeHead(a.statusCode ?? 502, endToEndHeaders(a.headers));
          a.pipe(res);
        },
      );
      up.on("error", () => res.destroy());
      up.end(body);
    }
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      held.push({ req, res, body: Buffer.concat(chunks) });
      if (timer) clearTimeout(timer);
      timer = setTimeout(release, quietMs);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    waves,
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
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
    const e = await f.loginError("wrong");
    expect((e as ProviderError).code).toBe("LOGIN_FAILED");
    const off = await f.loginError("demo", "http://127.0.0.2:1/aps/JAPI");
    expect((off as ProviderError).code).toBe("HOST_NOT_ALLOWED");
  });

  it("reads each grid operation's cells with one MDX SELECT (at most one for a refused one)", async () => {
    const grid = (
      await ess(f.connector).grid(f.remote, CUBE, { action: "initgrid", input: {} }).then(answerValue)
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
        input: { grid: CAFFEINATED_SHEET },
      },
    ];
    // A cell budget: refused, with or without suppression (a budget that suppression may have met is checked
    // once the values are known, so after the Execute).
    const overBudget: GridCall[] = [
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
    /** The Executes that read cells (a SELECT; a sheet's labels are read with a query of their own, `WITH …`). */
    const selects = () => executes.mock.calls.filter((c) => /^SELECT /.test(String(c[0])));
    /** One call: one SELECT for an answered grid; at most one for a refused operation. */
    const run = async (call: GridCall) => {
      executes.mockClear();
      const where = JSON.stringify(call).slice(0, 200);
      const answer = await ess(f.connector)
        .grid(f.remote, CUBE, call)
        .then(answerValue)
        .catch((e: unknown) => {
          if (!(e instanceof ProviderError)) throw e;
          expect(selects().length, where).toBeLessThanOrEqual(1);
          return null;
        });
      if (answer) expect(selects().length, where).toBe(1);
      return answer;
    };
    try {
      const answered = [];
      for (const call of calls) answered.push(await run(call));
      // Everything answered but the pivots of the grid's only row dimension.
      expect(answered.map((a) => a !== null)).toEqual([true, true, true, true, true, false, true, true]);
      for (const call of overBudget) {
        executes.mockClear();
        const refused = await ess(f.connector)
          .grid(f.remote, CUBE, call)
          .then(answerValue)
          .catch((e: unknown) => e);
        expect((refused as ProviderError).code, JSON.stringify(call.input).slice(-80)).toBe("GRID_TOO_LARGE");
        expect(selects().length).toBeLessThanOrEqual(1);
      }
      const zoomed = (answered[2]?.grid ?? []) as string[][];
      const qtr = zoomed.findIndex((r) => r.some((c) => c.trim() === "Qtr2"));
      expect(qtr).toBeGreaterThan(0);
      const onQtr2 = { grid: zoomed, cells: [{ row: qtr, column: 0 }], row: qtr, column: 0 };
      for (const action of ["zoomout", "keeponly", "removeonly", "zoomin", "pivot", "pivottopov"] as const)
        await run({ action, input: onQtr2 } as GridCall);
    } finally {
      executes.mockRestore();
    }
  });

  it("reads an MDX query (action/mdx) with one Execute, and answers the server's refusal in its words", async () => {
    const executes = vi.spyOn(XmlaClient.prototype, "execute");
    try {
      const query =
        "SELECT {[Jan], [Feb], [Mar]} ON COLUMNS, {[East], [New York]} ON ROWS FROM Sample.Basic WHERE ([Sales], [100-10], [Actual])";
      const answer = await ess(f.connector)
        .mdx(f.remote, CUBE, { query, settings: { missingLabel: "#Missing" } })
        .then(answerValue);
      expect(answer.grid.length).toBeGreaterThan(2);
      expect(executes).toHaveBeenCalledTimes(1);
    } finally {
      executes.mockRestore();
    }
    // A query the server refuses: its own description, as a provider error.
    const bad = await ess(f.connector)
      .mdx(f.remote, CUBE, { query: "SELECT {[Eest]} ON COLUMNS FROM Sample.Basic" })
      .then(answerValue)
      .catch((e: unknown) => e);
    expect((bad as ProviderError).code).toBe("PROVIDER_FAILED");
    expect((bad as ProviderError).message).toContain("Eest");
  });

  it("lays out an MDX answer whose NON EMPTY axes came back empty as the demo does", async () => {
    // South has no Fruit Soda (400): both axes are left without a tuple. Their headers (Scenario and
    // Measures across, Market down) still stand, as on the demo address, instead of a grid of the POV only.
    await expectLaidOutAsDemo([
      "SELECT NON EMPTY CrossJoin({[Actual], [Budget]}, {[Sales], [COGS]}) ON COLUMNS, NON EMPTY {[South].Children} ON ROWS FROM Sample.Basic WHERE ([400], [Year])",
      "SELECT {[Sales]} ON COLUMNS, NON EMPTY {[South].Children} ON ROWS FROM Sample.Basic WHERE ([400], [Actual])",
    ]);
  });

  it("shows the shared members an MDX answer names where they stand, as the demo does", async () => {
    // Diet's children are shared members ([Product].[Diet].[100-20]): indented under Diet, and next to
    // the stored 100-20 under 100, as on the demo address.
    await expectLaidOutAsDemo([
      "SELECT {[Sales]} ON COLUMNS, Descendants([Diet], 1, SELF_AND_BEFORE) ON ROWS FROM Sample.Basic WHERE ([Actual])",
      "SELECT {[Sales]} ON COLUMNS, {[100], [100].[100-20], [Product].[Diet].[100-20]} ON ROWS FROM Sample.Basic WHERE ([Actual])",
    ]);
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
      'QiBates cannot do this on your server: your company\'s server refused to save the data — "Year" is Dynamic Calc',
    );
    // The reason travels as the registry's parameter, so the API's message carries it, in either language; the
    // statement refused is the developer's, in the detail.
    expect((e as ProviderError).params?.reason).toEqual({
      en: 'your company\'s server refused to save the data — "Year" is Dynamic Calc',
      fr: 'le serveur de votre entreprise a refusé d\'enregistrer les données — "Year" is Dynamic Calc',
    });
    expect((e as ProviderError).params?.why).toBe(
      'the server refused the write-back (UPDATE CUBE) — "Year" is Dynamic Calc',
    );
  });

  it("waits for 4 round trips on a session's first refresh: the cube's names, the dimensions with the sheet's members, their ancestors, the cells", async () => {
    const endpoint = await startXmla();
    const proxy = await wavingProxy(endpoint.origin, 250);
    const upstreams = loopbackUpstreams();
    const connector = new XmlaProvider({ upstreams, idleMs: 60_000 });
    try {
      const session = await loginSession(connector, "ssas", `${proxy.origin}/aps/JAPI`, "demo", "demo");
      proxy.waves.length = 0;
      // Actual and Qtr2 sit right under their dimension's top; Sales (under Margin) and Jan (under Qtr1) do not.
      const grid = [
        ["", "Market", "Actual", "Product"],
        ["", "Sales", "", ""],
        ["Jan", "", "", ""],
        ["Qtr2", "", "", ""],
      ];
      const call: GridCall = { action: "refresh", input: { grid } };
      const remote = await ess(connector).grid(session, CUBE, call).then(answerValue);
      const waves = [...proxy.waves];
      const demo = await ess(f.embedded()).grid(f.demo, CUBE, call).then(answerValue);
      expect(remote.grid).toEqual(demo.grid);
      const members = Array.from({ length: 13 }, () => "MDSCHEMA_MEMBERS");
      expect(waves).toEqual([
        ["DBSCHEMA_CATALOGS", "MDSCHEMA_CUBES"],
        ["MDSCHEMA_DIMENSIONS", ...members],
        ["MDSCHEMA_MEMBERS TREE_OP", "MDSCHEMA_MEMBERS TREE_OP"],
        ["Execute"],
      ]);
    } finally {
      await connector.close();
      await upstreams.close();
      await proxy.close();
      await endpoint.app.close();
    }
  });

  it("selects members with one MDX query each, as the demo selects them (shared members, attribute dimensions)", async () => {
    const executes = vi.spyOn(XmlaClient.prototype, "execute");
    const discovers = vi.spyOn(XmlaClient.prototype, "discover");
    const filters = [
      { dimension: "Product", filter: "CHILDREN" as const, member: "Diet" },
      { dimension: "Product", filter: "CHILDREN" as const },
      { dimension: "Product", filter: "DESCENDANT" as const },
      { dimension: "Product", filter: "LEVEL" as const, arg1: 0 },
      { dimension: "Product", filter: "GENERATION" as const, arg1: 3 },
      { dimension: "Market", filter: "LEVEL" as const, arg1: 1 },
      { dimension: "Measures", filter: "DESCENDANT" as const, member: "Profit" },
      { dimension: "Year", filter: "NONE" as const },
      { dimension: "Pkg Type", filter: "CHILDREN" as const },
    ];
    const searches = [
      { dimension: "Product", keyword: "cola" },
      { dimension: "Product", keyword: "100-20", matchWholeWord: true },
      { dimension: null, keyword: "new*" },
      { dimension: "Market", keyword: "?a*", searchIn: "NAME" as const, offset: 2, limit: 3 },
      { dimension: "Product", keyword: "diet", searchIn: "ALIAS" as const },
    ];
    try {
      for (const input of filters) {
        executes.mockClear();
        const demo = await ess(f.embedded()).filterMembers(f.demo, CUBE, input);
        const remote = await ess(f.connector).filterMembers(f.remote, CUBE, input);
        expect(remote, JSON.stringify(input)).toEqual(demo);
        // One query for the selection (the member named, when not read yet, is found by the labels' query).
        const selections = executes.mock.calls.filter((c) => !String(c[0]).includes("DIMENSION PROPERTIES"));
        expect(selections.length, JSON.stringify(input)).toBe(1);
      }
      for (const s of searches) {
        const input = { matchWholeWord: false, searchIn: "BOTH" as const, offset: 0, limit: 100, ...s };
        executes.mockClear();
        discovers.mockClear();
        const demo = await ess(f.embedded()).searchMembers(f.demo, CUBE, input);
        const remote = await ess(f.connector).searchMembers(f.remote, CUBE, input);
        expect(remote, JSON.stringify(input)).toEqual(demo);
        expect(remote.total, JSON.stringify(input)).toBeGreaterThan(0);
        // One query per dimension searched, no member rowset.
        expect(discovers.mock.calls.filter((c) => c[0] === "MDSCHEMA_MEMBERS")).toEqual([]);
      }
    } finally {
      executes.mockRestore();
      discovers.mockRestore();
    }
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
