import { CONNECTORS } from "@qibates/provider";
import { describe, expect, it } from "vitest";
import { buildTestApp } from "./support/app.ts";
import { testConfig } from "./support/config.ts";

describe("GET /qibates/api/v2/health", () => {
  it("reports the version and the connectors, with a request id", async () => {
    const app = await buildTestApp({ config: testConfig(), logger: false });
    const res = await app.inject("/qibates/api/v2/health");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: "ok", apiVersion: "v2" });
    expect(body.version).toMatch(/^\d+\.\d+\.\d+$/);
    // Every connector described, in the order of the descriptions.
    expect(body.connectors).toEqual([...CONNECTORS]);
    expect(body.connectors).toContain("essbase-stndln");
    expect(res.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    await app.close();
  });
});
