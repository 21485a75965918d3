import type { FilterInput, GridCall, Provider, ProviderSession } from "@qibates/provider";
import { answerValue, ProviderError } from "@qibates/provider";
import { describe, expect, it } from "vitest";
import { CUBE, ess, useEssbaseRest } from "./support/essbase-rest.ts";

/**
 * The essbase-stndln connector over real HTTP against the Essbase REST endpoint of @qibates/wire (itself
 * checked against Oracle's published description): every answer equals the embedded provider's answer to
 * the same call, which is what the demo address answers.
 */

const f = useEssbaseRest();

/**
 * The demo's answer without its `dataVersion`: the connector answers none, Essbase 21c's REST API having no
 * concurrency check (a save through it ignores the version).
 */
function unversioned<T>(answer: T): T {
  if (answer === null || typeof answer !== "object" || !("dataVersion" in answer)) return answer;
  const { dataVersion: _, ...rest } = answer as T & { dataVersion: unknown };
  return rest as T;
}

async function both<T>(call: (p: Provider, s: ProviderSession) => Promise<T>): Promise<[T, T]> {
  const want = unversioned(await call(f.embedded(), f.demo));
  const got = await call(f.connector, f.remote);
  return [got, want];
}

/** Both answers, or both refusals (code and message): an operation Essbase refuses is refused the same way. */
async function outcomes<T>(call: (p: Provider, s: ProviderSession) => Promise<T>) {
  const settle = (p: Promise<T>) =>
    p.then(
      (value) => ({ value }),
      (e: unknown) => {
        if (e instanceof ProviderError) return { refused: e.code, message: e.message };
        throw e;
      },
    );
  const want = await settle(call(f.embedded(), f.demo).then(unversioned));
  const got = await settle(call(f.connector, f.remote));
  return [got, want] as const;
}

