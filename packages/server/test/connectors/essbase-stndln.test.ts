import { describe, expect, it } from "vitest";
import { callApi, useWireServer } from "../support/process.ts";

/**
 * The essbase-stndln connector end to end, as a user runs it: the real server process with the Essbase REST
 * endpoint on (`QIBATES_WIRE_ENDPOINTS=essbase-rest`) and 127.0.0.1 allowed; a login with connector
 * essbase-stndln to `http://127.0.0.1:PORT/essbase/japi` goes API → connector → HTTP → Essbase REST endpoint →
 * engine. What the essbase-stndln connector alone does: substitution variables set through the REST API. The
 * documented examples, logins and refusals of every connector are in conformance.test.ts.
 */

const api = (path: string, body: unknown, connector: string, method = "POST") =>
  callApi(running, path, body, connector, method);

async function login(providerAddress: string, password = "demo") {
  return api(
    "/qibates/api/v2/action/login",
    { username: "demo", password, providerAddress },
    "essbase-stndln",
  );
}

const running = useWireServer("essbase-rest");

describe("essbase-stndln through the API, over HTTP to the Essbase REST endpoint", () => {
  it("sets &CurrMonth on Sample.Basic with PUT on the cube's variables: that session's grids read it, another's do not", async () => {
    const cube = { server: "EssbaseCluster-1", application: "Sample", cube: "Basic" };
    const mine = (await login(`${running.server.baseUrl}/essbase/japi`)).json.loginid as string;
    const other = (await login(`${running.server.baseUrl}/essbase/japi`)).json.loginid as string;
    const set = await api(
      "/qibates/api/v2/action/setvariable",
      { loginid: mine, ...cube, name: "CurrMonth", value: "Aug" },
      "essbase-stndln",
    );
    expect([set.status, set.json]).toEqual([200, { name: "CurrMonth", value: "Aug" }]);
    const grid = [
      ["", "Actual", "Cola", "East"],
      ["", "Sales"],
      ["&CurrMonth", ""],
    ];
    const refresh = async (loginid: string, sheet = grid) => {
      const r = await api(
        "/qibates/api/v2/action/refresh",
        { loginid, ...cube, grid: sheet },
        "essbase-stndln",
      );
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      return r.json.grid as string[][];
    };
    const seen = await refresh(mine);
    expect(seen[2]?.[0]).toBe("Aug");
    expect(seen[2]).toEqual(
      (await refresh(mine, [grid[0] as string[], grid[1] as string[], ["Aug", ""]]))[2],
    );
    expect((await refresh(other))[2]?.slice(0, 2)).toEqual(["Jul", "2248"]);
    // A new variable is created (POST) at the application level, then listed there.
    const created = await api(
      "/qibates/api/v2/action/setvariable",
      { loginid: mine, server: cube.server, application: "Sample", name: "Month", value: "Mar" },
      "essbase-stndln",
    );
    expect(created.status).toBe(200);
    const listed = await api(
      "/qibates/api/v2/nav/variables",
      { loginid: mine, server: cube.server, application: "Sample" },
      "essbase-stndln",
    );
    expect(listed.json.variables).toEqual([{ name: "Month", value: "Mar" }]);
  });
});
