import { describe, expect, it } from "vitest";
import { expectError, listeningServer } from "../support/listening.ts";

/**
 * A `settings.locale` or `preferences.locale` the contract refuses (empty, blank, `fr-FR`, padded) does not choose
 * the language of its own refusal: the caller who asked for French with `Accept-Language` reads it in French. It
 * was said in English whatever the header asked.
 */

const server = listeningServer();
const ESSBASE = "https://demo.qibates.local/aps/JAPI";
const PLANNING = "https://demo.qibates.local/HyperionPlanning/SmartView";

describe("a refused locale in the body", () => {
  it.each(["", "   ", "fr-FR", " fr_FR ", "english"])(
    "settings.locale %j: refused in French",
    async (locale) => {
      const body = { ...(await server.sampleBasic("essbase", ESSBASE)), grid: [], settings: { locale } };
      const fr = await server.post("action/refresh", body, { connector: "essbase", language: "fr" });
      expectError(fr, 400, "QB_ERR_VALIDATION", "settings.locale");
      expect(fr.json.message).toBe(
        "Valeur invalide pour settings.locale : doit être un code de langue comme fr ou fr_FR.",
      );
      const en = await server.post("action/refresh", body, { connector: "essbase" });
      expect(en.json.message).toBe(
        "Invalid value for settings.locale: must be a language code such as fr or fr_FR.",
      );
    },
  );

  it("preferences.locale of nav/openform: refused in French", async () => {
    const body = {
      ...(await server.vision("planning", PLANNING)),
      folder: "/Forms/Revenue",
      formName: "Revenue Plan",
      preferences: { locale: "" },
    };
    const fr = await server.post("nav/openform", body, { connector: "planning", language: "fr" });
    expectError(fr, 400, "QB_ERR_VALIDATION", "preferences.locale");
    expect(fr.json.message).toBe(
      "Valeur invalide pour preferences.locale : doit être un code de langue comme fr ou fr_FR.",
    );
  });

  it("a valid settings.locale still chooses the language over the header", async () => {
    const basic = await server.sampleBasic("essbase", ESSBASE);
    const body = { ...basic, cube: "Nope", grid: [], settings: { locale: "en_US" } };
    const en = await server.post("action/refresh", body, { connector: "essbase", language: "fr" });
    expectError(en, 404, "QB_ERR_CUBE_UNKNOWN", "cube");
    expect(en.json.message).toBe('The cube "Nope" does not exist in application "Sample".');
  });
});
