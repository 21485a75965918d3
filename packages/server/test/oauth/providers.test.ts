import { generateKeyPairSync, type KeyObject, sign } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestApi, type TestApi } from "../support/api.ts";
import { API, PUBLIC_URL, TestBrowser } from "./support/browser.ts";

/**
 * Google and Microsoft with their published endpoints (no test override). This machine has no internet:
 * the redirect must need no network at all, and the callback's token and signing-key requests are answered
 * by a stand-in `fetch` playing Google's and Microsoft's servers, with ID tokens signed by a local key.
 */

const GOOGLE_TOKEN = "https://oauth2.googleapis.com/token";
const GOOGLE_JWKS = "https://www.googleapis.com/oauth2/v3/certs";
const MS_TOKEN = "https://login.microsoftonline.com/common/oauth2/v2.0/token";
const MS_JWKS = "https://login.microsoftonline.com/common/discovery/v2.0/keys";
const TENANT_A = "11111111-2222-3333-4444-555555555555";
const TENANT_B = "99999999-8888-7777-6666-555555555555";

const providerKey = generateKeyPairSync("rsa", { modulusLength: 2048 });
const otherKey = generateKeyPairSync("rsa", { modulusLength: 2048 });

function b64(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString("base64url");
}

function idToken(claims: Record<string, unknown>, key: KeyObject = providerKey.privateKey): string {
  const head = b64({ alg: "RS256", kid: "k1", typ: "JWT" });
  const body = b64(claims);
  return `${head}.${body}.${sign("sha256", Buffer.from(`${head}.${body}`), key).toString("base64url")}`;
}

const jwks = {
  keys: [{ ...providerKey.publicKey.export({ format: "jwk" }), kid: "k1", alg: "RS256", use: "sig" }],
};

/** What the stand-in token endpoint answers next, and every request the server made. */
let nextIdToken: (nonce: string, clientId: string) => string;
let nonce = "";
const requests: { url: string; body: string }[] = [];

const fakeFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
  const url = String(input instanceof Request ? input.url : input);
  const body = init?.body === undefined || init.body === null ? "" : String(init.body);
  requests.push({ url, body });
  const json = (value: unknown) =>
    new Response(JSON.stringify(value), { status: 200, headers: { "content-type": "application/json" } });
  if (url === GOOGLE_JWKS || url === MS_JWKS) return json(jwks);
  if (url === GOOGLE_TOKEN || url === MS_TOKEN) {
    const clientId = new URLSearchParams(body).get("client_id") ?? "";
    return json({
      access_token: "at",
      token_type: "Bearer",
      expires_in: 3600,
      id_token: nextIdToken(nonce, clientId),
    });
  }
  throw new TypeError(`no network in tests: ${url}`);
};

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({
    PUBLIC_URL,
    GOOGLE_CLIENT_ID: "google-client",
    GOOGLE_CLIENT_SECRET: "google-secret",
    MICROSOFT_CLIENT_ID: "microsoft-client",
    MICROSOFT_CLIENT_SECRET: "microsoft-secret",
  });
  vi.stubGlobal("fetch", fakeFetch);
});
afterAll(async () => {
  vi.unstubAllGlobals();
  await api?.close();
});
afterEach(() => {
  requests.length = 0;
});

/** Starts a sign-in; answers the authorization address and the callback address for `code`. */
async function start(browser: TestBrowser, keyName: string, provider: "google" | "microsoft") {
  const res = await browser.call("GET", `${API}/generatekey/${keyName}?provider=${provider}`);
  expect(res.statusCode, res.body).toBe(302);
  const location = new URL(String(res.headers.location));
  nonce = location.searchParams.get("nonce") ?? "";
  const state = location.searchParams.get("state") ?? "";
  return { location, callback: `${API}/generatekey/callback?code=code-from-provider&state=${state}` };
}

const now = () => Math.floor(Date.now() / 1000);

/** Google's ID token for `sub` with `email` and the `extra` claims, valid five minutes, signed by `key`. */
const googleToken =
  (sub: string, email: string, extra: Record<string, unknown> = {}, key?: KeyObject) =>
  (n: string, aud: string) =>
    idToken(
      {
        iss: "https://accounts.google.com",
        sub,
        aud,
        iat: now(),
        exp: now() + 300,
        nonce: n,
        email,
        ...extra,
      },
      key,
    );

/** Signs in for the key `keyName` with `provider` in a new browser; answers the callback's answer. */
async function signIn(keyName: string, provider: "google" | "microsoft") {
  const browser = new TestBrowser(api.app);
  const { callback } = await start(browser, keyName, provider);
  return browser.call("GET", callback);
}

