import { describe, expect, it } from "vitest";
import { listeningServer } from "../support/listening.ts";

/**
 * Essbase 21c (`essbase-stndln`) cannot show a member's name and alias together: the refusal of a grid asked
 * with `memberDisplay` `NAME_AND_ALIAS` gives its reason in the caller's language. In French it ended in
 * English ("… le connecteur essbase-stndln : Essbase's REST grid has no name-and-alias display.").
 */

const server = listeningServer({ QIBATES_WIRE_ENDPOINTS: "essbase-rest" });

const call = (path: string, body: unknown, language: string) =>
  server.post(path, body, { connector: "essbase-stndln", language });

describe("a grid asked with name and alias together on Essbase 21c", () => {
  it("is refused with its reason in English and in French", async () => {
    const body = {
      ...(await server.sampleBasic("essbase-stndln", `${server.base}/essbase/japi`)),
      grid: [
        ["", "Product", "Market", "Scenario"],
        ["", "Measures", "", ""],
        ["Year", "", "", ""],
      ],
      settings: { memberDisplay: "NAME_AND_ALIAS" },
    };
    const en = await call("action/refresh", body, "en");
    expect(en.status).toBe(422);
    expect(en.json.code).toBe("QB_ERR_OPERATION_UNSUPPORTED");
    expect(en.json.field).toBe("settings.memberDisplay");
    expect(en.json.message).toBe(
      "QiBates cannot do this on your server: Essbase's REST grid has no name-and-alias display.",
    );
    // The setting and the connector are the developer's: in field and detail, not in the sentence.
    expect(en.json.detail).toBe(
      "settings.memberDisplay NAME_AND_ALIAS is not supported by connector essbase-stndln.",
    );
    const fr = await call("action/refresh", body, "fr");
    expect(fr.status).toBe(422);
    expect(fr.json.message).toBe(
      "QiBates ne peut pas faire cela sur votre serveur\u00a0: la grille REST d'Essbase n'affiche pas le nom et l'alias ensemble.",
    );
  });
});
