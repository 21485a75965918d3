import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADDRESS, startTestApi, type TestApi } from "../support/api.ts";
import { type RunningService, startPostgres, startRedis } from "../support/services.ts";
import { API, TestBrowser } from "./support/browser.ts";
import { CALLBACK, type LocalOidcServer, oauthServer, startOidcServer } from "./support/oidc-server.ts";

/**
 * Keys an administrator controls, on two API nodes over one PostgreSQL and one Redis: an administrator (named by
 * ADMINISTRATORS) lists every account's keys and revokes another user's key; the key is refused and the sessions
 * it opened end on both nodes, whichever of the owner's keys would use them; the event log records the creation,
 * the revocation and who made it, and a call refused for the revoked key. Anyone else is answered as for a path
 * the API does not have.
 */

let pg: RunningService;
let redis: RunningService;
let provider: LocalOidcServer;
let nodeA: TestApi;
let nodeB: TestApi;
/** Alice's two keys, the administrator's, and a third user's who is no administrator. */
let laptop: string;
let desktop: string;
let boss: string;
let nosy: string;

async function issue(node: TestApi, name: string, account: string): Promise<string> {
  const res = await new TestBrowser(node.app).generateKey(name, "google", account);
  if (res.statusCode !== 200) throw new Error(`generatekey answered ${res.statusCode}: ${res.body}`);
  return res.json().key as string;
}

