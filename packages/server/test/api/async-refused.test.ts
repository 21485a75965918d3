import type { EmbeddedProvider } from "@qibates/embedded";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { growRevenue410, vision } from "../../../embedded/test/support/vision.ts";
import { DEMO_ADDRESS, startTestApi, type TestApi } from "../support/api.ts";

/**
 * A call with `Prefer: respond-async` that the job queue refuses (past QIBATES_JOBS_PER_USER) is
 * answered 429 with Retry-After at once, as without the header, and no operation is stored. It was answered 202
 * and stored as an operation that read `failed` with QB_ERR_RATE_LIMITED (1,653 of 1,678 rows in the attack
 * run), kept for a day.
 */
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ QIBATES_JOBS_PER_USER: "1" });
  // A session read that answers a few milliseconds later, as Redis does under load on several API nodes: the
  // call reaches the job queue after the caller's wait (`wait=0`) has run out.
  const sessions = api.app.services.sessions;
  const touch = sessions.touch.bind(sessions);
  sessions.touch = async (...args: Parameters<typeof touch>) => {
    await new Promise((resolve) => setTimeout(resolve, 20));
    return touch(...args);
  };
});
afterAll(async () => api.close());

const RULE = { ...vision, ...growRevenue410("async-refused") };

function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return api.app.inject({
    method: "POST",
    url: `/qibates/api/v2/${path}`,
    headers: { "content-type": "application/json", qibateskey: api.key, connector: "planning", ...headers },
    payload: JSON.stringify(body),
  });
}

const storedOperations = async () =>
  (await api.app.services.db.query<{ n: number }>("select count(*)::int as n from api_operations"))[0]?.n;

describe("Prefer: respond-async and the job queue", () => {
  it("answers a rule the queue refuses 429 at once, and stores no operation for it", async () => {
    const provider = api.app.services.providers.byId("embedded") as EmbeddedProvider;
    let release: () => void = () => {};
    const held = provider.jobs.admit("test: another owner")?.run(
      () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
    );
    try {
      const login = await post("action/login", {
        username: "demo",
        password: "demo",
        providerAddress: DEMO_ADDRESS.planning,
      });
      const loginid = login.json().loginid as string;
      const before = await storedOperations();
      // Admitted, waiting behind the held job: an operation.
      const waiting = await post(
        "action/launchrule",
        { loginid, ...RULE },
        { prefer: "respond-async, wait=0" },
      );
      expect(waiting.statusCode, waiting.body).toBe(202);
      expect(await storedOperations()).toBe((before ?? 0) + 1);
      // Past the session's one place: refused at once, as without the header, and nothing stored.
      for (const locale of ["en", "fr"]) {
        const refused = await post(
          "action/launchrule",
          { loginid, ...RULE },
          { prefer: "respond-async, wait=0", "accept-language": locale },
        );
        expect(refused.statusCode, refused.body).toBe(429);
        expect(refused.headers["retry-after"]).toMatch(/^\d+$/);
        expect(refused.headers["preference-applied"]).toBeUndefined();
        expect(refused.json().code).toBe("QB_ERR_RATE_LIMITED");
      }
      expect(await storedOperations()).toBe((before ?? 0) + 1);
    } finally {
      release();
      await held;
    }
  });
});
