import type { EmbeddedProvider } from "@qibates/embedded";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { growRevenue410, vision } from "../../../embedded/test/support/vision.ts";
import { DEMO_ADDRESS, startTestApi, type TestApi } from "../support/api.ts";

/**
 * Issue 57 (part 1): the API's business rules and calculations wait in the embedded engine's one job queue with
 * the wire endpoints' jobs. Past a user's bound (QIBATES_JOBS_PER_USER; each demo session is its own user), a
 * rule is refused at once with 429 QB_ERR_RATE_LIMITED, never accepted to fail later; another session's runs.
 */
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ QIBATES_JOBS_PER_USER: "1" });
});
afterAll(async () => api.close());

const RULE = { ...vision, ...growRevenue410("queued") };

async function login(): Promise<string> {
  const res = await api.post(
    "action/login",
    { username: "demo", password: "demo", providerAddress: DEMO_ADDRESS.planning },
    { connector: "planning" },
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().loginid;
}

const launch = (loginid: string, locale = "en") =>
  api.post("action/launchrule", { loginid, ...RULE }, { connector: "planning", "accept-language": locale });

describe("API rules in the job queue", () => {
  it("refuses a session's rule past its bound at once with 429; another session's rule waits its turn and runs", async () => {
    const provider = api.app.services.providers.byId("embedded") as EmbeddedProvider;
    // The queue's running place held by another owner's job, so that the rules below wait.
    let release: () => void = () => {};
    const held = provider.jobs.admit("test: another owner")?.run(
      () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
    );
    const a = await login();
    const b = await login();
    const first = launch(a);
    await new Promise((resolve) => setImmediate(resolve));
    const refused = await launch(a);
    expect(refused.statusCode).toBe(429);
    // A refused job may try again within a second: the message says so in good English and French, never
    // "1 seconds" or "1 secondes".
    expect(refused.headers["retry-after"]).toBe("1");
    expect(refused.json()).toMatchObject({
      code: "QB_ERR_RATE_LIMITED",
      message: "Too many requests; retry in 1 s.",
    });
    expect((await launch(a, "fr")).json().message).toBe("Trop de requêtes ; réessayez dans 1 s.");
    const other = launch(b);
    release();
    await held;
    expect((await first).statusCode).toBe(200);
    expect((await other).statusCode).toBe(200);
    // The place is free again.
    expect((await launch(a)).statusCode).toBe(200);
  });
});
