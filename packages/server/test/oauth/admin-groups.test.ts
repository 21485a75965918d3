import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "../support/api.ts";
import { API, TestBrowser } from "./support/browser.ts";
import { CALLBACK, type LocalOidcServer, oauthServer, startOidcServer } from "./support/oidc-server.ts";

/**
 * Administrators named by their Microsoft Entra group (ADMINISTRATOR_GROUPS): a Microsoft sign-in whose ID token's
 * `groups` claim lists a configured group reaches the administrators' calls, with its key and with its browser
 * session; an account without that group, or whose groups did not fit in the token (an overage), is answered as
 * for a path the API does not have.
 */

const ADMINS = "3F2504E0-4F89-11D3-9A0C-0305E82C3301";
const OTHER = "6b1f3c2a-9d4e-4f5a-8b7c-1d2e3f4a5b6c";

let google: LocalOidcServer;
let microsoft: LocalOidcServer;
let api: TestApi;

beforeAll(async () => {
  google = await startOidcServer({ gail: "gail@example.com" }, [CALLBACK]);
  microsoft = await startOidcServer(
    {
      grace: { email: "grace@example.com", groups: [OTHER, ADMINS.toLowerCase()] },
      nosy: { email: "nosy@example.com", groups: [OTHER] },
      many: { email: "many@example.com", groups: "overage" },
    },
    [CALLBACK],
  );
  const signIn = oauthServer(google, microsoft);
  api = await startTestApi(
    { ...signIn.env, MICROSOFT_TENANT: "example.com", ADMINISTRATOR_GROUPS: `${ADMINS}, ${ADMINS}` },
    signIn.options,
  );
}, 60_000);

afterAll(async () => {
  await api?.close();
  await google?.close();
  await microsoft?.close();
});

async function signIn(
  keyName: string,
  provider: "google" | "microsoft",
  account: string,
): Promise<{ key: string; browser: TestBrowser }> {
  const browser = new TestBrowser(api.app);
  const res = await browser.generateKey(keyName, provider, account);
  expect(res.statusCode, res.body).toBe(200);
  return { key: res.json().key as string, browser };
}

const withKey = (key: string, path: string): Promise<LightMyRequestResponse> =>
  api.app.inject({ method: "GET", url: `${API}/${path}`, headers: { qibateskey: key } });

const expectUnknownPath = (res: LightMyRequestResponse, path: string) => {
  expect(res.statusCode, res.body).toBe(404);
  expect(res.json().code).toBe("QB_ERR_NOT_FOUND");
  expect(res.json().message).toBe(`No route GET ${API}/${path}.`);
};

describe("administrators named by their Microsoft Entra group", () => {
  it("lets a Microsoft account whose ID token lists a configured group list every key", async () => {
    const grace = await signIn("grace-admin", "microsoft", "grace");
    await signIn("nosy-laptop", "microsoft", "nosy");
    const listed = await withKey(grace.key, "admin/listkeys");
    expect(listed.statusCode, listed.body).toBe(200);
    const names = (listed.json().keys as { name: string; email: string }[]).map(
      (k) => `${k.email}/${k.name}`,
    );
    expect(names).toEqual(
      expect.arrayContaining(["grace@example.com/grace-admin", "nosy@example.com/nosy-laptop"]),
    );
    // The browser session of the same sign-in is an administrator's too.
    const fromBrowser = await grace.browser.call("GET", `${API}/admin/listkeys`);
    expect(fromBrowser.statusCode, fromBrowser.body).toBe(200);
  });

  it("answers an account without a configured group as for an unknown path", async () => {
    const nosy = await signIn("nosy-desktop", "microsoft", "nosy");
    const unknown = await withKey(nosy.key, "admin/nosuchcall");
    expectUnknownPath(unknown, "admin/nosuchcall");
    expectUnknownPath(await withKey(nosy.key, "admin/listkeys"), "admin/listkeys");
    expectUnknownPath(await withKey(nosy.key, "admin/keyevents"), "admin/keyevents");
    const fromBrowser = await nosy.browser.call("GET", `${API}/admin/listkeys`);
    expectUnknownPath(fromBrowser, "admin/listkeys");
  });

  it("names no administrator by group when the token carries too many groups to list", async () => {
    const many = await signIn("many-laptop", "microsoft", "many");
    expectUnknownPath(await withKey(many.key, "admin/listkeys"), "admin/listkeys");
    // The key works for the account's own calls.
    expect((await withKey(many.key, "listkeys")).statusCode).toBe(200);
  });

  it("reads no group from a Google sign-in", async () => {
    const gail = await signIn("gail-laptop", "google", "gail");
    expectUnknownPath(await withKey(gail.key, "admin/listkeys"), "admin/listkeys");
  });
});
