import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contractExampleCases } from "../support/contract-examples.ts";
import { type ServerProcess, startServer } from "../support/process.ts";

/**
 * The essbase connector end to end, as a user runs it: the real server process with every wire endpoint on
 * (`QIBATES_WIRE_ENDPOINTS=all`) and 127.0.0.1 allowed; a login with connector essbase to
 * `http://127.0.0.1:PORT/aps/JAPI` goes API → connector → HTTP (Smart View XML at `/aps/SmartView`) → Smart
 * View endpoint → engine. Every documented Essbase-family example answers what it answers on the demo address
 * (with connector essbase), or the typed unsupported error where the capability table says a real server
 * cannot (write-back, substitution variables, CALC_LEVEL).
 */

let server: ServerProcess;
let key: string;

/**
 * Differences that are not the connector's: ids and times; and what the Smart View messages with public
 * evidence do not carry: dimension types and density, a member's storage and consolidation (so which cells
 * are read-only), script descriptions; the demo's data version.
 */
function comparable(body: unknown): unknown {
  return JSON.parse(JSON.stringify(body), (k, v) => {
    if (k === "loginid" || k === "requestId" || k === "durationMs" || k === "expiresAt") return undefined;
    if (k === "providerAddress" || k === "dataVersion") return undefined;
    if (k === "storage" || k === "consolidation" || k === "description") return undefined;
    if (k === "type" && typeof v === "string" && v !== "attribute") return undefined;
    if (v === "read-only") return "data";
    return v;
  });
}

/** Operations a real Essbase 11.x server reached through Smart View cannot do (capability table). */
const UNSUPPORTED = new Set(["saveGrid", "listVariables", "setVariable"]);

async function api(path: string, body: unknown, connector: string, method = "POST") {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { "content-type": "application/json", qibateskey: key, connector },
    ...(method === "POST" ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

async function login(providerAddress: string, password = "demo") {
  return api("/qibates/api/v2/action/login", { username: "demo", password, providerAddress }, "essbase");
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

describe("essbase through the API, over HTTP to the Smart View endpoint", () => {
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
        (c.op.connectors ?? []).includes("essbase") &&
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
        answers[via] = await api(op.routePath, body, "essbase");
      }
      const where = `${op.operationId} (${ex.name})`;
      const zoomMode = (ex.value as { settings?: { zoomInMode?: string } } | undefined)?.settings?.zoomInMode;
      if (UNSUPPORTED.has(op.operationId) || zoomMode === "CALC_LEVEL") {
        expect(answers.wire?.status, where).toBe(422);
        expect((answers.wire?.json as { code?: string } | undefined)?.code, where).toBe(
          "QB_ERR_OPERATION_UNSUPPORTED",
        );
      } else {
        expect(answers.wire?.status, `${where}: ${JSON.stringify(answers.wire?.json)}`).toBe(
          answers.demo?.status,
        );
        expect(comparable(answers.wire?.json), where).toEqual(comparable(answers.demo?.json));
      }
      compared.push(where);
    }
    expect(compared.length).toBe(cases.length);
  });

  it("answers an unknown path under /aps/ with Smart View's exception element, never a page", async () => {
    for (const path of ["/aps/SmartView2", "/aps/JAPI", "/aps"]) {
      const res = await fetch(`${server.baseUrl}${path}`, { method: "POST", body: "<req_ListServers/>" });
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type"), path).toMatch(/^application\/xml/);
      expect(await res.text(), path).toMatch(/^<exception errcode="4" type="error">/);
    }
  });

  it("refuses a wrong password, and keeps the password out of the logs", async () => {
    const secret = "Zq9-unlikely-Pa55word";
    const refused = await login(`${server.baseUrl}/aps/JAPI`, secret);
    expect(refused.status).toBe(401);
    expect(refused.json.code).toBe("QB_ERR_LOGIN_FAILED");
    const output = server.output();
    expect(output).toContain("/aps/SmartView");
    expect(output).not.toContain(secret);
  });
});
