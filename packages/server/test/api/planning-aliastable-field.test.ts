import { describe, expect, it } from "vitest";
import { expectError, listeningServer } from "../support/listening.ts";

/**
 * `nav/enumfilters`, `nav/enummembers` and `nav/enummembersrule` take the alias table in `aliastable`: an unknown
 * one is refused with `field` naming `aliastable`, the input the caller sent. The demo named `aliasId`, the input
 * of `action/setalias`, which these calls do not take.
 */

const server = listeningServer();
const PLANNING = "https://demo.qibates.local/HyperionPlanning/SmartView";

const calls = [
  ["nav/enumfilters", { dim: "Entity", cube: "Plan1" }],
  ["nav/enummembers", { cube: "Plan1", dim: "Entity", filter: "Children", arg: "Entity" }],
  ["nav/enummembersrule", { cube: "Plan1", ruleName: "SeedForecast", promptName: "Entity" }],
] as const;

describe("planning member calls: an unknown aliastable", () => {
  for (const connector of ["planning", "pbcs"]) {
    it.each(calls)(`${connector} %s names aliastable`, async (path, rest) => {
      const body = { ...(await server.vision(connector, PLANNING)), ...rest, aliastable: "Nope" };
      const en = await server.post(path, body, { connector });
      expectError(en, 404, "QB_ERR_ALIAS_TABLE_UNKNOWN", "aliastable");
      expect(en.json.message).toBe('The alias table "Nope" does not exist.');
      const fr = await server.post(path, body, { connector, language: "fr" });
      expectError(fr, 404, "QB_ERR_ALIAS_TABLE_UNKNOWN", "aliastable");
      expect(fr.json.message).toBe("La table d'alias « Nope » n'existe pas.");
    });
  }

  it("action/setalias still names aliasId", async () => {
    const body = { ...(await server.vision("planning", PLANNING)), aliasId: "Nope" };
    expectError(
      await server.post("action/setalias", body, { connector: "planning" }),
      404,
      "QB_ERR_ALIAS_TABLE_UNKNOWN",
      "aliasId",
    );
  });
});
