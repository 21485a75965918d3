import type { EmbeddedProvider } from "@qibates/embedded";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { growRevenue410, vision } from "../../../embedded/test/support/vision.ts";
import { DEMO_ADDRESS, startTestApi, type TestApi } from "../support/api.ts";

/**
 * The public demo key is everyone's: an operation started with it is read only by the visitor that started it
 * (its client address, an IPv6 client's whole /64, as the demo's caps count it). Any other address reads it as
 * an operation that does not exist, the same answer as for an id never issued.
 */
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ RATE_LIMIT_PER_MINUTE: "1000000" });
});
afterAll(async () => api.close());

function post(path: string, body: unknown, address: string, headers: Record<string, string> = {}) {
  return api.app.inject({
    method: "POST",
    url: `/qibates/api/v2/${path}`,
    remoteAddress: address,
    headers: { "content-type": "application/json", qibateskey: api.key, connector: "planning", ...headers },
    payload: JSON.stringify(body),
  });
}

const read = (id: string, address: string, language = "en") =>
  api.app.inject({
    method: "GET",
    url: `/qibates/api/v2/operations/${id}`,
    remoteAddress: address,
    headers: { qibateskey: api.key, "accept-language": language },
  });

describe("an operation of the demo key", () => {
  it("is read by the visitor that started it, and is unknown to every other address", async () => {
    const provider = api.app.services.providers.byId("embedded") as EmbeddedProvider;
    let release: () => void = () => {};
    // Another owner's job holds the queue: the rule waits behind it, so the call becomes an operation.
    const held = provider.jobs.admit("test: another owner")?.run(
      () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
    );
    const visitor = "2001:db8:40:1::1";
    try {
      const login = await post(
        "action/login",
        { username: "demo", password: "demo", providerAddress: DEMO_ADDRESS.planning },
        visitor,
      );
      expect(login.statusCode, login.body).toBe(200);
      const started = await post(
        "action/launchrule",
        { loginid: login.json().loginid, ...vision, ...growRevenue410("operations-per-visitor") },
        visitor,
        { prefer: "respond-async, wait=0" },
      );
      expect(started.statusCode, started.body).toBe(202);
      const id = started.json().id as string;

      // The visitor reads it, from any address of its /64.
      for (const from of [visitor, "2001:db8:40:1::99"]) {
        const own = await read(id, from);
        expect([own.statusCode, own.json().id]).toEqual([200, id]);
      }
      // Another /64 of the same /48, and an IPv4 address, read it as unknown, as an id never issued.
      const never = await read("op_AAAAAAAAAAAAAAAAAAAAAA", visitor);
      expect(never.statusCode).toBe(404);
      for (const from of ["2001:db8:40:2::1", "198.51.100.30"]) {
        for (const language of ["en", "fr"]) {
          const other = await read(id, from, language);
          expect([other.statusCode, other.json().code]).toEqual([404, "QB_ERR_OPERATION_UNKNOWN"]);
          const unknown = await read("op_AAAAAAAAAAAAAAAAAAAAAA", from, language);
          expect(other.json().message).toBe(unknown.json().message.replace("op_AAAAAAAAAAAAAAAAAAAAAA", id));
        }
      }
    } finally {
      release();
      await held;
    }
  });
});
