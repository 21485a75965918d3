import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.ts";
import type { App } from "../support/app.ts";
import { testConfig } from "../support/config.ts";

/**
 * `action/calculate` naming a script the cube does not have: QB_ERR_SCRIPT_UNKNOWN says which script and which
 * cube, in the caller's language, on the demo address and through the connectors that reach a server of their
 * own (here the server's own Smart View and Essbase REST endpoints). It said « dans le cube "{cube}" » through
 * essbase (the template's placeholder left as it was), and only English words elsewhere.
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

const PATHS = [
  { connector: "essbase", address: () => "https://demo.qibates.local/aps/JAPI" },
  { connector: "essbase", address: () => `${base}/aps/JAPI` },
  { connector: "essbase-stndln", address: () => `${base}/essbase/japi` },
];

describe("action/calculate with a script the cube does not have", () => {
  for (const { connector, address } of PATHS) {
    it(`names the script and the cube, in English and in French (${connector}, ${address().includes("demo.qibates") ? "demo" : "wire"})`, async () => {
      const login = await call("action/login", connector, {
        username: "demo",
        password: "demo",
        providerAddress: address(),
      });
      expect(login.status).toBe(200);
      const body = {
        loginid: login.json.loginid,
        server: "EssbaseCluster-1",
        application: "Sample",
        cube: "Basic",
        action: { script: "Nope" },
      };
      const en = await call("action/calculate", connector, body, "en");
      expect(en.status).toBe(404);
      expect(en.json.code).toBe("QB_ERR_SCRIPT_UNKNOWN");
      expect(en.json.message).toBe('The calculation script "Nope" does not exist in cube "Basic".');
      const fr = await call("action/calculate", connector, body, "fr");
      expect(fr.status).toBe(404);
      expect(fr.json.message).toBe("Le script de calcul « Nope » n'existe pas dans le cube « Basic ».");
    });
  }
});
