import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "../support/api.ts";
import { API } from "./support/browser.ts";

/** `generatekey/{keyname}` without `provider`: the bilingual page that lets the user choose. */

let bare: TestApi;
let both: TestApi;
beforeAll(async () => {
  [bare, both] = await Promise.all([
    startTestApi(),
    startTestApi({ PUBLIC_URL: "https://docs.example.com", GOOGLE_CLIENT_ID: "g", MICROSOFT_CLIENT_ID: "m" }),
  ]);
});
afterAll(async () => {
  await bare?.close();
  await both?.close();
});

describe("the provider choice page", () => {
  it("offers every configured provider, in English and in French", async () => {
    const res = await both.app.inject(`${API}/generatekey/my-laptop`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    const html = res.body;
    expect(html).toMatch(/^<!doctype html><html lang="en">/);
    expect(html).toContain("<title>QiBates — new API key</title>");
    expect(html).toContain("<h1>New API key “my-laptop”</h1>");
    expect(html).toContain(`<a href="${API}/generatekey/my-laptop?provider=google">Sign in with Google</a>`);
    expect(html).toContain(
      `<a href="${API}/generatekey/my-laptop?provider=microsoft">Sign in with Microsoft</a>`,
    );
    expect(html).toContain('<section lang="fr"><h2>Nouvelle clé d&#39;API «\u00a0my-laptop\u00a0»</h2>');
    expect(html).toContain("S&#39;identifier avec Google</a>");
    expect(html).toContain("S&#39;identifier avec Microsoft</a>");
    // « connexion » names a saved connection in the add-in, never this sign-in.
    expect(html).not.toMatch(/connexion|Connectez/);
  });

  it("puts French first for a browser that prefers it", async () => {
    const res = await both.app.inject({
      url: `${API}/generatekey/portable`,
      headers: { "accept-language": "fr-CA,fr;q=0.9,en;q=0.5" },
    });
    expect(res.body).toMatch(/^<!doctype html><html lang="fr">/);
    expect(res.body).toContain("<title>QiBates — nouvelle clé d&#39;API</title>");
    expect(res.body.indexOf('lang="fr"><h1>')).toBeGreaterThan(0);
    expect(res.body).toContain('<section lang="en"><h2>');
  });

  it("explains, in both languages, that no provider is configured", async () => {
    const res = await bare.app.inject(`${API}/generatekey/my-laptop`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain("<a ");
    expect(res.body).toContain("No sign-in provider is configured on this server");
    expect(res.body).toContain("Aucun fournisseur d&#39;identification n&#39;est configuré sur ce serveur");
    // What to ask for, in the user's words: the settings' names are the administrator's page's and the log's.
    expect(res.body).toContain("ask its administrator to set up sign-in with Google or Microsoft.");
    expect(res.body).toContain("mettre en place l&#39;identification avec Google ou Microsoft.");
    expect(res.body).not.toMatch(/CLIENT_ID|CLIENT_SECRET|PUBLIC_URL/);
  });

  it("checks the key name against its documented pattern", async () => {
    for (const name of ["-starts-with-dash", "x".repeat(65), "has%20space"]) {
      const res = await both.app.inject(`${API}/generatekey/${name}`);
      expect(res.statusCode, name).toBe(400);
      expect(res.json()).toMatchObject({ code: "QB_ERR_VALIDATION", field: "keyname" });
    }
  });

  it("says a refused key name in the words of the person on the key page, in both languages", async () => {
    const res = await both.app.inject(`${API}/generatekey/-laptop`);
    expect(res.json()).toMatchObject({
      field: "keyname",
      message:
        'The key name "-laptop" cannot be used: a key name has 1 to 64 letters, digits, dots, hyphens or underscores and starts with a letter or a digit, for example jdoe-laptop.',
    });
    const fr = await both.app.inject({
      url: `${API}/generatekey/-laptop`,
      headers: { "accept-language": "fr" },
    });
    expect(fr.json().message).toBe(
      "Le nom de clé “-laptop” ne convient pas\u00a0: un nom de clé compte de 1 à 64\u00a0lettres, chiffres, points, tirets ou traits de soulignement et commence par une lettre ou un chiffre, par exemple jdupont-portable.",
    );
  });

  it("says that callback is a reserved name when it is opened as a key name", async () => {
    for (const url of [`${API}/generatekey/callback`, `${API}/generatekey/callback?provider=google`]) {
      const res = await both.app.inject(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({
        code: "QB_ERR_VALIDATION",
        field: "state",
        message: 'The key name "callback" is reserved; open the key page again with another name.',
      });
    }
    const fr = await both.app.inject({
      url: `${API}/generatekey/callback`,
      headers: { "accept-language": "fr" },
    });
    expect(fr.json().message).toBe(
      "Le nom de clé “callback” est réservé\u202f; rouvrez la page de clé avec un autre nom.",
    );
  });
});

/** What a browser sends when the user opens an address: HTML first, anything else after. */
const BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

describe("a refused key name, opened in a browser", () => {
  it("shows a page with the message's sentence and what to do, the name escaped", async () => {
    const res = await both.app.inject({
      url: `${API}/generatekey/%3Cb%3Ex%3C%2Fb%3E`,
      headers: { accept: BROWSER },
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.headers["content-security-policy"]).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    );
    expect(res.headers["cache-control"]).toBe("no-store");
    const html = res.body;
    expect(html).toMatch(/^<!doctype html><html lang="en">/);
    expect(html).toContain("<h1>This key name cannot be used</h1>");
    expect(html).toContain(
      "The key name &#34;&#60;b&#62;x&#60;/b&#62;&#34; cannot be used: a key name has 1 to 64 letters, digits, dots, hyphens or underscores and starts with a letter or a digit, for example jdoe-laptop.",
    );
    expect(html).not.toContain("<b>");
    expect(html).toContain("change the name at the end of the address, then open the address again.");
    expect(html).toContain('<section lang="fr"><h2>Ce nom de clé ne convient pas</h2>');
    expect(html).not.toContain("QB_ERR_");
  });

  it("puts French first for a browser that prefers it, reserved name included", async () => {
    const res = await both.app.inject({
      url: `${API}/generatekey/callback`,
      headers: { accept: BROWSER, "accept-language": "fr-FR,fr;q=0.9,en;q=0.5" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toMatch(/^<!doctype html><html lang="fr">/);
    expect(res.body).toContain(
      '<section lang="fr"><h1>Ce nom de clé ne convient pas</h1><p role="alert">Le nom de clé “callback” est réservé\u202f; rouvrez la page de clé avec un autre nom.</p>',
    );
    expect(res.body).toContain("modifiez le nom à la fin de l&#39;adresse, puis rouvrez l&#39;adresse.");
    expect(res.body).toContain('<section lang="en"><h2>This key name cannot be used</h2>');
  });

  it("keeps the JSON error for a client that asks for JSON or for anything", async () => {
    for (const accept of ["application/json", "*/*", "text/html, application/json", undefined]) {
      const res = await both.app.inject({
        url: `${API}/generatekey/a%20b`,
        headers: accept === undefined ? {} : { accept },
      });
      expect(res.statusCode, accept).toBe(400);
      expect(res.headers["content-type"], accept).toMatch(/^application\/json/);
      expect(res.json(), accept).toMatchObject({ code: "QB_ERR_VALIDATION", field: "keyname" });
    }
  });
});

describe("without OAuth credentials", () => {
  it("reports the provider as not configured, in the caller's language", async () => {
    const res = await bare.app.inject(`${API}/generatekey/my-laptop?provider=microsoft`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: "QB_ERR_OAUTH_PROVIDER_UNAVAILABLE",
      message: "Sign-in with Microsoft is not configured on this server.",
      field: "provider",
    });
    const fr = await bare.app.inject({
      url: `${API}/generatekey/my-laptop?provider=google`,
      headers: { "accept-language": "fr" },
    });
    expect(fr.json().message).toBe("L'identification avec Google n'est pas configurée sur ce serveur.");
  });

  it("keeps demo mode working with its demo key", async () => {
    const res = await bare.app.inject({ url: `${API}/listkeys`, headers: { qibateskey: bare.key } });
    expect(res.statusCode).toBe(200);
    expect(res.json().keys.map((k: { name: string }) => k.name)).toContain("demo");
  });
});
