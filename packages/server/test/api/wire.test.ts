import { describe, expect, it } from "vitest";
import { type App, appForBlock, buildTestApp } from "../support/app.ts";
import { testConfig } from "../support/config.ts";

/** The Essbase REST endpoint as the server serves it: behind QIBATES_WIRE_ENDPOINTS, without an API key. */

const basic = `Basic ${Buffer.from("demo:demo").toString("base64")}`;

describe("QIBATES_WIRE_ENDPOINTS=essbase-rest", () => {
  let app: App;
  appForBlock({ QIBATES_WIRE_ENDPOINTS: "essbase-rest" }, (built) => {
    app = built;
  });

  it("answers Essbase REST calls with Basic then the session cookie, with no QiBates key", async () => {
    const login = await app.inject({
      method: "GET",
      url: "/essbase/rest/v1/applications",
      headers: { authorization: basic },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().items).toMatchObject([{ name: "Sample", status: "started" }]);
    const cookie = String(login.headers["set-cookie"]).split(";")[0] ?? "";
    expect(cookie).toMatch(/^JSESSIONID=/);
    const grid = await app.inject({
      method: "GET",
      url: "/essbase/rest/v1/applications/Sample/databases/Basic/grid",
      headers: { cookie },
    });
    expect(grid.statusCode).toBe(200);
    expect(grid.json().slice).toMatchObject({ rows: 3, columns: 4 });
  });

  it("answers 401 with a Basic challenge, in Essbase's JSON error, without credentials", async () => {
    const r = await app.inject({ method: "GET", url: "/essbase/rest/v1/applications" });
    expect(r.statusCode).toBe(401);
    expect(r.headers["www-authenticate"]).toMatch(/^Basic /);
    expect(r.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(r.json()).toEqual({ errorMessage: "Authentication required." });
  });

  it("answers Essbase's JSON 404 for any path under /essbase it does not serve, not the API's error", async () => {
    for (const url of ["/essbase/rest/v2/x", "/essbase/console", "/essbase"]) {
      const r = await app.inject({ method: "GET", url });
      expect(r.statusCode, url).toBe(404);
      expect(Object.keys(r.json()), url).toEqual(["errorMessage"]);
    }
  });

  it("writes through the demo's journal: a calc job started over the wire is in the database", async () => {
    const started = await app.inject({
      method: "POST",
      url: "/essbase/rest/v1/jobs",
      headers: { authorization: basic, "content-type": "application/json" },
      payload: { application: "Sample", db: "Basic", jobtype: "calc", parameters: { file: "CalcAll" } },
    });
    expect(started.statusCode).toBe(200);
    const cookie = String(started.headers["set-cookie"]).split(";")[0] ?? "";
    let status = 100;
    // A calculation runs in the background: polled as a client would, for as long as a busy machine needs.
    const deadline = Date.now() + 30_000;
    while (status === 100 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      const job = await app.inject({
        method: "GET",
        url: `/essbase/rest/v1/jobs/${started.json().job_ID}`,
        headers: { cookie },
      });
      status = job.json().statusCode;
    }
    expect(status).toBe(200);
    const rows = await app.services.db.query("select written_by from journal where kind = 'calc'");
    expect(rows).toContainEqual({ written_by: "essbase-rest:demo" });
  });
});

describe("without QIBATES_WIRE_ENDPOINTS", () => {
  it("serves no Essbase REST path", async () => {
    const app = await buildTestApp({ config: testConfig(), logger: false });
    const r = await app.inject({ method: "GET", url: "/essbase/rest/v1/about" });
    expect(r.statusCode).toBe(404);
    await app.close();
  });
});
