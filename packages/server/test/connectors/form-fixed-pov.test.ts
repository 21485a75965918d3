import { describe, expect } from "vitest";
import { expectRefusedInBoth, listeningServer } from "../support/listening.ts";

/**
 * A Planning form opened through each Planning-family path (the demo address, and planning and pbcs to this
 * server's Planning REST endpoints) refuses, as on the demo address, a member asked for a dimension the form fixes
 * (Scenario Actual on Revenue Plan, which fixes Plan), and a POV naming no dimension: through planning and pbcs
 * both were dropped without a word, and the form opened on its own members.
 */

const server = listeningServer({ QIBATES_WIRE_ENDPOINTS: "all" });
const REVENUE_PLAN = { folder: "/Forms/Revenue", formName: "Revenue Plan" };

describe("nav/openform through every Planning-family path", () => {
  server.eachVision("a member for a dimension the form fixes is refused", async (vision, connector) => {
    const body = { ...vision, ...REVENUE_PLAN, pov: { Scenario: "Actual", Entity: "430" } };
    await expectRefusedInBoth(server, "nav/openform", body, connector, "pov.Scenario", {
      en: 'The form "Revenue Plan" fixes Scenario to "Plan".',
      fr: "Le formulaire «\u00a0Revenue Plan\u00a0» fixe Scenario à «\u00a0Plan\u00a0».",
    });
    // The member it fixes, in any case, opens the form.
    const same = { ...body, pov: { scenario: "plan", Entity: "430" } };
    const opened = await server.post("nav/openform", same, { connector });
    expect([opened.status, opened.json.pov]).toEqual([200, expect.objectContaining({ Scenario: "Plan" })]);
  });

  server.eachVision("a POV naming no dimension is refused", async (vision, connector) => {
    const body = { ...vision, ...REVENUE_PLAN, pov: { Region: "East" } };
    await expectRefusedInBoth(server, "nav/openform", body, connector, "pov.Region", {
      en: '"Region" is not a dimension.',
      fr: "«\u00a0Region\u00a0» n'est pas une dimension.",
    });
  });
});
