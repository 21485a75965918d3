import type { EmbeddedProvider } from "@qibates/embedded";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { growRevenue410, vision } from "../../../embedded/test/support/vision.ts";
import { DEMO_ADDRESS, startTestApi, type TestApi } from "../support/api.ts";

/**
 * An API key holds at most OPERATIONS_PER_KEY operations until they expire. Without a bound, 2,400
 * calls with `Prefer: respond-async` in 6.8 s left 1,678 rows, each kept a day (about 0.5 GB a day per address).
 * Past the bound, a new `respond-async` call is refused 429 with Retry-After before it runs, nothing stored; with
 * the public demo key, each client address has a bound of its own.
 */
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ OPERATIONS_PER_KEY: "2" });
});
afterAll(async () => api.close());

const RULE = { ...vision, ...growRevenue410("operations-per-key") };

function post(path: string, body: unknown, address: string, headers: Record<string, string> = {}) {
  return api.app.inject({
    method: "POST",
    url: `/qibates/api/v2/${path}`,
    remoteAddress: address,
    headers: { "content-type": "application/json", qibateskey: api.key, connector: "planning", ...headers },
    payload: JSON.stringify(body),
  });
}

async function login(address: string): Promise<string> {
  const answer = await post(
    "action/login",
    { username: "demo", password: "demo", providerAddress: DEMO_ADDRESS.planning },
    address,
  );
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().loginid as string;
}

const storedOperations = async () =>
  (await api.app.services.db.query<{ n: number }>("select count(*)::int as n from api_operations"))[0]?.n ??
  0;

describe("OPERATIONS_PER_KEY", () => {
  it("refuses a respond-async call past the key's operations, in the caller's language, and stores nothing", async () => {
    const provider = api.app.services.providers.byId("embedded") as EmbeddedProvider;
    let release: () => void = () => {};
    // Another owner's job holds the queue: each rule waits behind it, so each call becomes an operation.
    const held = provider.jobs.admit("test: another owner")?.run(
      () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
    );
    const here = "198.51.100.7";
    const elsewhere = "203.0.113.9";
    try {
      const loginid = await login(here);
      const launch = (address: string, id: string, headers: Record<string, string>) =>
        post("action/launchrule", { loginid: id, ...RULE }, address, headers);
      for (let i = 0; i < 2; i++) {
        const accepted = await launch(here, loginid, { prefer: "respond-async, wait=0" });
        expect(accepted.statusCode, accepted.body).toBe(202);
      }
      expect(await storedOperations()).toBe(2);

      const refusals = new Map<string, string>();
      for (const locale of ["en", "fr"]) {
        const refused = await launch(here, loginid, {
          prefer: "respond-async, wait=0",
          "accept-language": locale,
        });
        expect(refused.statusCode, refused.body).toBe(429);
        expect(refused.json().code).toBe("QB_ERR_OPERATION_LIMIT");
        // Room comes back when the first of them expires: a day after it ends (OPERATIONS_KEPT_HOURS 24).
        expect(Number(refused.headers["retry-after"])).toBeGreaterThan(23 * 3600);
        expect(refused.headers["preference-applied"]).toBeUndefined();
        refusals.set(locale, refused.json().message as string);
      }
      expect(refusals.get("en")).toMatch(
        /^This API key holds as many operations as the server keeps for one key \(2\); retry in [\d,]+ s/,
      );
      expect(refusals.get("fr")).toMatch(
        /^Cette clé d'API détient autant d'opérations que le serveur en conserve pour une clé \(2\)\u202f; réessayez dans [\d\s\u202f]+\u202fs/,
      );
      expect(await storedOperations()).toBe(2);

      // The public demo key is everyone's: another address has room of its own.
      const other = await launch(elsewhere, await login(elsewhere), { prefer: "respond-async, wait=0" });
      expect(other.statusCode, other.body).toBe(202);
      expect(await storedOperations()).toBe(3);
    } finally {
      release();
      await held;
    }
    // Without the header, the same call still runs and answers when it ends.
    const sync = await post("action/launchrule", { loginid: await login(here), ...RULE }, here);
    expect(sync.statusCode, sync.body).toBe(200);
    expect(await storedOperations()).toBe(3);
  });
});
