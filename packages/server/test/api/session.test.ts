import { readdirSync, readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { DEMO_ADDRESS, startTestApi, type TestApi } from "../support/api.ts";
import { buildTestApp } from "../support/app.ts";
import { testConfig } from "../support/config.ts";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api.close());

describe("health", () => {
  it("gives the demo key, providers and users in demo mode", async () => {
    const res = await api.app.inject("/qibates/api/v2/health");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.demo.apiKey).toBe(api.key);
    expect(body.demo.users).toEqual([{ username: "demo", password: "demo" }]);
    expect(body.demo.providers).toContainEqual({ connector: "pbcs", providerAddress: DEMO_ADDRESS.pbcs });
  });

  it("reports the product's version: the repository's package.json, that of the latest release notes and of the API reference", async () => {
    const root = new URL("../../../../", import.meta.url);
    const product = JSON.parse(readFileSync(new URL("package.json", root), "utf8")).version as string;
    const body = (await api.app.inject("/qibates/api/v2/health")).json();
    expect(body.version).toBe(product);
    // the latest release notes (site/changelog/DATE-qibates-X.Y.Z.md) are this version's
    const released = readdirSync(new URL("site/changelog/", root))
      .map((f) => /^\d{4}-\d{2}-\d{2}-qibates-(\d+)\.(\d+)\.(\d+)\.md$/.exec(f))
      .filter((m) => m !== null)
      .map((m) => [Number(m[1]), Number(m[2]), Number(m[3])])
      .sort(
        (a, b) =>
          (a[0] as number) - (b[0] as number) ||
          (a[1] as number) - (b[1] as number) ||
          (a[2] as number) - (b[2] as number),
      );
    expect(released.at(-1)?.join(".")).toBe(product);
    // the API reference: its /health example gives this version, and `info.version` is the API's (`apiVersion`)
    const reference = parse(readFileSync(new URL("openapi/qibates.yaml", root), "utf8"));
    const example =
      reference.paths["/health"].get.responses["200"].content["application/json"].examples.demo.value;
    expect(example.version).toBe(product);
    expect(reference.info.version).toBe(body.apiVersion);
  });

  it("has no demo key, users or provider outside demo mode", async () => {
    const prod = await buildTestApp({ config: testConfig({ QIBATES_DEMO: "false" }), logger: false });
    try {
      expect(prod.services.demoKey).toBeNull();
      const health = await prod.inject("/qibates/api/v2/health");
      expect(health.json().demo).toBeUndefined();
      const demoKey = await prod.inject({
        method: "POST",
        url: "/qibates/api/v2/action/login",
        headers: { "content-type": "application/json", qibateskey: api.key, connector: "essbase" },
        payload: JSON.stringify({
          username: "demo",
          password: "demo",
          providerAddress: DEMO_ADDRESS.essbase,
        }),
      });
      expect(demoKey.statusCode).toBe(401);
      expect(demoKey.json().code).toBe("QB_ERR_AUTH_KEY_INVALID");
    } finally {
      await prod.close();
    }
  });
});

