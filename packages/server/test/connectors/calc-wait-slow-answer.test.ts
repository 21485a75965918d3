import { describe, expect, it } from "vitest";
import { listeningServer } from "../support/listening.ts";
import { slowProxy } from "../support/slow-proxy.ts";

/**
 * A server slow to answer the launch of a calculation script or business rule, or a reading of its job's status,
 * with PROVIDER_READ_TIMEOUT_SECONDS shorter than CALC_JOB_TIMEOUT_SECONDS (as with the defaults, 120 and 600 s):
 * the answer is waited for until CALC_JOB_TIMEOUT_SECONDS has passed since the launch, as Run the server › Long
 * calls says ("however slowly the server responds"), and the script or rule returns its result. Before, through
 * essbase-stndln, pbcs and planning, such an answer was given up once PROVIDER_READ_TIMEOUT_SECONDS had passed:
 * the user read that the server could not be reached (502) while the script or rule ran on, and ran it again.
 */

const CALC_S = 10;
const READ_S = 1;
/** Longer than PROVIDER_READ_TIMEOUT_SECONDS, well within CALC_JOB_TIMEOUT_SECONDS. */
const SLOW_MS = 2500;

const server = listeningServer({
  QIBATES_WIRE_ENDPOINTS: "all",
  CALC_JOB_TIMEOUT_SECONDS: String(CALC_S),
  PROVIDER_CONNECT_TIMEOUT_SECONDS: "1",
  PROVIDER_READ_TIMEOUT_SECONDS: String(READ_S),
});

/** Which answer the proxy delays: the launch's, or the first reading of the job's status. */
let slowOn: "launch" | "status" | null = null;
let delayed = 0;

const isLaunch = (method: string, path: string) => method === "POST" && /\/jobs$/.test(path);
const isStatus = (method: string, path: string) => method === "GET" && /\/jobs\/[^/]+$/.test(path);

const proxy = slowProxy(
  () => server.base,
  ({ method, path }) => {
    const slow = slowOn === "launch" ? isLaunch(method, path) : slowOn === "status" && isStatus(method, path);
    if (!slow || delayed > 0) return { delayMs: 0 };
    delayed += 1;
    return { delayMs: SLOW_MS };
  },
);

async function timed<T>(call: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const answer = await call();
  return [answer, (performance.now() - started) / 1000];
}

describe("a calculation script through essbase-stndln, its server slower to answer than the read timeout", () => {
  it.each(["launch", "status"] as const)("with a slow %s, runs to its end", async (slow) => {
    const body = await server.sampleBasic("essbase-stndln", `${proxy.base}/essbase/japi`);
    slowOn = slow;
    delayed = 0;
    const [r, seconds] = await timed(() =>
      server.post(
        "action/calculate",
        { ...body, action: { script: "CalcAll" } },
        { connector: "essbase-stndln" },
      ),
    );
    slowOn = null;
    expect(delayed).toBe(1);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.status).toBe("completed");
    expect(seconds).toBeGreaterThanOrEqual(SLOW_MS / 1000 - 0.1);
  });
});

describe.each([
  { connector: "pbcs", login: "action/loginpbcs", username: "idcs-demo.demo" },
  { connector: "planning", login: "action/login", username: "demo" },
])(
  "a business rule through $connector, its server slower to answer than the read timeout",
  ({ connector, login, username }) => {
    it.each(["launch", "status"] as const)("with a slow %s, runs to its end", async (slow) => {
      const session = await server.post(
        login,
        { username, password: "demo", providerAddress: `${proxy.base}/HyperionPlanning/SmartView` },
        { connector },
      );
      expect(session.status, JSON.stringify(session.json)).toBe(200);
      slowOn = slow;
      delayed = 0;
      const [r, seconds] = await timed(() =>
        server.post(
          "action/launchrule",
          {
            loginid: session.json.loginid,
            server: "Planning",
            application: "Vision",
            cube: "Plan1",
            ruleName: "AggregateData",
            prompts: [],
          },
          { connector },
        ),
      );
      slowOn = null;
      expect(delayed).toBe(1);
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      expect(r.json.status).toBe("completed");
      expect(seconds).toBeGreaterThanOrEqual(SLOW_MS / 1000 - 0.1);
    });
  },
);
