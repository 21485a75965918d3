import { CallContext, ProviderError, type ProviderSession } from "@qibates/provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PlanningRestProvider } from "../src/planning-rest/provider.ts";
import {
  callFor,
  type FakeUpstream,
  fakeUpstream,
  json,
  loopbackUpstreams,
} from "./support/fake-upstream.ts";

/**
 * One login's client is shared by its calls, yet each request it sends carries the context of the call that made
 * it (`ProviderSession.call`), with no deadline entered around the calls: two calls at once, each passed on for
 * its own client and with its own deadline, send their own `X-Forwarded-For`, and the one whose deadline passes
 * has its request dropped while the other's goes on. A read the two share runs within the later of their
 * deadlines and names neither client.
 */

/** How long the server takes to answer the calls below: longer than the early call's deadline. */
const SLOW_MS = 1000;

let upstream: FakeUpstream;
let provider: PlanningRestProvider;
let address: URL;
let handle: string;

beforeAll(async () => {
  upstream = await fakeUpstream(async ({ path }) => {
    if (path === "/HyperionPlanning/rest/") return json(200, { items: [{ version: "v3", isLatest: true }] });
    await new Promise((r) => setTimeout(r, SLOW_MS));
    if (path === "/HyperionPlanning/rest/v3/applications")
      return json(200, { items: [{ name: "Vision", type: "HP" }] });
    if (path === "/HyperionPlanning/rest/v3/applications/Vision/dimensions/Entity/members/Entity")
      return json(200, { name: "Entity", children: [] });
    return json(404, { message: "no such resource" });
  });
  provider = new PlanningRestProvider({
    upstreams: loopbackUpstreams(),
    idleMs: 60_000,
    jobTimeoutMs: 10_000,
    pollMs: 5,
  });
  address = new URL(`${upstream.origin}/HyperionPlanning/SmartView`);
  const login = await provider.login({
    connector: "pbcs",
    username: "ada",
    password: "pw",
    address,
    call: CallContext.unbounded(),
  });
  handle = login.handle;
});

afterAll(async () => {
  await provider.close();
  await upstream.close();
});

/** The login's session as one call uses it. */
const sessionIn = (call: CallContext): ProviderSession => ({
  id: "s",
  ownerId: "o",
  connector: "pbcs",
  username: "ada",
  providerAddress: address.href,
  aliasTable: null,
  handle,
  call,
});

const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e,
  );

describe("two calls at once through one login's client", () => {
  it("send each its own client, and each request stops at its own call's deadline", async () => {
    const early = callFor("192.0.2.1", 250);
    const late = callFor("2001:db8::2", 10_000);
    const before = upstream.requests.length;
    // In order: when the early call failed, when the late one had its answer.
    const ended: string[] = [];
    const [earlyError, lateAnswer] = await Promise.all([
      failure(provider.applications(sessionIn(early), "Planning", false)).then((e) => {
        ended.push("early");
        return e;
      }),
      provider.applications(sessionIn(late), "Planning", false).then((a) => {
        ended.push("late");
        return a;
      }),
    ]);
    early.stop();
    late.stop();
    // The early call's request was dropped at its deadline, before the server answered: not read after it.
    expect(earlyError).toBeInstanceOf(ProviderError);
    expect((earlyError as ProviderError).code).toBe("UPSTREAM_UNREACHABLE");
    expect(ended).toEqual(["early", "late"]);
    expect(JSON.stringify(lateAnswer)).toContain("Vision");
    const sent = upstream.requests.slice(before).map((r) => r.headers["x-forwarded-for"]);
    expect(sent.length).toBeGreaterThanOrEqual(2);
    expect(new Set(sent)).toEqual(new Set(["192.0.2.1", "2001:db8::2"]));
  });

  it("share one read within the later of their deadlines, naming neither client", async () => {
    const early = callFor("192.0.2.1", 250);
    const late = callFor("2001:db8::2", 10_000);
    const before = upstream.requests.length;
    // The late call joins first: the read is under way for it whenever the early one's deadline passes.
    const [lateAnswer, earlyError] = await Promise.all([
      provider.dimension(sessionIn(late), "Vision", "Entity"),
      failure(provider.dimension(sessionIn(early), "Vision", "Entity")),
    ]);
    early.stop();
    late.stop();
    // The early call stopped waiting at its deadline; the read went on for the late one, read once.
    expect((earlyError as ProviderError).code).toBe("UPSTREAM_UNREACHABLE");
    expect(lateAnswer.root.name).toBe("Entity");
    const reads = upstream.requests.slice(before);
    expect(reads.map((r) => r.path)).toEqual([
      "/HyperionPlanning/rest/v3/applications/Vision/dimensions/Entity/members/Entity",
    ]);
    expect(reads[0]?.headers["x-forwarded-for"]).toBeUndefined();
  });
});
