import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.ts";
import { testConfig } from "../support/config.ts";

const apps: Awaited<ReturnType<typeof buildApp>>[] = [];
afterAll(async () => {
  for (const a of apps) await a.close();
});

async function app(env: Record<string, string> = {}) {
  const a = await buildApp({ config: testConfig(env), logger: false });
  apps.push(a);
  return a;
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
    const site = mkdtempSync(join(tmpdir(), "qibates-test-site-"));
    writeFileSync(join(site, "index.html"), "<!doctype html><title>QiBates</title>");
    writeFileSync(join(site, "404.html"), "<!doctype html><title>Not found</title>");
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
    const a = await app();
    await a.inject("/qibates/api/v2/health");
    const res = await a.inject("/metrics");
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      'qibates_http_request_duration_seconds_count{method="GET",route="/qibates/api/v2/health",status="200"}',
    );
  });

  it("reports readiness of the database", async () => {
    const a = await app();
    const res = await a.inject("/readyz");
    expect(res.json()).toEqual({ status: "ready", checks: { database: "ok" } });
  });
});

describe("logs", () => {
  it("mask OAuth codes and states in logged addresses", async () => {
    const { maskSecretsInUrl } = await import("../../src/app.ts");
    expect(maskSecretsInUrl("/qibates/api/v2/generatekey/callback?code=4/0Af&state=xyz&x=1")).toBe(
      "/qibates/api/v2/generatekey/callback?code=***&state=***&x=1",
    );
  });
});
