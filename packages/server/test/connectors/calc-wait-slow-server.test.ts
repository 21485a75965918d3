import { createServer, request as httpRequest, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listeningServer } from "../support/listening.ts";

/**
 * CALC_JOB_TIMEOUT_SECONDS on a slow link: the caller hears that a calculation script or a business rule is
 * still running once that wait has passed since it was launched, however slowly the server answers, through
 * each connector that runs them (essbase, essbase-stndln, pbcs, planning) to the server's own protocol
 * endpoints, behind a proxy that delays every request and holds the launch, or the job's status, unanswered.
 * Before: essbase read the cube's whole outline (some 80 calls) before the script, the wait counted after it;
 * essbase-stndln, pbcs and planning waited for the launch's answer and each status as long as
 * PROVIDER_READ_TIMEOUT_SECONDS, then said the server could not be reached.
 */

const WAIT_S = 2;
const server = listeningServer({
  QIBATES_WIRE_ENDPOINTS: "all",
  CALC_JOB_TIMEOUT_SECONDS: String(WAIT_S),
  PROVIDER_READ_TIMEOUT_SECONDS: "15",
});

/** What the proxy holds without an answer: the launch of the script or rule, or the job's status. */
let hold: "launch" | "status" = "launch";
const PER_REQUEST_MS = 60;
let proxy: Server;
const PROXY = "http://127.0.0.1:7531";

const isLaunch = (method: string, path: string, body: string) =>
  body.includes("req_LaunchBusinessRule") || (method === "POST" && /\/jobs$/.test(path));
const isStatus = (method: string, path: string) => method === "GET" && /\/jobs\/[^/]+$/.test(path);

beforeAll(async () => {
  const upstream = new URL(server.base);
  proxy = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const method = req.method ?? "GET";
      const path = (req.url ?? "").split("?")[0] ?? "";
      const held = hold === "launch" ? isLaunch(method, path, body.toString()) : isStatus(method, path);
      if (held) return; // never answered: the server is still running it
      setTimeout(() => {
        const up = httpRequest(
          { host: upstream.hostname, port: upstream.port, path: req.url, method, headers: req.headers },
          (r) => {
            res.writeHead(r.statusCode ?? 502, r.headers);
            r.pipe(res);
          },
        );
        up.on("error", () => res.destroy());
        up.end(body);
      }, PER_REQUEST_MS);
    });
  });
  await new Promise<void>((resolve) => proxy.listen(7531, "127.0.0.1", () => resolve()));
});
afterAll(async () => {
  proxy.closeAllConnections();
  await new Promise((resolve) => proxy.close(resolve));
});

const CALCULATIONS = [
  { connector: "essbase", address: `${PROXY}/aps/JAPI`, holds: ["launch"] as const },
  { connector: "essbase-stndln", address: `${PROXY}/essbase/japi`, holds: ["launch", "status"] as const },
];
const RULES = [
  { connector: "pbcs", login: "action/loginpbcs", username: "idcs-demo.demo" },
  { connector: "planning", login: "action/login", username: "demo" },
];

/** `call` and how long it took, in seconds. */
async function timed<T>(call: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const answer = await call();
  return [answer, (performance.now() - started) / 1000];
}

describe.each(CALCULATIONS)("a calculation through $connector", ({ connector, address, holds }) => {
  it.each(holds)(
    "with its %s unanswered, says it still runs once CALC_JOB_TIMEOUT_SECONDS has passed",
    async (held) => {
      hold = held;
      const body = await server.sampleBasic(connector, address);
      const [r, seconds] = await timed(() =>
        server.post("action/calculate", { ...body, action: { script: "BudSeed" } }, { connector }),
      );
      expect(r.status, JSON.stringify(r.json)).toBe(422);
      expect(r.json.code).toBe("QB_ERR_CALC_FAILED");
      expect(r.json.message).toMatch(
        new RegExp(
          `^The calculation script "BudSeed" failed: still running after ${WAIT_S} s( \\(job \\d+\\))?; it keeps running on the server$`,
        ),
      );
      // The wait, and the few calls before the launch that find the script on the slow link: not 80 of them.
      expect(seconds).toBeGreaterThanOrEqual(WAIT_S - 0.1);
      expect(seconds).toBeLessThan(WAIT_S + 1.5);
    },
  );
});

describe.each(RULES)("a business rule through $connector", ({ connector, login, username }) => {
  it.each(["launch", "status"] as const)(
    "with its %s unanswered, says it still runs once CALC_JOB_TIMEOUT_SECONDS has passed",
    async (held) => {
      hold = held;
      const address = `${PROXY}/HyperionPlanning/SmartView`;
      const session = await server.post(
        login,
        { username, password: "demo", providerAddress: address },
        { connector },
      );
      expect(session.status, JSON.stringify(session.json)).toBe(200);
      const rule = {
        loginid: session.json.loginid,
        server: "Planning",
        application: "Vision",
        cube: "Plan1",
        ruleName: "AggregateData",
        prompts: [],
      };
      const [r, seconds] = await timed(() =>
        server.post("action/launchrule", rule, { connector, language: "fr" }),
      );
      expect(r.status, JSON.stringify(r.json)).toBe(422);
      expect(r.json.code).toBe("QB_ERR_RULE_FAILED");
      expect(r.json.message).toMatch(
        held === "launch"
          ? /toujours en cours après 2 s ; la règle se poursuit sur le serveur/
          : /toujours en cours après 2 s \(travail \d+\) ; le travail se poursuit sur le serveur/,
      );
      expect(seconds).toBeGreaterThanOrEqual(WAIT_S - 0.1);
      expect(seconds).toBeLessThan(WAIT_S + 1.5);
    },
  );
});