describe("login", () => {
  it("opens a session with a 128-bit loginid on every demo provider", async () => {
    for (const connector of ["essbase", "ssas", "essbase-stndln", "planning"]) {
      const res = await api.post(
        "action/login",
        { username: "demo", password: "demo", providerAddress: DEMO_ADDRESS[connector] },
        { connector },
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ connector, username: "demo", idleTimeoutSeconds: 1800 });
      expect(res.json().loginid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    }
  });

  it("logs in to PBCS through loginpbcs only", async () => {
    const ok = await api.post(
      "action/loginpbcs",
      { username: "demo", password: "demo", providerAddress: DEMO_ADDRESS.pbcs },
      { connector: "pbcs" },
    );
    expect(ok.statusCode, ok.body).toBe(200);
    const wrong = await api.post(
      "action/loginpbcs",
      { username: "demo", password: "demo", providerAddress: DEMO_ADDRESS.pbcs },
      { connector: "planning" },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe("QB_ERR_CONNECTOR_FAMILY");
  });

  it("fails the same way for a wrong password and an unknown user", async () => {
    const wrongPassword = await api.post("action/login", {
      username: "demo",
      password: "nope",
      providerAddress: DEMO_ADDRESS.essbase,
    });
    const unknownUser = await api.post("action/login", {
      username: "nobody",
      password: "demo",
      providerAddress: DEMO_ADDRESS.essbase,
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownUser.statusCode).toBe(401);
    const strip = (b: { requestId?: string }) => ({ ...b, requestId: undefined });
    expect(strip(wrongPassword.json())).toEqual(strip(unknownUser.json()));
    expect(wrongPassword.json().code).toBe("QB_ERR_LOGIN_FAILED");
    // The registry's message, in the caller's language, as the documentation quotes it.
    expect(wrongPassword.json().message).toBe("The provider rejected the user name or password.");
    const french = await api.post(
      "action/login",
      { username: "demo", password: "nope", providerAddress: DEMO_ADDRESS.essbase },
      { "accept-language": "fr" },
    );
    expect(french.json().message).toBe("Le fournisseur a refusé le nom d'utilisateur ou le mot de passe.");
  });

  it("checks the provider address suffix of the connector", async () => {
    const res = await api.post(
      "action/login",
      { username: "demo", password: "demo", providerAddress: "https://demo.qibates.local/aps/JAPI" },
      { connector: "planning" },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "QB_ERR_PROVIDER_ADDRESS", field: "providerAddress" });
    expect(res.json().message).toContain("/HyperionPlanning/SmartView");
  });

  it("names the server type the user chose beside the connector value, not the connector alone", async () => {
    // The add-in's user chose "Essbase 21c"; the message said only "connector essbase-stndln".
    const body = {
      username: "demo",
      password: "demo",
      providerAddress: "https://demo.qibates.local/essbase/rest/v1",
    };
    const res = await api.post("action/login", body, { connector: "essbase-stndln" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "QB_ERR_PROVIDER_ADDRESS", field: "providerAddress" });
    expect(res.json().message).toBe(
      "The provider address for server type Essbase 21c must end with /essbase/japi.",
    );
    const french = await api.post("action/login", body, {
      connector: "essbase-stndln",
      "accept-language": "fr",
    });
    expect(french.json().message).toBe(
      "L'adresse du fournisseur pour le type de serveur Essbase 21c doit se terminer par /essbase/japi.",
    );
    const pbcs = await api.post(
      "action/login",
      { ...body, providerAddress: "https://demo.qibates.local/epmcloud" },
      { connector: "pbcs" },
    );
    expect(pbcs.json().message).toBe(
      "The provider address for server type PBCS must end with /HyperionPlanning/SmartView.",
    );
  });

  it("says that https:// is missing when the address has the right ending but no scheme", async () => {
    // Typed as an administrator often gives it: host, port and path, without https://.
    const body = { username: "demo", password: "demo", providerAddress: "demo.qibates.local:443/aps/JAPI" };
    const res = await api.post("action/login", body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "QB_ERR_PROVIDER_ADDRESS", field: "providerAddress" });
    expect(res.json().message).toBe(
      "The provider address for server type Essbase must end with /aps/JAPI and start with https:// (or http://).",
    );
    const french = await api.post("action/login", body, { "accept-language": "fr" });
    expect(french.json().message).toBe(
      "L'adresse du fournisseur pour le type de serveur Essbase doit se terminer par /aps/JAPI et commencer par https:// (ou http://).",
    );
    // An address that only has the wrong ending keeps the short message the documentation quotes.
    const suffix = await api.post("action/login", {
      ...body,
      providerAddress: "https://demo.qibates.local/aps/SmartView",
    });
    expect(suffix.json().message).toBe(
      "The provider address for server type Essbase must end with /aps/JAPI.",
    );
  });

  it("refuses hosts that are not allowed before connecting anywhere", async () => {
    const res = await api.post("action/login", {
      username: "demo",
      password: "demo",
      providerAddress: "http://169.254.169.254/aps/JAPI",
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("QB_ERR_HOST_NOT_ALLOWED");
  });
});

describe("headers and body", () => {
  const body = { username: "demo", password: "demo", providerAddress: DEMO_ADDRESS.essbase };

  it("requires the key", async () => {
    const res = await api.app.inject({
      method: "POST",
      url: "/qibates/api/v2/action/login",
      headers: { "content-type": "application/json", connector: "essbase" },
      payload: JSON.stringify(body),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: "QB_ERR_AUTH_KEY_MISSING", field: "qibateskey" });
    expect(res.json().requestId).toBe(res.headers["x-request-id"]);
  });

  it("refuses an unknown key", async () => {
    const res = await api.post("action/login", body, {
      qibateskey: "qb_notarealkeynotarealkeynotarealkeynotareal",
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe("QB_ERR_AUTH_KEY_INVALID");
  });

  it("requires a known connector", async () => {
    const missing = await api.app.inject({
      method: "POST",
      url: "/qibates/api/v2/action/login",
      headers: { "content-type": "application/json", qibateskey: api.key },
      payload: JSON.stringify(body),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe("QB_ERR_CONNECTOR_INVALID");
    const unknown = await api.post("action/login", body, { connector: "oracle" });
    // The person in front of the add-in reads what to do; the developer reads the values accepted.
    expect(unknown.json()).toMatchObject({
      code: "QB_ERR_CONNECTOR_INVALID",
      field: "connector",
      message: "QiBates does not know the server type of this connection; choose its server type again.",
      detail: "The connector header must be one of essbase, ssas, planning, essbase-stndln, pbcs.",
    });
  });

  it("answers in French when the caller asks for it", async () => {
    const byHeader = await api.post(
      "nav/servers",
      { loginid: "00000000-0000-0000-0000-000000000000" },
      {
        "accept-language": "fr-FR,fr;q=0.9",
      },
    );
    expect(byHeader.json()).toMatchObject({ code: "QB_ERR_SESSION_UNKNOWN" });
    expect(byHeader.json().message).toMatch(/session/i);
    expect(byHeader.json().message).not.toBe("The session does not exist or has expired; log in again.");
    const english = await api.post("nav/servers", { loginid: "00000000-0000-0000-0000-000000000000" });
    expect(english.json().message).toBe("The session does not exist or has expired; log in again.");
  });

  it("answers malformed JSON with 400", async () => {
    const res = await api.post("action/login", "{not json");
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("QB_ERR_JSON_MALFORMED");
  });

  it("names the missing or mistyped field", async () => {
    const missing = await api.post("action/login", { username: "demo", password: "demo" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: "QB_ERR_VALIDATION", field: "providerAddress" });
    const mistyped = await api.post("action/login", { ...body, username: 42 });
    expect(mistyped.json()).toMatchObject({ code: "QB_ERR_VALIDATION", field: "username" });
  });

  it("refuses an oversize body with 413", async () => {
    const res = await api.post("action/login", { ...body, padding: "x".repeat(11 * 1024 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe("QB_ERR_BODY_TOO_LARGE");
  });

  it("never answers an HTML page under the API path", async () => {
    const res = await api.app.inject("/qibates/api/v2/no/such/call");
    expect(res.statusCode).toBe(404);
    expect(res.headers["content-type"]).toContain("application/json");
  });
});

describe("sessions", () => {
  it("serve the key owner that created them, with their connector, until logout", async () => {
    const loginid = await api.login("essbase");
    const servers = await api.post("nav/servers", { loginid });
    expect(servers.statusCode, servers.body).toBe(200);

    const mismatch = await api.post("nav/servers", { loginid }, { connector: "ssas" });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({
      code: "QB_ERR_CONNECTOR_MISMATCH",
      message: "This session was opened for another type of server; log in again with this connection.",
      detail: "The session was opened with connector essbase; got ssas.",
    });
    const family = await api.post("nav/cubes", { loginid }, { connector: "planning" });
    expect(family.json()).toMatchObject({
      code: "QB_ERR_CONNECTOR_FAMILY",
      message: "This action is not available for this type of server.",
    });
    expect(family.json().detail).toMatch(/^This call accepts the connectors .+; got planning\.$/);

    const other = await api.app.services.keys.create(
      {
        issuer: "https://accounts.google.com",
        subject: "mallory",
        email: "m@example.com",
        provider: "google",
      },
      "stolen",
    );
    // Another account's key: answered as a session that does not exist, word for word, and the session lives on.
    const foreign = await api.post("nav/servers", { loginid }, { qibateskey: other.key });
    const unknown = await api.post(
      "nav/servers",
      { loginid: "00000000-0000-4000-8000-000000000000" },
      { qibateskey: other.key },
    );
    expect(foreign.statusCode).toBe(401);
    expect(foreign.json().code).toBe("QB_ERR_SESSION_UNKNOWN");
    expect({ ...foreign.json(), requestId: "" }).toEqual({ ...unknown.json(), requestId: "" });
    expect((await api.post("nav/servers", { loginid })).statusCode).toBe(200);

    const out = await api.post("action/logout", { loginid });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ loginid, loggedOut: true });
    const after = await api.post("nav/servers", { loginid });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe("QB_ERR_SESSION_UNKNOWN");
  });

  it("refuses a loginid that was never issued", async () => {
    const res = await api.post("nav/servers", { loginid: "00000000-0000-0000-0000-000000000000" });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe("QB_ERR_SESSION_UNKNOWN");
  });
});

describe("keys", () => {
  it("lists the caller's keys without secrets, and deletes only the caller's keys", async () => {
    const list = await api.app.inject({ url: "/qibates/api/v2/listkeys", headers: { qibateskey: api.key } });
    expect(list.statusCode, list.body).toBe(200);
    expect(
      list
        .json()
        .keys.map((k: { name: string }) => k.name)
        .sort(),
    ).toEqual(["demo", "demo-spare"]);
    expect(list.body).not.toContain(api.key);

    const missing = await api.app.inject({
      method: "DELETE",
      url: "/qibates/api/v2/deletekey/stolen",
      headers: { qibateskey: api.key },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe("QB_ERR_KEY_UNKNOWN");
  });

  it("never deletes the shared demo key that /health publishes, and says so in the caller's language", async () => {
    const del = (language: string) =>
      api.app.inject({
        method: "DELETE",
        url: "/qibates/api/v2/deletekey/demo",
        headers: { qibateskey: api.key, "accept-language": language },
      });
    const en = await del("en");
    expect([en.statusCode, en.json().code, en.json().field]).toEqual([
      403,
      "QB_ERR_KEY_PROTECTED",
      "keyname",
    ]);
    expect(en.json().message).toBe('The key "demo" is the shared demo key and cannot be deleted.');
    expect((await del("fr-FR")).json().message).toBe(
      "La clé “demo” est la clé de démonstration partagée et ne peut pas être supprimée.",
    );
    // The key still works, and logins with it too.
    const health = await api.app.inject({ url: "/qibates/api/v2/health" });
    expect(health.json().demo.apiKey).toBe(api.key);
    expect(await api.login("essbase")).toMatch(/^[0-9a-f-]{36}$/);
  });
});
