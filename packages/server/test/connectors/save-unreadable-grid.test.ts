import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.ts";
import type { App } from "../support/app.ts";
import { testConfig } from "../support/config.ts";

/**
 * A submit (`action/save`) of a grid QiBates cannot read — Year both in the POV and in the rows — through the
 * connectors that reach a server of their own (Essbase 21c, SSAS; here the server's own protocol endpoints):
 * refused as a refresh of the same grid is, `422 QB_ERR_GRID_INVALID` with the reason in the caller's language.
 * It returned `500 QB_ERR_INTERNAL` ("Internal server error").
 */

let app: App;
let base: string;
let key: string;

beforeAll(async () => {
  app = await buildApp({
    config: testConfig({ QIBATES_WIRE_ENDPOINTS: "all", ALLOWED_HOSTS: "127.0.0.1" }),
    logger: false,
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  key = (await fetch(`${base}/qibates/api/v2/health`).then((r) => r.json())).demo.apiKey;
});
afterAll(async () => {
  await app?.close();
});

async function call(path: string, connector: string, body: unknown, language = "en") {
  const res = await fetch(`${base}/qibates/api/v2/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", qibateskey: key, connector, "accept-language": language },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, string> };
}

const GRID = [
  ["", "Product", "Market", "Scenario", "Year"],
  ["", "Measures", "", "", ""],
  ["Jan", "100", "", "", ""],
];

describe("a submit of a grid that cannot be read", () => {
  for (const { connector, path } of [
    { connector: "essbase-stndln", path: "/essbase/japi" },
    { connector: "ssas", path: "/aps/JAPI" },
  ]) {
    it(`is refused as its refresh is, in English and in French (${connector})`, async () => {
      const login = await call("action/login", connector, {
        username: "demo",
        password: "demo",
        providerAddress: `${base}${path}`,
      });
      expect(login.status).toBe(200);
      const body = {
        loginid: login.json.loginid,
        server: "EssbaseCluster-1",
        application: "Sample",
        cube: "Basic",
        grid: GRID,
      };
      for (const language of ["en", "fr"]) {
        const refresh = await call("action/refresh", connector, body, language);
        expect(refresh.status).toBe(422);
        const save = await call("action/save", connector, body, language);
        expect(save.status).toBe(422);
        expect(save.json.code).toBe("QB_ERR_GRID_INVALID");
        expect(save.json.message).toBe(refresh.json.message);
      }
      const fr = await call("action/save", connector, body, "fr");
      expect(fr.json.message).toMatch(/^La grille ne peut pas être lue : .*Year/);
    });
  }
});
