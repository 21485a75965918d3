import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type App, buildTestApp } from "../support/app.ts";
import { testConfig } from "../support/config.ts";

const apps: App[] = [];
const sites: string[] = [];
afterAll(async () => {
  for (const a of apps) await a.close();
  for (const site of sites) rmSync(site, { recursive: true, force: true });
});

/** A built site of two pages (home and not found) in a folder of its own, removed after the file's tests. */
function siteFolder(prefix: string): string {
  const site = mkdtempSync(join(tmpdir(), prefix));
  sites.push(site);
  writeFileSync(join(site, "index.html"), "<!doctype html><title>QiBates</title>");
  writeFileSync(join(site, "404.html"), "<!doctype html><title>Not found</title>");
  return site;
}

async function app(env: Record<string, string> = {}) {
  const a = await buildTestApp({ config: testConfig(env), logger: false });
  apps.push(a);
  return a;
}

/**
 * The server of the default settings, shared by the tests that neither count calls nor change a setting: one
 * server for all of them rather than one each.
 */
let defaultApp: ReturnType<typeof app> | undefined;
function sharedApp(): ReturnType<typeof app> {
  defaultApp ??= app();
  return defaultApp;
}

describe("rate limit", () => {
  it("limits calls per API key and says when to retry", async () => {
    const a = await app({ RATE_LIMIT_PER_MINUTE: "3" });
    const call = (key: string) =>
      a.inject({ method: "GET", url: "/qibates/api/v2/listkeys", headers: { qibateskey: key } });
    const key = a.services.demoKey as string;
    for (let i = 0; i < 3; i++) expect((await call(key)).statusCode).toBe(200);
    const limited = await call(key);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe("QB_ERR_RATE_LIMITED");
    expect(limited.headers["retry-after"]).toBeDefined();
    // Another key has its own allowance.
    const other = await a.services.keys.create(
      { issuer: "https://accounts.google.com", subject: "o", email: "o@example.com", provider: "google" },
      "other",
    );
    expect((await call(other.key)).statusCode).toBe(200);
  });

  it("does not count pages of the site or the operational endpoints", async () => {
    const site = siteFolder("qibates-test-site-");
    const a = await app({ RATE_LIMIT_PER_MINUTE: "1", SITE_DIR: site });
    for (let i = 0; i < 3; i++) {
      expect((await a.inject("/readyz")).statusCode).toBe(200);
      expect((await a.inject("/")).statusCode).toBe(200);
      expect((await a.inject("/docs/nope")).statusCode).toBe(404);
    }
    // The API itself is limited on the same server.
    const health = () => a.inject("/qibates/api/v2/health");
    expect((await health()).statusCode).toBe(200);
    expect((await health()).statusCode).toBe(429);
  });
});

describe("operations endpoints", () => {
  it("serves Prometheus metrics with request durations", async () => {
    const a = await sharedApp();
    await a.inject("/qibates/api/v2/health");
    const res = await a.inject("/metrics");
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      'qibates_http_request_duration_seconds_count{method="GET",route="/qibates/api/v2/health",status="200"}',
    );
    // The members held across sessions, and their bound (MEMBERS_HELD_MAX).
    expect(res.body).toMatch(/^qibates_members_held \d+$/m);
    expect(res.body).toMatch(/^qibates_members_held_max [1-9]\d*$/m);
  });

  it("labels a wire endpoint's calls by their route, and the site's pages as site", async () => {
    const site = siteFolder("qibates-metrics-site-");
    const a = await app({ QIBATES_WIRE_ENDPOINTS: "essbase-rest", SITE_DIR: site });
    const basic = `Basic ${Buffer.from("demo:demo").toString("base64")}`;
    const wire = await a.inject({ url: "/essbase/rest/v1/applications", headers: { authorization: basic } });
    expect(wire.statusCode).toBe(200);
    expect((await a.inject("/")).statusCode).toBe(200);
    const body = (await a.inject("/metrics")).body;
    expect(body).toContain(
      'qibates_http_request_duration_seconds_count{method="GET",route="/essbase/rest/v1/applications",status="200"} 1',
    );
    expect(body).toContain(
      'qibates_http_request_duration_seconds_count{method="GET",route="site",status="200"} 1',
    );
  });

  it("keeps /metrics from other machines; with METRICS_TOKEN, only the bearer of the token reads it", async () => {
    const open = await sharedApp();
    const remote = await open.inject({ url: "/metrics", remoteAddress: "203.0.113.7" });
    expect([remote.statusCode, remote.json().code]).toEqual([404, "QB_ERR_NOT_FOUND"]);
    const guarded = await app({ METRICS_TOKEN: "s3cret-token" });
    expect((await guarded.inject("/metrics")).statusCode).toBe(404);
    const wrong = await guarded.inject({ url: "/metrics", headers: { authorization: "Bearer nope" } });
    expect(wrong.statusCode).toBe(404);
    const right = await guarded.inject({
      url: "/metrics",
      remoteAddress: "203.0.113.7",
      headers: { authorization: "Bearer s3cret-token" },
    });
    expect(right.statusCode).toBe(200);
  });

  it("reports readiness of the database", async () => {
    const a = await sharedApp();
    const res = await a.inject("/readyz");
    expect(res.json()).toEqual({ status: "ready", checks: { database: "ok" } });
  });
});

