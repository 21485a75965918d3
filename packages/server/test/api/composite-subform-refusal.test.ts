import { describe, expect, it } from "vitest";
import { expectError, expectRefusedInBoth, listeningServer } from "../support/listening.ts";

/**
 * Opening the composite form Revenue Review with a POV for a form that is not one of its subforms (Revenue Drivers,
 * which exists in /Forms/Drivers) said the form does not exist (`404 QB_ERR_FORM_UNKNOWN`, « Le formulaire
 * « Revenue Drivers » n'existe pas. »): the refusal now says it is not a subform of the composite, and names them.
 * Through Planning REST, which opens simple forms only, a composite form is refused as composite, naming the call
 * made: a submit said "nav/openform is not supported".
 */

const server = listeningServer({ QIBATES_WIRE_ENDPOINTS: "all" });
const DEMO = "https://demo.qibates.local/HyperionPlanning/SmartView";

describe("nav/openform on a composite form with a subform it does not have", () => {
  it("is refused as not a subform of the composite, in English and in French", async () => {
    const vision = await server.vision("planning", DEMO);
    const body = {
      ...vision,
      folder: "/Forms/Revenue",
      formName: "Revenue Review",
      subforms: [{ folder: "/Forms/Drivers", formName: "Revenue Drivers", pov: { Entity: "420" } }],
    };
    // The form exists: it opens on its own.
    const own = await server.post(
      "nav/openform",
      { ...vision, folder: "/Forms/Drivers", formName: "Revenue Drivers" },
      { connector: "planning" },
    );
    expect(own.status).toBe(200);
    await expectRefusedInBoth(server, "nav/openform", body, "planning", "subforms[0].formName", {
      en: '"Revenue Drivers" is not a subform of the composite form "Revenue Review", whose subforms are Revenue Plan, Revenue by Product.',
      fr: "«\u00a0Revenue Drivers\u00a0» n'est pas un sous-formulaire du formulaire composite «\u00a0Revenue Review\u00a0», dont les sous-formulaires sont Revenue Plan, Revenue by Product.",
    });
  });
});

describe("a composite form through Planning REST (pbcs and planning to the server's own endpoints)", () => {
  it.each(["pbcs", "planning"])("%s: refused as composite, naming the call made", async (connector) => {
    const vision = await server.vision(connector, `${server.base}/HyperionPlanning/SmartView`);
    const form = { ...vision, folder: "/Forms/Revenue", formName: "Revenue Review" };
    const open = await server.post("nav/openform", form, { connector, language: "fr" });
    expectError(open, 422, "QB_ERR_OPERATION_UNSUPPORTED");
    expect(open.json.message).toMatch(
      /^QiBates ne peut pas faire cela sur votre serveur : .*formulaire composite/,
    );
    const submit = await server.post(
      "action/submitform",
      { ...form, subform: "Revenue Plan", grid: [["Revenue Plan"]] },
      { connector },
    );
    expectError(submit, 422, "QB_ERR_OPERATION_UNSUPPORTED");
    expect(submit.json.message).toMatch(/^QiBates cannot do this on your server: .*composite form/);
    expect(submit.json.detail).toMatch(
      new RegExp(`^action/submitform is not supported by connector ${connector}\\. .*Planning REST`),
    );
  });
});
