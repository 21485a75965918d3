import { CallContext } from "@qibates/provider";
import { describe, expect, it } from "vitest";
import { WireSessions } from "../../src/essbase-rest/sessions.ts";
import { SessionsFull } from "../../src/session-store.ts";
import { EssbaseClient, endpointForTests } from "../support/endpoint.ts";

const endpoint = endpointForTests();

describe("Essbase REST sessions", () => {
  it("creates a session from HTTP Basic and answers a JSESSIONID cookie on /essbase", async () => {
    const client = new EssbaseClient(endpoint.origin);
    const first = await client.get("/session");
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ id: "demo", name: "demo" });
    const cookie = first.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^JSESSIONID=[A-Za-z0-9_-]{20,}; Path=\/essbase; HttpOnly; SameSite=Strict$/);
  });

  it("reuses the session of the cookie: Basic is not read again and no new cookie is set", async () => {
    const client = new EssbaseClient(endpoint.origin);
    await client.get("/session");
    const cookie = client.cookie;
    client.credentials = { username: "demo", password: "wrong" };
    const again = await client.get("/applications");
    expect(again.status).toBe(200);
    expect(again.headers.get("set-cookie")).toBeNull();
    expect(client.cookie).toBe(cookie);
  });

  it("keeps one session per cookie: preferences set in one are not seen in another", async () => {
    const a = new EssbaseClient(endpoint.origin);
    const b = new EssbaseClient(endpoint.origin);
    await a.get("/session");
    await b.get("/session");
    expect(a.cookie).not.toBe(b.cookie);
    await a.put("/preferences/grid", { missingText: "n/a" });
    expect((await a.get("/preferences/grid")).json.missingText).toBe("n/a");
    expect((await b.get("/preferences/grid")).json.missingText).toBe("#Missing");
  });

  it("answers 401 with a Basic challenge without credentials, with wrong ones, and with an unknown cookie", async () => {
    const none = new EssbaseClient(endpoint.origin, null);
    const r1 = await none.get("/applications");
    expect(r1.status).toBe(401);
    expect(r1.headers.get("www-authenticate")).toMatch(/^Basic realm="/);
    expect(r1.headers.get("content-type")).toBe("application/json; charset=utf-8");

    const wrong = new EssbaseClient(endpoint.origin, { username: "demo", password: "nope" });
    const r2 = await wrong.get("/applications");
    expect(r2.status).toBe(401);
    expect(r2.headers.get("set-cookie")).toBeNull();

    const forged = new EssbaseClient(endpoint.origin, null);
    forged.cookie = "JSESSIONID=forged";
    expect((await forged.get("/session")).status).toBe(401);
  });

  it("answers GET /about without a session", async () => {
    const client = new EssbaseClient(endpoint.origin, null);
    const r = await client.get("/about");
    expect(r.status).toBe(200);
    expect(r.json.name).toBe("QiBates");
  });

  it("ends the session on DELETE /session: the cookie no longer works", async () => {
    const client = new EssbaseClient(endpoint.origin);
    await client.get("/session");
    const cookie = client.cookie;
    const bye = await client.delete("/session");
    expect(bye.status).toBe(200);
    const stale = new EssbaseClient(endpoint.origin, null);
    stale.cookie = cookie;
    expect((await stale.get("/session")).status).toBe(401);
  });

  it("answers 404 with an errorMessage for a path it does not serve", async () => {
    const client = new EssbaseClient(endpoint.origin);
    const r = await client.call("GET", "/nothing/here", undefined, { check: false });
    expect(r.status).toBe(404);
    expect(r.headers.get("content-type")).toBe("application/json; charset=utf-8");
  });
});

