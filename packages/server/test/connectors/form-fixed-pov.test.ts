import { describe, expect, it } from "vitest";
import { expectRefusedInBoth, listeningServer } from "../support/listening.ts";

/**
 * A Planning form opened through each Planning-family path (the demo address, and planning and pbcs to this
 * server's Planning REST endpoints) refuses, as on the demo address, a member asked for a dimension the form fixes
 * (Scenario Actual on Revenue Plan, which fixes Plan), and a POV naming no dimension: through planning and pbcs
 * both were dropped without a word, and the form opened on its own members.
 */

const server = listeningServer({ QIBATES_WIRE_ENDPOINTS: "all" });

const paths = server.planningPaths.map((p) => [p.name, p] as const);

describe("nav/openform through every Planning-family path", () => {
  it.each(paths)("%s: a member for a dimension the form fixes is refused", async (_n, p) => {
    const vision = await server.vision(p.connector, p.address());
    const body = {
      ...vision,
      folder: "/Forms/Revenue",
      formName: "Revenue Plan",
      pov: { Scenario: "Actual", Entity: "430" },
    };
    await expectRefusedInBoth(server, "nav/openform", body, p.connector, "pov.Scenario", {
      en: 'Invalid value for pov.Scenario: the form "Revenue Plan" fixes Scenario to "Plan".',
      fr: "Valeur invalide pour pov.Scenario : le formulaire « Revenue Plan » fixe Scenario à « Plan ».",
    });
    // The member it fixes, in any case, opens the form.
    const same = { ...body, pov: { scenario: "plan", Entity: "430" } };
    const opened = await server.post("nav/openform", same, { connector: p.connector });
    expect([opened.status, opened.json.pov]).toEqual([200, expect.objectContaining({ Scenario: "Plan" })]);
  });

  it.each(paths)("%s: a POV naming no dimension is refused", async (_n, p) => {
    const vision = await server.vision(p.connector, p.address());
    const body = { ...vision, folder: "/Forms/Revenue", formName: "Revenue Plan", pov: { Region: "East" } };
    await expectRefusedInBoth(server, "nav/openform", body, p.connector, "pov.Region", {
      en: 'Invalid value for pov.Region: "Region" is not a dimension.',
      fr: "Valeur invalide pour pov.Region : « Region » n'est pas une dimension.",
    });
  });
});
