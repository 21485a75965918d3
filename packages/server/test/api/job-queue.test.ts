import type { EmbeddedProvider } from "@qibates/embedded";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { growRevenue410, vision } from "../../../embedded/test/support/vision.ts";
import { DEMO_ADDRESS, startTestApi, type TestApi } from "../support/api.ts";

/**
 * The API's business rules and calculations wait in the embedded engine's one job queue with
 * the wire endpoints' jobs. Past a user's bound (QIBATES_JOBS_PER_USER; the demo key's sessions of one client
 * address are one user), a rule is refused at once with 429 QB_ERR_RATE_LIMITED, never accepted to fail
 * later; another visitor's runs.
 */
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ QIBATES_JOBS_PER_USER: "1" });
});
afterAll(async () => api.close());

const RULE = { ...vision, ...growRevenue410("queued") };

/** A call of the demo key from the client address `from`. */
function postFrom(on: TestApi, from: string, path: string, body: unknown, locale = "en") {
  return on.app.inject({
    method: "POST",
    url: `/qibates/api/v2/${path}`,
    remoteAddress: from,
    headers: {
      "content-type": "application/json",
      qibateskey: on.key,
      connector: "planning",
      "accept-language": locale,
    },
    payload: JSON.stringify(body),
  });
}

async function login(from = "127.0.0.1", on = api): Promise<string> {
  const res = await postFrom(on, from, "action/login", {
    username: "demo",
    password: "demo",
    providerAddress: DEMO_ADDRESS.planning,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().loginid;
}

const launch = (loginid: string, locale = "en", from = "127.0.0.1", on = api) =>
  postFrom(on, from, "action/launchrule", { loginid, ...RULE }, locale);

/** Holds the queue's one running place (a job of another owner) until `release` is called. */
function holdQueue(on: TestApi): { release: () => void; held: Promise<void> | undefined } {
  const provider = on.app.services.providers.byId("embedded") as EmbeddedProvider;
  let release: () => void = () => {};
  const held = provider.jobs.admit("test: another owner")?.run(
    () =>
      new Promise<void>((resolve) => {
        release = resolve;
      }),
  );
  return { release: () => release(), held };
}

describe("API rules in the job queue", () => {
  it("refuses a session's rule past its bound at once with 429; another session's rule waits its turn and runs", async () => {
    // The queue's running place held by another owner's job, so that the rules below wait.
    const { release, held } = holdQueue(api);
    const a = await login();
    const b = await login("192.0.2.20");
    const first = launch(a);
    await new Promise((resolve) => setImmediate(resolve));
    const refused = await launch(a);
    expect(refused.statusCode).toBe(429);
    // A refused job may try again within a second: the message says so in good English and French, never
    // "1 seconds" or "1 secondes".
    expect(refused.headers["retry-after"]).toBe("1");
    expect(refused.json()).toMatchObject({
      code: "QB_ERR_RATE_LIMITED",
      message: "Too many requests; retry in 1 s. QiBates limits your requests for now.",
    });
    expect((await launch(a, "fr")).json().message).toBe(
      "Trop de requêtes ; réessayez dans 1 s. QiBates limite vos requêtes pour le moment.",
    );
    const other = launch(b, "en", "192.0.2.20");
    release();
    await held;
    expect((await first).statusCode).toBe(200);
    expect((await other).statusCode).toBe(200);
    // The place is free again.
    expect((await launch(a)).statusCode).toBe(200);
  });
});

describe("one visitor is one user of the job queue", () => {
  it("counts every demo session of one client address as one user: a second session of it is refused, another address's is not", async () => {
    const { release, held } = holdQueue(api);
    const first = await login("198.51.100.7");
    const second = await login("198.51.100.7");
    const waiting = launch(first, "en", "198.51.100.7");
    await new Promise((resolve) => setImmediate(resolve));
    // A new session of the same address is the same visitor, whose one place is taken.
    const refused = await launch(second, "fr", "198.51.100.7");
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: "QB_ERR_RATE_LIMITED" });
    // An IPv6 client's /64 network is one visitor too, whichever address of it each session has.
    const v6a = await login("2001:db8:5:6::1");
    const v6b = await login("2001:db8:5:6:ffff::2");
    const v6waiting = launch(v6a, "en", "2001:db8:5:6::1");
    await new Promise((resolve) => setImmediate(resolve));
    expect((await launch(v6b, "en", "2001:db8:5:6:ffff::2")).statusCode).toBe(429);
    release();
    await held;
    expect((await waiting).statusCode).toBe(200);
    expect((await v6waiting).statusCode).toBe(200);
  });

  it("leaves a place to another address when one address opens 17 sessions and floods them with rules", async () => {
    // The defaults: 4 jobs a user, 64 in all.
    const own = await startTestApi();
    try {
      const { release, held } = holdQueue(own);
      const flooder = "203.0.113.9";
      const sessions: string[] = [];
      for (let i = 0; i < 17; i++) sessions.push(await login(flooder, own));
      // Four rules from each of the first 16 sessions: counted session by session, they took all 64 places.
      const flood = sessions
        .slice(0, 16)
        .flatMap((id) => [0, 1, 2, 3].map(() => launch(id, "en", flooder, own)));
      await new Promise((resolve) => setImmediate(resolve));
      const seventeenth = await launch(sessions[16] as string, "en", flooder, own);
      expect(seventeenth.statusCode).toBe(429);
      const visitor = await login("192.0.2.44", own);
      const theirs = launch(visitor, "en", "192.0.2.44", own);
      release();
      await held;
      const answers = await Promise.all(flood);
      // The flooding address had its 4 places, no more.
      expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(4);
      expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(60);
      expect((await theirs).statusCode).toBe(200);
    } finally {
      await own.close();
    }
  });
});

describe("one visitor is one user of the job queue on the API and the protocol endpoints alike", () => {
  it("refuses a Planning REST rule job of an address whose API rule holds its place, not another address's", async () => {
    const own = await startTestApi({ QIBATES_JOBS_PER_USER: "1", QIBATES_WIRE_ENDPOINTS: "planning-rest" });
    try {
      const { release, held } = holdQueue(own);
      const from = "198.51.100.61";
      const waiting = launch(await login(from, own), "en", from, own);
      await new Promise((resolve) => setImmediate(resolve));
      const job = (address: string) =>
        own.app.inject({
          method: "POST",
          url: "/HyperionPlanning/rest/v3/applications/Vision/jobs",
          remoteAddress: address,
          headers: {
            authorization: `Basic ${Buffer.from("demo:demo").toString("base64")}`,
            "content-type": "application/json",
          },
          payload: JSON.stringify({
            jobType: "RULES",
            jobName: "CopyVersion",
            parameters: { SrcVersion: "Working", TgtVersion: "What If", planType: "Plan1" },
          }),
        });
      // The same visitor through another protocol: its one place is taken (counted apart, it ran).
      const refused = await job(from);
      expect(refused.statusCode, refused.body).toBe(429);
      expect(refused.headers["retry-after"]).toBeDefined();
      // Another address's job is admitted.
      expect((await job("198.51.100.62")).statusCode).toBe(200);
      release();
      await held;
      expect((await waiting).statusCode).toBe(200);
    } finally {
      await own.close();
    }
  });
});
