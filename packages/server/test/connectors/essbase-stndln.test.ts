import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contractExampleCases } from "../support/contract-examples.ts";
import { type ServerProcess, startServer } from "../support/process.ts";

/**
 * The essbase-stndln connector end to end, as a user runs it: the real server process with the Essbase REST
 * endpoint on (`QIBATES_WIRE_ENDPOINTS=essbase-rest`) and 127.0.0.1 allowed; a login with connector
 * essbase-stndln to `http://127.0.0.1:PORT/essbase/japi` goes API → connector → HTTP → Essbase REST endpoint →
 * engine. Every documented Essbase-family example answers what it answers on the demo address.
 */

let server: ServerProcess;
let key: string;

/** Differences that are not the connector's: ids, times, and what Essbase's REST wire does not carry. */
function comparable(body: unknown): unknown {
  return JSON.parse(JSON.stringify(body), (k, v) => {
    if (k === "loginid" || k === "requestId" || k === "durationMs" || k === "expiresAt") return undefined;
    if (k === "providerAddress") return undefined;
    // Essbase's REST API has no concurrency check: essbase-stndln answers no dataVersion.
    if (k === "dataVersion") return undefined;
    // Dimension density and calc script descriptions are not on the REST wire: the connector answers null.
    if (k === "storage" && (v === "dense" || v === "sparse" || v === null)) return undefined;
    if (k === "description" && (typeof v === "string" || v === null)) return undefined;
    return v;
  });
}

async function api(path: string, body: unknown, connector: string, method = "POST") {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { "content-type": "application/json", qibateskey: key, connector },
    ...(method === "POST" ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

async function login(providerAddress: string, password = "demo") {
  return api(
    "/qibates/api/v2/action/login",
    { username: "demo", password, providerAddress },
    "essbase-stndln",
  );
}

beforeAll(async () => {
  server = await startServer({
    QIBATES_WIRE_ENDPOINTS: "essbase-rest",
    ALLOWED_HOSTS: "127.0.0.1",
    LOG_LEVEL: "debug",
  });
  const health = await fetch(`${server.baseUrl}/qibates/api/v2/health`).then((r) => r.json());
  key = health.demo.apiKey;
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

describe("essbase-stndln through the API, over HTTP to the Essbase REST endpoint", () => {
  it("answers every documented Essbase-family example as the demo address does", async () => {
    const wireAddress = `${server.baseUrl}/essbase/japi`;
    const demo = await login("https://demo.qibates.local/essbase/japi");
    const wire = await login(wireAddress);
    expect(demo.status).toBe(200);
    expect(wire.status, JSON.stringify(wire.json)).toBe(200);
    const sessions = { demo: demo.json.loginid as string, wire: wire.json.loginid as string };
    const cases = contractExampleCases().filter(
      (c) =>
        c.op.method === "POST" &&
        (c.op.connectors ?? []).includes("essbase-stndln") &&
        !["login", "logout", "loginPbcs"].includes(c.op.operationId),
    );
    expect(cases.length).toBeGreaterThan(10);
    const compared: string[] = [];
    for (const { op, ex } of cases) {
      const answers: Record<string, { status: number; json: unknown }> = {};
      for (const via of ["demo", "wire"] as const) {
        const body = JSON.parse(
          JSON.stringify(ex.value ?? {}).replace(/"loginid":"[0-9a-f-]{36}"/, `"loginid":"${sessions[via]}"`),
        );
        answers[via] = await api(op.routePath, body, "essbase-stndln");
      }
      const where = `${op.operationId} (${ex.name})`;
      expect(answers.wire?.status, where).toBe(answers.demo?.status);
      expect(comparable(answers.wire?.json), where).toEqual(comparable(answers.demo?.json));
      compared.push(where);
    }
    expect(compared.length).toBe(cases.length);
  });

  it("refuses internal and unlisted addresses before connecting, and keeps the password out of the logs", async () => {
    // Not on the allow-list.
    const unlisted = await login("http://10.0.0.7:9000/essbase/japi");
    expect(unlisted.status).toBe(403);
    expect(unlisted.json.code).toBe("QB_ERR_HOST_NOT_ALLOWED");
    // Refused credentials, with a password that must appear nowhere in the server's output.
    const secret = "Zq9-unlikely-Pa55word";
    const refused = await login(`${server.baseUrl}/essbase/japi`, secret);
    expect(refused.status).toBe(401);
    expect(refused.json.code).toBe("QB_ERR_LOGIN_FAILED");
    const output = server.output();
    expect(output).toContain("/essbase/rest/v1/session");
    expect(output).not.toContain(secret);
    expect(output).not.toContain(Buffer.from(`demo:${secret}`).toString("base64"));
    expect(output).not.toContain(Buffer.from("demo:demo").toString("base64"));
  });

  it("answers a typed error for what the REST API cannot do", async () => {
    const wire = await login(`${server.baseUrl}/essbase/japi`);
    const loginid = wire.json.loginid as string;
    const init = await api(
      "/qibates/api/v2/action/initgrid",
      { loginid, server: "EssbaseCluster-1", application: "Sample", cube: "Basic" },
      "essbase-stndln",
    );
    expect(init.status).toBe(200);
    const zoom = await api(
      "/qibates/api/v2/action/zoomin",
      {
        loginid,
        server: "EssbaseCluster-1",
        application: "Sample",
        cube: "Basic",
        grid: init.json.grid,
        cells: [{ row: 2, column: 0 }],
        settings: { zoomInMode: "CALC_LEVEL" },
      },
      "essbase-stndln",
    );
    expect(zoom.status).toBe(422);
    expect(zoom.json.code).toBe("QB_ERR_OPERATION_UNSUPPORTED");
  });

  it("sets &CurrMonth on Sample.Basic with PUT on the cube's variables: that session's grids read it, another's do not", async () => {
    const cube = { server: "EssbaseCluster-1", application: "Sample", cube: "Basic" };
    const mine = (await login(`${server.baseUrl}/essbase/japi`)).json.loginid as string;
    const other = (await login(`${server.baseUrl}/essbase/japi`)).json.loginid as string;
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
