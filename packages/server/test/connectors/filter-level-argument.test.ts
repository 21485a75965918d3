import { describe } from "vitest";
import { expectRefusedInBoth, listeningServer } from "../support/listening.ts";

/**
 * `nav/filter` LEVEL or GENERATION with an `arg1` that is not an integer of 0 or more gives its reason in the
 * caller's language. In French the reason was the engine's English: « Valeur invalide pour action.arg1 : LEVEL
 * filter needs a non-negative integer arg1. »
 */

const server = listeningServer({ QIBATES_WIRE_ENDPOINTS: "all" });

describe("nav/filter LEVEL or GENERATION with an argument that is no level", () => {
  server.eachSampleBasic("the reason is in French", async (basic, connector) => {
    for (const [filter, arg1] of [
      ["LEVEL", "two"],
      ["GENERATION", -1],
    ] as const) {
      const body = { ...basic, dimension: "Market", action: { filter, arg1 } };
      await expectRefusedInBoth(server, "nav/filter", body, connector, "action.arg1", {
        en: `Invalid value for action.arg1: the ${filter} filter needs an integer of 0 or more.`,
        fr: `Valeur invalide pour action.arg1 : le filtre ${filter} attend un entier positif ou nul.`,
      });
    }
  });
});
