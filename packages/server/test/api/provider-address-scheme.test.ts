import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "../support/api.ts";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api.close());

/** The demo user's login at `providerAddress`. */
const demo = (providerAddress: unknown) => ({ username: "demo", password: "demo", providerAddress });

/**
 * A user who types the provider address without https:// gets the message the documentation quotes for it
 * (Troubleshooting, the Connect pages): QB_ERR_PROVIDER_ADDRESS "… and start with https:// (or http://)",
 * whether or not the address names a port. Without a port it was refused as "Invalid value for providerAddress:
 * must be an absolute URL", a message no page lists.
 */
describe("a provider address typed without https://", () => {
  const cases = [
    {
      connector: "essbase",
      address: "demo.qibates.local/aps/JAPI",
      en: "The provider address for server type Essbase must end with /aps/JAPI and start with https:// (or http://).",
      fr: "L'adresse du fournisseur pour le type de serveur Essbase doit se terminer par /aps/JAPI et commencer par https:// (ou http://).",
    },
    {
      connector: "essbase-stndln",
      address: "essbase.example.com/essbase/japi",
      en: "The provider address for server type Essbase 21c must end with /essbase/japi and start with https:// (or http://).",
      fr: "L'adresse du fournisseur pour le type de serveur Essbase 21c doit se terminer par /essbase/japi et commencer par https:// (ou http://).",
    },
    {
      connector: "planning",
      address: "//planning.example.com/HyperionPlanning/SmartView",
      en: "The provider address for server type Planning must end with /HyperionPlanning/SmartView and start with https:// (or http://).",
      fr: "L'adresse du fournisseur pour le type de serveur Planning doit se terminer par /HyperionPlanning/SmartView et commencer par https:// (ou http://).",
    },
  ];

  for (const c of cases) {
    it(`is refused as a provider address, naming what it lacks (${c.connector}, ${c.address})`, async () => {
      const body = demo(c.address);
      const en = await api.post("action/login", body, { connector: c.connector });
      expect(en.statusCode).toBe(400);
      expect(en.json()).toMatchObject({
        code: "QB_ERR_PROVIDER_ADDRESS",
        field: "providerAddress",
        message: c.en,
      });
      const fr = await api.post("action/login", body, { connector: c.connector, "accept-language": "fr" });
      expect(fr.json()).toMatchObject({ code: "QB_ERR_PROVIDER_ADDRESS", message: c.fr });
    });
  }

  it("through loginpbcs too", async () => {
    const body = demo("acme.pbcs.example.com/HyperionPlanning/SmartView");
    const res = await api.post("action/loginpbcs", body, { connector: "pbcs" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      "The provider address for server type PBCS must end with /HyperionPlanning/SmartView and start with https:// (or http://).",
    );
  });

  it("keeps refusing an address that is missing or not a string as an invalid field", async () => {
    const missing = await api.post("action/login", { username: "demo", password: "demo" });
    expect(missing.json()).toMatchObject({ code: "QB_ERR_VALIDATION", field: "providerAddress" });
    const number = await api.post("action/login", demo(42));
    expect(number.json()).toMatchObject({ code: "QB_ERR_VALIDATION", field: "providerAddress" });
  });
});
