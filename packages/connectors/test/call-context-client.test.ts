import { CallContext } from "@qibates/provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PlanningRestProvider } from "../src/planning-rest/provider.ts";
import { type FakeUpstream, fakeUpstream, json, loopbackUpstreams } from "./support/fake-upstream.ts";

/**
 * The client a login is passed on for travels in the login's context (`LoginInput.call.client`) and reaches every
 * request of that login as `X-Forwarded-For`, each login its own even when several run at once; a login without
 * one, and the session's later calls, name no client.
 */

let upstream: FakeUpstream;
let provider: PlanningRestProvider;

beforeAll(async () => {
  upstream = await fakeUpstream(async ({ path }) => {
    // Slow enough for the logins below to be under way together.
    await new Promise((r) => setTimeout(r, 50));
    if (path === "/HyperionPlanning/rest/") return json(200, { items: [{ version: "v3", isLatest: true }] });
    if (path === "/HyperionPlanning/rest/v3/applications")
      return json(200, { items: [{ name: "Vision", type: "HP" }] });
    return json(404, { message: "no such resource" });
  });
  provider = new PlanningRestProvider({
    upstreams: loopbackUpstreams(),
    idleMs: 60_000,
    jobTimeoutMs: 10_000,
    pollMs: 5,
  });
});

afterAll(async () => {
  await provider.close();
  await upstream.close();
});

const userOf = (authorization: string | undefined) =>
  Buffer.from(String(authorization).replace(/^Basic /, ""), "base64")
    .toString("utf8")
    .split(":")[0];

describe("the client a login is passed on for", () => {
  it("is named by each request of that login, and by no other", async () => {
    const address = new URL(`${upstream.origin}/HyperionPlanning/SmartView`);
    const login = (username: string, call: CallContext) =>
      provider.login({ connector: "pbcs", username, password: "pw", address, call });
    const [first] = await Promise.all([
      login("ada", CallContext.forClient("192.0.2.1")),
      login("bob", CallContext.forClient("2001:db8::2")),
      login("cy", CallContext.unbounded()),
    ]);
    const byUser = new Map<string, Set<string | undefined>>();
    for (const r of upstream.requests) {
      const user = userOf(r.headers.authorization) ?? "";
      const seen = byUser.get(user) ?? new Set();
      seen.add(r.headers["x-forwarded-for"] as string | undefined);
      byUser.set(user, seen);
    }
    expect([...(byUser.get("ada") ?? [])]).toEqual(["192.0.2.1"]);
    expect([...(byUser.get("bob") ?? [])]).toEqual(["2001:db8::2"]);
    expect([...(byUser.get("cy") ?? [])]).toEqual([undefined]);
    // The session's later call names no client: the login's context was the login's only.
    const before = upstream.requests.length;
    await provider.applications(
      {
        id: "s",
        ownerId: "o",
        connector: "pbcs",
        username: "ada",
        providerAddress: address.href,
        aliasTable: null,
        handle: first.handle,
        call: CallContext.unbounded(),
      },
      "Planning",
      false,
    );
    const later = upstream.requests.slice(before);
    expect(later.length).toBeGreaterThan(0);
    expect(later.map((r) => r.headers["x-forwarded-for"])).toEqual(later.map(() => undefined));
  });
});
