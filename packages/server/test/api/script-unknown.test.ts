import { describe, expect, it } from "vitest";
import { listeningServer } from "../support/listening.ts";

/**
 * `action/calculate` naming a script the cube does not have: QB_ERR_SCRIPT_UNKNOWN says which script and which
 * cube, in the caller's language, on the demo address and through the connectors that reach a server of their
 * own (here the server's own Smart View and Essbase REST endpoints). It said « dans le cube "{cube}" » through
 * essbase (the template's placeholder left as it was), and only English words elsewhere.
 */

const server = listeningServer({ QIBATES_WIRE_ENDPOINTS: "all" });

const call = (path: string, connector: string, body: unknown, language = "en") =>
  server.post(path, body, { connector, language });

const PATHS = [
  { connector: "essbase", address: () => "https://demo.qibates.local/aps/JAPI" },
  { connector: "essbase", address: () => `${server.base}/aps/JAPI` },
  { connector: "essbase-stndln", address: () => `${server.base}/essbase/japi` },
];

describe("action/calculate with a script the cube does not have", () => {
  for (const { connector, address } of PATHS) {
    it(`names the script and the cube, in English and in French (${connector}, ${address().includes("demo.qibates") ? "demo" : "wire"})`, async () => {
      const body = {
        ...(await server.sampleBasic(connector, address())),
        action: { script: "Nope" },
      };
      const en = await call("action/calculate", connector, body, "en");
      expect(en.status).toBe(404);
      expect(en.json.code).toBe("QB_ERR_SCRIPT_UNKNOWN");
      expect(en.json.message).toBe('The calculation script "Nope" does not exist in cube "Basic".');
      const fr = await call("action/calculate", connector, body, "fr");
      expect(fr.status).toBe(404);
      expect(fr.json.message).toBe("Le script de calcul « Nope » n'existe pas dans le cube « Basic ».");
    });
  }
});
