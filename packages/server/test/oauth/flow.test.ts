import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADDRESS, startTestApi, type TestApi } from "../support/api.ts";
import { API, TestBrowser } from "./support/browser.ts";
import { CALLBACK, type LocalOidcServer, oauthServer, startOidcServer } from "./support/oidc-server.ts";

/**
 * The whole redirect flow, end to end, against real OpenID providers running locally (`oidc-provider`)
 * configured in place of Google and in place of Microsoft.
 */

const ACCOUNTS = { alice: "alice@example.com", bob: "bob@example.org" };

let google: LocalOidcServer;
let microsoft: LocalOidcServer;
let api: TestApi;

beforeAll(async () => {
  google = await startOidcServer(ACCOUNTS, [CALLBACK]);
  microsoft = await startOidcServer(ACCOUNTS, [CALLBACK]);
  const signIn = oauthServer(google, microsoft);
  api = await startTestApi(signIn.env, signIn.options);
});

afterAll(async () => {
  await api?.close();
  await google?.close();
  await microsoft?.close();
});

function withKey(key: string) {
  return (
    method: "GET" | "POST" | "DELETE",
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) =>
    api.app.inject({
      method,
      url: `${API}/${path}`,
      headers: {
        qibateskey: key,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...headers,
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
}

describe.each([["google", () => google] as const, ["microsoft", () => microsoft] as const])(
  "a key issued through %s sign-in",
  (provider, server) => {
    it("is created, works on a nav call, is listed, deleted, and refused afterwards", async () => {
      const browser = new TestBrowser(api.app);

      // Generate: redirect to the provider, sign in, back to the callback.
      const keyName = `laptop-${provider}`;
      const callbackUrl = await browser.signInAt(keyName, provider, "alice");
      expect(callbackUrl.startsWith(`${CALLBACK}?`)).toBe(true);
      const created = await browser.callback(callbackUrl);
      expect(created.statusCode, created.body).toBe(200);
      expect(created.headers["cache-control"]).toBe("no-store");
      const generated = created.json();
      expect(generated).toEqual({
        name: keyName,
        key: expect.stringMatching(/^qb_[A-Za-z0-9_-]{43}$/),
        provider,
        email: "alice@example.com",
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      const setCookie = [created.headers["set-cookie"]].flat().join("\n");
      expect(setCookie).toMatch(
        /qibates_session=[A-Za-z0-9_-]{43}; Path=\/qibates\/api\/v2; Max-Age=43200; HttpOnly; Secure; SameSite=Lax/,
      );
      const call = withKey(generated.key);

      // Usable at once on a nav call, through a login with the new key.
      const login = await call(
        "POST",
        "action/login",
        { username: "demo", password: "demo", providerAddress: DEMO_ADDRESS.essbase },
        { connector: "essbase" },
      );
      expect(login.statusCode, login.body).toBe(200);
      const servers = await call(
        "POST",
        "nav/servers",
        { loginid: login.json().loginid },
        { connector: "essbase" },
      );
      expect(servers.statusCode, servers.body).toBe(200);

      // Listed, without its value, by the key and by the browser session.
      const byKey = await call("GET", "listkeys");
      expect(byKey.statusCode, byKey.body).toBe(200);
      expect(byKey.json().keys).toEqual([
        {
          name: keyName,
          prefix: generated.key.slice(0, 7),
          provider,
          email: "alice@example.com",
          createdAt: generated.createdAt,
          lastUsedAt: expect.any(String),
        },
      ]);
      expect(byKey.body).not.toContain(generated.key);
      const bySession = await browser.call("GET", `${API}/listkeys`);
      expect(bySession.statusCode, bySession.body).toBe(200);
      expect(bySession.json().keys.map((k: { name: string }) => k.name)).toEqual([keyName]);

      // The owner is the provider's issuer and subject.
      const rows = await api.app.services.db.query<{ owner_issuer: string; owner_subject: string }>(
        "select owner_issuer, owner_subject from api_keys where name = $1",
        [keyName],
      );
      expect(rows).toEqual([{ owner_issuer: server().issuer, owner_subject: "alice" }]);

      // Deleted through the browser session: refused at once, the session it opened too.
      const deleted = await browser.call("DELETE", `${API}/deletekey/${keyName}`);
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(deleted.json()).toMatchObject({ name: keyName, deleted: true });
      const after = await call(
        "POST",
        "nav/servers",
        { loginid: login.json().loginid },
        { connector: "essbase" },
      );
      expect(after.statusCode).toBe(401);
      expect(after.json().code).toBe("QB_ERR_AUTH_KEY_INVALID");
      expect((await call("GET", "listkeys")).json().code).toBe("QB_ERR_AUTH_KEY_INVALID");
      expect((await browser.call("GET", `${API}/listkeys`)).json().keys).toEqual([]);
    });
  },
);

describe("keys of one account", () => {
  it("are shared by Google keys of the same account, and deleted by another key of it", async () => {
    const browser = new TestBrowser(api.app);
    const first = (await browser.generateKey("bob-one", "google", "bob")).json();
    const second = (await browser.generateKey("bob-two", "google", "bob")).json();
    const list = await withKey(first.key)("GET", "listkeys");
    expect(list.json().keys.map((k: { name: string }) => k.name)).toEqual(["bob-two", "bob-one"]);
    const del = await withKey(first.key)("DELETE", "deletekey/bob-two");
    expect(del.statusCode, del.body).toBe(200);
    expect((await withKey(second.key)("GET", "listkeys")).statusCode).toBe(401);
    expect((await withKey(first.key)("GET", "listkeys")).json().keys).toHaveLength(1);
  });

  it("belong to the provider's account: the same subject at Microsoft is another account", async () => {
    const browser = new TestBrowser(api.app);
    const atMicrosoft = await browser.generateKey("bob-one", "microsoft", "bob");
    expect(atMicrosoft.statusCode, atMicrosoft.body).toBe(200);
    const list = await withKey(atMicrosoft.json().key)("GET", "listkeys");
    expect(list.json().keys.map((k: { name: string }) => k.name)).toEqual(["bob-one"]);
    expect(list.json().keys[0].provider).toBe("microsoft");
  });
});

describe("demo mode with sign-in configured", () => {
  it("keeps the demo key working", async () => {
    const res = await withKey(api.key)("GET", "listkeys");
    expect(res.statusCode).toBe(200);
    expect(res.json().keys.map((k: { name: string }) => k.name)).toContain("demo");
  });
});