describe("answers", () => {
  it("carry security headers, site and API alike; API answers are never stored", async () => {
    const site = siteFolder("qibates-test-site-");
    const a = await app({ PUBLIC_URL: "https://docs.example.com", SITE_DIR: site });
    for (const url of ["/qibates/api/v2/health", "/", "/nope"]) {
      const res = await a.inject(url);
      expect(res.headers["x-content-type-options"], url).toBe("nosniff");
      // The site's pages also carry its script policy: its own scripts and the hashes of its inline ones.
      const policy = res.headers["content-security-policy"];
      if (url.startsWith("/qibates/api/")) expect(policy, url).toBe("frame-ancestors 'self'");
      else
        expect(policy, url).toMatch(
          /^script-src 'self'( 'sha256-[^']+')*; object-src 'none'; base-uri 'self'; frame-ancestors 'self'$/,
        );
      expect(res.headers["referrer-policy"], url).toBe("strict-origin-when-cross-origin");
      expect(res.headers["strict-transport-security"], url).toBe("max-age=31536000");
    }
    expect((await a.inject("/qibates/api/v2/health")).headers["cache-control"]).toBe("no-store");
    expect((await a.inject("/")).headers["cache-control"]).not.toBe("no-store");
    const plain = await app({ SITE_DIR: site });
    expect((await plain.inject("/")).headers["strict-transport-security"]).toBeUndefined();
  });

  it("serve no site when SITE_DIR is empty: the API only, every other path a JSON 404", async () => {
    const a = await app({ SITE_DIR: "" });
    expect((await a.inject("/qibates/api/v2/health")).statusCode).toBe(200);
    for (const url of ["/", "/fr/", "/api/qibates", "/docs/intro"]) {
      const res = await a.inject(url);
      expect([res.statusCode, res.json().code], url).toEqual([404, "QB_ERR_NOT_FOUND"]);
    }
  });

  it("carry a request id the server chose, whatever the client sent", async () => {
    const a = await sharedApp();
    const res = await a.inject({ url: "/qibates/api/v2/health", headers: { "x-request-id": "mine-123" } });
    expect(res.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers["x-request-id"]).not.toBe("mine-123");
  });
});

describe("logs", () => {
  it("mask OAuth codes and states in logged addresses", async () => {
    const { maskSecretsInUrl } = await import("../../src/app.ts");
    expect(maskSecretsInUrl("/qibates/api/v2/generatekey/callback?code=4/0Af&state=xyz&x=1")).toBe(
      "/qibates/api/v2/generatekey/callback?code=***&state=***&x=1",
    );
  });

  it("mask a password, key or token a client put in a query string, whatever its case, and nothing else", async () => {
    const { maskSecretsInUrl } = await import("../../src/app.ts");
    expect(
      maskSecretsInUrl(
        "/essbase/rest/v1/applications?user=admin&Password=s3cret&keyword=Sample&apiKey=k1&token=t",
      ),
    ).toBe("/essbase/rest/v1/applications?user=admin&Password=***&keyword=Sample&apiKey=***&token=***");
  });
});

describe("routes", () => {
  it("answer 405 with Allow for a path of the API that takes other methods, 404 for a path it does not have", async () => {
    const a = await sharedApp();
    const key = a.services.demoKey as string;
    const wrong = await a.inject({
      method: "GET",
      url: "/qibates/api/v2/action/zoomin",
      headers: { qibateskey: key },
    });
    expect(wrong.statusCode).toBe(405);
    expect(wrong.headers.allow).toBe("POST");
    expect(wrong.json()).toMatchObject({
      code: "QB_ERR_METHOD_NOT_ALLOWED",
      message: "Method GET is not allowed on /qibates/api/v2/action/zoomin; use POST.",
      field: null,
    });
    // A path with a parameter, in French.
    const fr = await a.inject({
      method: "PUT",
      url: "/qibates/api/v2/deletekey/some-key?x=1",
      headers: { "accept-language": "fr" },
    });
    expect(fr.statusCode).toBe(405);
    expect(fr.json().message).toMatch(
      /^La méthode PUT n'est pas autorisée sur \/qibates\/api\/v2\/deletekey\/some-key\u202f; utilisez /,
    );
    // A GET route also takes HEAD: Allow says so, the message names GET.
    const health = await a.inject({ method: "DELETE", url: "/qibates/api/v2/health" });
    expect([health.statusCode, health.headers.allow]).toEqual([405, "GET, HEAD"]);
    expect(health.json().message).toMatch(/; use GET\.$/);
    const unknown = await a.inject({ method: "GET", url: "/qibates/api/v2/action/nothing" });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, "QB_ERR_NOT_FOUND"]);
  });

  it("answer a wrong method before reading its body: an empty or broken JSON body changes nothing", async () => {
    const a = await sharedApp();
    for (const payload of ["", "{broken"]) {
      const res = await a.inject({
        method: "PUT",
        url: "/qibates/api/v2/action/login",
        headers: { "content-type": "application/json" },
        payload,
      });
      expect([res.statusCode, res.json().code], JSON.stringify(payload)).toEqual([
        405,
        "QB_ERR_METHOD_NOT_ALLOWED",
      ]);
    }
    const nowhere = await a.inject({
      method: "PUT",
      url: "/qibates/api/v2/nowhere",
      headers: { "content-type": "application/json" },
      payload: "",
    });
    expect([nowhere.statusCode, nowhere.json().code]).toEqual([404, "QB_ERR_NOT_FOUND"]);
  });
});
