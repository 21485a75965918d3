import { describe, expect, it } from "vitest";
import { expectError, listeningServer } from "../support/listening.ts";

/**
 * A member filter that starts from a member (Children, Descendants, …) called without one says that its `arg` is
 * required. It answered an unknown member with an empty name: 'Unknown member "".', in French « Membre inconnu
 * «  ». », quoting nothing.
 */

const server = listeningServer({ QIBATES_WIRE_ENDPOINTS: "all" });

const paths = [
  {
    name: "demo",
    connector: "planning",
    address: () => "https://demo.qibates.local/HyperionPlanning/SmartView",
  },
  {
    name: "planning over the wire",
    connector: "planning",
    address: () => `${server.base}/HyperionPlanning/SmartView`,
  },
  {
    name: "pbcs over the wire",
    connector: "pbcs",
    address: () => `${server.base}/HyperionPlanning/SmartView`,
  },
];

describe("nav/enummembers with a filter that needs a member and none given", () => {
  it.each(paths.map((p) => [p.name, p] as const))("%s: arg is said to be required", async (_n, p) => {
    const vision = await server.vision(p.connector, p.address());
    for (const arg of ["", null, "  "]) {
      const body = { ...vision, cube: "Plan1", dim: "Entity", filter: "Children Inclusive", arg };
      const en = await server.post("nav/enummembers", body, { connector: p.connector });
      expectError(en, 400, "QB_ERR_VALIDATION", "arg");
      expect(en.json.message).toBe(
        "Invalid value for arg: is required: the member filter Children Inclusive starts from a member.",
      );
      const fr = await server.post("nav/enummembers", body, { connector: p.connector, language: "fr" });
      expectError(fr, 400, "QB_ERR_VALIDATION", "arg");
      expect(fr.json.message).toBe(
        "Valeur invalide pour arg : est obligatoire : le filtre de membres Children Inclusive part d'un membre.",
      );
    }
  });
});