const call = (
  node: TestApi,
  method: "GET" | "DELETE" | "POST",
  path: string,
  key: string,
  body?: unknown,
): Promise<LightMyRequestResponse> =>
  node.app.inject({
    method,
    url: `${API}/${path}`,
    headers: {
      qibateskey: key,
      ...(body === undefined ? {} : { "content-type": "application/json", connector: "essbase" }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });

const login = async (node: TestApi, key: string): Promise<string> => {
  const res = await call(node, "POST", "action/login", key, {
    username: "demo",
    password: "demo",
    providerAddress: DEMO_ADDRESS.essbase,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().loginid as string;
};

/** A call of the session `loginid` with `key`: the applications of the demo server. */
const useSession = (node: TestApi, key: string, loginid: string) =>
  call(node, "POST", "nav/applications", key, { loginid, server: "EssbaseCluster-1" });

beforeAll(async () => {
  [pg, redis] = await Promise.all([startPostgres(), startRedis()]);
  provider = await startOidcServer(
    { alice: "alice@example.com", grace: "Grace@Example.com", nosy: "nosy@example.com" },
    [CALLBACK],
  );
  const signIn = oauthServer(provider);
  const env = {
    DATABASE_URL: pg.url,
    REDIS_URL: redis.url,
    ADMINISTRATORS: "grace@example.com",
    ...signIn.env,
  };
  nodeA = await startTestApi(env, signIn.options);
  nodeB = await startTestApi(env, signIn.options);
  laptop = await issue(nodeA, "alice-laptop", "alice");
  desktop = await issue(nodeB, "alice-desktop", "alice");
  boss = await issue(nodeA, "grace-admin", "grace");
  nosy = await issue(nodeB, "nosy-laptop", "nosy");
}, 120_000);

afterAll(async () => {
  await nodeA?.close();
  await nodeB?.close();
  await provider?.close();
  await Promise.all([pg?.stop(), redis?.stop()]);
});

describe("keys an administrator controls, on two nodes over one PostgreSQL and Redis", () => {
  it("lists every account's keys with owner, name, creation and last use", async () => {
    const listed = await call(nodeB, "GET", "admin/listkeys", boss);
    expect(listed.statusCode, listed.body).toBe(200);
    const keys = listed.json().keys as { id: number; name: string; email: string; lastUsedAt: unknown }[];
    expect(keys.map((k) => `${k.email}/${k.name}`)).toEqual(
      expect.arrayContaining([
        "alice@example.com/alice-laptop",
        "alice@example.com/alice-desktop",
        "Grace@Example.com/grace-admin",
        "nosy@example.com/nosy-laptop",
      ]),
    );
    // The administrator's own key authenticated this call: its last use is recorded.
    expect(keys.find((k) => k.name === "grace-admin")?.lastUsedAt).toEqual(expect.any(String));
    const alices = await call(nodeA, "GET", "admin/listkeys?email=ALICE@example.com", boss);
    expect(
      alices
        .json()
        .keys.map((k: { name: string }) => k.name)
        .sort(),
    ).toEqual(["alice-desktop", "alice-laptop"]);
  });

  it("refuses anyone else as a path the API does not have, before reading the parameters", async () => {
    const unknownPath = await call(nodeA, "GET", "admin/nosuchcall", nosy);
    for (const [method, path] of [
      ["GET", "admin/listkeys"],
      ["GET", "admin/keyevents?format=csv"],
      ["DELETE", "admin/revokekey/1"],
      // Parameters the contract refuses: still answered as an unknown path, not as a validation error.
      ["DELETE", "admin/revokekey/not-a-number"],
    ] as const) {
      for (const node of [nodeA, nodeB]) {
        const res = await call(node, method, path, nosy);
        expect(res.statusCode, `${method} ${path}: ${res.body}`).toBe(404);
        expect(res.json().code).toBe("QB_ERR_NOT_FOUND");
        expect(res.json().message).toBe(`No route ${method} ${API}/${path.split("?")[0]}.`);
      }
    }
    expect(unknownPath.json().code).toBe("QB_ERR_NOT_FOUND");
    // The user's own keys are untouched.
    expect((await call(nodeB, "GET", "listkeys", laptop)).statusCode).toBe(200);
  });

  it("revokes another user's key: it is refused and its sessions end on both nodes", async () => {
    const onA = await login(nodeA, laptop);
    const onB = await login(nodeB, laptop);
    // Sessions are the account's: Alice's other key uses them on either node.
    for (const node of [nodeA, nodeB]) {
      for (const loginid of [onA, onB])
        expect((await useSession(node, desktop, loginid)).statusCode).toBe(200);
    }
    const list = (await call(nodeA, "GET", "admin/listkeys?email=alice@example.com", boss)).json();
    const target = list.keys.find((k: { name: string }) => k.name === "alice-laptop");

    const revoked = await call(nodeB, "DELETE", `admin/revokekey/${target.id}`, boss);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({
      id: target.id,
      name: "alice-laptop",
      email: "alice@example.com",
      revoked: true,
      sessionsEnded: 2,
    });

    for (const node of [nodeA, nodeB]) {
      // The revoked key is refused at once on both nodes…
      const refused = await call(node, "GET", "listkeys", laptop);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().code).toBe("QB_ERR_AUTH_KEY_INVALID");
      // …and the sessions it opened are gone, even for the owner's other key.
      for (const loginid of [onA, onB]) {
        const gone = await useSession(node, desktop, loginid);
        expect(gone.statusCode, gone.body).toBe(401);
        expect(gone.json().code).toBe("QB_ERR_SESSION_UNKNOWN");
      }
    }
    // The owner's other key and its new sessions work as before.
    const fresh = await login(nodeA, desktop);
    expect((await useSession(nodeB, desktop, fresh)).statusCode).toBe(200);
    // Revoked already: unknown.
    const again = await call(nodeA, "DELETE", `admin/revokekey/${target.id}`, boss);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: "QB_ERR_KEY_ID_UNKNOWN", field: "keyid" });
  });

  it("logs each key's creation, its revocation by whom, and a login refused for it", async () => {
    // A login with the revoked key, on each node: refused, and recorded once within the minute.
    for (const node of [nodeA, nodeB]) {
      const res = await call(node, "POST", "action/login", laptop, {
        username: "demo",
        password: "demo",
        providerAddress: DEMO_ADDRESS.essbase,
      });
      expect(res.statusCode).toBe(401);
    }
    const log = await call(nodeA, "GET", "admin/keyevents", boss);
    expect(log.statusCode, log.body).toBe(200);
    const events = (log.json().events as { event: string; keyName: string; by: string | null }[]).filter(
      (e) => e.keyName === "alice-laptop",
    );
    expect(events.map((e) => [e.event, e.by])).toEqual([
      ["created", "alice@example.com"],
      ["revoked", "Grace@Example.com"],
      ["refused", null],
    ]);

    const csv = await call(nodeB, "GET", "admin/keyevents?format=csv", boss);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toMatch(/^text\/csv/);
    expect(csv.headers["content-disposition"]).toBe('attachment; filename="qibates-key-events.csv"');
    const lines = csv.body.trimEnd().split("\r\n");
    expect(lines[0]).toBe("at,event,keyId,keyName,prefix,email,provider,by");
    expect(lines.filter((l) => l.includes(",revoked,") && l.includes("alice-laptop"))).toHaveLength(1);

    const jsonl = await call(nodeB, "GET", "admin/keyevents?format=jsonl", boss);
    const rows = jsonl.body
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(rows.filter((r) => r.keyName === "alice-laptop").map((r) => r.event)).toEqual([
      "created",
      "revoked",
      "refused",
    ]);
  });

  it("ends a key's sessions when its owner deletes it, and logs the deletion", async () => {
    const loginid = await login(nodeB, desktop);
    const other = await issue(nodeA, "alice-spare", "alice");
    const deleted = await call(nodeA, "DELETE", "deletekey/alice-desktop", desktop);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const gone = await useSession(nodeB, other, loginid);
    expect(gone.json().code).toBe("QB_ERR_SESSION_UNKNOWN");
    const events = (await call(nodeB, "GET", "admin/keyevents", boss)).json().events as {
      event: string;
      keyName: string;
      by: string | null;
    }[];
    expect(events.filter((e) => e.keyName === "alice-desktop").map((e) => [e.event, e.by])).toEqual([
      ["created", "alice@example.com"],
      ["deleted", "alice@example.com"],
    ]);
  });
});
