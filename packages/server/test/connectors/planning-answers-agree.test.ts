import { describe, expect, it } from "vitest";
import { expectError, listeningServer } from "../support/listening.ts";

/**
 * Three answers that differed between the demo address and planning and pbcs to this server's Planning REST
 * endpoint: a failed rule named no field through the connectors (`ruleName` on the demo); a page member that
 * is no member at all was a refused value (400 QB_ERR_VALIDATION) instead of an unknown member (422
 * QB_ERR_MEMBER_UNKNOWN); a form asked for in another case came back under the caller's spelling.
 */

const server = listeningServer({ QIBATES_WIRE_ENDPOINTS: "all" });

const paths = server.planningPaths.map((p) => [p.name, p] as const);

describe("the same answer through every Planning-family path", () => {
  it.each(paths)("%s: a failed rule names the field ruleName", async (_n, p) => {
    const vision = await server.vision(p.connector, p.address());
    const body = {
      ...vision,
      cube: "Plan1",
      ruleName: "CopyVersion",
      prompts: [
        { name: "SrcVersion", value: "Working" },
        { name: "TgtVersion", value: "Working" },
      ],
    };
    expectError(
      await server.post("action/launchrule", body, { connector: p.connector }),
      422,
      "QB_ERR_RULE_FAILED",
      "ruleName",
    );
  });

  it.each(paths)("%s: a page member that does not exist is an unknown member", async (_n, p) => {
    const vision = await server.vision(p.connector, p.address());
    const body = { ...vision, folder: "/Forms/Revenue", formName: "Revenue Plan", pov: { Entity: "Nope" } };
    for (const language of ["en", "fr"] as const) {
      const answer = await server.post("nav/openform", body, { connector: p.connector, language });
      expectError(answer, 422, "QB_ERR_MEMBER_UNKNOWN", "pov.Entity");
      expect(answer.json.message).toBe(
        language === "en" ? 'Unknown member "Nope".' : "Membre inconnu « Nope ».",
      );
    }
  });

  it.each(paths)("%s: a form asked for in lower case comes back under its own name", async (_n, p) => {
    const vision = await server.vision(p.connector, p.address());
    const body = { ...vision, folder: "/Forms/Revenue", formName: "revenue plan" };
    const opened = await server.post("nav/openform", body, { connector: p.connector });
    expect([opened.status, opened.json.formName]).toEqual([200, "Revenue Plan"]);
  });
});