describe("essbase-stndln over HTTP", () => {
  it("refuses wrong credentials with LOGIN_FAILED", async () => {
    const e = await f.connector
      .login({
        connector: "essbase-stndln",
        username: "demo",
        password: "wrong",
        address: new URL(`${f.endpoint.origin}/essbase/japi`),
      })
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ProviderError);
    expect((e as ProviderError).code).toBe("LOGIN_FAILED");
  });

  it("navigates as the demo does: servers, applications, cubes", async () => {
    const [servers, wantServers] = await both((p, s) => p.servers(s));
    expect(servers).toEqual(wantServers);
    const [apps, wantApps] = await both((p, s) => p.applications(s, "EssbaseCluster-1", true));
    expect(apps).toEqual(wantApps);
    const [cubes, wantCubes] = await both((p, s) => p.cubes(s, CUBE));
    expect(cubes).toEqual(wantCubes);
  });

  it("answers dimensions, trees, member filters, alias tables and scripts as the demo does", async () => {
    const [dims, wantDims] = await both((p, s) => ess(p).dimensions(s, CUBE));
    // Density is not on Essbase's REST wire: the connector answers null.
    expect(dims).toEqual({
      ...wantDims,
      dimensions: wantDims.dimensions.map((d) => ({ ...d, storage: null })),
    });
    for (const dimension of ["Year", "Market", "Product", "Measures"]) {
      const [tree, want] = await both((p, s) => ess(p).dimensionTree(s, CUBE, { dimension }));
      expect(tree, dimension).toEqual(want);
    }
    const filters: FilterInput[] = [
      { dimension: "Market", filter: "CHILDREN" as const, member: "East" },
      { dimension: "Product", filter: "DESCENDANT" as const, member: "Product" },
      { dimension: "Year", filter: "LEVEL" as const, arg1: 0 },
      { dimension: "Market", filter: "GENERATION" as const, arg1: 2 },
    ];
    for (const input of filters) {
      const [got, want] = await both((p, s) => ess(p).filterMembers(s, CUBE, input));
      expect(got, JSON.stringify(input)).toEqual(want);
    }
    const [aliases, wantAliases] = await both((p, s) => ess(p).aliasTables(s, CUBE));
    expect(aliases).toEqual(wantAliases);
    const [scripts, wantScripts] = await both((p, s) => ess(p).scripts(s, CUBE));
    expect(scripts.scripts.map((x) => x.name)).toEqual(wantScripts.scripts.map((x) => x.name));
  });

  it("answers the grid operations as the demo does", async () => {
    const [init, wantInit] = await both((p, s) =>
      ess(p).grid(s, CUBE, { action: "initgrid", input: {} }).then(answerValue),
    );
    expect(init).toEqual(wantInit);
    const grid = wantInit.grid;
    const yearRow = grid.findIndex((r) => r.some((c) => c.trim() === "Year"));
    const yearCol = (grid[yearRow] ?? []).findIndex((c) => c.trim() === "Year");
    const calls: GridCall[] = [
      { action: "refresh", input: { grid } },
      { action: "zoomin", input: { grid, cells: [{ row: yearRow, column: yearCol }] } },
      {
        action: "zoomin",
        input: { grid, cells: [{ row: yearRow, column: yearCol }], settings: { zoomInMode: "ALL_LEVELS" } },
      },
      {
        action: "zoomin",
        input: { grid, cells: [{ row: yearRow, column: yearCol }], settings: { zoomInMode: "BOTTOM_LEVEL" } },
      },
      { action: "pivot", input: { grid, row: yearRow, column: yearCol } },
    ];
    for (const call of calls) {
      const [got, want] = await outcomes((p, s) => ess(p).grid(s, CUBE, call).then(answerValue));
      expect(got, JSON.stringify(call).slice(0, 200)).toEqual(want);
    }
    // Zoom into Qtr1 then out again, keep only and remove only on the zoomed grid.
    const zoomed = (
      await ess(f.embedded())
        .grid(f.demo, CUBE, calls[1] as GridCall)
        .then(answerValue)
    ).grid;
    const qtr = zoomed.findIndex((r) => r.some((c) => c.trim() === "Qtr1"));
    const col = (zoomed[qtr] ?? []).findIndex((c) => c.trim() === "Qtr1");
    for (const action of ["zoomout", "keeponly", "removeonly", "zoomin", "pivot", "pivottopov"] as const) {
      const call = {
        action,
        input: { grid: zoomed, cells: [{ row: qtr, column: col }], row: qtr, column: col },
      } as GridCall;
      const [got, want] = await outcomes((p, s) => ess(p).grid(s, CUBE, call).then(answerValue));
      expect(got, action).toEqual(want);
    }
  });

  it("lays out the zoom modes the REST API lacks with Essbase's rules, then reads the data on the server", async () => {
    const { grid } = await ess(f.embedded())
      .grid(f.demo, CUBE, { action: "initgrid", input: {} })
      .then(answerValue);
    const zoom = await ess(f.embedded())
      .grid(f.demo, CUBE, {
        action: "zoomin",
        input: { grid, cells: [{ row: 2, column: 0 }] },
      })
      .then(answerValue);
    const qtr = zoom.grid.findIndex((r) => r.some((c) => c.trim() === "Qtr2"));
    for (const mode of ["SIBLING_LEVEL", "SAME_LEVEL", "SAME_GENERATION"] as const) {
      const call: GridCall = {
        action: "zoomin",
        input: { grid: zoom.grid, cells: [{ row: qtr, column: 0 }], settings: { zoomInMode: mode } },
      };
      const [got, want] = await both((p, s) => ess(p).grid(s, CUBE, call).then(answerValue));
      expect(got, mode).toEqual(want);
    }
  });

  it("saves through the grid endpoint and calculates through a job", async () => {
    // A stored intersection: Jan, Sales, Cola (100-10), New York, Actual.
    const zoom = await ess(f.embedded())
      .grid(f.demo, CUBE, {
        action: "refresh",
        input: {
          grid: [
            ["", "100-10", "New York", "Actual"],
            ["", "Sales", "", ""],
            ["Jan", "", "", ""],
          ],
          settings: { aliasTable: null },
        },
      })
      .then(answerValue);
    const sheet = zoom.grid.map((r) => [...r]);
    const qtr = 2;
    expect(zoom.cellKinds[qtr]?.[1]).toBe("data");
    const before = sheet[qtr]?.[1];
    (sheet[qtr] as string[])[1] = "12345";
    const noAlias = { aliasTable: null };
    const saved = await f.connector.essbase
      .save(f.remote, CUBE, {
        grid: sheet,
        cells: [{ row: qtr, column: 1 }],
        settings: noAlias,
      })
      .then(answerValue);
    expect(saved.submitted).toBe(1);
    expect(saved.grid[qtr]?.[1]).toBe("12345");
    // The demo sees the value: the endpoint writes into the same embedded data.
    const read = await ess(f.embedded())
      .grid(f.demo, CUBE, {
        action: "refresh",
        input: { grid: sheet, settings: noAlias },
      })
      .then(answerValue);
    expect(read.grid[qtr]?.[1]).toBe("12345");
    (sheet[qtr] as string[])[1] = String(before);
    await f.connector.essbase
      .save(f.remote, CUBE, {
        grid: sheet,
        cells: [{ row: qtr, column: 1 }],
        settings: noAlias,
      })
      .then(answerValue);

    const scripts = await f.connector.essbase.scripts(f.remote, CUBE);
    const name = scripts.scripts[0]?.name as string;
    const calc = await f.connector.essbase.calculate(f.remote, CUBE, name);
    expect(calc).toMatchObject({ script: name, status: "completed" });
    const unknown = await f.connector.essbase
      .calculate(f.remote, CUBE, "NoSuchScript")
      .catch((e: unknown) => e);
    expect((unknown as ProviderError).code).toBe("SCRIPT_UNKNOWN");
  });

  it("logs in again transparently when the server forgets the session, and logs out", async () => {
    const s = await f.login("again");
    await f.connector.servers(s);
    // The server ends every session (as an expiry would): the next call logs in again by itself.
    const sessions = (f.endpoint.app as unknown as { essbaseSessions?: { clear(): void } }).essbaseSessions;
    sessions?.clear();
    const apps = await f.connector.applications(s, "EssbaseCluster-1", false);
    expect(apps.applications.map((a) => a.name)).toContain("Sample");
    await f.connector.logout(s);
    const gone = await f.connector.servers(s).catch((e: unknown) => e);
    expect((gone as ProviderError).code).toBe("SESSION_LOST");
  });
});