describe("session store", () => {
  const provider = (id: string) => ({
    id,
    ownerId: "o",
    connector: "essbase-stndln" as const,
    username: "demo",
    providerAddress: "http://h/essbase/japi",
    aliasTable: null,
    call: CallContext.unbounded(),
  });

  it("slides a session on use and ends it after the idle time", () => {
    let now = 0;
    const sessions = new WireSessions({ idleMs: 1000, max: 10, now: () => now });
    const s = sessions.create("demo", "127.0.0.1", provider);
    now = 900;
    expect(sessions.find(s.id)).toBe(s);
    now = 1800;
    expect(sessions.find(s.id)).toBe(s);
    now = 2801;
    expect(sessions.find(s.id)).toBeNull();
  });

  it("never ends a session while a request of it runs, and counts its idle time from the request's end", () => {
    let now = 0;
    const ended: string[] = [];
    const sessions = new WireSessions({
      idleMs: 1000,
      max: 10,
      now: () => now,
      onEnd: (s) => ended.push(s.id),
    });
    const s = sessions.create("demo", "127.0.0.1", provider);
    const done = sessions.requestStarted(s);
    // A request five times the idle limit: neither the sweep, nor a listing, nor a lookup ends its session.
    now = 5000;
    sessions.expire();
    sessions.create("ada", "127.0.0.2", provider);
    expect(sessions.has(s.id)).toBe(true);
    expect([...sessions.live()]).toContain(s);
    expect(ended).toEqual([]);
    done();
    // Alive for the idle limit after the request's end, then ended by idleness as any other.
    now = 5999;
    expect(sessions.has(s.id)).toBe(true);
    sessions.expire();
    expect(ended).toEqual([]);
    now = 6001;
    expect(sessions.has(s.id)).toBe(false);
    sessions.expire();
    expect(ended).toContain(s.id);
    expect(sessions.find(s.id)).toBeNull();
  });

  it("keeps a session while any of its requests runs; a session with none idles out as before", () => {
    let now = 0;
    const sessions = new WireSessions({ idleMs: 1000, max: 10, now: () => now });
    const busy = sessions.create("demo", "127.0.0.1", provider);
    const idle = sessions.create("demo", "127.0.0.1", provider);
    const first = sessions.requestStarted(busy);
    const second = sessions.requestStarted(busy);
    now = 3000;
    first();
    first();
    sessions.expire();
    expect(sessions.has(idle.id)).toBe(false);
    expect(sessions.has(busy.id)).toBe(true);
    now = 9000;
    expect(sessions.find(busy.id)).toBe(busy);
    second();
    now = 9999;
    expect(sessions.has(busy.id)).toBe(true);
    now = 10_001;
    expect(sessions.find(busy.id)).toBeNull();
  });

  it("ends a session at its logout or beyond its owner's cap even while a request of it runs", () => {
    const now = 0;
    const sessions = new WireSessions({ idleMs: 1000, max: 10, maxPerOwner: 1, now: () => now });
    const a = sessions.create("demo", "127.0.0.1", provider);
    const doneA = sessions.requestStarted(a);
    sessions.create("demo", "127.0.0.1", provider);
    expect(sessions.has(a.id)).toBe(false);
    doneA();
    expect(sessions.find(a.id)).toBeNull();
    const b = sessions.create("bob", "127.0.0.2", provider);
    const doneB = sessions.requestStarted(b);
    sessions.end(b.id);
    doneB();
    expect(sessions.find(b.id)).toBeNull();
  });

  it("caps the sessions of one user at one address, ending that owner's least recently used only", () => {
    let now = 0;
    const sessions = new WireSessions({ idleMs: 60_000, max: 100, maxPerOwner: 2, now: () => now });
    const other = sessions.create("demo", "198.51.100.7", provider);
    const a = sessions.create("demo", "127.0.0.1", provider);
    now = 1;
    const b = sessions.create("demo", "127.0.0.1", provider);
    now = 2;
    sessions.find(a.id);
    // 1,100 logins from one address (they must not log every other client out).
    for (let i = 0; i < 1100; i++) {
      now = 3 + i;
      sessions.create("demo", "127.0.0.1", provider);
    }
    expect(sessions.size).toBe(3);
    expect(sessions.find(b.id)).toBeNull();
    expect(sessions.find(a.id)).toBeNull();
    expect(sessions.find(other.id)).toBe(other);
  });

  it("refuses a session beyond the store's cap rather than ending someone else's", () => {
    const sessions = new WireSessions({ idleMs: 60_000, max: 2, now: () => 0 });
    const a = sessions.create("ada", "127.0.0.1", provider);
    const b = sessions.create("bob", "127.0.0.2", provider);
    expect(() => sessions.create("eve", "127.0.0.3", provider)).toThrow(SessionsFull);
    expect(sessions.find(a.id)).toBe(a);
    expect(sessions.find(b.id)).toBe(b);
    sessions.end(a.id);
    expect(sessions.create("eve", "127.0.0.3", provider).username).toBe("eve");
  });
});

describe("cookie over https", () => {
  it("marks the session cookie Secure when the request came over https (behind a trusted proxy)", async () => {
    const Fastify = (await import("fastify")).default;
    const { essbaseRestEndpoint } = await import("../../src/essbase-rest/index.ts");
    const app = Fastify({ logger: false, trustProxy: true });
    await app.register(essbaseRestEndpoint, { provider: endpoint.provider });
    const r = await app.inject({
      method: "GET",
      url: "/essbase/rest/v1/session",
      headers: {
        authorization: `Basic ${Buffer.from("demo:demo").toString("base64")}`,
        "x-forwarded-proto": "https",
      },
    });
    expect(r.statusCode).toBe(200);
    expect(r.headers["set-cookie"]).toMatch(/; Path=\/essbase; HttpOnly; SameSite=Strict; Secure$/);
    await app.close();
  });
});
