import { describe, expect, it } from "vitest";
import { listeningServer } from "../support/listening.ts";

/**
 * A submit (`action/save`) of a grid QiBates cannot read — Year both in the POV and in the rows — through the
 * connectors that reach a server of their own (Essbase 21c, SSAS; here the server's own protocol endpoints):
 * refused as a refresh of the same grid is, `422 QB_ERR_GRID_INVALID` with the reason in the caller's language.
 * It returned `500 QB_ERR_INTERNAL` ("Internal server error").
 */

const server = listeningServer({ QIBATES_WIRE_ENDPOINTS: "all" });

const call = (path: string, connector: string, body: unknown, language = "en") =>
  server.post(path, body, { connector, language });

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
      const body = {
        ...(await server.sampleBasic(connector, `${server.base}${path}`)),
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
      expect(fr.json.message).toMatch(/^La grille ne peut pas être lue : .*Year/);
    });
  }
});
