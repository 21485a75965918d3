import { answerValue, type GridCall, ProviderError } from "@qibates/provider";
import { describe, expect, it } from "vitest";
import { CUBE, ess, useEssbaseRest } from "./support/essbase-rest.ts";

/**
 * The essbase-stndln connector over real HTTP against the Essbase REST endpoint of @qibates/wire (itself
 * checked against Oracle's published description): what is its own (a save through the grid endpoint, a
 * calculation through a job, a session the server forgot). That its answers equal the demo address's is
 * checked with every other connector's in packages/server/test/connectors/conformance.test.ts.
 */

const f = useEssbaseRest();

describe("essbase-stndln over HTTP", () => {
  it("refuses wrong credentials with LOGIN_FAILED", async () => {
    const e = await f.loginError("wrong");
    expect(e).toBeInstanceOf(ProviderError);
    expect((e as ProviderError).code).toBe("LOGIN_FAILED");
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

  it("refuses a grid with a misspelled member as the demo address does, naming the member and its cell", async () => {
    // The Unknown member indication page's grid: Colaa (Cola) in the POV row, New Yrok (New York) on the rows.
    const grid = [
      ["", "Colaa", "Sales", "Actual"],
      ["", "Jan", "Feb", "Mar"],
      ["New Yrok", "", "", ""],
      ["Massachusetts", "", "", ""],
    ];
    const refusal = (e: unknown) => {
      expect(e).toBeInstanceOf(ProviderError);
      const p = e as ProviderError;
      return { code: p.code, params: p.params, field: p.field };
    };
    const demo = await ess(f.embedded())
      .grid(f.demo, CUBE, { action: "refresh", input: { grid } })
      .catch(refusal);
    // The API words it "Unknown member "Colaa"." (422 QB_ERR_MEMBER_UNKNOWN, field grid[0][1]).
    expect(demo).toMatchObject({ code: "MEMBER_UNKNOWN", params: { member: "Colaa" }, field: "grid[0][1]" });
    const calls: GridCall[] = [
      { action: "refresh", input: { grid } },
      { action: "zoomin", input: { grid, cells: [{ row: 2, column: 0 }] } },
    ];
    for (const call of calls) {
      const wire = await f.connector.essbase.grid(f.remote, CUBE, call).catch(refusal);
      expect(wire).toEqual(demo);
    }
  });

  it("reads back a sheet it showed with the Long Names alias table, as the demo address does", async () => {
    const settings = { aliasTable: "Long Names" };
    const first = await f.connector.essbase
      .grid(f.remote, CUBE, {
        action: "refresh",
        input: {
          grid: [
            ["", "100-10", "Sales", "Actual"],
            ["", "Jan"],
            ["New York", ""],
          ],
          settings,
        },
      })
      .then(answerValue);
    expect(first.grid[0]?.[1]).toBe("The Best Cola");
    // The user refreshes the sheet as it is now: its labels are aliases of Long Names.
    const again = await f.connector.essbase
      .grid(f.remote, CUBE, { action: "refresh", input: { grid: first.grid, settings } })
      .then(answerValue);
    const demo = await ess(f.embedded())
      .grid(f.demo, CUBE, { action: "refresh", input: { grid: first.grid, settings } })
      .then(answerValue);
    expect(again.grid).toEqual(demo.grid);
    expect(again.grid[2]?.slice(0, 2)).toEqual(["New York", "36"]);
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
