import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "../support/api.ts";
import { API, TestBrowser } from "./support/browser.ts";
import { CALLBACK, type LocalOidcServer, oauthServer, startOidcServer } from "./support/oidc-server.ts";

/** What an attacker, or a confused browser, may try against the sign-in that issues keys. */

let provider: LocalOidcServer;
let api: TestApi;

beforeAll(async () => {
  provider = await startOidcServer({ alice: "alice@example.com", bob: "bob@example.org", carol: null }, [
    CALLBACK,
  ]);
  const signIn = oauthServer(provider);
  api = await startTestApi(signIn.env, signIn.options);
});

afterAll(async () => {
  await api?.close();
  await provider?.close();
});

async function keyNames(): Promise<string[]> {
  const rows = await api.app.services.db.query<{ name: string }>("select name from api_keys order by name");
  return rows.map((r) => r.name);
}

function withKey(key: string, method: "GET" | "DELETE", path: string) {
  return api.app.inject({ method, url: `${API}/${path}`, headers: { qibateskey: key } });
}

function expectError(res: { statusCode: number; json(): unknown }, status: number, code: string): void {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({ code });
}

describe("the callback", () => {
  it("refuses an unknown state", async () => {
    const browser = new TestBrowser(api.app);
    const callback = new URL(await browser.signInAt("unknown-state", "google", "alice"));
    callback.searchParams.set("state", "not-a-state-this-server-issued");
    const res = await browser.callback(callback.href);
    expectError(res, 400, "QB_ERR_OAUTH_STATE");
    expect(res.json().field).toBe("state");
    expect(await keyNames()).not.toContain("unknown-state");
  });

  it("answers a sign-in the user cancelled at the provider with QB_ERR_OAUTH_FAILED, and creates no key", async () => {
    const browser = new TestBrowser(api.app);
    const callback = new URL(await browser.signInAt("cancelled", "google", "alice"));
    callback.searchParams.delete("code");
    callback.searchParams.set("error", "access_denied");
    callback.searchParams.set("error_description", "The user cancelled the sign-in.");
    const res = await browser.callback(callback.href);
    expectError(res, 401, "QB_ERR_OAUTH_FAILED");
    expect(await keyNames()).not.toContain("cancelled");
  });

  it("accepts a state once: a replayed callback is refused", async () => {
    const browser = new TestBrowser(api.app);
    const callback = await browser.signInAt("replayed-state", "google", "alice");
    const first = await browser.callback(callback);
    expect(first.statusCode, first.body).toBe(200);
    const again = await browser.callback(callback);
    expectError(again, 400, "QB_ERR_OAUTH_STATE");
    expect(again.body).not.toContain(first.json().key);
  });

  it("refuses an authorization code replayed with the state of another sign-in", async () => {
    const browser = new TestBrowser(api.app);
    const used = new URL(await browser.signInAt("code-first", "google", "alice"));
    expect((await browser.callback(used.href)).statusCode).toBe(200);
    // A new sign-in, whose callback is sent the old code: PKCE and the provider refuse it.
    const fresh = new URL(await browser.signInAt("code-second", "google", "alice"));
    fresh.searchParams.set("code", used.searchParams.get("code") ?? "");
    const res = await browser.callback(fresh.href);
    expectError(res, 401, "QB_ERR_OAUTH_FAILED");
    expect(await keyNames()).not.toContain("code-second");
  });

  it("refuses an ID token whose nonce is not the one of the sign-in", async () => {
    const browser = new TestBrowser(api.app);
    const callback = await browser.signInAt("wrong-nonce", "google", "alice", (url) =>
      url.searchParams.set("nonce", "a-nonce-the-attacker-chose"),
    );
    const res = await browser.callback(callback);
    expectError(res, 401, "QB_ERR_OAUTH_FAILED");
    expect(res.json().message).toContain("nonce");
    expect(await keyNames()).not.toContain("wrong-nonce");
  });

  it("refuses a sign-in older than 10 minutes", async () => {
    const browser = new TestBrowser(api.app);
    const callback = await browser.signInAt("expired-flow", "google", "alice");
    await api.app.services.db.query(
      "update oauth_flows set expires_at = now() - interval '1 second' where key_name = 'expired-flow'",
    );
    expectError(await browser.callback(callback), 400, "QB_ERR_OAUTH_STATE");
    expect(await keyNames()).not.toContain("expired-flow");
  });

  it("refuses a callback opened in another browser than the one that started the sign-in", async () => {
    const victim = new TestBrowser(api.app);
    const callback = await new TestBrowser(api.app).signInAt("other-browser", "google", "alice");
    expectError(await victim.callback(callback), 400, "QB_ERR_OAUTH_STATE");
    expect(await keyNames()).not.toContain("other-browser");
  });

  it("lets two tabs of one browser sign in at the same time", async () => {
    const browser = new TestBrowser(api.app);
    const first = await browser.signInAt("tab-one", "google", "alice");
    const second = await browser.signInAt("tab-two", "google", "alice");
    expect((await browser.callback(second)).statusCode).toBe(200);
    expect((await browser.callback(first)).statusCode).toBe(200);
  });

  it("refuses an account that does not share an e-mail address", async () => {
    const res = await new TestBrowser(api.app).generateKey("no-email", "google", "carol");
    expectError(res, 401, "QB_ERR_OAUTH_FAILED");
    expect(res.json().message).toContain("e-mail");
    expect(await keyNames()).not.toContain("no-email");
  });

  it("refuses a name the account already has, clearly, and keeps the existing key", async () => {
    const browser = new TestBrowser(api.app);
    const original = (await browser.generateKey("taken", "google", "bob")).json();
    const res = await browser.generateKey("taken", "google", "bob");
    expectError(res, 409, "QB_ERR_KEY_NAME_TAKEN");
    expect(res.json()).toMatchObject({
      field: "keyname",
      message: 'The account already has a key named "taken".',
    });
    expect((await withKey(original.key, "GET", "listkeys")).statusCode).toBe(200);
    // Signed in all the same: the browser session can manage the account's keys.
    const list = await browser.call("GET", `${API}/listkeys`);
    expect(list.json().keys.map((k: { name: string }) => k.name)).toContain("taken");
  });

  it("lets another account use the same name", async () => {
    const res = await new TestBrowser(api.app).generateKey("taken", "google", "alice");
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe("listkeys and deletekey", () => {
  it("list only the caller's keys, by key and by browser session", async () => {
    const aliceBrowser = new TestBrowser(api.app);
    const alice = (await aliceBrowser.generateKey("alice-list", "google", "alice")).json();
    const bob = (await new TestBrowser(api.app).generateKey("bob-list", "google", "bob")).json();
    const aliceKeys = (await withKey(alice.key, "GET", "listkeys")).json().keys as {
      email: string;
      name: string;
    }[];
    expect(aliceKeys.map((k) => k.name)).toContain("alice-list");
    expect(aliceKeys.map((k) => k.name)).not.toContain("bob-list");
    expect(new Set(aliceKeys.map((k) => k.email))).toEqual(new Set(["alice@example.com"]));
    const bySession = (await aliceBrowser.call("GET", `${API}/listkeys`)).json().keys as { name: string }[];
    expect(bySession.map((k) => k.name).sort()).toEqual(aliceKeys.map((k) => k.name).sort());
    const bobKeys = (await withKey(bob.key, "GET", "listkeys")).json().keys as { name: string }[];
    expect(bobKeys.map((k) => k.name)).not.toContain("alice-list");
    const demoKeys = (await withKey(api.key, "GET", "listkeys")).json().keys as { name: string }[];
    expect(demoKeys.map((k) => k.name)).not.toContain("alice-list");
  });

  it("refuse to delete another user's key, and delete nothing", async () => {
    const aliceBrowser = new TestBrowser(api.app);
    const alice = (await aliceBrowser.generateKey("alice-del", "google", "alice")).json();
    const bob = (await new TestBrowser(api.app).generateKey("bob-del", "google", "bob")).json();
    const byKey = await withKey(alice.key, "DELETE", "deletekey/bob-del");
    expectError(byKey, 404, "QB_ERR_KEY_UNKNOWN");
    const bySession = await aliceBrowser.call("DELETE", `${API}/deletekey/bob-del`);
    expectError(bySession, 404, "QB_ERR_KEY_UNKNOWN");
    const list = await withKey(bob.key, "GET", "listkeys");
    expect(list.statusCode).toBe(200);
    expect(list.json().keys.map((k: { name: string }) => k.name)).toContain("bob-del");
  });

  it("accept a change with the browser session only from the site's own pages (Origin)", async () => {
    const browser = new TestBrowser(api.app);
    await browser.generateKey("origin-guarded", "google", "alice");
    for (const origin of ["https://evil.example", "http://localhost.evil.example", "null", "not a url"]) {
      const refused = await browser.call("DELETE", `${API}/deletekey/origin-guarded`, { origin });
      expectError(refused, 401, "QB_ERR_AUTH_KEY_MISSING");
    }
    const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const withoutOrigin = await api.app.inject({
      method: "DELETE",
      url: `${API}/deletekey/origin-guarded`,
      headers: { cookie },
    });
    expectError(withoutOrigin, 401, "QB_ERR_AUTH_KEY_MISSING");
    expect(await keyNames()).toContain("origin-guarded");
    // Reading with the cookie needs no Origin; the site's own page may delete.
    expect((await browser.call("GET", `${API}/listkeys`)).statusCode).toBe(200);
    const deleted = await browser.call("DELETE", `${API}/deletekey/origin-guarded`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await keyNames()).not.toContain("origin-guarded");
  });

  it("refuse an unknown, forged or expired browser session", async () => {
    const forged = await api.app.inject({
      method: "GET",
      url: `${API}/listkeys`,
      headers: { cookie: `qibates_session=${"A".repeat(43)}` },
    });
    expectError(forged, 401, "QB_ERR_AUTH_KEY_MISSING");
    const browser = new TestBrowser(api.app);
    await browser.generateKey("expiring-session", "google", "alice");
    expect((await browser.call("GET", `${API}/listkeys`)).statusCode).toBe(200);
    await api.app.services.db.query("update browser_sessions set expires_at = now() - interval '1 second'");
    expectError(await browser.call("GET", `${API}/listkeys`), 401, "QB_ERR_AUTH_KEY_MISSING");
  });

  it("do not let the browser session replace the key on other calls", async () => {
    const browser = new TestBrowser(api.app);
    await browser.generateKey("session-only", "google", "alice");
    const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const res = await api.app.inject({
      method: "POST",
      url: `${API}/action/login`,
      headers: { cookie, "content-type": "application/json", connector: "essbase" },
      payload: JSON.stringify({
        username: "demo",
        password: "demo",
        providerAddress: "https://demo.qibates.local/aps/JAPI",
      }),
    });
    expectError(res, 401, "QB_ERR_AUTH_KEY_MISSING");
  });
});

describe("stored secrets", () => {
  it("keep only hashes of keys, states and session tokens", async () => {
    const browser = new TestBrowser(api.app);
    const callback = new URL(await browser.signInAt("stored", "google", "alice"));
    const state = callback.searchParams.get("state") ?? "";
    const flows = JSON.stringify(await api.app.services.db.query("select * from oauth_flows"));
    expect(flows).not.toContain(state);
    const res = await browser.callback(callback.href);
    const { key } = res.json();
    const session = browser.cookies.get("qibates_session") ?? "";
    expect(session).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const dump = JSON.stringify([
      await api.app.services.db.query("select * from api_keys"),
      await api.app.services.db.query("select * from browser_sessions"),
    ]);
    expect(dump).not.toContain(key);
    expect(dump).not.toContain(session);
  });
});

describe("the provider a sign-in goes to", () => {
  it("is Google's own, whatever the environment names: OAUTH_GOOGLE_ISSUER no longer sends it elsewhere", async () => {
    // The stand-in is given to buildApp by the tests alone; a server started with its address in the environment
    // (the setting this server once read) still sends its users to Google.
    const fromEnvironment = await startTestApi({
      ...oauthServer(provider).env,
      OAUTH_GOOGLE_ISSUER: provider.issuer,
    });
    try {
      const res = await new TestBrowser(fromEnvironment.app).call(
        "GET",
        `${API}/generatekey/elsewhere?provider=google`,
      );
      expect(res.statusCode, res.body).toBe(302);
      const location = new URL(String(res.headers.location));
      expect(`${location.origin}${location.pathname}`).toBe("https://accounts.google.com/o/oauth2/v2/auth");
    } finally {
      await fromEnvironment.close();
    }
  });
});
