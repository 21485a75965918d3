import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contractExampleCases } from "../support/contract-examples.ts";
import { type ServerProcess, startServer } from "../support/process.ts";

/**
 * The ssas connector end to end, as a user runs it: the real server process with every wire endpoint on
 * (`QIBATES_WIRE_ENDPOINTS=all`) and 127.0.0.1 allowed; a login with connector ssas to
 * `http://127.0.0.1:PORT/aps/JAPI` goes API → connector → HTTP (XMLA at `/olap/msmdpump.dll`, the default
 * mapping) → XMLA endpoint → engine. Every documented Essbase-family example answers what it answers on the
 * demo address (with connector ssas), the typed unsupported error included where the capability table says so.
 */

let server: ServerProcess;
let key: string;

/**
 * Differences that are not the connector's: ids and times; and what XMLA does not carry: dimension density,
 * a member's storage and consolidation (no such member properties), so which cells are read-only before a
 * save; the demo's data version.
 */
function comparable(body: unknown): unknown {
  return JSON.parse(JSON.stringify(body), (k, v) => {
    if (k === "loginid" || k === "requestId" || k === "durationMs" || k === "expiresAt") return undefined;
    if (k === "providerAddress" || k === "dataVersion") return undefined;
    if (k === "storage" || k === "consolidation") return undefined;
    if (v === "read-only") return "data";
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
  return api("/qibates/api/v2/action/login", { username: "demo", password, providerAddress }, "ssas");
}

beforeAll(async () => {
  server = await startServer({
    QIBATES_WIRE_ENDPOINTS: "all",
    ALLOWED_HOSTS: "127.0.0.1",
    LOG_LEVEL: "debug",
  });
  const health = await fetch(`${server.baseUrl}/qibates/api/v2/health`).then((r) => r.json());
  key = health.demo.apiKey;
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

describe("ssas through the API, over HTTP to the XMLA endpoint", () => {
  it("answers every documented Essbase-family example as the demo address does", async () => {
    const wireAddress = `${server.baseUrl}/aps/JAPI`;
    const demo = await login("https://demo.qibates.local/aps/JAPI");
    const wire = await login(wireAddress);
    expect(demo.status).toBe(200);
    expect(wire.status, JSON.stringify(wire.json)).toBe(200);
    const sessions = { demo: demo.json.loginid as string, wire: wire.json.loginid as string };
    const cases = contractExampleCases().filter(
      (c) =>
        c.op.method === "POST" &&
        (c.op.connectors ?? []).includes("ssas") &&
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
        answers[via] = await api(op.routePath, body, "ssas");
      }
      const where = `${op.operationId} (${ex.name})`;
      expect(answers.wire?.status, where).toBe(answers.demo?.status);
      if (op.operationId === "listAliasTables") {
        // XMLA gives one caption per member: the connector knows the Default table only.
        const tables =
          (answers.demo?.json as { aliasTables?: { name: string }[] } | undefined)?.aliasTables ?? [];
        expect(
          tables.map((t) => t.name),
          where,
        ).toContain("Default");
        expect(answers.wire?.json, where).toEqual({ cube: "Basic", aliasTables: [{ name: "Default" }] });
      } else expect(comparable(answers.wire?.json), where).toEqual(comparable(answers.demo?.json));
      compared.push(where);
    }
    expect(compared.length).toBe(cases.length);
  });

  it("refuses internal and unlisted addresses before connecting, and keeps the password out of the logs", async () => {
    // Not on the allow-list.
    const unlisted = await login("http://10.0.0.7:9000/aps/JAPI");
    expect(unlisted.status).toBe(403);
    expect(unlisted.json.code).toBe("QB_ERR_HOST_NOT_ALLOWED");
    // Refused credentials, with a password that must appear nowhere in the server's output.
    const secret = "Zq9-unlikely-Pa55word";
    const refused = await login(`${server.baseUrl}/aps/JAPI`, secret);
    expect(refused.status).toBe(401);
    expect(refused.json.code).toBe("QB_ERR_LOGIN_FAILED");
    const output = server.output();
    expect(output).toContain("/olap/msmdpump.dll");
    expect(output).not.toContain(secret);
    expect(output).not.toContain(Buffer.from(`demo:${secret}`).toString("base64"));
    expect(output).not.toContain(Buffer.from("demo:demo").toString("base64"));
  });

  it("answers the typed unsupported error for what SSAS has not", async () => {
    const wire = await login(`${server.baseUrl}/aps/JAPI`);
    const loginid = wire.json.loginid as string;
    const init = await api(
      "/qibates/api/v2/action/initgrid",
      { loginid, server: "EssbaseCluster-1", application: "Sample", cube: "Basic" },
      "ssas",
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
      "ssas",
    );
    expect(zoom.status).toBe(422);
    expect(zoom.json.code).toBe("QB_ERR_OPERATION_UNSUPPORTED");
  });
});
