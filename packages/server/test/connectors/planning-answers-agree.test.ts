import { describe, expect } from "vitest";
import { expectError, listeningServer } from "../support/listening.ts";

/**
 * Three answers that differed between the demo address and planning and pbcs to this server's Planning REST
 * endpoint: a failed rule named no field through the connectors (`ruleName` on the demo); a page member that
 * is no member at all was a refused value (400 QB_ERR_VALIDATION) instead of an unknown member (422
 * QB_ERR_MEMBER_UNKNOWN); a form asked for in another case came back under the caller's spelling.
 */

const server = listeningServer({ QIBATES_WIRE_ENDPOINTS: "all" });

describe("the same answer through every Planning-family path", () => {
  server.eachVision("a failed rule names the field ruleName", async (vision, connector) => {
    const working = ["SrcVersion", "TgtVersion"].map((name) => ({ name, value: "Working" }));
    const body = { ...vision, cube: "Plan1", ruleName: "CopyVersion", prompts: working };
    const answer = await server.post("action/launchrule", body, { connector });
    expectError(answer, 422, "QB_ERR_RULE_FAILED", "ruleName");
  });

  server.eachVision("a page member that does not exist is an unknown member", async (vision, connector) => {
    const body = { ...vision, folder: "/Forms/Revenue", formName: "Revenue Plan", pov: { Entity: "Nope" } };
    for (const language of ["en", "fr"] as const) {
      const answer = await server.post("nav/openform", body, { connector, language });
      expectError(answer, 422, "QB_ERR_MEMBER_UNKNOWN", "pov.Entity");
      expect(answer.json.message).toBe(
        language === "en" ? 'Unknown member "Nope".' : "Membre inconnu « Nope ».",
      );
    }
  });

  server.eachVision(
    "a form asked for in lower case comes back under its own name",
    async (vision, connector) => {
      const body = { ...vision, folder: "/Forms/Revenue", formName: "revenue plan" };
      const opened = await server.post("nav/openform", body, { connector });
      expect([opened.status, opened.json.formName]).toEqual([200, "Revenue Plan"]);
    },
  );
});