describe("the redirect to Google", () => {
  it("goes out at once, with PKCE, state and nonce, and no network request", async () => {
    const browser = new TestBrowser(api.app);
    const { location } = await start(browser, "g-redirect", "google");
    expect(requests).toEqual([]);
    expect(`${location.origin}${location.pathname}`).toBe("https://accounts.google.com/o/oauth2/v2/auth");
    const p = location.searchParams;
    expect(p.get("client_id")).toBe("google-client");
    expect(p.get("response_type")).toBe("code");
    expect(p.get("scope")).toBe("openid email");
    expect(p.get("redirect_uri")).toBe(`${PUBLIC_URL}${API}/generatekey/callback`);
    expect(p.get("code_challenge_method")).toBe("S256");
    expect(p.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(p.get("state")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(p.get("nonce")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(p.has("client_secret")).toBe(false);
    expect(browser.cookies.get("qibates_oauth")).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe("the redirect to Microsoft", () => {
  it("goes to the configured tenant's endpoint (common by default)", async () => {
    const { location } = await start(new TestBrowser(api.app), "m-redirect", "microsoft");
    expect(requests).toEqual([]);
    expect(`${location.origin}${location.pathname}`).toBe(
      "https://login.microsoftonline.com/common/oauth2/v2.0/authorize",
    );
    expect(location.searchParams.get("client_id")).toBe("microsoft-client");
  });
});

describe("the callback with Google", () => {
  it("exchanges the code with the verifier, checks the signed ID token and issues the key", async () => {
    nextIdToken = googleToken("1084", "ada@example.com", { email_verified: true });
    const res = await signIn("g-key", "google");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: "g-key", provider: "google", email: "ada@example.com" });
    const token = requests.find((r) => r.url === GOOGLE_TOKEN);
    const form = new URLSearchParams(token?.body);
    expect(form.get("grant_type")).toBe("authorization_code");
    expect(form.get("code")).toBe("code-from-provider");
    expect(form.get("code_verifier")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(form.get("redirect_uri")).toBe(`${PUBLIC_URL}${API}/generatekey/callback`);
    expect(requests.map((r) => r.url)).toContain(GOOGLE_JWKS);
    const rows = await api.app.services.db.query(
      "select owner_issuer, owner_subject from api_keys where name = 'g-key'",
    );
    expect(rows).toEqual([{ owner_issuer: "https://accounts.google.com", owner_subject: "1084" }]);
  });

  it("refuses an ID token signed by another key", async () => {
    nextIdToken = googleToken("1084", "ada@example.com", {}, otherKey.privateKey);
    const res = await signIn("g-forged", "google");
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe("QB_ERR_OAUTH_FAILED");
  });

  it("refuses an e-mail address Google marks as unverified", async () => {
    nextIdToken = googleToken("1085", "eve@example.com", { email_verified: false });
    const res = await signIn("g-unverified", "google");
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toContain("not verified");
  });
});

describe("the callback with Microsoft (tenant common)", () => {
  const msToken = (iss: string, tid: string) => (n: string, aud: string) =>
    idToken({
      iss,
      tid,
      sub: "AAAAbbbb",
      aud,
      iat: now(),
      exp: now() + 300,
      nonce: n,
      email: "grace@contoso.com",
    });

  it("accepts the signing-in user's own tenant as issuer, and keeps it as the owner's issuer", async () => {
    nextIdToken = msToken(`https://login.microsoftonline.com/${TENANT_A}/v2.0`, TENANT_A);
    const res = await signIn("m-key", "microsoft");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ provider: "microsoft", email: "grace@contoso.com" });
    expect(requests.map((r) => r.url)).toEqual([MS_TOKEN, MS_JWKS]);
    const rows = await api.app.services.db.query("select owner_issuer from api_keys where name = 'm-key'");
    expect(rows).toEqual([{ owner_issuer: `https://login.microsoftonline.com/${TENANT_A}/v2.0` }]);
  });

  it("refuses an issuer naming another tenant than the token's", async () => {
    nextIdToken = msToken(`https://login.microsoftonline.com/${TENANT_B}/v2.0`, TENANT_A);
    const res = await signIn("m-mixed", "microsoft");
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: "QB_ERR_OAUTH_FAILED" });
    expect(res.json().message).toContain("iss");
  });
});

describe("a Microsoft tenant given by its ID", () => {
  it("signs in at that tenant's endpoint, with the PUBLIC_URL callback whatever the Host header says", async () => {
    const tenantApi = await startTestApi({
      PUBLIC_URL,
      MICROSOFT_CLIENT_ID: "m",
      MICROSOFT_TENANT: TENANT_A,
    });
    try {
      const res = await tenantApi.app.inject({
        method: "GET",
        url: `${API}/generatekey/t-key?provider=microsoft`,
        headers: { host: "qibates.example.org" },
      });
      expect(res.statusCode).toBe(302);
      const location = new URL(String(res.headers.location));
      expect(location.pathname).toBe(`/${TENANT_A}/oauth2/v2.0/authorize`);
      expect(location.searchParams.get("redirect_uri")).toBe(`${PUBLIC_URL}${API}/generatekey/callback`);
      const chooser = await tenantApi.app.inject(`${API}/generatekey/t-key`);
      expect(chooser.body).toContain(`href="${API}/generatekey/t-key?provider=microsoft"`);
      expect(chooser.body).not.toContain("provider=google");
      const google = await tenantApi.app.inject(`${API}/generatekey/t-key?provider=google`);
      expect(google.statusCode).toBe(400);
      expect(google.json()).toMatchObject({
        code: "QB_ERR_OAUTH_PROVIDER_UNAVAILABLE",
        message: "Sign-in with Google is not configured on this server.",
        field: "provider",
      });
    } finally {
      await tenantApi.close();
    }
  });
});
