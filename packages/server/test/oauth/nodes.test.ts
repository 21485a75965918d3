import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "../support/api.ts";
import { type RunningService, startPostgres } from "../support/services.ts";
import { API, TestBrowser } from "./support/browser.ts";
import { CALLBACK, type LocalOidcServer, oauthServer, startOidcServer } from "./support/oidc-server.ts";

/**
 * Two API nodes sharing one PostgreSQL database, behind a load balancer that sends each request of the
 * browser to whichever node: a sign-in started on one node finishes on the other, the browser session
 * works on both, and a key deleted on one node is refused at once on the other.
 */

let pg: RunningService;
let provider: LocalOidcServer;
let nodeA: TestApi;
let nodeB: TestApi;

beforeAll(async () => {
  pg = await startPostgres();
  provider = await startOidcServer({ alice: "alice@example.com" }, [CALLBACK]);
  const signIn = oauthServer(provider);
  const env = { DATABASE_URL: pg.url, ...signIn.env };
  nodeA = await startTestApi(env, signIn.options);
  nodeB = await startTestApi(env, signIn.options);
});

afterAll(async () => {
  await nodeA?.close();
  await nodeB?.close();
  await provider?.close();
  await pg?.stop();
});

describe("several nodes", () => {
  it("share sign-in flows, browser sessions and key deletions through the database", async () => {
    const onA = new TestBrowser(nodeA.app);
    const callback = await onA.signInAt("shared-laptop", "google", "alice");
    // The same browser (same cookies), its next request served by node B.
    const onB = new TestBrowser(nodeB.app);
    for (const [name, value] of onA.cookies) onB.cookies.set(name, value);
    const created = await onB.callback(callback);
    expect(created.statusCode, created.body).toBe(200);
    const { key } = created.json();
    for (const [name, value] of onB.cookies) onA.cookies.set(name, value);

    const listedOnA = await onA.call("GET", `${API}/listkeys`);
    expect(listedOnA.json().keys.map((k: { name: string }) => k.name)).toEqual(["shared-laptop"]);
    const byKeyOnA = await nodeA.app.inject({ url: `${API}/listkeys`, headers: { qibateskey: key } });
    expect(byKeyOnA.statusCode).toBe(200);

    const deleted = await onA.call("DELETE", `${API}/deletekey/shared-laptop`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const refusedOnB = await nodeB.app.inject({ url: `${API}/listkeys`, headers: { qibateskey: key } });
    expect(refusedOnB.statusCode).toBe(401);
    expect(refusedOnB.json().code).toBe("QB_ERR_AUTH_KEY_INVALID");
  });
});
