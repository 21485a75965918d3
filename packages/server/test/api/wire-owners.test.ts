import { describe, expect, it } from "vitest";
import { CALC_ALL_JOB, jobIds, launchAggregateData, pollJob } from "../../../wire/test/support/jobs.ts";
import { type App, appForBlock } from "../support/app.ts";

/**
 * The public demo user is one account every visitor shares: what one visitor's Essbase REST sessions start or
 * hold (the sessions list, its jobs and their re-runs) is visible from that visitor's client address only.
 */
const basic = `Basic ${Buffer.from("demo:demo").toString("base64")}`;
const ALICE = "203.0.113.10";
const BOB = "198.51.100.20";

describe("Essbase REST sessions and jobs of the shared demo user", () => {
  let app: App;
  appForBlock({ QIBATES_WIRE_ENDPOINTS: "essbase-rest" }, (built) => {
    app = built;
  });

  const call = (
    from: string,
    method: "GET" | "POST" | "DELETE",
    url: string,
    cookie?: string,
    payload?: object,
  ) =>
    app.inject({
      method,
      url: `/essbase/rest/v1${url}`,
      remoteAddress: from,
      headers: {
        ...(cookie ? { cookie } : { authorization: basic }),
        ...(payload ? { "content-type": "application/json" } : {}),
      },
      ...(payload ? { payload } : {}),
    });
  const login = async (from: string) => {
    const r = await call(from, "GET", "/session");
    expect(r.statusCode, r.body).toBe(200);
    return String(r.headers["set-cookie"]).split(";")[0] ?? "";
  };
  const sessionIds = async (from: string, cookie: string) => {
    const r = await call(from, "GET", "/sessions", cookie);
    expect(r.statusCode, r.body).toBe(200);
    return (r.json() as { sessionId: string; connectionSource: string }[]).map((s) => s.connectionSource);
  };

  it("lists and ends only the sessions opened from the caller's address", async () => {
    const alice1 = await login(ALICE);
    const alice2 = await login(ALICE);
    const bob = await login(BOB);
    expect(await sessionIds(ALICE, alice1)).toEqual([ALICE, ALICE]);
    expect(await sessionIds(BOB, bob)).toEqual([BOB]);
    // Bob cannot end Alice's sessions, one by one or all at once.
    const aliceNumbers = (await call(ALICE, "GET", "/sessions", alice1)).json() as { sessionId: string }[];
    for (const { sessionId } of aliceNumbers) {
      const r = await call(BOB, "DELETE", `/sessions/${sessionId}`, bob);
      expect(r.statusCode).toBe(400);
    }
    expect((await call(BOB, "DELETE", "/sessions", bob)).statusCode).toBe(200);
    expect((await call(ALICE, "GET", "/session", alice2, undefined)).statusCode).toBe(200);
    expect(await sessionIds(ALICE, alice1)).toEqual([ALICE, ALICE]);
  });

  it("shows, polls and re-runs a job only from the address that started it", async () => {
    const alice = await login(ALICE);
    const bob = await login(BOB);
    const started = await call(ALICE, "POST", "/jobs", alice, CALC_ALL_JOB);
    expect(started.statusCode, started.body).toBe(200);
    const id = started.json().job_ID as number;
    const listed = async (from: string, cookie: string) => jobIds(await call(from, "GET", "/jobs", cookie));
    expect(await listed(ALICE, alice)).toContain(id);
    expect(await listed(BOB, bob)).not.toContain(id);
    expect((await call(BOB, "GET", `/jobs/${id}`, bob)).statusCode).toBeGreaterThanOrEqual(400);
    expect((await call(BOB, "POST", `/jobs/${id}`, bob)).statusCode).toBeGreaterThanOrEqual(400);
    expect(await listed(BOB, bob)).toEqual([]);
    const again = await call(ALICE, "POST", `/jobs/${id}`, alice);
    expect(again.statusCode, again.body).toBe(200);
    expect(await listed(ALICE, alice)).toContain(again.json().job_ID);
  });
});

describe("Planning REST jobs of the shared demo user", () => {
  let app: App;
  appForBlock({ QIBATES_WIRE_ENDPOINTS: "planning-rest" }, (built) => {
    app = built;
  });

  it("are polled only from the client address that launched them", async () => {
    const id = await launchAggregateData(app, ALICE, basic);
    const poll = (from: string) => pollJob(app, id, from, basic);
    expect((await poll(ALICE)).statusCode).toBe(200);
    expect((await poll(BOB)).statusCode).toBe(404);
  });
});
